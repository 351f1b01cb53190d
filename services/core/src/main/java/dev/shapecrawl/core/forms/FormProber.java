package dev.shapecrawl.core.forms;

import dev.shapecrawl.events.FormField;
import dev.shapecrawl.events.FormInfo;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The form prober: a driver without I/O that proposes the next submission ({@link #next()}) and consumes what it
 * returned ({@link #observe}), so that a service only has to shuttle {@link ProbeRequest}s and {@link ProbeResult}s
 * (Moraes 2013 Figure 4.5 and spec §4.6, turned inside out). Everything it knows is in {@link #state()}, which
 * {@link #resume} accepts back.
 *
 * <p>The probe: (0) a rejected form ({@link FormRules}, or nothing to probe) is done before any submission;
 * (1) the broad submission — every field at its default — measures M ({@link PageCapacity}); (2) the templates of
 * {@link Templates#plan} are processed in order. For each: under TP/ITTP an order ≥ 2 template whose sub-templates
 * failed the template test is skipped ({@link TemplateGate}); the Cartesian product of its fields' values is formed
 * (selection options; text values computed once, when the first text template comes up); under ITP/ITTP order ≥ 2
 * candidates blocked by the {@link PruneList} are dropped (verdicts use the M of that moment); the cap k
 * ({@link ProbeSettings#k}) is applied by the {@link StaticSelection} strategy; the survivors are submitted one by
 * one. All instances of a template are generated before any is submitted, so verdicts inside one template only
 * affect later templates (thesis §4.3). After the last instance the template test runs (TP/ITTP,
 * {@link TemplateInformativeness}). The probe ends when the plan is exhausted, the stagnation rule fires
 * ({@link StagnationRule}) or the submission budget is spent. With the per-template rule on
 * ({@link ProbeSettings#templateStagnationWindow}), a template whose last Wt submissions added no new record is left
 * for the next one.
 *
 * <p>Not thread-safe: one prober per form, driven by one thread.
 */
public final class FormProber {
    /** Candidates scanned at most per template (prune checks); past it, only the first survivors are kept. */
    static final long MAX_SCAN = 2_000_000;

    private ProbeState s;
    private final List<Template> plan;
    private final Set<String> distinct = new HashSet<>();

    private FormProber(ProbeState state) {
        this.s = state;
        this.plan = Templates.plan(state.form(), state.settings().maxOrder());
        distinct.addAll(state.broadRecords());
        for (Submission sub : state.log()) {
            distinct.addAll(sub.recordSignatures());
        }
    }

    /**
     * Starts probing a form.
     *
     * @param form             the form from the page analysis
     * @param javaScriptDriven whether its DOM holds JavaScript ({@link JavaScriptDetector})
     * @param settings         the settings
     * @param formPageText     the visible text of the page holding the form (TF-IDF document 0; Vidal's terms)
     * @param samplePageTexts  the visible texts of the job's sample pages (Vidal's terms); may be empty
     * @return a prober; done at once (stop {@link ProbeState.StopReason#REJECTED}) if the form is rejected
     * @throws IllegalArgumentException if an argument is null
     */
    public static FormProber start(FormInfo form, boolean javaScriptDriven, ProbeSettings settings,
                                   String formPageText, List<String> samplePageTexts) {
        if (form == null || settings == null || samplePageTexts == null) {
            throw new IllegalArgumentException("form, settings and samplePageTexts are required");
        }
        ProbeForm probeForm = ProbeForm.of(form, settings.presentationFields());
        FormRejection rejection = FormRules.check(form, javaScriptDriven).orElse(null);
        if (rejection == null && probeForm.probedFields().isEmpty()) {
            rejection = new FormRejection(FormRejection.Reason.NOTHING_TO_PROBE, "",
                    "no selection or text field to vary");
        }
        return start(probeForm, rejection, settings, formPageText, samplePageTexts);
    }

    /**
     * Starts probing an already modelled form (tests, or a caller with its own rules).
     *
     * @param rejection the reason never to submit it, or null
     * @throws IllegalArgumentException if form, settings or samplePageTexts is null
     */
    public static FormProber start(ProbeForm form, FormRejection rejection, ProbeSettings settings,
                                   String formPageText, List<String> samplePageTexts) {
        if (form == null || settings == null || samplePageTexts == null) {
            throw new IllegalArgumentException("form, settings and samplePageTexts are required");
        }
        boolean rejected = rejection != null;
        return new FormProber(new ProbeState(settings, form, rejection, formPageText, samplePageTexts,
                rejected ? ProbeState.Phase.DONE : ProbeState.Phase.BROAD,
                rejected ? ProbeState.StopReason.REJECTED : null, PageCapacity.unknown(), List.of(), -1, null,
                List.of(), List.of(), null, List.of(), List.of(), List.of()));
    }

    /**
     * A prober continuing from a saved state.
     *
     * @throws IllegalArgumentException if {@code state} is null
     */
    public static FormProber resume(ProbeState state) {
        if (state == null) {
            throw new IllegalArgumentException("state: missing");
        }
        return new FormProber(state);
    }

    /** The current state (immutable; persist it to resume). */
    public ProbeState state() {
        return s;
    }

    /** True when nothing more will be submitted. */
    public boolean done() {
        return s.phase() == ProbeState.Phase.DONE;
    }

    /** Why the form is never submitted, if it is rejected. */
    public Optional<FormRejection> rejection() {
        return Optional.ofNullable(s.rejection());
    }

    /**
     * The next submission to make; asking again without {@link #observe} returns the same request.
     *
     * @return the request, or empty when done
     */
    public Optional<ProbeRequest> next() {
        return switch (s.phase()) {
            case DONE -> Optional.empty();
            case BROAD -> Optional.of(request(null));
            case PROBING -> Optional.of(request(s.pending().get(0)));
        };
    }

    /**
     * Records the result of the request {@link #next()} returned and moves on.
     *
     * @param result what the submission returned
     * @throws IllegalStateException if the probe is done
     * @throws IllegalArgumentException if {@code result} is null
     */
    public void observe(ProbeResult result) {
        if (result == null) {
            throw new IllegalArgumentException("result: missing");
        }
        if (done()) {
            throw new IllegalStateException("the probe is done (" + s.stop() + "); nothing was requested");
        }
        int fresh = 0;
        for (String r : result.recordSignatures()) {
            if (distinct.add(r)) {
                fresh++;
            }
        }
        if (s.phase() == ProbeState.Phase.BROAD) {
            int count = result.error() ? 0 : result.recordCount();
            s = with(ProbeState.Phase.PROBING, null, new PageCapacity(count, count), result.recordSignatures(),
                    s.cursor(), null, List.of(), s.runs(), s.textValues(), s.selectionDocs(), s.log(), List.of());
            advance();
            return;
        }
        TemplateInstance instance = s.pending().get(0);
        List<Submission> log = new ArrayList<>(s.log());
        log.add(new Submission(log.size() + 1, instance, result.error(), result.recordSignatures()));
        List<String> docs = s.selectionDocs();
        boolean selectionOrderOne = instance.order() == 1
                && s.form().probedField(instance.bindings().get(0).field()).role() == FieldRole.SELECTION;
        if (selectionOrderOne && !result.error() && result.recordCount() > 0) {
            docs = new ArrayList<>(docs);
            docs.add(result.dataText());
        }
        List<Integer> newRecords = new ArrayList<>(s.newRecords());
        newRecords.add(fresh);
        s = with(s.phase(), null, s.capacity().seen(result.error() ? 0 : result.recordCount()), s.broadRecords(),
                s.cursor(), s.current().plusSubmission(), s.pending().subList(1, s.pending().size()), s.runs(),
                s.textValues(), docs, log, newRecords);
        if (1 + log.size() >= s.settings().maxSubmissions()) {
            stop(ProbeState.StopReason.BUDGET);
        } else if (new StagnationRule(s.settings().stagnationWindow(), s.settings().stagnationMinNewRecords())
                .stop(newRecords)) {
            stop(ProbeState.StopReason.STAGNATED);
        } else if (s.pending().isEmpty() || templateStagnated(log, newRecords)) {
            finishTemplate();
            advance();
        }
    }

    /**
     * True if the per-template rule is on and the current template's last Wt submissions added no new record
     * ({@link ProbeSettings#templateStagnationWindow}); its remaining instances are then dropped.
     */
    private boolean templateStagnated(List<Submission> log, List<Integer> newRecords) {
        int wt = s.settings().templateStagnationWindow();
        if (wt == 0 || s.current() == null || s.current().submitted() < wt) {
            return false;
        }
        Template t = s.current().template();
        for (int i = log.size() - 1; i >= log.size() - wt; i--) {
            if (!log.get(i).instance().template().equals(t) || newRecords.get(i) > 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The report of the probe so far (complete once {@link #done()}).
     */
    public ProbeReport report() {
        return ProbeReport.of(s, plan);
    }

    private void stop(ProbeState.StopReason reason) {
        List<TemplateRun> runs = s.runs();
        if (s.current() != null) {
            runs = new ArrayList<>(runs);
            runs.add(s.current());
        }
        s = with(ProbeState.Phase.DONE, reason, s.capacity(), s.broadRecords(), s.cursor(), null, List.of(), runs,
                s.textValues(), s.selectionDocs(), s.log(), s.newRecords());
    }

    /** Runs the template test on the current template (TP/ITTP) and files its run. */
    private void finishTemplate() {
        TemplateRun run = s.current();
        if (s.settings().mode().templateTest()) {
            run = run.withInformative(new TemplateInformativeness(s.settings().tau()).informative(
                    submissionsOf(run.template())));
        }
        List<TemplateRun> runs = new ArrayList<>(s.runs());
        runs.add(run);
        s = with(s.phase(), null, s.capacity(), s.broadRecords(), s.cursor(), null, List.of(), runs, s.textValues(),
                s.selectionDocs(), s.log(), s.newRecords());
    }

    private List<Submission> submissionsOf(Template t) {
        List<Submission> out = new ArrayList<>();
        for (Submission sub : s.log()) {
            if (sub.instance().template().equals(t)) {
                out.add(sub);
            }
        }
        return out;
    }

    /** Moves to the next template that has something to submit, or ends the probe. */
    private void advance() {
        ProbeSettings cfg = s.settings();
        int k = cfg.k(s.form().probedFields().size());
        PruneList prune = null;
        for (int cursor = s.cursor() + 1; ; cursor++) {
            if (cursor >= plan.size()) {
                s = with(s.phase(), null, s.capacity(), s.broadRecords(), cursor, null, List.of(), s.runs(),
                        s.textValues(), s.selectionDocs(), s.log(), s.newRecords());
                stop(ProbeState.StopReason.EXHAUSTED);
                return;
            }
            Template t = plan.get(cursor);
            List<String> textValues = s.textValues();
            if (textValues == null && hasTextField(t)) {
                textValues = computeTextValues();
            }
            List<TemplateRun> runs = new ArrayList<>(s.runs());
            if (cfg.mode().templateTest() && t.order() >= 2 && !gatePasses(t, runs)) {
                runs.add(new TemplateRun(t, true, 0, 0, 0, 0, 0, null));
                s = with(s.phase(), null, s.capacity(), s.broadRecords(), cursor, null, List.of(), runs, textValues,
                        s.selectionDocs(), s.log(), s.newRecords());
                continue;
            }
            List<List<String>> values = new ArrayList<>();
            boolean anyEmpty = false;
            for (String field : t.fields()) {
                ProbeField f = s.form().probedField(field);
                List<String> v = f.role() == FieldRole.SELECTION ? f.options() : textValues;
                values.add(v);
                anyEmpty |= v.isEmpty();
            }
            if (anyEmpty) {
                runs.add(new TemplateRun(t, false, 0, 0, 0, 0, 0,
                        cfg.mode().templateTest() ? Boolean.FALSE : null));
                s = with(s.phase(), null, s.capacity(), s.broadRecords(), cursor, null, List.of(), runs, textValues,
                        s.selectionDocs(), s.log(), s.newRecords());
                continue;
            }
            CandidateSpace space = new CandidateSpace(t, values);
            long size = space.size();
            boolean pruning = cfg.mode().instancePruning() && t.order() >= 2;
            if (pruning && prune == null) {
                prune = pruneList();
            }
            long[] survivors = new long[16];
            int n = 0;
            long blocked = 0;
            boolean firstOnly = cfg.strategy() == StaticSelection.FIRST;
            long scanned = 0;
            for (long i = 0; i < size; i++, scanned++) {
                if (scanned >= MAX_SCAN && (n >= k || !firstOnly)) {
                    break; // a huge product: keep what was found; reported as neither blocked nor cut
                }
                if (pruning && prune.blocks(space.instance(i))) {
                    blocked++;
                    continue;
                }
                if (n == survivors.length) {
                    survivors = java.util.Arrays.copyOf(survivors, n * 2);
                }
                survivors[n++] = i;
            }
            survivors = java.util.Arrays.copyOf(survivors, n);
            long seed = cfg.seed() * 31 + t.toString().hashCode(); // per template, reproducible across restarts
            long[] chosen = cfg.strategy().select(space, survivors, k, seed);
            List<TemplateInstance> pending = new ArrayList<>(chosen.length);
            for (long idx : chosen) {
                pending.add(space.instance(idx));
            }
            TemplateRun run = new TemplateRun(t, false, size, blocked, n - chosen.length, chosen.length, 0, null);
            s = with(s.phase(), null, s.capacity(), s.broadRecords(), cursor, run, pending, s.runs(), textValues,
                    s.selectionDocs(), s.log(), s.newRecords());
            if (!pending.isEmpty()) {
                return;
            }
            finishTemplate();
        }
    }

    private boolean hasTextField(Template t) {
        for (String f : t.fields()) {
            if (s.form().probedField(f).role() == FieldRole.TEXT) {
                return true;
            }
        }
        return false;
    }

    private List<String> computeTextValues() {
        ProbeSettings cfg = s.settings();
        if (cfg.textValues() == TextValueSource.LEAST_FREQUENT) {
            List<String> pages = new ArrayList<>(s.samplePageTexts());
            pages.add(s.formPageText());
            return LeastFrequentTerms.of(pages, cfg.leastFrequentTerms());
        }
        List<String> docs = new ArrayList<>();
        docs.add(s.formPageText());
        docs.addAll(s.selectionDocs());
        return TfIdfTokens.top(docs, cfg.tfidfTokens());
    }

    private boolean gatePasses(Template t, List<TemplateRun> runs) {
        int informative = 0;
        // parents outside the plan (not binding a required field) were never run; only planned ones are judged
        List<Template> parents = new ArrayList<>(Templates.parents(t));
        parents.retainAll(plan);
        for (Template p : parents) {
            for (TemplateRun r : runs) {
                if (r.template().equals(p) && Boolean.TRUE.equals(r.informative())) {
                    informative++;
                    break;
                }
            }
        }
        return s.settings().gate() == TemplateGate.ALL_SUBTEMPLATES_INFORMATIVE ? informative == parents.size()
                : informative > 0;
    }

    /** The prune list: every submitted instance that is not informative under the current M. */
    private PruneList pruneList() {
        int m = s.capacity().m();
        List<TemplateInstance> pruned = new ArrayList<>();
        for (Submission sub : s.log()) {
            if (!sub.verdict(m).informative()) {
                pruned.add(sub.instance());
            }
        }
        return PruneList.of(pruned);
    }

    private ProbeRequest request(TemplateInstance instance) {
        List<FormField> params = new ArrayList<>();
        for (ProbeField f : s.form().fields()) {
            if (f.role() == FieldRole.OMITTED) {
                continue;
            }
            String value = instance == null ? null : instance.valueOf(f.name());
            if (value == null) {
                value = f.defaultValue();
            }
            if (value != null) {
                params.add(new FormField(f.name(), value));
            }
        }
        return new ProbeRequest(s.form().action(), s.form().method(), params, instance);
    }

    private ProbeState with(ProbeState.Phase phase, ProbeState.StopReason stop, PageCapacity capacity,
                            List<String> broad, int cursor, TemplateRun current, List<TemplateInstance> pending,
                            List<TemplateRun> runs, List<String> textValues, List<String> docs, List<Submission> log,
                            List<Integer> since) {
        return new ProbeState(s.settings(), s.form(), s.rejection(), s.formPageText(), s.samplePageTexts(), phase,
                stop, capacity, broad, cursor, current, pending, runs, textValues, docs, log, since);
    }
}
