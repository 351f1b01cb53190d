package dev.shapecrawl.core.eval;

import dev.shapecrawl.core.tree.LabelledTree;
import java.util.HashMap;
import java.util.Map;

/**
 * Experiment support (docs/similarity.md, "Alternatives measured"): the distinct label paths of a tree with the
 * features the weighting variants use, computed once per page: hash, depth, first-occurrence rank in document
 * order, occurrence count, trie parent, and the top-level block (child of body) of the first occurrence.
 */
final class PathTable {
    final long[] hash;
    final int[] depth;
    final int[] rank;
    final int[] count;
    final int[] trieParent;
    final int size;
    final Map<Long, Integer> index;
    final LabelledTree tree;
    final int[] firstNode;
    /** Number of distinct top-level blocks (children of body, depth 2) holding an occurrence. */
    final int[] spread;

    PathTable(LabelledTree tree) {
        this.tree = tree;
        int n = tree.nodeCount();
        long[] nodeHash = new long[n];
        int[] nodePath = new int[n];
        long[] h = new long[n];
        int[] d = new int[n];
        int[] c = new int[n];
        int[] p = new int[n];
        int[] f = new int[n];
        int[] sp = new int[n];
        int[] lastBlock = new int[n];
        int[] block = new int[n];
        Map<Long, Integer> idx = new HashMap<>();
        int count = 0;
        for (int node = 0; node < n; node++) {
            int parent = tree.parent(node);
            long hh = mix((parent < 0 ? 0x51_7C_C1_B7_27_22_0A_95L : nodeHash[parent]) * 31 + tree.labelId(node));
            nodeHash[node] = hh;
            Integer at = idx.get(hh);
            if (at == null) {
                at = count++;
                idx.put(hh, at);
                h[at] = hh;
                d[at] = tree.depth(node);
                p[at] = parent < 0 ? -1 : nodePath[parent];
                f[at] = node;
            }
            c[at]++;
            nodePath[node] = at;
            int depth = tree.depth(node);
            block[node] = depth < 2 ? -1 : depth == 2 ? node : block[parent];
            if (c[at] == 1 || lastBlock[at] != block[node]) {
                sp[at]++;
                lastBlock[at] = block[node];
            }
        }
        this.size = count;
        this.hash = java.util.Arrays.copyOf(h, count);
        this.depth = java.util.Arrays.copyOf(d, count);
        this.count = java.util.Arrays.copyOf(c, count);
        this.trieParent = java.util.Arrays.copyOf(p, count);
        this.firstNode = java.util.Arrays.copyOf(f, count);
        this.spread = java.util.Arrays.copyOf(sp, count);
        this.rank = new int[count];
        for (int i = 0; i < count; i++) {
            rank[i] = i;
        }
        this.index = idx;
    }

    String path(int i) {
        StringBuilder out = new StringBuilder();
        for (int node = firstNode[i]; node >= 0; node = tree.parent(node)) {
            out.insert(0, "/" + tree.label(node));
        }
        return out.toString();
    }

    static long mix(long x) {
        x ^= x >>> 33;
        x *= 0xFF51_AFD7_ED55_8CCDL;
        x ^= x >>> 33;
        x *= 0xC4CE_B9FE_1A85_EC53L;
        return x ^ (x >>> 33);
    }
}
