package dev.shapecrawl.core.lists;

import java.util.List;

/**
 * Runs of groups of k consecutive shapes that repeat one group's shapes, position by position: the common count of
 * {@link RowGroups} (a table's rows) and {@link SiblingCycles} (an element's children). Each decides by its own rules
 * whether a first group can start a run; this only counts how far it repeats. Pure, static.
 */
final class Periods {
    private Periods() {
    }

    /**
     * The number of whole groups of k shapes from {@code start} on that repeat the first group, position by
     * position (shapes compared with {@code equals}; a null shape never matches): at least 1 when a whole first
     * group fits, 0 when none does. Cost: linear in the shapes of the run.
     *
     * @param shapes the shapes in order (null elements allowed)
     * @param start  the first group's first index
     * @param k      the shapes per group, at least 1
     */
    static int repeats(List<?> shapes, int start, int k) {
        if (start + k > shapes.size()) {
            return 0;
        }
        int g = 1;
        while (start + (g + 1) * k <= shapes.size()) {
            for (int p = 0; p < k; p++) {
                Object first = shapes.get(start + p);
                if (first == null || !first.equals(shapes.get(start + g * k + p))) {
                    return g;
                }
            }
            g++;
        }
        return g;
    }
}
