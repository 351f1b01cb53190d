package dev.shapecrawl.core.forms;

/**
 * Beyond the seed: the stop rule Moraes 2013 proposes and never builds (§5.2.2 and chapter 6, spec §5.6): stop
 * probing when the curve of distinct records stays flat, i.e. the last {@code W} submissions added no new distinct
 * record. The thesis gives no window; Liu et al. 2009 and Jiang et al. 2009 use a sliding window of unspecified
 * size. Without it ITP keeps submitting long after its curve has flattened (thesis Figures 5.8–5.16).
 *
 * @param window W, consecutive submissions without a new record that stop the probe; 0 = rule off
 */
public record StagnationRule(int window) {
    /** @throws IllegalArgumentException if {@code window < 0} */
    public StagnationRule {
        if (window < 0) {
            throw new IllegalArgumentException("window: must be >= 0, was " + window);
        }
    }

    /**
     * @param submissionsSinceNewRecord instance submissions since the last one that added a new distinct record
     * @return true if the probe should stop
     */
    public boolean stop(int submissionsSinceNewRecord) {
        return window > 0 && submissionsSinceNewRecord >= window;
    }
}
