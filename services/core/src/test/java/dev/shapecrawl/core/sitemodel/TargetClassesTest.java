package dev.shapecrawl.core.sitemodel;

import dev.shapecrawl.events.SiteModelSnapshot;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The target decision laid over a model's classes, and the model as the {@code site-models} topic carries it. */
class TargetClassesTest {
    private static SitePage page(String url, String... linkPaths) {
        Map<String, List<String>> links = new java.util.LinkedHashMap<>();
        for (String p : linkPaths) {
            links.put(p, List.of("http://s.test/x"));
        }
        return new SitePage(url, links, Map.of("/html/body/h1", List.of("Title")));
    }

    private static final PageClass LISTS = new PageClass(List.of(page("http://s.test/l1", "/nav/a", "/ul/li/a")));
    private static final PageClass DETAILS = new PageClass(List.of(page("http://s.test/d1", "/nav/a", "/dl/dd/a"),
            page("http://s.test/d2", "/nav/a", "/dl/dd/a"), page("http://s.test/d3", "/nav/a", "/dl/dd/a")));
    private static final SiteModel MODEL = new SiteModel(List.of(LISTS, DETAILS),
            List.of(new ClassLink(0, "/ul/li/a", ClassLink.Type.LIST, 1)), 4);

    @Test
    void aClassIsATargetClassWhenMostOfItsPagesAreTargetsAndSaysWhy() {
        Map<String, TargetClasses.Verdict> verdicts = Map.of(
                "http://s.test/l1", new TargetClasses.Verdict(0.4, false),
                "http://s.test/d1", new TargetClasses.Verdict(0.97, true),
                "http://s.test/d2", new TargetClasses.Verdict(0.95, true),
                "http://s.test/d3", new TargetClasses.Verdict(0.85, false));
        SiteModelSnapshot s = TargetClasses.describe("job", 1, "http://s.test/", 10, MODEL, verdicts::get, "DECIDED",
                0.9, "DECIDED: 2 of 4");

        assertEquals(2, s.classes().size());
        SiteModelSnapshot.PageClass details = s.classes().get(0);
        assertEquals(1, details.id(), "largest class first");
        assertEquals(3, details.size());
        assertTrue(details.target(), "2 of 3 pages are targets");
        assertEquals(2, details.targetPages());
        assertEquals(0.85, details.minSimilarity());
        assertEquals(0.97, details.maxSimilarity());
        assertTrue(details.why().contains("2 of 3") && details.why().contains("mixed"), details.why());
        assertEquals(List.of("http://s.test/d1", "http://s.test/d2", "http://s.test/d3"), details.pages());
        assertEquals(List.of("link:/dl/dd/a"), details.distinctivePaths(),
                "the path every detail page has and no list page has; the site-wide ones are not distinctive");

        SiteModelSnapshot.PageClass lists = s.classes().get(1);
        assertFalse(lists.target());
        assertFalse(lists.why().contains("mixed"), lists.why());
        assertEquals(List.of("link:/ul/li/a"), lists.distinctivePaths());

        assertEquals(List.of(new SiteModelSnapshot.ClassLink(2, 1, "/ul/li/a", "LIST")), s.links(),
                "class links renumbered with the classes");
        assertEquals(1, s.targetClasses());
        assertEquals(4, s.sampledPages());
        assertEquals(10, s.mappedPages());
    }

    @Test
    void thePagesSampledAreThePagesReadNotTheLookupsMade() {
        // Inferred from a sampled mapping, inference also looks up links the mapping never fetched; those misses
        // count against its budget n (requests, spec §10) but are no page read: 4 pages, not 9, and never more
        // than the pages mapped.
        SiteModel afterMisses = new SiteModel(MODEL.classes(), MODEL.links(), 9);
        SiteModelSnapshot s = TargetClasses.describe("job", 1, "http://s.test/", 4, afterMisses,
                url -> new TargetClasses.Verdict(0.5, false), "NONE", null, null);
        assertEquals(4, s.sampledPages());
    }

    @Test
    void halfTheClassIsNotAMajorityAndUnknownPagesAreNoTargets() {
        Map<String, TargetClasses.Verdict> verdicts = Map.of("http://s.test/d1", new TargetClasses.Verdict(0.97, true));
        SiteModelSnapshot s = TargetClasses.describe("job", 2, "http://s.test/", 4,
                new SiteModel(List.of(new PageClass(DETAILS.pages().subList(0, 2))), List.of(), 2), verdicts::get,
                "AMBIGUOUS", 0.9, null);
        SiteModelSnapshot.PageClass c = s.classes().get(0);
        assertFalse(c.target(), "1 of 2 is not most");
        assertEquals(1, c.targetPages());
        assertEquals(0.97, c.maxSimilarity(), "the unknown page has no similarity");
        assertTrue(c.distinctivePaths().isEmpty(), "one class: nothing to tell it from");
    }

    @Test
    void theClassesOfASimilarityBandAreNamedWithSizesSimilaritiesAndExamples() {
        Map<String, TargetClasses.Verdict> verdicts = Map.of(
                "http://s.test/l1", new TargetClasses.Verdict(0.4, false),
                "http://s.test/d1", new TargetClasses.Verdict(0.97, true),
                "http://s.test/d2", new TargetClasses.Verdict(0.95, true),
                "http://s.test/d3", new TargetClasses.Verdict(0.85, false));
        SiteModelSnapshot s = TargetClasses.describe("job", 1, "http://s.test/", 10, MODEL, verdicts::get, "AMBIGUOUS",
                0.9, null);
        assertEquals("site model classes there: class 1 (3 pages, similarity 0.850-0.970, target class, e.g. "
                + "http://s.test/d1, http://s.test/d2, http://s.test/d3)", TargetClasses.neighbouring(s, 0.8, 0.86, 3));
        assertEquals("", TargetClasses.neighbouring(s, 0.5, 0.6, 3), "no class has a page in the band");
        assertEquals("site model classes: class 1 (3 pages, similarity 0.850-0.970, target class, e.g. "
                + "http://s.test/d1, http://s.test/d2, http://s.test/d3); and 1 more (./shapecrawl model)",
                TargetClasses.neighbouring(s, null, 1, 1), "every class when there is no band, at most max");
    }
}
