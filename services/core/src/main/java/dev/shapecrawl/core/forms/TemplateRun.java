package dev.shapecrawl.core.forms;

/**
 * What happened to one template of the plan (the per-template telemetry of spec §4.6).
 *
 * @param template    the template
 * @param gated       skipped by the TP/ITTP template gate (its sub-templates were not informative): nothing
 *                    generated
 * @param candidates  instances of the template's Cartesian product, >= 0 (saturating)
 * @param blocked     candidates removed by the prune list, >= 0
 * @param cut         surviving candidates removed by the cap k, >= 0
 * @param generated   instances generated for submission, >= 0
 * @param submitted   instances actually submitted, <= generated (less if the probe stopped inside the template or
 *                    the per-template stagnation rule left it, {@link ProbeSettings#templateStagnationWindow})
 * @param informative the template test's verdict (TP/ITTP), or null when not tested (ITP, gated, unfinished)
 */
public record TemplateRun(Template template, boolean gated, long candidates, long blocked, long cut, int generated,
                          int submitted, Boolean informative) {
    /** @throws IllegalArgumentException on a negative count or more submitted than generated */
    public TemplateRun {
        if (template == null || candidates < 0 || blocked < 0 || cut < 0 || generated < 0 || submitted < 0
                || submitted > generated) {
            throw new IllegalArgumentException("bad template run for " + template);
        }
    }

    /** A copy with one more submission. */
    TemplateRun plusSubmission() {
        return new TemplateRun(template, gated, candidates, blocked, cut, generated, submitted + 1, informative);
    }

    /** A copy with the template test's verdict. */
    TemplateRun withInformative(Boolean verdict) {
        return new TemplateRun(template, gated, candidates, blocked, cut, generated, submitted, verdict);
    }
}
