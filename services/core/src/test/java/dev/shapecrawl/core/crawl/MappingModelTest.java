package dev.shapecrawl.core.crawl;

import dev.shapecrawl.core.navigation.NavigationPatternGenerator;
import dev.shapecrawl.core.navigation.PatternSettings;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.MappingMode;
import dev.shapecrawl.events.PageCollections;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.ScopeMode;
import dev.shapecrawl.events.SiteModelSnapshot;
import dev.shapecrawl.testkit.site.GeneratedSite;
import dev.shapecrawl.testkit.site.PageKind;
import dev.shapecrawl.testkit.site.SiteShape;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The site model of a finished mapping (issue 18): inferred by the coordinator from the link and text collections the
 * real classifier put on each MAP page ({@link ClassifiedSite}), with the target decision laid over its classes, and
 * published once per mapping. Only Kafka and HTTP are left out.
 */
class MappingModelTest {
    private record Run(GeneratedSite site, SimulatedSite out, InMemoryCrawlStore store, List<PageClassified> answers) {
    }

    /**
     * A job on a generated site with a full mapping: these tests are about the model inferred from a mapping (its
     * own bounded sample of n pages, its classes, its collections), not about how the mapping chose its pages.
     */
    private static Run run(SiteShape shape) {
        GeneratedSite site = GeneratedSite.generate(shape);
        CrawlSeed seed = CrawlSeed.of(shape.name(), ClassifiedSite.BASE + site.entry())
                .withMapping(MappingMode.FULL, null);
        List<PageClassified> answers = new ArrayList<>();
        SimulatedSite out = ClassifiedSite.recorded(site, shape.name(), answers);
        InMemoryCrawlStore store = new InMemoryCrawlStore();
        CrawlCoordinator coordinator = new CrawlCoordinator(store, out,
                new NavigationPatternGenerator(PatternSettings.defaults()), () -> 0L);
        coordinator.onSeed(seed);
        out.drain(coordinator);
        return new Run(site, out, store, answers);
    }

    @Test
    void theMappingsModelHasTheTargetsAsItsTargetClassAndIsPublishedOnce() {
        Run r = run(SiteShape.ejazz());
        assertEquals(Phase.IDLE, r.out().lastStatus().phase(), r.out().lastStatus().toString());
        assertEquals(1, r.out().models.size(), "one model per mapping");
        SiteModelSnapshot model = r.out().models.get(0);
        assertEquals("DECIDED", model.decisionStatus());
        assertNotNull(model.targetThreshold());
        assertEquals(r.out().patterns.get(0).targetThreshold(), model.targetThreshold(), "the pattern's decision");
        assertTrue(model.sampledPages() > 0 && model.sampledPages() <= 200, "bounded by n: " + model.sampledPages());
        assertTrue(model.sampledPages() <= model.mappedPages(), "pages read are mapped pages: "
                + model.sampledPages() + " of " + model.mappedPages());
        assertTrue(model.classes().size() >= 2, "targets and the rest: " + model.classes().size());
        assertFalse(model.links().isEmpty(), "class links");

        // every sampled target page sits in a target class, and a target class holds only target pages
        for (SiteModelSnapshot.PageClass c : model.classes()) {
            for (String url : c.pages()) {
                boolean truth = r.site().isTarget(ClassifiedSite.path(url));
                assertEquals(truth, c.target(), () -> "class " + c.id() + " " + c.why() + " holds " + url);
            }
            assertTrue(c.target() ? c.targetPages() == c.size() : c.targetPages() == 0, c::why);
        }
        assertTrue(model.targetClasses() >= 1);
        assertEquals(0, r.store().collectionsKept(), "the mapping's collections go with the mapping");
    }

    /**
     * Issue 18, bounds: a site of thousands of classes (every page its own template) ends with a clear status, and its
     * model stays bounded by n: at most 200 pages sampled, so at most 200 classes, however many pages were mapped.
     */
    @Test
    void aSiteOfThousandsOfClassesEndsClearlyWithAModelBoundedByN() {
        String base = "http://s.test/";
        SimulatedSite site = new SimulatedSite(u -> u.contains("/item/"));
        List<String> lists = new ArrayList<>();
        for (int l = 0; l < 30; l++) {
            List<String> out = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                String page = base + (i % 2 == 0 ? "item/" : "note/") + l + "-" + i;
                out.add(page);
                site.page(page, base);
            }
            site.page(base + "list/" + l, out.toArray(String[]::new));
            lists.add(base + "list/" + l);
        }
        site.page(base, lists.toArray(String[]::new));
        // every page its own template: a link path no other page has
        site.collections = u -> new PageCollections(Map.of("/html/body/div[@id]/" + u.hashCode() + "/a",
                site.links.get(u)), Map.of());
        CrawlCoordinator coordinator = new CrawlCoordinator(new InMemoryCrawlStore(), site,
                new NavigationPatternGenerator(PatternSettings.defaults()), () -> 0L);
        coordinator.onSeed(new CrawlSeed("many", base, ScopeMode.HOST, 10_000, 5, null, null, Map.of(), false)
                .withMapping(MappingMode.FULL, null));
        site.drain(coordinator);

        assertEquals(Phase.IDLE, site.lastStatus().phase(), site.lastStatus().toString());
        assertEquals(1_500, site.lastStatus().targets(), "the targets, by similarity");
        SiteModelSnapshot model = site.models.get(0);
        assertEquals(3_031, model.mappedPages());
        assertTrue(model.sampledPages() <= 200, "n bounds the sample: " + model.sampledPages());
        assertEquals(model.classes().stream().mapToInt(SiteModelSnapshot.PageClass::size).sum(), model.sampledPages(),
                "the pages read are the pages of the classes");
        assertTrue(model.classes().size() <= 200 && model.classes().size() > 100,
                "a class per sampled page or so: " + model.classes().size());
    }

    /**
     * MAP pages carry their link and text collections (the model's material); a crawled page that is not a target
     * carries its link collections alone (the crawl follows class links by them, issue 19); a crawled target and an
     * unclassified page carry none.
     */
    @Test
    void onlyMapPagesCarryCollectionsAndTheModelReadsNoPageTwice() {
        Run r = run(SiteShape.mixedDistractors());
        long requests = r.out().requests.size();
        int crawlHubs = 0;
        for (PageClassified a : r.answers()) {
            if (a.request().purpose() == Purpose.MAP && a.similarity() != null) {
                assertNotNull(a.collections(), a.request().url());
            } else if (a.request().purpose() == Purpose.CRAWL && a.similarity() != null && !a.target()) {
                assertNotNull(a.collections(), a.request().url());
                assertTrue(a.collections().texts().isEmpty(), "links alone: " + a.request().url());
                crawlHubs++;
            } else {
                assertNull(a.collections(), a.request().purpose() + " " + a.request().url());
            }
        }
        assertTrue(crawlHubs > 0, "the crawl went through hub pages");
        assertEquals(requests, r.answers().size(), "inference fetched nothing: the model is read from the mapping");
        SiteModelSnapshot model = r.out().models.get(0);
        // the distractor kinds are classes of their own, never target classes
        for (SiteModelSnapshot.PageClass c : model.classes()) {
            for (String url : c.pages()) {
                PageKind kind = r.site().kind(ClassifiedSite.path(url)).orElseThrow();
                if (kind != PageKind.TARGET) {
                    assertFalse(c.target(), () -> kind + " page " + url + " in target class " + c.why());
                }
            }
        }
    }
}
