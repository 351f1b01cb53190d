package dev.shapecrawl.core.sitemodel;

import java.util.Set;

/**
 * The structural distance of thesis eq. 3.1 (spec §2.8): the symmetric difference of two schemas over their union,
 * that is 1 − Jaccard similarity; 0 for equal schemas, 1 for disjoint ones, and 0 for two empty schemas (spec [D]).
 */
public final class SchemaDistance {
    private SchemaDistance() {
    }

    /**
     * @return |(a \ b) ∪ (b \ a)| / |a ∪ b|, in 0..1
     */
    public static <T> double between(Set<T> a, Set<T> b) {
        // |a ∪ b| = |a| + |b| − |a ∩ b|, counted over the smaller set: no union is built, since consolidation and
        // kind markers take tens of thousands of these distances per model (docs/benchmarks.md)
        Set<T> small = a.size() <= b.size() ? a : b;
        Set<T> large = small == a ? b : a;
        int common = 0;
        for (T x : small) {
            if (large.contains(x)) {
                common++;
            }
        }
        int union = a.size() + b.size() - common;
        if (union == 0) {
            return 0;
        }
        return (double) (union - common) / union;
    }
}
