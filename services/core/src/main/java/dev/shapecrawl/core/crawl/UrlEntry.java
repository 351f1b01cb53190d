package dev.shapecrawl.core.crawl;

/**
 * What a job knows of one URL in one traversal (a mapping or a crawl run): the breadth-first tree's parent and
 * depth, the discovery order, whether the request is answered, and the outcome.
 *
 * @param depth     link distance from the entry point (the entry is 0), >= 0
 * @param parentUrl the page that first linked to this URL (the BFS tree's parent), null for the entry point
 * @param order     discovery sequence within the job, unique and increasing; ties in pattern learning are broken
 *                  by it (Vidal 2006, specification §5.2, §5.6)
 * @param done      whether the page's classification has arrived
 * @param target    whether the page was classified as a target page (only meaningful when {@code done})
 * @param states    the pattern states the page was reached in, as encoded by
 *                  {@link dev.shapecrawl.core.navigation.PatternMatcher}; empty while mapping
 */
public record UrlEntry(int depth, String parentUrl, long order, boolean done, boolean target, String states) {
    public UrlEntry {
        if (depth < 0) {
            throw new IllegalArgumentException("depth: must be >= 0, was " + depth);
        }
        states = states == null ? "" : states;
    }

    /** A URL just requested. */
    public static UrlEntry requested(int depth, String parentUrl, long order, String states) {
        return new UrlEntry(depth, parentUrl, order, false, false, states);
    }

    /** This entry reached in {@code states} (encoded as {@link dev.shapecrawl.core.navigation.PatternMatcher} does). */
    public UrlEntry withStates(String states) {
        return new UrlEntry(depth, parentUrl, order, done, target, states);
    }

    /** This entry with its answer recorded. */
    public UrlEntry answered(boolean isTarget) {
        return new UrlEntry(depth, parentUrl, order, true, isTarget, states);
    }
}
