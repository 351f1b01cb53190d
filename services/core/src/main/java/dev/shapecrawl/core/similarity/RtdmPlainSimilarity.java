package dev.shapecrawl.core.similarity;

import dev.shapecrawl.core.tree.LabelledTree;
import java.util.Objects;

/**
 * The seed similarity, {@value #NAME}: RTDM normalised by tree sizes, {@code sim = 1 − d / (|T1| + |T2|)}
 * (specification §3.5 and §12 [R]; the thesis, Vidal 2006 §2.2, only calls similarity "the inverse of the edit
 * distance"). {@code T1} is the sample, {@code T2} the page.
 *
 * <p>With non-unit {@link RtdmCosts} the denominator is {@link Rtdm#maximumDistance}, {@code del·|T1| +
 * ins·|T2|}, the cost of mapping nothing; it equals {@code |T1| + |T2|} under the default unit costs and keeps the
 * value in 0..1 for any costs.
 *
 * <p>Values with unit costs: identical trees give 1; trees whose roots differ give {@code 1/(|T1|+|T2|)} (the
 * roots are relabelled, everything else deleted and inserted: {@code d = |T1| + |T2| − 1}); the specification's
 * worked example (§3.6) gives {@code 1 − 2/22 ≈ 0.909}.
 *
 * <p>{@link #isSimilar} uses RTDM's early exit with the bound {@code (1 − τ)·(|T1| + |T2|)} (specification §3.4),
 * so dissimilar pages cost less than a full distance. Immutable and thread-safe.
 */
public final class RtdmPlainSimilarity implements StructuralSimilarity {

    /** The registry name. */
    public static final String NAME = "rtdm-plain";
    /**
     * Default threshold τ = 0.80 (specification §3.5 and §12 [R]). Not from the thesis, which reports no value
     * (§8.5 of the specification); chosen there by analogy with the 80% threshold attributed to Reis et al.
     * (2004) for merging clusters of structurally similar news pages. Tune per site.
     */
    public static final double DEFAULT_THRESHOLD = 0.80;

    private final Rtdm rtdm;

    /** With unit costs, the specification's default. */
    public RtdmPlainSimilarity() {
        this(Rtdm.withUnitCosts());
    }

    /**
     * @param rtdm the distance, with its costs
     * @throws NullPointerException if {@code rtdm} is null
     */
    public RtdmPlainSimilarity(Rtdm rtdm) {
        this.rtdm = Objects.requireNonNull(rtdm, "rtdm");
    }

    @Override
    public String name() {
        return NAME;
    }

    /** {@value #DEFAULT_THRESHOLD}, see {@link #DEFAULT_THRESHOLD}. */
    @Override
    public double defaultThreshold() {
        return DEFAULT_THRESHOLD;
    }

    @Override
    public double similarity(LabelledTree sample, LabelledTree page) {
        return toSimilarity(rtdm.distance(sample, page), rtdm.maximumDistance(sample, page));
    }

    @Override
    public boolean isSimilar(LabelledTree sample, LabelledTree page, double threshold) {
        StructuralSimilarity.requireThreshold(threshold);
        double maximum = rtdm.maximumDistance(sample, page);
        // sim >= τ  ⇔  d <= (1 − τ)·max. The bound gets a little slack so rounding cannot exclude a distance
        // exactly at the threshold; the decision itself is then made on the similarity, as similarity() computes it.
        double bound = (1 - threshold) * maximum * (1 + 1e-9) + 1e-9;
        double distance = rtdm.distanceWithin(sample, page, bound);
        return distance != Rtdm.EXCEEDED && toSimilarity(distance, maximum) >= threshold;
    }

    private static double toSimilarity(double distance, double maximum) {
        return Math.max(0, Math.min(1, 1 - distance / maximum));
    }

    @Override
    public String toString() {
        return NAME + "[" + rtdm.costs() + "]";
    }
}
