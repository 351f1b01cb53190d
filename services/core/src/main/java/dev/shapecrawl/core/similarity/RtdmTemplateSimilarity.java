package dev.shapecrawl.core.similarity;

import dev.shapecrawl.core.tree.LabelledTree;
import dev.shapecrawl.core.tree.Labeller;
import dev.shapecrawl.core.tree.TemplateLabeller;
import java.util.List;

/**
 * The default structural similarity, {@value #NAME}: restricted top-down mapping between the pages'
 * <em>weighted label-path tries</em>, normalised like the seed, {@code sim = 1 − d / d_max} (docs/similarity.md
 * gives the design, the measurements behind every choice, and the alternatives rejected).
 *
 * <p>Three changes to the seed ({@link RtdmPlainSimilarity}), each answering a failure measured in issue 3 and
 * on the evaluation sites (docs/evaluation.md):
 * <ol>
 *   <li><b>Labels</b> keep stable class tokens and drop invisible boilerplate ({@link TemplateLabeller}): tag
 *       names alone make page classes whose templates differ in class attributes look alike.</li>
 *   <li><b>Trie instead of tree</b> ({@link TemplateProfile}): siblings with equal labels are merged recursively,
 *       so a page is compared by the template positions it has, not by how many records fill them. Plain RTDM's
 *       similarity is bounded by {@code 2·min(n1,n2)/(n1+n2)}, which made every small page score ~0.1 against a
 *       large sample.</li>
 *   <li><b>Weights</b>: a trie node at depth d, the r-th new path in document order, costs
 *       {@code β^(d−2)·γ^r} to delete or insert (β = {@value #DEPTH_DECAY}, γ = {@value #ORDER_DECAY}); the
 *       page-level layout and the first template positions count more than the inside of content regions and the
 *       optional sections at the end. A path that occurs c times in the page is further divided by
 *       {@code 1 + α·ln c} (α = {@value #COUNT_DAMPING}): positions that occur once name the page kind; repeated
 *       ones are record lists or chrome repeated top and bottom.</li>
 * </ol>
 * On a trie, siblings have distinct labels, so the best restricted top-down mapping pairs equal paths: its
 * unmapped weight is {@code d = (W_S − M_S) + (W_P − M_P)} and {@code d_max = W_S + W_P}, where {@code W_x} is
 * the total weight of profile x and {@code M_x} the weight in x of the paths both have; hence
 * {@code sim = (M_S + M_P) / (W_S + W_P)}, a weighted Dice coefficient that asks both how much of the sample's
 * template the page holds and how much of the page's template the sample holds. The mapping is unordered among
 * siblings: the order in which a page first uses its template positions varies with optional sections.
 *
 * <p>Cost: building a profile is one pass over the tree (a hash per node); comparing two profiles is linear in
 * the smaller trie (a few hundred paths on real pages). {@link #prepare} builds the samples' profiles once, then
 * each page costs one profile and one look-up per sample path: far below the cost of parsing the page
 * (docs/similarity.md, "Cost").
 *
 * <p>Trees must be built with {@link #labeller()}. Immutable and thread-safe.
 */
public final class RtdmTemplateSimilarity implements StructuralSimilarity {

    /** The registry name. */
    public static final String NAME = "rtdm-template";
    /** β, depth decay per level below the {@code body}'s children. */
    public static final double DEPTH_DECAY = 0.8;
    /** γ, decay per new template position in document order. */
    public static final double ORDER_DECAY = 0.94;
    /** α, count damping: a path occurring c times in a page weighs {@code 1/(1 + α·ln c)} of its position weight. */
    public static final double COUNT_DAMPING = 1.0;
    /**
     * The default threshold τ = 0.879: the middle of the window (0.8633, 0.8954] in which every single-sample run of
     * the development evaluation (7 sites × 7 samples) reaches precision 100% and recall ≥ 99% with β = 0.8,
     * γ = 0.94, α = 1 (docs/similarity.md, "Threshold" and "Widening the margin").
     */
    public static final double DEFAULT_THRESHOLD = 0.879;

    private final double depthDecay;
    private final double orderDecay;
    private final double countDamping;
    private final double threshold;

    /**
     * With the defaults β = {@value #DEPTH_DECAY}, γ = {@value #ORDER_DECAY}, α = {@value #COUNT_DAMPING},
     * τ = {@value #DEFAULT_THRESHOLD}.
     */
    public RtdmTemplateSimilarity() {
        this(DEPTH_DECAY, ORDER_DECAY, COUNT_DAMPING, DEFAULT_THRESHOLD);
    }

    /**
     * Without count damping (α = 0), as the first version of the measure.
     *
     * @param depthDecay β in (0, 1]
     * @param orderDecay γ in (0, 1]
     * @param threshold  the default threshold, in 0..1
     * @throws IllegalArgumentException if a value is out of range
     */
    public RtdmTemplateSimilarity(double depthDecay, double orderDecay, double threshold) {
        this(depthDecay, orderDecay, 0, threshold);
    }

    /**
     * @param depthDecay   β in (0, 1]
     * @param orderDecay   γ in (0, 1]
     * @param countDamping α ≥ 0 (0: a path weighs the same however often it occurs)
     * @param threshold    the default threshold, in 0..1
     * @throws IllegalArgumentException if a value is out of range
     */
    public RtdmTemplateSimilarity(double depthDecay, double orderDecay, double countDamping, double threshold) {
        if (!(depthDecay > 0 && depthDecay <= 1)) {
            throw new IllegalArgumentException("depthDecay: must be in (0, 1], was " + depthDecay);
        }
        if (!(orderDecay > 0 && orderDecay <= 1)) {
            throw new IllegalArgumentException("orderDecay: must be in (0, 1], was " + orderDecay);
        }
        if (!(countDamping >= 0 && countDamping < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("countDamping: must be finite and >= 0, was " + countDamping);
        }
        this.depthDecay = depthDecay;
        this.orderDecay = orderDecay;
        this.countDamping = countDamping;
        this.threshold = StructuralSimilarity.requireThreshold(threshold);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public double defaultThreshold() {
        return threshold;
    }

    /** {@link TemplateLabeller#INSTANCE}: tag plus stable class tokens, no head/scripts. */
    @Override
    public Labeller labeller() {
        return TemplateLabeller.INSTANCE;
    }

    /** The profile of a tree under this measure's weights. */
    public TemplateProfile profile(LabelledTree tree) {
        return TemplateProfile.of(tree, depthDecay, orderDecay, countDamping);
    }

    @Override
    public double similarity(LabelledTree sample, LabelledTree page) {
        requireSameDictionary(sample, page);
        return profile(sample).dice(profile(page));
    }

    /** Builds each sample's profile once; each page is then profiled once for all samples. */
    @Override
    public PreparedSamples prepare(List<LabelledTree> samples) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("samples: at least one is needed");
        }
        List<TemplateProfile> profiles = samples.stream().map(this::profile).toList();
        return page -> {
            TemplateProfile pageProfile = profile(page);
            double[] out = new double[profiles.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = profiles.get(i).dice(pageProfile);
            }
            return out;
        };
    }

    private static void requireSameDictionary(LabelledTree sample, LabelledTree page) {
        if (sample.dictionary() != page.dictionary()) {
            throw new IllegalArgumentException("trees use different label dictionaries; build them with one");
        }
    }

    @Override
    public String toString() {
        return NAME + "[β=" + depthDecay + ", γ=" + orderDecay + ", α=" + countDamping + ", τ=" + threshold + "]";
    }
}
