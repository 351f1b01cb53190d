package dev.shapecrawl.core.crawl;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    @Test
    void aClosedPathGivesNoLinkAndEachLinkNamesItsPath() {
        Map<String, List<String>> collections = new LinkedHashMap<>();
        collections.put("TOC", TOC);
        collections.put("NAV", List.of(S + "use", S + "tree"));

        assertEquals(Map.of(S + "a1", "TOC", S + "a7", "TOC", S + "tool-c", "TOC", S + "use", "NAV", S + "tree", "NAV"),
                LinkSampling.choose(collections, u -> true, path -> true, 3));
        assertEquals(Map.of(S + "a1", "TOC", S + "a7", "TOC", S + "tool-c", "TOC"),
                LinkSampling.choose(collections, u -> true, path -> !path.equals("NAV"), 3));
    }

    @Test
    void aPathClosesAfterThreeOtherPagesAndATargetKeepsItOpen() {
        String nav = CollectionOutcomes.id("BODY-DIV-UL-LI-A");
        String list = CollectionOutcomes.id("BODY-TABLE-TR-TD-A");
        CollectionOutcomes o = CollectionOutcomes.NONE;
        for (int i = 0; i < LinkSampling.PER_COLLECTION; i++) {
            assertTrue(o.open(nav), "open after " + i + " other pages");
            o = o.applied(nav, false).applied(list, i == 1);
        }
        assertFalse(o.open(nav), "three other pages: closed");
        assertTrue(o.open(list), "a target among three: open");
        assertTrue(o.open(CollectionOutcomes.id("elsewhere")), "a path never sampled is open");
    }

    @Test
    void aNameClosesOnThreePagesRequestedAndOpensAgainWhenOneIsFoundATarget() {
        String up = CollectionOutcomes.id("target link: Up");
        CollectionOutcomes o = CollectionOutcomes.NONE;
        for (int i = 0; i < LinkSampling.PER_COLLECTION; i++) {
            assertTrue(o.open(up), "open after " + i + " requests");
            o = o.requested(up);
        }
        assertFalse(o.open(up), "three requested, none found a target yet: closed");
        assertTrue(o.found(up).open(up), "one of them a target: open again");
        assertFalse(o.open(up), "immutable");
    }

    @Test
    void atMostMaxPathsAreTrackedAndANewPathBeyondStaysOpen() {
        CollectionOutcomes o = CollectionOutcomes.NONE;
        for (int i = 0; i < CollectionOutcomes.MAX_PATHS; i++) {
            o = o.applied("p" + i, false);
        }
        CollectionOutcomes full = o;
        for (int i = 0; i < LinkSampling.PER_COLLECTION; i++) {
            o = o.applied("beyond", false).applied("p0", false);
        }
        assertEquals(CollectionOutcomes.MAX_PATHS, o.paths().size());
        assertTrue(o.open("beyond"), "untracked: sampled as the seed does");
        assertFalse(o.open("p0"), "a tracked path still counts");
        assertTrue(full.open("p0"), "immutable: the earlier value is unchanged");
    }
}
