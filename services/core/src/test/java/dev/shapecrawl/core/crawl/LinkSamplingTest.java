package dev.shapecrawl.core.crawl;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A sampled mapping's links of one page ({@link LinkSampling}): three evenly spaced per collection, and the samples'. */
class LinkSamplingTest {
    static final String S = "http://s.test/";

    /** A table of contents: nine API pages, then a part of three tool pages, the sample among them. */
    static final List<String> TOC = List.of(S + "a1", S + "a2", S + "a3", S + "a4", S + "a5", S + "a6", S + "a7",
            S + "a8", S + "a9", S + "tool-a", S + "tool-b", S + "tool-c");

    @Test
    void threeEvenlySpacedLinksOfACollectionMissASmallKind() {
        assertEquals(List.of(S + "a1", S + "a7", S + "tool-c"),
                LinkSampling.choose(Map.of("TOC", TOC), u -> true, 3),
                "first, middle, last: one tool page, and the sample's own page not among them");
    }

    @Test
    void theSampleAndItsNeighboursInEveryCollectionThatHoldsIt() {
        Map<String, List<String>> collections = new LinkedHashMap<>();
        collections.put("TOC", TOC);
        collections.put("NAV", List.of(S + "a1", S + "tool-b"));
        collections.put("FOOT", List.of(S + "about"));

        assertEquals(List.of(S + "tool-a", S + "tool-b", S + "tool-c", S + "a1"),
                LinkSampling.besideSamples(collections, Set.of(S + "tool-b"), u -> true),
                "in the table of contents the sample and both neighbours; in the menu its one neighbour");
    }

    @Test
    void onlyEligibleLinksAreTakenAndNoSampleTakesNothing() {
        Map<String, List<String>> collections = Map.of("TOC", TOC);

        assertEquals(List.of(S + "tool-a", S + "tool-b"),
                LinkSampling.besideSamples(collections, Set.of(S + "tool-a"), u -> !u.equals(S + "a9")),
                "a9, requested already, is not taken again");
        assertEquals(List.of(S + "tool-b", S + "tool-c"),
                LinkSampling.besideSamples(collections, Set.of(S + "tool-c"), u -> true), "the last has one neighbour");
        assertEquals(List.of(), LinkSampling.besideSamples(collections, Set.of(), u -> true));
        assertEquals(List.of(), LinkSampling.besideSamples(collections, Set.of(S + "elsewhere"), u -> true));
    }
}
