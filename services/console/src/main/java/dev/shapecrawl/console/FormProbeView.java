package dev.shapecrawl.console;

import com.fasterxml.jackson.databind.JsonNode;
import dev.shapecrawl.events.FormProbeState;
import dev.shapecrawl.events.FormTemplate;

import java.util.ArrayList;
import java.util.List;

/**
 * One search form of a hidden-web job as the job page shows it (issue 22): what probing made of it (the
 * form-prober's {@link FormTemplate}, Moraes 2013's form step or the verdict that the form gives none) and the
 * templates it tried on the way (from the prober's {@link FormProbeState}, so also while probing runs).
 *
 * @param formId          the form's id within the job
 * @param pageUrl         the page holding the form
 * @param action          where it submits to ("" until the verdict is read)
 * @param outcome         INFORMATIVE, UNINFORMATIVE, REJECTED, or PROBING before the verdict
 * @param mode            the pruning mode (ITP, TP or ITTP; "" before the verdict)
 * @param submissions     submissions made while probing, >= 0
 * @param pruned          instances the prune list removed, >= 0
 * @param distinctRecords distinct result records probing saw: the coverage the form step reaches, >= 0
 * @param templateFields  the chosen template's fields (the binding inputs)
 * @param instances       informative template instances the crawl submits
 * @param reason          why the form is no form step, or ""
 * @param templates       the templates tried, in the order tried
 */
public record FormProbeView(String formId, String pageUrl, String action, String outcome, String mode,
                            long submissions, long pruned, long distinctRecords, List<String> templateFields,
                            int instances, String reason, List<TemplateTried> templates) {
    /**
     * A template probing tried (Moraes 2013 §3: a set of binding inputs).
     *
     * @param fields      its binding inputs
     * @param submitted   instances submitted
     * @param informative whether the template test found it informative; null when not tested (ITP, gated,
     *                    unfinished)
     * @param gated       skipped by the template gate (its sub-templates were not informative)
     */
    public record TemplateTried(List<String> fields, long submitted, Boolean informative, boolean gated) {
    }

    /**
     * The view of one form from its verdict and its probe state, either of which may be missing (not both).
     *
     * @param verdict the form-prober's verdict, or null while probing
     * @param state   the probe state ({@link FormProbeState}), or null when not read
     */
    static FormProbeView of(FormTemplate verdict, FormProbeState state) {
        List<TemplateTried> tried = state == null ? List.of() : templates(state.state());
        if (verdict == null) {
            long submissions = state.state().path("log").size();
            return new FormProbeView(state.formId(), state.pageUrl(), "", "PROBING", "", submissions, 0, 0,
                    List.of(), 0, "", tried);
        }
        return new FormProbeView(verdict.formId(), verdict.pageUrl(), verdict.action(), verdict.outcome().name(),
                verdict.mode(), verdict.submissions(), verdict.pruned(), verdict.distinctRecords(),
                verdict.templateFields(), verdict.informativeInstances().size(),
                verdict.reason() == null ? "" : verdict.reason(), tried);
    }

    /** The finished template runs of a core {@code ProbeState} (JSON), then the current one. */
    private static List<TemplateTried> templates(JsonNode state) {
        List<TemplateTried> out = new ArrayList<>();
        for (JsonNode run : state.path("runs")) {
            out.add(tried(run));
        }
        if (state.path("current").isObject()) {
            out.add(tried(state.path("current")));
        }
        return out;
    }

    private static TemplateTried tried(JsonNode run) {
        List<String> fields = new ArrayList<>();
        run.path("template").path("fields").forEach(f -> fields.add(f.asText()));
        JsonNode informative = run.path("informative");
        return new TemplateTried(fields, run.path("submitted").asLong(),
                informative.isBoolean() ? informative.asBoolean() : null, run.path("gated").asBoolean());
    }
}
