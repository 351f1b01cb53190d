package dev.shapecrawl.core.similarity;

import dev.shapecrawl.core.tree.LabelledTree;

/**
 * Test oracle: the specification's recurrence (§3.4) transcribed literally, recursive, with a full DP table per
 * pair, no identical-subtree shortcut (the DP gives 0 for identical subtrees anyway) and no pruning. Checks the
 * explicit-stack, pruned {@link Rtdm} on trees too big for {@link BruteForceRtdm}.
 */
final class SpecRecurrence {

    private SpecRecurrence() {
    }

    static double distance(LabelledTree t1, LabelledTree t2, RtdmCosts costs) {
        double empty = costs.deletion() * t1.nodeCount() + costs.insertion() * t2.nodeCount();
        return Math.min(rtdm(t1, t2, 0, 0, costs), empty);
    }

    private static double rtdm(LabelledTree t1, LabelledTree t2, int a, int b, RtdmCosts c) {
        if (t1.labelId(a) != t2.labelId(b)) {
            return c.substitution() + c.deletion() * (t1.subtreeSize(a) - 1)
                    + c.insertion() * (t2.subtreeSize(b) - 1);
        }
        int m = t1.childCount(a);
        int n = t2.childCount(b);
        int[] as = children(t1, a, m);
        int[] bs = children(t2, b, n);
        double[][] table = new double[m + 1][n + 1];
        for (int i = 1; i <= m; i++) {
            table[i][0] = table[i - 1][0] + c.deletion() * t1.subtreeSize(as[i - 1]);
        }
        for (int j = 1; j <= n; j++) {
            table[0][j] = table[0][j - 1] + c.insertion() * t2.subtreeSize(bs[j - 1]);
        }
        for (int i = 1; i <= m; i++) {
            for (int j = 1; j <= n; j++) {
                table[i][j] = Math.min(Math.min(
                                table[i - 1][j] + c.deletion() * t1.subtreeSize(as[i - 1]),
                                table[i][j - 1] + c.insertion() * t2.subtreeSize(bs[j - 1])),
                        table[i - 1][j - 1] + rtdm(t1, t2, as[i - 1], bs[j - 1], c));
            }
        }
        return table[m][n];
    }

    private static int[] children(LabelledTree tree, int node, int count) {
        int[] children = new int[count];
        int k = 0;
        for (int child = tree.firstChild(node); child >= 0; child = tree.nextSibling(child)) {
            children[k++] = child;
        }
        return children;
    }
}
