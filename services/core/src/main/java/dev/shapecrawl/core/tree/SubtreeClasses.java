package dev.shapecrawl.core.tree;

/**
 * Identical-subtree classes of two trees: two nodes get the same class id if and only if the subtrees rooted at
 * them are identical (same labels, same shape, same order). RTDM's first step (Vidal 2006, thesis §2.2: "RTDM
 * first finds all identical subtrees that occur at the same level, in linear time, using equivalence classes as
 * in Valiente (2001), but based on a post-order traversal"); reconstruction in the specification §3.3 [R].
 *
 * <p>Method: hash-consing bottom-up. A node's class is the interned key (its label, the ordered classes of its
 * children), so a node is processed after all its children. Nodes are visited in reverse pre-order, which like
 * post-order visits every node after its descendants. The variable-length key is interned as a chain of pairs,
 * {@code s0 = (label, start)}, {@code s_k = (s_{k-1}, class(child_k))}, and the last link is the class; one
 * dictionary of pairs serves both trees, so ids are comparable across them. Depth is not part of the key: RTDM
 * only ever compares nodes at the same depth (a top-down mapping pairs same-depth nodes), so "at the same level"
 * needs no extra work (specification §3.3).
 *
 * <p>Cost: O(|T1| + |T2|) expected time (two pair look-ups per node), and memory for at most 2·(|T1| + |T2|)
 * pairs. Computed per comparison, so no dictionary grows across the thousands of pages a classifier sees.
 * Immutable once built.
 */
public final class SubtreeClasses {

    private static final int START = -1;

    private final int[] first;
    private final int[] second;

    private SubtreeClasses(int[] first, int[] second) {
        this.first = first;
        this.second = second;
    }

    /**
     * The classes of every node of both trees.
     *
     * @param first  a tree
     * @param second a tree with the same {@link LabelDictionary} (may be {@code first} itself)
     * @return the classes
     * @throws IllegalArgumentException if the trees use different dictionaries (equal label ids would not mean
     *                                  equal labels)
     */
    public static SubtreeClasses of(LabelledTree first, LabelledTree second) {
        if (first.dictionary() != second.dictionary()) {
            throw new IllegalArgumentException("trees use different label dictionaries; build them with one");
        }
        PairInterner pairs = new PairInterner(2 * (first.nodeCount() + second.nodeCount()));
        return new SubtreeClasses(classify(first, pairs), classify(second, pairs));
    }

    private static int[] classify(LabelledTree tree, PairInterner pairs) {
        int[] classes = new int[tree.nodeCount()];
        for (int node = tree.nodeCount() - 1; node >= 0; node--) {
            // Labels are >= 0, so -1 - label is < 0 and never equals a chain id (>= 0): starts and links differ.
            int key = pairs.intern(-1 - tree.labelId(node), START);
            int end = node + tree.subtreeSize(node);
            for (int child = node + 1; child < end; child += tree.subtreeSize(child)) {
                key = pairs.intern(key, classes[child]);
            }
            classes[node] = key;
        }
        return classes;
    }

    /** The class of {@code node} of the first tree; >= 0. */
    public int first(int node) {
        return first[node];
    }

    /** The class of {@code node} of the second tree; >= 0. */
    public int second(int node) {
        return second[node];
    }

    /**
     * Whether the subtree of {@code firstNode} in the first tree is identical to that of {@code secondNode} in
     * the second.
     */
    public boolean identical(int firstNode, int secondNode) {
        return first[firstNode] == second[secondNode];
    }
}
