package dev.shapecrawl.core.sitemodel;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/** Classes merged after MDL when their path schemas are near (eq. 3.1), closest pair first. */
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
        assertEquals(3, ClassConsolidation.merge(classes, 0.2).size(), "1/5 is not below 0.2");
        assertEquals(2, ClassConsolidation.merge(classes, 0.2000001).size());
        assertSame(classes, ClassConsolidation.merge(classes, 0), "0: the seed's model");
    }

    @Test
    void theClosestPairMergesFirstAndTheMergedSchemaDecidesNext() {
        // a third variant 2/6 from VARIANT but 3/6 from DETAIL: DETAIL+VARIANT merge first (1/5); the union's schema
        // (n a b c d) is then 2/6 from it, which 0.35 takes and 0.3 does not
        PageClass third = page("http://s.test/d3", "n", "a", "b", "d", "e");
        assertEquals(List.of(ENTRY, DETAIL.union(VARIANT).union(third)),
                ClassConsolidation.merge(List.of(ENTRY, DETAIL, VARIANT, third), 0.35));
        assertEquals(List.of(ENTRY, DETAIL.union(VARIANT), third),
                ClassConsolidation.merge(List.of(ENTRY, DETAIL, VARIANT, third), 0.3));
    }
}
