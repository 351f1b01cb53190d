package dev.shapecrawl.core.similarity;

import dev.shapecrawl.core.tree.LabelledTree;
import java.util.List;
import java.util.Objects;

/**
 * The target-page classifier: one or more sample pages, a structural similarity and a threshold. A page is a
 * target if its similarity to the <em>nearest</em> sample (the most similar one) reaches the threshold
 * (docs/similarity.md, "Several samples").
 *
 * <p><b>Threshold.</b> With one sample, or when the job sets a threshold, it is that threshold (by default the
 * measure's {@link StructuralSimilarity#defaultThreshold()}). With two or more samples and no job threshold, it
 * is informed by how similar the samples are to each other: each sample is a known target, so its similarity to
 * the nearest other sample is evidence of how far genuine targets can be from a sample. The effective threshold
 * is {@code max(floor, min(τ, s))}, where {@code s} is the smallest, over the samples, of the similarity to the
 * nearest other sample, and {@code floor = τ − }{@value #MAX_LOWERING}: it never rises above the default (more
 * samples can only widen what counts as the target class) and never drops more than {@value #MAX_LOWERING} below
 * it (samples of two unrelated classes must not open the door to every page).
 *
 * <p>Samples are prepared once ({@link StructuralSimilarity#prepare}); each {@link #classify} then costs one
 * page preparation and one comparison per sample. Immutable and thread-safe.
 */
public final class SampleSet {

    /** The most the sample-to-sample rule may lower the default threshold. */
    public static final double MAX_LOWERING = 0.05;

    private final StructuralSimilarity similarity;
    private final StructuralSimilarity.PreparedSamples prepared;
    private final int size;
    private final double threshold;
    private final double sampleAgreement;

    private SampleSet(StructuralSimilarity similarity, List<LabelledTree> samples, Double jobThreshold) {
        this.similarity = Objects.requireNonNull(similarity, "similarity");
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("samples: at least one is needed");
        }
        this.prepared = similarity.prepare(samples);
        this.size = samples.size();
        double agreement = 1;
        if (samples.size() >= 2) {
            for (int i = 0; i < samples.size(); i++) {
                double[] toOthers = prepared.similarities(samples.get(i));
                double nearest = 0;
                for (int j = 0; j < toOthers.length; j++) {
                    if (j != i) {
                        nearest = Math.max(nearest, toOthers[j]);
                    }
                }
                agreement = Math.min(agreement, nearest);
            }
        }
        this.sampleAgreement = agreement;
        if (jobThreshold != null) {
            this.threshold = StructuralSimilarity.requireThreshold(jobThreshold);
        } else {
            double tau = similarity.defaultThreshold();
            this.threshold = samples.size() < 2 ? tau : Math.max(tau - MAX_LOWERING, Math.min(tau, agreement));
        }
    }

    /**
     * A classifier with the measure's default threshold, informed by the samples when there are several.
     *
     * @param similarity the measure
     * @param samples    the sample trees (at least one), built with {@code similarity.labeller()} and one dictionary
     * @return the classifier
     */
    public static SampleSet of(StructuralSimilarity similarity, List<LabelledTree> samples) {
        return new SampleSet(similarity, samples, null);
    }

    /**
     * A classifier with a threshold set by the job; the samples do not change it.
     *
     * @param similarity the measure
     * @param samples    the sample trees
     * @param threshold  τ in 0..1
     * @return the classifier
     */
    public static SampleSet withThreshold(StructuralSimilarity similarity, List<LabelledTree> samples,
                                          double threshold) {
        return new SampleSet(similarity, samples, threshold);
    }

    /** The measure. */
    public StructuralSimilarity similarity() {
        return similarity;
    }

    /** The number of samples. */
    public int size() {
        return size;
    }

    /** The effective threshold. */
    public double threshold() {
        return threshold;
    }

    /**
     * The smallest similarity of a sample to its nearest other sample; 1 with a single sample.
     */
    public double sampleAgreement() {
        return sampleAgreement;
    }

    /**
     * Classifies a page.
     *
     * @param page the page's tree, built like the samples'
     * @return the nearest sample, the similarity to it, and whether the page is a target
     */
    public Classification classify(LabelledTree page) {
        double[] similarities = prepared.similarities(page);
        int nearest = 0;
        for (int i = 1; i < similarities.length; i++) {
            if (similarities[i] > similarities[nearest]) {
                nearest = i;
            }
        }
        return new Classification(nearest, similarities[nearest], similarities[nearest] >= threshold);
    }

    /**
     * @param nearestSample index of the most similar sample (the first on ties)
     * @param similarity    the similarity to it, 0..1
     * @param target        whether it reaches the threshold
     */
    public record Classification(int nearestSample, double similarity, boolean target) {
    }

    @Override
    public String toString() {
        return "SampleSet[" + similarity.name() + ", samples=" + size + ", τ=" + threshold + "]";
    }
}
