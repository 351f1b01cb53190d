package dev.shapecrawl.events;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The state of one form's probe, as the form-prober persists it after every change. Topic
 * {@link Topics#FORM_PROBE_STATE} (compacted, internal to the form-prober), key {@link #key()}: a form-prober
 * instance that starts reads the whole topic and resumes every unfinished probe, re-issuing the submission it was
 * waiting for.
 *
 * <p>{@code state} is the core library's {@code dev.shapecrawl.core.forms.ProbeState} as JSON, opaque to this
 * contract (the events module does not depend on the core): the probe settings, the form, the phase, the pending
 * instances, the finished template runs and the submission log. A finished or rejected probe is kept too (its
 * {@code phase} is {@code DONE}), so that the form is not probed again after a restart.
 *
 * @param jobId   the job
 * @param formId  the form's id within the job ({@code f-} and 12 hex digits)
 * @param pageUrl the page holding the form (the result pages' parent)
 * @param depth   the link depth of that page, >= 0; result pages are one deeper
 * @param state   the core probe state, a JSON object
 */
public record FormProbeState(String jobId, String formId, String pageUrl, int depth, JsonNode state) {

    public FormProbeState {
        JobIds.require(jobId);
        Checks.nonBlank("formId", formId);
        Urls.requireHttp("pageUrl", pageUrl);
        Checks.nonNegative("depth", depth);
        Checks.nonNull("state", state);
        if (!state.isObject()) {
            throw new IllegalArgumentException("state: a JSON object");
        }
    }

    /** The Kafka key: {@code jobId/formId}, so compaction keeps the latest state of each form of each job. */
    public String key() {
        return jobId + "/" + formId;
    }
}
