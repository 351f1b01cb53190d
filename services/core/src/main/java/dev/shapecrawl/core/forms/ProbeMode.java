package dev.shapecrawl.core.forms;

/**
 * Which prunings a probe applies (Moraes 2013 §4.3–§4.4, spec §3.5). All three also cap every template at
 * {@code k} instances ({@link StaticSelection}).
 */
public enum ProbeMode {
    /** Template pruning only: Madhavan et al. 2008's ISIT informativeness test, the thesis's baseline. */
    TP(true, false),
    /** Instance-template pruning only: every template of order ≤ 3, instances filtered by the prune list. */
    ITP(false, true),
    /** Both: a template must pass the template test, and its instances are filtered by the prune list. */
    ITTP(true, true);

    private final boolean templateTest;
    private final boolean instancePruning;

    ProbeMode(boolean templateTest, boolean instancePruning) {
        this.templateTest = templateTest;
        this.instancePruning = instancePruning;
    }

    /** True if higher-order templates are gated by the distinctness test of lower-order ones. */
    public boolean templateTest() {
        return templateTest;
    }

    /** True if non-informative instances go to the prune list and prune more specific candidates. */
    public boolean instancePruning() {
        return instancePruning;
    }
}
