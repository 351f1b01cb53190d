package dev.shapecrawl.core.forms;

import java.util.List;

/**
 * Beyond the seed: the stop rule Moraes 2013 proposes and never builds (§5.2.2 and chapter 6, spec §5.6): stop
 * probing when the curve of distinct records stays flat. The thesis's wording — the last {@code W} submissions added
 * no new distinct record — is {@code minNewRecords = 1}; a larger {@code minNewRecords} is the sliding-window rate
 * rule of Liu et al. 2009 and Jiang et al. 2009 (stop when the window's new records fall below a threshold; spec
 * §2.7, and {@code StagnationStop(window, minNewRecords)} in spec §4.7). The thesis gives no values; without the
 * rule ITP keeps submitting long after its curve has flattened (thesis Figures 5.8–5.16).
 *
 * @param window        W, the number of most recent instance submissions looked at; 0 = rule off
 * @param minNewRecords the probe stops when those W submissions added fewer new distinct records than this, >= 1
 */
public record StagnationRule(int window, int minNewRecords) {
    /** @throws IllegalArgumentException if {@code window < 0} or {@code minNewRecords < 1} */
    public StagnationRule {
        if (window < 0) {
            throw new IllegalArgumentException("window: must be >= 0, was " + window);
        }
        if (minNewRecords < 1) {
            throw new IllegalArgumentException("minNewRecords: must be >= 1, was " + minNewRecords);
        }
    }

    /**
     * @param newRecords new distinct records added by each instance submission so far, in order
     * @return true if the probe should stop: at least W submissions, and the last W added fewer than
     *         {@code minNewRecords}
     */
    public boolean stop(List<Integer> newRecords) {
        if (window == 0 || newRecords.size() < window) {
            return false;
        }
        long sum = 0;
        for (int i = newRecords.size() - window; i < newRecords.size(); i++) {
            sum += newRecords.get(i);
        }
        return sum < minNewRecords;
    }
}
