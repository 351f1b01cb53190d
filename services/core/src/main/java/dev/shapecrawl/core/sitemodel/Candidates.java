package dev.shapecrawl.core.sitemodel;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Candidate classes from the pages sampled from one link collection (thesis §3.3.2, Algorithm 1 lines 9–17; spec
 * §3.4): pages with identical schemas form groups; groups are taken largest first, and each absorbs the smaller
 * groups within distance {@code dt} (strictly), compared from the smallest up, its schema recomputed after each merge
 * (spec §8 #6 resolution). A collection often leads to one large group and a few small ones that use a slightly
 * different template for the same kind of page; merging them avoids false splits.
 */
public final class Candidates {
    private Candidates() {
    }

    /**
     * @param pages the pages fetched from one link collection, in fetch order
     * @param dt    the merge threshold, merge when distance &lt; dt (thesis: 0.2)
     * @return the candidate classes, largest group first; equal sizes in order of first appearance (deterministic)
     */
    public static List<PageClass> select(List<SitePage> pages, double dt) {
        Map<Set<SchemaPath>, List<SitePage>> bySchema = new LinkedHashMap<>();
        for (SitePage p : pages) {
            bySchema.computeIfAbsent(p.schema(), k -> new ArrayList<>()).add(p);
        }
        List<PageClass> groups = new ArrayList<>();
        bySchema.values().forEach(g -> groups.add(new PageClass(g)));
        groups.sort(Comparator.comparingInt(PageClass::size).reversed()); // stable: first appearance breaks ties
        boolean[] removed = new boolean[groups.size()];
        for (int i = 0; i < groups.size(); i++) {
            if (removed[i]) {
                continue;
            }
            for (int j = groups.size() - 1; j > i; j--) {
                if (!removed[j] && SchemaDistance.between(groups.get(i).pathSchema(),
                        groups.get(j).pathSchema()) < dt) {
                    groups.set(i, groups.get(i).union(groups.get(j)));
                    removed[j] = true;
                }
            }
        }
        List<PageClass> out = new ArrayList<>();
        for (int i = 0; i < groups.size(); i++) {
            if (!removed[i]) {
                out.add(groups.get(i));
            }
        }
        return out;
    }
}
