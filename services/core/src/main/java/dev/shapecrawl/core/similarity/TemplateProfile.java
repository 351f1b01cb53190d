package dev.shapecrawl.core.similarity;

import dev.shapecrawl.core.tree.LabelledTree;
import java.util.Arrays;

/**
 * A page's template profile: the <em>label-path trie</em> of its tree, each trie node weighted by where it sits
 * (docs/similarity.md, "Template profile"). Built once per page (and once per sample), in time linear in the
 * tree, and compared with another profile in time linear in the smaller one.
 *
 * <p><b>Trie.</b> The label path of a node is the sequence of labels from the root to it. The trie has one node
 * per distinct label path; equivalently it is the tree obtained by merging, recursively, all siblings with equal
 * labels. Repeated records (table rows, list items, member sections; 50 or 5,000 of them) collapse into one
 * branch, so the profile measures <em>which template positions a page has</em>, not how much data fills them.
 * This is what removes the size effect of issue 3 (plain RTDM: sim ≤ 2·min(n1,n2)/(n1+n2)), and it also handles
 * repetition that is not made of identical siblings (rows with different cell content), which collapsing runs of
 * identical siblings did not.
 *
 * <p><b>Weights.</b> A trie node at depth {@code d} (edges from the root) whose path is the {@code r}-th new path
 * met in document order (pre-order; r = 0, 1, …) weighs {@code w = β^(d−2) · γ^r}; the root and its children
 * ({@code html}, {@code body}) weigh 0, since every page has them. Depth decay {@code β} gives the page-level
 * layout (the blocks under {@code body} and their first levels) more weight than the inside of content regions
 * (free-form markup inside descriptions, cells and list items); document-order decay {@code γ} gives the first
 * template positions (title, declaration, first sections) more weight than the optional sections and details
 * that follow. <b>Count damping</b> α divides the weight of a path that occurs {@code c} times in the page by
 * {@code 1 + α·ln c}: positions that occur once (the title, the declaration, the inheritance line) define a page
 * kind; positions that repeat are lists of records or site chrome repeated at the top and bottom of the page, and
 * count less, though still more than nothing (presence is kept; the count is only logarithmic). All three were chosen by
 * measurement (docs/similarity.md, "Alternatives measured" and "Widening the margin").
 *
 * <p>Path identity is a 64-bit hash of the label-id path (label ids of the tree's {@code LabelDictionary}), so
 * profiles are comparable only for trees that share a dictionary; the chance that two distinct paths of two
 * pages collide is about {@code n²/2^64}, negligible for n ≤ 10^5 paths.
 *
 * <p>Immutable and thread-safe once built.
 */
public final class TemplateProfile {

    private final long[] keys;
    private final double[] weights;
    /** Slot of each path, for iteration: indices into keys/weights. */
    private final int[] slots;
    private final int mask;
    private final double totalWeight;
    private final int pathCount;
    private final Object dictionary;

    private TemplateProfile(long[] keys, double[] weights, int[] slots, int pathCount, double totalWeight,
                            Object dictionary) {
        this.keys = keys;
        this.weights = weights;
        this.slots = slots;
        this.mask = keys.length - 1;
        this.pathCount = pathCount;
        this.totalWeight = totalWeight;
        this.dictionary = dictionary;
    }

    /**
     * The profile of a tree, without count damping (α = 0).
     *
     * @param tree       the page's tree, built with the similarity's labeller
     * @param depthDecay β in (0, 1]
     * @param orderDecay γ in (0, 1]
     * @return the profile
     */
    public static TemplateProfile of(LabelledTree tree, double depthDecay, double orderDecay) {
        return of(tree, depthDecay, orderDecay, 0);
    }

