package dev.shapecrawl.core.forms;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * ITP's knowledge: the non-informative instances submitted so far (Moraes 2013 §4.3, Figure 4.5, spec §4.4). A
 * candidate of order ≥ 2 is blocked if any of its non-empty proper sub-assignments is on the list: adding values
 * only narrows the query, so it cannot return anything its smaller, non-informative assignment did not.
 *
 * @param keys the {@link TemplateInstance#key()}s of the pruned instances
 */
public record PruneList(Set<String> keys) {
    /** Copies the set. */
    public PruneList {
        keys = Set.copyOf(keys);
    }

    /** The empty list. */
    public static PruneList empty() {
        return new PruneList(Set.of());
    }

    /** The list of the given instances. */
    public static PruneList of(List<TemplateInstance> pruned) {
        Set<String> k = new HashSet<>();
        pruned.forEach(i -> k.add(i.key()));
        return new PruneList(k);
    }

    /** The number of pruned instances. */
    public int size() {
        return keys.size();
    }

    /** True if {@code instance} itself is on the list. */
    public boolean contains(TemplateInstance instance) {
        return keys.contains(instance.key());
    }

    /**
     * True if a proper sub-assignment of {@code candidate} is on the list (at most 6 look-ups for order 3). Order-1
     * candidates are never blocked: the thesis submits all their values (§4.3).
     */
    public boolean blocks(TemplateInstance candidate) {
        if (keys.isEmpty()) {
            return false;
        }
        for (TemplateInstance sub : candidate.properSubInstances()) {
            if (keys.contains(sub.key())) {
                return true;
            }
        }
        return false;
    }
}
