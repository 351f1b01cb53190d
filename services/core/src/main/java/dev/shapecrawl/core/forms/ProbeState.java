package dev.shapecrawl.core.forms;

import java.util.List;

/**
 * The whole state of one form's probe, immutable and made of records, lists, strings and enums only, so that a
 * service can persist it and {@link FormProber#resume} after a restart. Derived data (the set of distinct records,
 * the prune list) is rebuilt from the log.
 *
 * @param settings         the settings the probe runs with
 * @param form             the form
 * @param rejection        why the form is never submitted, or null
 * @param formPageText     the visible text of the page holding the form (text values)
 * @param samplePageTexts  the visible texts of the job's sample pages (Vidal's least frequent terms)
 * @param phase            where the probe is
 * @param stop             why it stopped, or null while running
 * @param capacity         M's estimate
 * @param broadRecords     record signatures of the broad submission's page
 * @param cursor           index in {@link Templates#plan} of the current template, -1 before the first
 * @param current          the current template's run, or null between templates
 * @param pending          the current template's instances still to submit, in order
 * @param runs             finished templates, in plan order
 * @param textValues       the text values, or null until computed (after the order-1 selection templates)
 * @param selectionDocs    data-region texts of non-empty order-1 selection result pages (TF-IDF documents)
 * @param log              every instance submission, in order
 * @param newRecords       new distinct records each instance submission added, in order (the stagnation rule)
 */
public record ProbeState(ProbeSettings settings, ProbeForm form, FormRejection rejection, String formPageText,
                         List<String> samplePageTexts, Phase phase, StopReason stop, PageCapacity capacity,
                         List<String> broadRecords, int cursor, TemplateRun current, List<TemplateInstance> pending,
                         List<TemplateRun> runs, List<String> textValues, List<String> selectionDocs,
                         List<Submission> log, List<Integer> newRecords) {
    /** Copies the lists; checks the required parts. */
    public ProbeState {
        if (settings == null || form == null || phase == null || capacity == null) {
            throw new IllegalArgumentException("settings, form, phase and capacity are required");
        }
        formPageText = formPageText == null ? "" : formPageText;
        samplePageTexts = List.copyOf(samplePageTexts);
        broadRecords = List.copyOf(broadRecords);
        pending = List.copyOf(pending);
        runs = List.copyOf(runs);
        textValues = textValues == null ? null : List.copyOf(textValues);
        selectionDocs = List.copyOf(selectionDocs);
        log = List.copyOf(log);
        newRecords = List.copyOf(newRecords);
    }

    /** The stages of a probe. */
    public enum Phase {
        /** The broad (all defaults) submission that measures M is next. */
        BROAD,
        /** Template instances are being submitted. */
        PROBING,
        /** Nothing more will be submitted; see {@link StopReason}. */
        DONE
    }

    /** Why a probe ended. */
    public enum StopReason {
        /** The form was rejected ({@link FormRejection}); nothing was submitted. */
        REJECTED,
        /** Every template of the plan was processed. */
        EXHAUSTED,
        /** The stagnation rule fired ({@link StagnationRule}). */
        STAGNATED,
        /** {@link ProbeSettings#maxSubmissions()} was reached. */
        BUDGET
    }
}