    /**
     * The profile of a tree.
     *
     * @param tree         the page's tree, built with the similarity's labeller
     * @param depthDecay   β in (0, 1]
     * @param orderDecay   γ in (0, 1]
     * @param countDamping α ≥ 0: a path occurring c times in the page has its weight divided by {@code 1 + α·ln c}
     * @return the profile
     */
    public static TemplateProfile of(LabelledTree tree, double depthDecay, double orderDecay, double countDamping) {
        int n = tree.nodeCount();
        long[] nodeHash = new long[n];
        int capacity = Integer.highestOneBit(Math.max(16, n) * 2 - 1) << 1;
        long[] keys = new long[capacity];
        double[] weights = new double[capacity];
        int[] counts = new int[capacity];
        boolean[] used = new boolean[capacity];
        int[] slots = new int[Math.min(n, capacity)];
        int mask = capacity - 1;
        int count = 0;
        double[] depthPowers = new double[Math.max(2, tree.height() + 1)];
        for (int d = 2; d < depthPowers.length; d++) {
            depthPowers[d] = d == 2 ? 1 : depthPowers[d - 1] * depthDecay;
        }
        double orderPower = 1;
        for (int node = 0; node < n; node++) {
            int parent = tree.parent(node);
            long hash = mix((parent < 0 ? 0x51_7C_C1_B7_27_22_0A_95L : nodeHash[parent]) * 31 + tree.labelId(node));
            nodeHash[node] = hash;
            int slot = (int) (hash ^ (hash >>> 32)) & mask;
            while (used[slot] && keys[slot] != hash) {
                slot = (slot + 1) & mask;
            }
            counts[slot]++;
            if (used[slot]) {
                continue; // a path seen before: same trie node
            }
            used[slot] = true;
            keys[slot] = hash;
            slots[count++] = slot;
            int depth = tree.depth(node);
            double weight = 0;
            if (depth >= 2) {
                weight = depthPowers[depth] * orderPower;
                orderPower *= orderDecay;
            }
            weights[slot] = weight;
        }
        // Count damping, once the counts are known; then the total.
        double total = 0;
        for (int i = 0; i < count; i++) {
            int slot = slots[i];
            if (countDamping > 0 && counts[slot] > 1) {
                weights[slot] /= 1 + countDamping * Math.log(counts[slot]);
            }
            total += weights[slot];
        }
        // Unused slots are marked with a NaN weight (weightOf stops there).
        for (int slot = 0; slot < capacity; slot++) {
            if (!used[slot]) {
                weights[slot] = Double.NaN;
            }
        }
        return new TemplateProfile(keys, weights, Arrays.copyOf(slots, count), count, total, tree.dictionary());
    }

    private static long mix(long x) {
        x ^= x >>> 33;
        x *= 0xFF51_AFD7_ED55_8CCDL;
        x ^= x >>> 33;
        x *= 0xC4CE_B9FE_1A85_EC53L;
        return x ^ (x >>> 33);
    }

    /** The number of distinct label paths (trie nodes). */
    public int pathCount() {
        return pathCount;
    }

    /** The sum of the weights, W. */
    public double totalWeight() {
        return totalWeight;
    }

    /** This profile's weight of the path with this hash, or NaN if the page lacks the path. */
    private double weightOf(long hash) {
        for (int slot = (int) (hash ^ (hash >>> 32)) & mask; ; slot = (slot + 1) & mask) {
            double weight = weights[slot];
            if (Double.isNaN(weight)) {
                return Double.NaN;
            }
            if (keys[slot] == hash) {
                return weight;
            }
        }
    }

    /**
     * The weighted Dice coefficient of two profiles: {@code (M_a + M_b) / (W_a + W_b)}, where {@code M_x} is the
     * weight, in profile x, of the paths both profiles have. Equals {@code 1 − d / d_max} for the restricted
     * top-down mapping of the two tries whose cost {@code d} is the weight of the unmapped trie nodes
     * (docs/similarity.md).
     *
     * @param other a profile of a tree with the same dictionary
     * @return the similarity in 0..1; 1 for two pages with no weighted paths
     * @throws IllegalArgumentException if the dictionaries differ
     */
    public double dice(TemplateProfile other) {
        if (other.dictionary != dictionary) {
            throw new IllegalArgumentException("profiles of trees with different label dictionaries");
        }
        TemplateProfile small = pathCount <= other.pathCount ? this : other;
        TemplateProfile large = small == this ? other : this;
        double matchedSmall = 0;
        double matchedLarge = 0;
        for (int slot : small.slots) {
            double weightLarge = large.weightOf(small.keys[slot]);
            if (!Double.isNaN(weightLarge)) {
                matchedSmall += small.weights[slot];
                matchedLarge += weightLarge;
            }
        }
        double total = totalWeight + other.totalWeight;
        return total == 0 ? 1 : Math.min(1, (matchedSmall + matchedLarge) / total);
    }

    @Override
    public String toString() {
        return "TemplateProfile[paths=" + pathCount + ", weight=" + totalWeight + "]";
    }
}
