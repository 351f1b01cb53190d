package dev.shapecrawl.core.sitemodel;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * Classes merged after MDL when their path schemas are near (eq. 3.1), closest pair first: below the floor, then on
 * to the widest jump in merge height.
 */
class ClassConsolidationTest {
    /** A one-page class whose page has a link collection at each of {@code paths}. */
    private static PageClass page(String url, String... paths) {
        Map<String, List<String>> links = new LinkedHashMap<>();
        for (String p : paths) {
            links.put(p, List.of("http://s.test/x"));
        }
        return PageClass.of(new SitePage(url, links, Map.of()));
    }

    // entry: its own paths; two detail variants 1/5 apart (4 shared of 5); a list page far from both
    private static final PageClass ENTRY = page("http://s.test/", "n", "e1", "e2", "e3");
    private static final PageClass DETAIL = page("http://s.test/d1", "n", "a", "b", "c");
    private static final PageClass VARIANT = page("http://s.test/d2", "n", "a", "b", "c", "d");
    private static final PageClass LIST = page("http://s.test/l", "n", "l1", "l2", "l3", "l4");

    @Test
    void nearClassesMergeAndFarOnesStay() {
        List<PageClass> merged = ClassConsolidation.merge(List.of(ENTRY, DETAIL, LIST, VARIANT), 0.4);
        assertEquals(List.of(ENTRY, DETAIL.union(VARIANT), LIST), merged,
                "distance 1/5 < 0.4 merges the variants into the first's place; the rest are 6/7 or more apart");
    }

    @Test
    void theDistanceIsStrictAndZeroMergesNothing() {
        List<PageClass> classes = List.of(ENTRY, DETAIL, VARIANT);
        assertEquals(3, ClassConsolidation.mergeBelow(classes, 0.2).size(), "1/5 is not below 0.2");
        assertEquals(2, ClassConsolidation.mergeBelow(classes, 0.2000001).size());
        assertSame(classes, ClassConsolidation.mergeBelow(classes, 0), "0: the seed's model");
        assertSame(classes, ClassConsolidation.merge(classes, 0), "0: the seed's model, no jump step either");
    }

    @Test
    void theClosestPairMergesFirstAndTheMergedSchemaDecidesNext() {
        // a third variant 2/6 from VARIANT but 3/6 from DETAIL: DETAIL+VARIANT merge first (1/5); the union's schema
        // (n a b c d) is then 2/6 from it, which 0.35 takes and 0.3 does not
        PageClass third = page("http://s.test/d3", "n", "a", "b", "d", "e");
        assertEquals(List.of(ENTRY, DETAIL.union(VARIANT).union(third)),
                ClassConsolidation.mergeBelow(List.of(ENTRY, DETAIL, VARIANT, third), 0.35));
        assertEquals(List.of(ENTRY, DETAIL.union(VARIANT), third),
                ClassConsolidation.mergeBelow(List.of(ENTRY, DETAIL, VARIANT, third), 0.3));
    }

    @Test
    void beyondTheFloorTheMergesGoOnUpToTheWidestJump() {
        // merges at 1/5 (below the floor 0.3), then 2/6: 1.67 times the height 0.2, against the entry's 8/9 next
        // (2.67 times 2/6), so the third variant joins its kind although 2/6 is above the floor; the entry stays apart
        PageClass third = page("http://s.test/d3", "n", "a", "b", "d", "e");
        assertEquals(List.of(ENTRY, DETAIL.union(VARIANT).union(third)),
                ClassConsolidation.merge(List.of(ENTRY, DETAIL, VARIANT, third), 0.3));
        // with the list page too, the same: the list is as far as the entry
        assertEquals(List.of(ENTRY, DETAIL.union(VARIANT).union(third), LIST),
                ClassConsolidation.merge(List.of(ENTRY, DETAIL, VARIANT, third, LIST), 0.3));
        // nothing below the floor: the first merge beyond it rises from height 0, infinitely, and is not made
        assertEquals(List.of(ENTRY, DETAIL, VARIANT, third),
                ClassConsolidation.merge(List.of(ENTRY, DETAIL, VARIANT, third), 0.1));
    }

    @Test
    void theCutFallsBeforeTheWidestRiseOfTheMergeHeight() {
        assertEquals(4, ClassConsolidation.cut(merges(0.1, 0.3, 0.45, 0.5, 0.9), 0.4),
                "below the floor 2; then 1.5, 1.11 and 1.8 times the height before: cut before the 0.9");
        assertEquals(1, ClassConsolidation.cut(merges(0.1, 0.6, 0.7), 0.4),
                "the first merge beyond the floor is the widest rise (6 times 0.1): only the floor's merge");
        assertEquals(0, ClassConsolidation.cut(merges(0.45, 0.41, 0.5, 0.95), 0.4),
                "nothing below the floor: 0.45 rises from 0, infinitely; nothing merged");
        assertEquals(1, ClassConsolidation.cut(merges(0.2, 0.5, 0.2, 0.6), 0.25),
                "a dip does not count: 0.6 is 1.2 times the height 0.5, not 3 times the dip's 0.2; the widest rise is"
                        + " 2.5 times, before the 0.5");
        assertEquals(3, ClassConsolidation.cut(merges(0.1, 0.2, 0.3), 0.4), "every merge below the floor");
        assertEquals(0, ClassConsolidation.cut(List.of(), 0.4));
    }

    private static List<ClassConsolidation.Merge> merges(double... distances) {
        List<ClassConsolidation.Merge> out = new java.util.ArrayList<>();
        for (int i = 0; i < distances.length; i++) {
            out.add(new ClassConsolidation.Merge(0, i + 1, distances[i]));
        }
        return out;
    }
}
