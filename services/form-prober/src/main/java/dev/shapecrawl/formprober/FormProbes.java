package dev.shapecrawl.formprober;

import dev.shapecrawl.core.forms.Binding;
import dev.shapecrawl.core.forms.FieldRole;
import dev.shapecrawl.core.forms.FormProber;
import dev.shapecrawl.core.forms.FormRejection;
import dev.shapecrawl.core.forms.FormStepInstances;
import dev.shapecrawl.core.forms.ProbeField;
import dev.shapecrawl.core.forms.ProbeReport;
import dev.shapecrawl.core.forms.ProbeRequest;
import dev.shapecrawl.core.forms.ProbeResult;
import dev.shapecrawl.core.forms.ProbeSettings;
import dev.shapecrawl.core.forms.ProbeState;
import dev.shapecrawl.core.forms.TemplateInstance;
import dev.shapecrawl.core.forms.TemplateRun;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.FormField;
import dev.shapecrawl.events.FormInfo;
import dev.shapecrawl.events.FormProbeState;
import dev.shapecrawl.events.FormTemplate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The per-form probing state of this instance, without I/O: which forms of which job are known, the
 * {@link FormProber} of each form being probed, and which fetch request each one waits for. The Kafka adapter
 * ({@link ProbeConsumer}) feeds it events and publishes what it answers.
 *
 * <p><b>State survives restarts.</b> Every change of a form's probe (started, rejected, a result observed, ended)
 * answers the form's new {@link FormProbeState} (the core {@link FormProber#state()}, immutable and complete, as
 * JSON, with the job, form id, page and depth), which the adapter writes to the compacted topic
 * {@code form-probe-state} keyed {@code jobId/formId} before the submission that follows from it (a probe's final
 * state after its form step, so a crash in between cannot lose the step). A new instance reads
 * that topic whole and {@link #restore}s: every form becomes known again, and every unfinished probe resumes,
 * waiting again for the submission it was waiting for ({@link FormProber#next()} is a function of the state), which
 * the adapter re-issues. If the first result does come after all, the re-issued request's result is a duplicate
 * and ignored like any other.
 *
 * <p>One request per form is in flight at a time ({@link FormProber#next()} is sequential by design: verdicts of
 * earlier submissions prune later ones). A result whose request id is not the awaited one (a redelivery, a stale
 * result) is ignored, so redelivered results are harmless. A result that never comes stalls that form only.
 *
 * <p>Thread-safe: every method is synchronized (the two incoming channels run on different worker threads).
 */
final class FormProbes {
    /** Why a form was not probed, or the first request of its probe. */
    sealed interface Start permits Known, Rejected, Started {
    }

    /** The form is already known for the job (probing, done or rejected): nothing changed. */
    record Known(String formId) implements Start {
    }

    /** The core rules reject the form: it is never submitted; {@code verdict} says so on {@code form-templates}. */
    record Rejected(String formId, FormRejection rejection, FormProbeState state, FormTemplate verdict)
            implements Start {
    }

    /** Probing started; {@code request} is the first submission to fetch. */
    record Started(String formId, FetchRequest request, FormProbeState state) implements Start {
    }

    /**
     * What a probe result led to: the next request to fetch, or the end of the probe with its report and what to
     * publish on {@code form-templates} (the form step when it found informative instances, else the verdict
     * UNINFORMATIVE); {@code state} is the form's state to persist.
     */
    record Step(String formId, FormProbeState state, Optional<FetchRequest> next, Optional<ProbeReport> finished,
                Optional<FormTemplate> template) {
    }

    /** One form being probed. */
    private static final class Probe {
        final String jobId;
        final String formId;
        final String pageUrl;
        final int depth;
        final FormProber prober;

        Probe(String jobId, String formId, String pageUrl, int depth, FormProber prober) {
            this.jobId = jobId;
            this.formId = formId;
            this.pageUrl = pageUrl;
            this.depth = depth;
            this.prober = prober;
        }
    }

    private final ProbeSettings settings;
    /** {@code jobId/formId} of every form seen (probing, finished or rejected): each form is probed once. */
    private final Set<String> known = new HashSet<>();
    /** Fetch request id → the probe waiting for its result. */
    private final Map<String, Probe> awaiting = new HashMap<>();

    FormProbes(ProbeSettings settings) {
        this.settings = settings;
    }

    /**
     * A form found on a classified page: starts probing it unless it is known or rejected.
     *
     * @param jobId   the job
     * @param pageUrl the page holding the form (the result pages' parent)
     * @param depth   the page's link depth, >= 0; result pages are one deeper
     * @param form    the form
     * @return what happened
     */
    synchronized Start onForm(String jobId, String pageUrl, int depth, FormInfo form) {
        String formId = form.id();
        if (!known.add(jobId + "/" + formId)) {
            return new Known(formId);
        }
        // the classifier found JavaScript in the form's DOM (FormInfo.scripted); FormRules adds the event-level rule
        FormProber prober = FormProber.start(form, form.scripted(), settings, formText(form), List.of());
        Probe probe = new Probe(jobId, formId, pageUrl, depth, prober);
        if (prober.done()) {
            FormRejection rejection = prober.rejection().orElseThrow();
            FormTemplate verdict = FormTemplate.noFormStep(jobId, formId, pageUrl, form.action(), form.method(),
                    prober.state().settings().mode().name(), 0, 0, FormTemplate.Outcome.REJECTED,
                    rejection.reason() + " " + rejection.field() + ": " + rejection.detail());
            return new Rejected(formId, rejection, saved(probe), verdict);
        }
        return new Started(formId, await(probe), saved(probe));
    }

    /**
     * Rebuilds this instance's state from persisted form states (the latest of each form, as read from
     * {@code form-probe-state}): every form is known again, and every unfinished probe waits again for the
     * submission it was waiting for.
     *
     * @param states the latest state of each form
     * @return the submissions of the unfinished probes, to be issued again (their results may never have come)
     */
    synchronized List<FetchRequest> restore(Iterable<FormProbeState> states) {
        List<FetchRequest> reissue = new ArrayList<>();
        for (FormProbeState saved : states) {
            if (!known.add(saved.key())) {
                continue;
            }
            ProbeState state = EventCodec.mapper().convertValue(saved.state(), ProbeState.class);
            FormProber prober = FormProber.resume(state);
            if (!prober.done()) {
                reissue.add(await(new Probe(saved.jobId(), saved.formId(), saved.pageUrl(), saved.depth(), prober)));
            }
        }
        return reissue;
    }

    /**
     * The result of a probe submission.
     *
     * @param request the request it answers (echoed by the fetcher)
     * @param result  what it returned
     * @return the next step, or empty if no probe awaits that request (stale, duplicate, or from before a restart)
     */
    synchronized Optional<Step> onResult(FetchRequest request, ProbeResult result) {
        Probe probe = awaiting.remove(request.id());
        if (probe == null) {
            return Optional.empty();
        }
        probe.prober.observe(result);
        if (!probe.prober.done()) {
            FetchRequest next = await(probe);
            return Optional.of(new Step(probe.formId, saved(probe), Optional.of(next), Optional.empty(),
                    Optional.empty()));
        }
        ProbeReport report = probe.prober.report();
        return Optional.of(new Step(probe.formId, saved(probe), Optional.empty(), Optional.of(report),
                template(probe, report)));
    }

    /** The form's state to persist. */
    private static FormProbeState saved(Probe probe) {
        return new FormProbeState(probe.jobId, probe.formId, probe.pageUrl, probe.depth,
                EventCodec.mapper().valueToTree(probe.prober.state()));
    }

    /** Forms being probed now. */
    synchronized int active() {
        return awaiting.size();
    }

    private FetchRequest await(Probe probe) {
        ProbeRequest next = probe.prober.next().orElseThrow();
        FetchRequest fetch = next.toFetchRequest(probe.jobId, probe.depth + 1, probe.pageUrl);
        awaiting.put(fetch.id(), probe);
        return fetch;
    }

    /**
     * The form step of a finished probe, or its verdict UNINFORMATIVE when it kept no instance. Its instances are
     * those a crawl should submit ({@link FormStepInstances}): the most general productive ones, then ITP's cover.
     */
    private static Optional<FormTemplate> template(Probe probe, ProbeReport report) {
        var form = probe.prober.state().form();
        List<TemplateInstance> kept = FormStepInstances.of(probe.prober.state().log(), report.output());
        if (kept.isEmpty()) {
            return Optional.of(FormTemplate.noFormStep(probe.jobId, probe.formId, probe.pageUrl, form.action(),
                    form.method(), report.mode().name(), report.requests(), report.coverage(),
                    FormTemplate.Outcome.UNINFORMATIVE, "probe ended (" + report.stop() + ") with no informative"
                            + " instance"));
        }
        List<FormField> fixed = new ArrayList<>();
        for (ProbeField f : form.fields()) {
            // every field the probe submitted at its default: a crawl's submission of an instance is the probe's
            if (f.role() != FieldRole.OMITTED && f.defaultValue() != null) {
                fixed.add(new FormField(f.name(), f.defaultValue()));
            }
        }
        Set<String> bound = new HashSet<>();
        List<Map<String, String>> instances = new ArrayList<>();
        for (TemplateInstance i : kept) {
            Map<String, String> values = new LinkedHashMap<>();
            for (Binding b : i.bindings()) {
                values.put(b.field(), b.value());
                bound.add(b.field());
            }
            instances.add(values);
        }
        Set<String> templateFields = new LinkedHashSet<>(); // form order
        for (ProbeField f : form.probedFields()) {
            if (bound.contains(f.name())) {
                templateFields.add(f.name());
            }
        }
        long pruned = probe.prober.state().runs().stream().mapToLong(TemplateRun::blocked).sum();
        return Optional.of(new FormTemplate(probe.jobId, probe.formId, probe.pageUrl, form.action(), form.method(),
                fixed, List.copyOf(templateFields), instances, report.mode().name(), report.requests(), pruned,
                report.coverage(), FormTemplate.Outcome.INFORMATIVE, null));
    }

    /**
     * Stand-in for the form page's visible text (TF-IDF document 0): pages-classified carries no body, so the form's
     * own labels and option labels are used. Text values then come mostly from the data regions of the order-1
     * selection results, which the core adds as further documents.
     */
    static String formText(FormInfo form) {
        StringBuilder sb = new StringBuilder();
        for (FormInfo.Field f : form.fields()) {
            sb.append(f.label()).append(' ');
            for (FormInfo.Option o : f.options()) {
                sb.append(o.label()).append(' ');
            }
        }
        return sb.toString().strip();
    }
}
