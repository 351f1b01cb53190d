package dev.shapecrawl.core.similarity;

import dev.shapecrawl.core.tree.LabelledTree;
import dev.shapecrawl.core.tree.Labeller;
import java.util.List;

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
     * The labelling the trees given to this measure must be built with (a {@code TreeBuilder} with this labeller
     * and one shared dictionary). Measures differ here: {@code rtdm-plain} uses the seed's tag-only labels,
     * {@code rtdm-template} tag plus stable class tokens.
     *
     * @return the labeller; the default is {@link Labeller#tagOnly()}
     */
    default Labeller labeller() {
        return Labeller.tagOnly();
    }

    /**
     * Prepares samples for comparison with many pages: whatever depends only on the samples is computed once
     * here (a classifier compares thousands of pages with the same samples). The default prepares nothing.
     *
     * @param samples the sample trees, at least one, same dictionary
     * @return the prepared samples; thread-safe
     * @throws IllegalArgumentException if {@code samples} is empty
     */
    default PreparedSamples prepare(List<LabelledTree> samples) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("samples: at least one is needed");
        }
        List<LabelledTree> copy = List.copyOf(samples);
        return page -> {
            double[] out = new double[copy.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = similarity(copy.get(i), page);
            }
            return out;
        };
    }

    /** Samples prepared by {@link #prepare}. Implementations are thread-safe. */
    @FunctionalInterface
    interface PreparedSamples {
        /**
         * The similarity of {@code page} to each sample, in the order the samples were given.
         *
         * @param page a page tree built with the measure's {@link #labeller()} and the samples' dictionary
         * @return one value in 0..1 per sample; {@code result[i] == similarity(samples[i], page)}
         */
        double[] similarities(LabelledTree page);
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
