package dev.shapecrawl.core.similarity;

import dev.shapecrawl.core.tree.LabelledTree;

/**
 * Test oracle: the restricted top-down edit distance as a minimum over <em>all</em> mappings, enumerated
 * exhaustively, each checked against the definitions of the specification §2.2 (thesis §2.2, Definitions 2–3).
 * Exponential; for trees of up to about 8 nodes.
 *
 * <p>A mapping {@code M} is a set of pairs (i, j), i a node of T1, j of T2 (pre-order indices), such that for all
 * pairs (i1, j1), (i2, j2) in M:
 * <ol>
 *   <li>i1 = i2 iff j1 = j2 (one-to-one);</li>
 *   <li>i1 is left of i2 iff j1 is left of j2 (sibling order; "left of" = before in pre-order and not an
 *       ancestor);</li>
 *   <li>i1 is an ancestor of i2 iff j1 is an ancestor of j2;</li>
 *   <li>top-down: if neither i1 nor j1 is a root, (parent(i1), parent(j1)) is in M. A pair of a root with a
 *       non-root is not allowed: the root has no parent to pair with the other's parent, and allowing it would
 *       delete or insert nodes <em>above</em> mapped ones, while the specification says unmapped nodes take their
 *       whole subtree with them (insertions and deletions only at leaves);</li>
 *   <li>restricted: if label(i1) ≠ label(j1), no descendant of i1 and no descendant of j1 is in any pair.</li>
 * </ol>
 * Cost: {@code deletion·(nodes of T1 in no pair) + insertion·(nodes of T2 in no pair) + substitution·(pairs with
 * different labels)}. The search assigns T1's nodes in pre-order a partner or none, and abandons a partial
 * assignment as soon as a condition fails; every condition is about pairs already chosen (parents precede
 * children in pre-order), so this enumerates exactly the valid mappings, the empty one included.
 */
final class BruteForceRtdm {

    private final LabelledTree t1;
    private final LabelledTree t2;
    private final RtdmCosts costs;
    private final int[] partner;
    private final boolean[] used;
    private double best = Double.POSITIVE_INFINITY;

    private BruteForceRtdm(LabelledTree t1, LabelledTree t2, RtdmCosts costs) {
        this.t1 = t1;
        this.t2 = t2;
        this.costs = costs;
        this.partner = new int[t1.nodeCount()];
        this.used = new boolean[t2.nodeCount()];
    }

    static double distance(LabelledTree t1, LabelledTree t2, RtdmCosts costs) {
        BruteForceRtdm search = new BruteForceRtdm(t1, t2, costs);
        search.assign(0);
        return search.best;
    }

    private void assign(int i) {
        if (i == t1.nodeCount()) {
            best = Math.min(best, cost());
            return;
        }
        partner[i] = -1;
        assign(i + 1);
        for (int j = 0; j < t2.nodeCount(); j++) {
            if (!used[j] && canAdd(i, j)) {
                partner[i] = j;
                used[j] = true;
                assign(i + 1);
                used[j] = false;
                partner[i] = -1;
            }
        }
    }

    /** Whether M ∪ {(i, j)} still satisfies every condition, M being the pairs chosen for nodes before i. */
    private boolean canAdd(int i, int j) {
        boolean iRoot = t1.parent(i) < 0;
        boolean jRoot = t2.parent(j) < 0;
        if (iRoot != jRoot) {
            return false;
        }
        if (!iRoot && partner[t1.parent(i)] != t2.parent(j)) {
            return false;
        }
        for (int k = 0; k < i; k++) {
            int l = partner[k];
            if (l < 0) {
                continue;
            }
            if (k == i || l == j) {
                return false;
            }
            if (leftOf(t1, k, i) != leftOf(t2, l, j) || leftOf(t1, i, k) != leftOf(t2, j, l)) {
                return false;
            }
            if (ancestor(t1, k, i) != ancestor(t2, l, j) || ancestor(t1, i, k) != ancestor(t2, j, l)) {
                return false;
            }
            if (!restrictedOk(k, l, i, j) || !restrictedOk(i, j, k, l)) {
                return false;
            }
        }
        return true;
    }

    /** Condition 5 for the pair (a, b) against the pair (c, d). */
    private boolean restrictedOk(int a, int b, int c, int d) {
        boolean relabelled = t1.labelId(a) != t2.labelId(b);
        return !relabelled || (!ancestor(t1, a, c) && !ancestor(t2, b, d));
    }

    private double cost() {
        int mapped = 0;
        int relabelled = 0;
        for (int i = 0; i < partner.length; i++) {
            if (partner[i] >= 0) {
                mapped++;
                if (t1.labelId(i) != t2.labelId(partner[i])) {
                    relabelled++;
                }
            }
        }
        return costs.deletion() * (t1.nodeCount() - mapped) + costs.insertion() * (t2.nodeCount() - mapped)
                + costs.substitution() * relabelled;
    }

    /** Whether u is a proper ancestor of v, by walking parent links. */
    private static boolean ancestor(LabelledTree tree, int u, int v) {
        for (int p = tree.parent(v); p >= 0; p = tree.parent(p)) {
            if (p == u) {
                return true;
            }
        }
        return false;
    }

    /** Whether u is to the left of v: before it in pre-order and not its ancestor. */
    private static boolean leftOf(LabelledTree tree, int u, int v) {
        return u < v && !ancestor(tree, u, v);
    }
}
