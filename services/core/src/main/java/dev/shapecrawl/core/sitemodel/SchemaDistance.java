package dev.shapecrawl.core.sitemodel;

import java.util.HashSet;
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
        Set<T> union = new HashSet<>(a);
        union.addAll(b);
        if (union.isEmpty()) {
            return 0;
        }
        int common = 0;
        for (T x : a) {
            if (b.contains(x)) {
                common++;
            }
        }
        return (double) (union.size() - common) / union.size();
    }
}
