package dev.shapecrawl.core.similarity;

import dev.shapecrawl.core.tree.LabelledTree;

/**
 * How structurally similar a page is to a sample page: the test {@code RTDMSim(p, x)} of the site mapper (Vidal
 * 2006, thesis §3.2, Algorithm 2, and form handling, Chapter 4), generalised to any measure so improved measures
 * can replace the seed's. Implementations are chosen by {@link #name()} through {@link Similarities}.
 *
 * <p>Implementations must be thread-safe: one instance serves every page of a classifier.
 */
public interface StructuralSimilarity {

    /** The measure's registry name, for example {@code rtdm-plain}; kebab-case, stable (it appears in events). */
    String name();

    /**
     * The similarity of {@code page} to {@code sample}.
     *
     * @param sample the sample page's tree
     * @param page   the candidate page's tree, built with the sample's dictionary
     * @return a value in 0..1; 1 means structurally identical
     * @throws IllegalArgumentException if the trees use different label dictionaries
     */
    double similarity(LabelledTree sample, LabelledTree page);

    /** The threshold to use when the job does not set one, in 0..1, with its source documented per measure. */
    double defaultThreshold();

    /**
     * Whether {@code page} is a target page for {@code sample}: {@code similarity(sample, page) >= threshold}
     * (specification §3.5: {@code RTDMSim(p, x) := sim ≥ τ}). Implementations may answer faster than computing
     * the similarity (for example by stopping once the answer is known) but must agree with it exactly.
     *
     * @param sample    the sample page's tree
     * @param page      the candidate page's tree
     * @param threshold τ, in 0..1
     * @return whether the similarity reaches the threshold
     * @throws IllegalArgumentException if the threshold is outside 0..1 or the dictionaries differ
     */
    default boolean isSimilar(LabelledTree sample, LabelledTree page, double threshold) {
        requireThreshold(threshold);
        return similarity(sample, page) >= threshold;
    }

    /**
     * Checks a threshold argument.
     *
     * @param threshold the value
     * @return the value
     * @throws IllegalArgumentException if it is NaN or outside 0..1
     */
    static double requireThreshold(double threshold) {
        if (!(threshold >= 0 && threshold <= 1)) {
            throw new IllegalArgumentException("threshold: must be in 0..1, was " + threshold);
        }
        return threshold;
    }
}
