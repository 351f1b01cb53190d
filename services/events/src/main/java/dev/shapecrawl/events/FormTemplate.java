package dev.shapecrawl.events;

import java.util.List;
import java.util.Map;

/**
 * What probing made of one form of a job: a form step learnt by probing a search form (Moraes 2013; Vidal 2006 §6),
 * or the verdict that the form gives none. Topic {@link Topics#FORM_TEMPLATES}, key {@code jobId}. The form-prober
 * publishes one for every form it met on a job's pages, so the pattern service, whose mapping waits for the forms
 * it met, knows when each is settled.
 *
 * @param jobId                the job
 * @param formId               the form's id within the job (stable: derived from page URL pattern and action)
 * @param pageUrl              the page the form was found on
 * @param action               the URL the form submits to
 * @param method               GET or POST
 * @param fixedFields          every field the probe submitted at its default value, in form order (hidden fields,
 *                             presentation fields, and the probed fields' defaults); an instance's values replace
 *                             the defaults of the fields it binds
 * @param templateFields       the names of the fields of the chosen template (the binding inputs)
 * @param informativeInstances the template instances a crawl submits, field name to value, one map per instance:
 *                             the most general instances that returned records, then ITP's output (the
 *                             distinctness filter's cover), see core {@code FormStepInstances}
 * @param mode                 the pruning mode that chose them: {@code ITP}, {@code TP} or {@code ITTP}
 * @param submissions          how many submissions probing made, >= 0
 * @param pruned               how many instances the prune list removed, >= 0
 * @param distinctRecords      distinct result records seen while probing, >= 0
 * @param outcome              {@link Outcome#INFORMATIVE} (a form step: at least one informative instance),
 *                             {@link Outcome#UNINFORMATIVE} (probed, no instance returned records) or
 *                             {@link Outcome#REJECTED} (never submitted: login, e-mail, password, JavaScript, nothing
 *                             to vary); null reads as INFORMATIVE when instances are given, else UNINFORMATIVE
 * @param reason               why the form is no form step (the rejection rule, or how probing ended), or null
 */
public record FormTemplate(String jobId, String formId, String pageUrl, String action, HttpMethod method,
                           List<FormField> fixedFields, List<String> templateFields,
                           List<Map<String, String>> informativeInstances, String mode, long submissions,
                           long pruned, long distinctRecords, Outcome outcome, String reason) {
    /** What probing made of a form. */
    public enum Outcome {
        /** A form step: the informative instances lead to result pages. */
        INFORMATIVE,
        /** Probed; no instance was informative. */
        UNINFORMATIVE,
        /** Never submitted: the seed's rejection rules (Vidal 2006 §4.2). */
        REJECTED
    }

    public FormTemplate {
        JobIds.require(jobId);
        Checks.nonBlank("formId", formId);
        Urls.requireHttp("pageUrl", pageUrl);
        Urls.requireHttp("action", action);
        method = method == null ? HttpMethod.GET : method;
        fixedFields = Checks.list(fixedFields);
        templateFields = Checks.list(templateFields);
        informativeInstances = informativeInstances == null ? List.of()
                : informativeInstances.stream().map(Map::copyOf).toList();
        Checks.nonBlank("mode", mode);
        Checks.nonNegative("submissions", submissions);
        Checks.nonNegative("pruned", pruned);
        Checks.nonNegative("distinctRecords", distinctRecords);
        if (outcome == null) {
            outcome = informativeInstances.isEmpty() ? Outcome.UNINFORMATIVE : Outcome.INFORMATIVE;
        }
        if (outcome == Outcome.INFORMATIVE && informativeInstances.isEmpty()) {
            throw new IllegalArgumentException("informativeInstances: a form step needs at least one instance");
        }
        if (outcome != Outcome.INFORMATIVE && !informativeInstances.isEmpty()) {
            throw new IllegalArgumentException("informativeInstances: must be empty for outcome " + outcome);
        }
    }

    /**
     * The verdict that a form gives no form step: no fields, no instances, no pruning.
     *
     * @param outcome {@link Outcome#UNINFORMATIVE} or {@link Outcome#REJECTED}
     * @throws IllegalArgumentException as the constructor does, and for {@link Outcome#INFORMATIVE}
     */
    public static FormTemplate noFormStep(String jobId, String formId, String pageUrl, String action,
                                          HttpMethod method, String mode, long submissions, long distinctRecords,
                                          Outcome outcome, String reason) {
        if (outcome == Outcome.INFORMATIVE) {
            throw new IllegalArgumentException("outcome: a form step needs instances");
        }
        return new FormTemplate(jobId, formId, pageUrl, action, method, List.of(), List.of(), List.of(), mode,
                submissions, 0, distinctRecords, outcome, reason);
    }

    /** Whether this is a form step the pattern can use. */
    public boolean informative() {
        return outcome == Outcome.INFORMATIVE;
    }
}
