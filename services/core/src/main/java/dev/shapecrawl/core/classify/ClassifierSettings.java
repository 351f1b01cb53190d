package dev.shapecrawl.core.classify;

import dev.shapecrawl.core.tree.HtmlTrees;
import dev.shapecrawl.core.tree.TreeBuilder;

/**
 * The classifier's bounds on hostile pages. Defaults in brackets.
 *
 * @param maxBodyChars   longest body classified, characters [6,000,000: above the fetcher's 5 MiB body cap, so
 *                       only pages that did not come through our fetcher (inline samples, other producers) hit it]
 * @param maxNodes       node limit of a page tree [{@link TreeBuilder#DEFAULT_MAX_NODES}]; a page whose tree hits
 *                       it is not classified (reason "tree truncated")
 * @param maxHeight      deepest tree classified [{@value #DEFAULT_MAX_HEIGHT}]: the parser flattens nesting beyond
 *                       {@link HtmlTrees#DEFAULT_MAX_DEPTH}, so a tree this deep is a nesting attack, not a page
 * @param binaryProbe    how many leading characters are inspected for binary content [8,192]
 * @param maxControlShare share of control characters (other than tab, CR, LF, FF) in the probe above which the
 *                       body counts as binary, 0..1 [0.05]; a NUL character alone makes it binary
 */
public record ClassifierSettings(int maxBodyChars, int maxNodes, int maxHeight, int binaryProbe,
                                 double maxControlShare) {
    /** Default of {@link #maxHeight()}: a little under the parser's nesting limit. */
    public static final int DEFAULT_MAX_HEIGHT = HtmlTrees.DEFAULT_MAX_DEPTH - 12;

    public ClassifierSettings {
        if (maxBodyChars < 1 || maxNodes < 1 || maxHeight < 1 || binaryProbe < 1) {
            throw new IllegalArgumentException("classifier settings must be positive: " + maxBodyChars + ", "
                    + maxNodes + ", " + maxHeight + ", " + binaryProbe);
        }
        if (!(maxControlShare >= 0 && maxControlShare <= 1)) {
            throw new IllegalArgumentException("maxControlShare must be in 0..1, was " + maxControlShare);
        }
    }

    /** Every default. */
    public static ClassifierSettings defaults() {
        return new ClassifierSettings(6_000_000, TreeBuilder.DEFAULT_MAX_NODES, DEFAULT_MAX_HEIGHT, 8192, 0.05);
    }
}
