package dev.shapecrawl.core.navigation;

import dev.shapecrawl.events.NavigationPattern;

import java.util.List;

/**
 * A navigation pattern learned from one mapping, before it gets a job and a version
 * ({@link NavigationPattern}).
 *
 * @param branches      the chosen paths, the one with the most targets first; empty if the map held no target
 * @param targetsMapped the number of target pages in the target pages map, >= 0
 * @param coverage      the share of those targets whose mapped path (the breadth-first path from the entry
 *                      point) the pattern follows to the end of a branch, 0..1; 0 without targets. A lower bound of
 *                      what a crawl reaches: a crawl also follows other links to the same pages (the thesis's
 *                      shortcut anomaly, specification §4.3).
 */
public record GeneratedPattern(List<NavigationPattern.Branch> branches, long targetsMapped, double coverage) {

    /** @throws IllegalArgumentException if the count is negative or the coverage is outside 0..1 */
    public GeneratedPattern {
        branches = List.copyOf(branches);
        if (targetsMapped < 0) {
            throw new IllegalArgumentException("targetsMapped: must be >= 0, was " + targetsMapped);
        }
        if (!(coverage >= 0 && coverage <= 1)) {
            throw new IllegalArgumentException("coverage: must be in 0..1, was " + coverage);
        }
    }
}
