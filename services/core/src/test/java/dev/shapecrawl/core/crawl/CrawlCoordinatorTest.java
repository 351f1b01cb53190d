package dev.shapecrawl.core.crawl;

import dev.shapecrawl.core.navigation.NavigationPatternGenerator;
import dev.shapecrawl.core.navigation.PatternSettings;
import dev.shapecrawl.events.CrawlSample;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.Hashes;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.PageCollections;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.ScopeMode;
import dev.shapecrawl.events.SiteModelSnapshot;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CrawlCoordinatorTest {
    private static final String E = "http://s.test/";

    /**
     * An E-Jazz-like site (Vidal 2006, specification §4.3): the entry links two artist lists, an about page and
     * one artist directly (a shortcut); lists link artists; an artist links a related artist reachable from no
     * list; the about page links news pages that link back.
     */
    private static SimulatedSite site() {
        SimulatedSite site = new SimulatedSite(u -> u.startsWith(E + "artist?"));
        site.page(E, E + "list/A", E + "list/B", E + "about", E + "artist?cd=1", "http://other.test/x");
        site.page(E + "list/A", E + "artist?cd=1", E + "artist?cd=2", E + "artist?cd=3", E);
        site.page(E + "list/B", E + "artist?cd=4", E + "artist?cd=5", E);
        site.page(E + "about", E + "news/1", E + "news/2");
        site.page(E + "news/1", E);
        site.page(E + "news/2", E);
        for (int i = 1; i <= 5; i++) {
            site.page(E + "artist?cd=" + i, E + "artist?cd=99", E);
        }
        site.page(E + "artist?cd=99", E);
        return site;
    }

    private static CrawlCoordinator coordinator(InMemoryCrawlStore store, SimulatedSite site) {
        return new CrawlCoordinator(store, site, new NavigationPatternGenerator(PatternSettings.defaults()),
                () -> 1_000L);
    }

    private static List<String> urls(List<FetchRequest> requests, Purpose purpose) {
        return requests.stream().filter(r -> r.purpose() == purpose).map(FetchRequest::url).toList();
    }

    @Test
    void mapsBreadthFirstLearnsThePatternAndCrawlsByIt() {
        InMemoryCrawlStore store = new InMemoryCrawlStore();
        SimulatedSite site = site();
        CrawlCoordinator coordinator = coordinator(store, site);

        coordinator.onSeed(CrawlSeed.of("j", E));
        assertEquals(List.of(E), urls(site.requests, Purpose.MAP));
        assertEquals(Phase.MAPPING, site.lastStatus().phase());
        site.drain(coordinator);

        List<String> mapped = urls(site.requests, Purpose.MAP);
        assertEquals(Set.copyOf(mapped).size(), mapped.size(), "no URL requested twice while mapping");
        assertFalse(mapped.contains("http://other.test/x"), "out of scope");
        assertFalse(mapped.contains(E + "artist?cd=99"), "target pages are not expanded while mapping");
        assertEquals(List.of(E, E + "list/A", E + "list/B", E + "about", E + "artist?cd=1"), mapped.subList(0, 5),
                "breadth-first, in link order");

        assertEquals(1, site.patterns.size());
        assertEquals(1, site.patterns.get(0).patternVersion());
        assertEquals(5, site.patterns.get(0).targetsMapped());

        List<String> crawled = urls(site.requests, Purpose.CRAWL);
        assertEquals(E, crawled.get(0), "the crawl starts at the entry point");
        assertFalse(crawled.contains(E + "about"), "the crawl follows only links the pattern matches");
        assertFalse(crawled.stream().anyMatch(u -> u.contains("news")));
        for (int i = 1; i <= 5; i++) {
            assertTrue(crawled.contains(E + "artist?cd=" + i), "artist " + i + " crawled");
        }
        assertTrue(crawled.contains(E + "artist?cd=99"),
                "the related artist, linked from artist pages only: a target page's links its target step takes");
        assertEquals(1, crawled.stream().filter((E + "artist?cd=99")::equals).count(), "requested once");
        CrawlStatus last = site.lastStatus();
        assertEquals(Phase.IDLE, last.phase());
        assertEquals(1, last.run());
        assertEquals(1, last.patternVersion());
        assertTrue(last.targets() >= 5, "targets found by the crawl: " + last.targets());
        assertEquals(1, last.newTargets(), "the mapping found the others first; the related artist is the crawl's");
        assertEquals(mapped.size(), last.mappingFetches());
        assertEquals(crawled.size(), last.crawlingFetches());
        assertTrue(last.crawlingFetches() < last.mappingFetches(), last.toString());
        assertEquals(1, store.traversals(), "the map is dropped once the pattern is learned");
        NavigationPattern pattern = site.patterns.get(0);
        assertEquals(0.675, pattern.targetThreshold(), 1e-9, "the site's gap 0.95 -> 0.4");
        assertTrue(pattern.decision().startsWith("DECIDED"), pattern.decision());
        assertTrue(site.requests.stream().filter(r -> r.purpose() == Purpose.CRAWL)
                .allMatch(r -> pattern.targetThreshold().equals(r.targetThreshold())), "each crawl request carries it");
        for (FetchRequest r : site.requests) {
            if (r.purpose() == Purpose.CRAWL) {
                assertEquals(r.url().equals(E) || r.url().contains("list/") ? Boolean.TRUE : null, r.expanded(),
                        "the entry and the lists the crawl expands ask for their collections; the target step is a leaf: " + r.url());
            }
        }
    }

    /**
     * gtk-doc's reference pages each link "Up" to their chapter, a page the target step's regex takes that is no
     * target: the crawl reads a confirmed target page's links its target step takes, and a link name under which
     * {@link LinkSampling#PER_COLLECTION} pages have been requested, none found a target, is taken no more; a link of
     * another name to a target (the related artist, linked from artist pages only) still is.
     */
    @Test
    void aTargetPagesLinksOfANameThatLedToNoTargetAreTakenNoMore() {
        SimulatedSite site = new SimulatedSite(u -> u.startsWith(E + "artist?cd=") && !u.matches(".*cd=5[0-9]$"));
        site.page(E, E + "list/A", E + "list/B", E + "about");
        site.page(E + "list/A", E + "artist?cd=1", E + "artist?cd=2", E + "artist?cd=3", E + "artist?cd=4", E);
        site.page(E + "list/B", E + "artist?cd=5", E + "artist?cd=6", E + "artist?cd=7", E + "artist?cd=8", E);
        site.page(E + "about", E);
        for (int i = 1; i <= 8; i++) {
            site.page(E + "artist?cd=" + i, E + "artist?cd=5" + i, E + "artist?cd=99", E);
            site.page(E + "artist?cd=5" + i, E + "list/A");
        }
        site.page(E + "artist?cd=99", E);
        site.anchorText = u -> u.matches(".*cd=5[0-9]$") ? "Up" : u.endsWith("cd=99") ? "The Related" : "";
        run(site);
        List<String> crawled = urls(site.requests, Purpose.CRAWL);
        assertEquals(Phase.IDLE, site.lastStatus().phase(), String.valueOf(site.lastStatus()));
        assertEquals(List.of(E + "artist?cd=51", E + "artist?cd=52", E + "artist?cd=53"),
                crawled.stream().filter(u -> u.matches(".*cd=5[0-9]$")).toList(),
                "three pages by the name \"Up\", none a target: no more of them");
        assertTrue(crawled.contains(E + "artist?cd=99"), "the related artist, by another name: " + crawled);
        for (int i = 1; i <= 8; i++) {
            assertTrue(crawled.contains(E + "artist?cd=" + i), "artist " + i);
        }
    }

    /**
     * A site of one template (QDoc, Sphinx, gi-docgen): every page is at least the decision's floor like the sample,
     * the entry point included. Left unexpanded, the pages like the sample ended QDoc's sampled mapping after 20
     * pages, all of them the entry's first links, and the decision saw nothing but the samples' kind; so the mapping
     * expands them too while it has applied no page below the floor.
     */
    @Test
    void aMappingThatHasSeenNothingBelowTheFloorExpandsThePagesLikeTheSamples() {
        SimulatedSite site = site();
        site.similarity = u -> site.isTarget.test(u) ? 0.95 : 0.85;
        run(site);
        List<String> mapped = urls(site.requests, Purpose.MAP);
        assertTrue(mapped.contains(E + "artist?cd=99"), "an artist page was expanded: " + mapped);
        assertEquals(0, site.statuses.stream().filter(st -> st.phase() == Phase.FAILED).count());
    }

    @Test
    void oncePageBelowTheFloorIsAppliedThePagesLikeTheSamplesAreNotExpanded() {
        SimulatedSite site = site();
        // the entry (0.85) is applied first, then list/A (0.4): artist?cd=1, linked from the entry, comes after it
        site.similarity = u -> u.equals(E + "list/A") ? 0.4 : site.isTarget.test(u) ? 0.95 : 0.85;
        run(site);
        List<String> mapped = urls(site.requests, Purpose.MAP);
        assertFalse(mapped.contains(E + "artist?cd=99"), "no artist page expanded: " + mapped);
        assertTrue(mapped.containsAll(List.of(E + "artist?cd=1", E + "artist?cd=5")), mapped.toString());
    }

    @Test
    void aJobWithItsOwnThresholdKeepsAlgorithmTwo() {
        SimulatedSite site = site();
        site.similarity = u -> site.isTarget.test(u) ? 0.95 : 0.85;
        CrawlCoordinator coordinator = coordinator(new InMemoryCrawlStore(), site);
        coordinator.onSeed(new CrawlSeed("j", E, CrawlSeed.of("j", E).scope(), 100, 10, null, 0.9, null, null, false));
        site.drain(coordinator);
        List<String> mapped = urls(site.requests, Purpose.MAP);
        assertFalse(mapped.contains(E + "artist?cd=99"), "no target page expanded: " + mapped);
    }

    @Test
    void theSiteWideDecisionMovesTheBoundaryToTheSitesGap() {
        // every artist at 0.85, below the fixed 0.879 (the mapping's provisional verdict: none is a target), the
        // rest at 0.5 or lower: the site's gap takes the five artists (and the related artist the crawl meets)
        SimulatedSite site = new SimulatedSite(u -> false);
        SimulatedSite shape = site();
        site.links.putAll(shape.links);
        site.similarity = u -> u.startsWith(E + "artist?") ? 0.85 : u.equals(E) ? 0.2 : 0.5;
        run(site);
        assertEquals(1, site.patterns.size(), String.valueOf(site.lastStatus()));
        assertEquals(0.675, site.patterns.get(0).targetThreshold(), 1e-9);
        assertEquals(Phase.IDLE, site.lastStatus().phase());
        assertTrue(site.lastStatus().targets() >= 5, site.lastStatus().toString());
    }

    /**
     * The site above with no clear boundary: artists 0.99, news 0.90, lists 0.81 (two 0.09 gaps), the rest 0.74,
     * below the decision's floor.
     */
    private static SimulatedSite ambiguousSite() {
        SimulatedSite site = site();
        site.similarity = u -> u.startsWith(E + "artist?") ? 0.99 : u.contains("/news/") ? 0.90
                : u.contains("/list/") ? 0.81 : 0.74;
        return site;
    }

    /** One template per kind, as a site generator writes them: the model's classes are the kinds. */
    private static void oneTemplatePerKind(SimulatedSite site) {
        site.collections = u -> {
            String kind = u.startsWith(E + "artist?") ? "artist" : u.contains("/news/") ? "news"
                    : u.contains("/list/") ? "list" : "other";
            return new PageCollections(Map.of("/html/body/div[@class]/" + kind + "/a", site.links.get(u)),
                    Map.of("/html/body/h1", List.of(kind)));
        };
    }

    /** Maps and, if the decision allows, crawls {@code site} from its entry point with a default seed. */
    private static void run(SimulatedSite site) {
        CrawlCoordinator coordinator = coordinator(new InMemoryCrawlStore(), site);
        coordinator.onSeed(CrawlSeed.of("j", E));
        site.drain(coordinator);
    }

    @Test
    void noClearBoundaryEndsTheMappingAmbiguousAndNamesTheNeighbours() {
        SimulatedSite site = ambiguousSite();
        run(site);
        CrawlStatus last = site.lastStatus();
        assertEquals(Phase.AMBIGUOUS, last.phase());
        assertTrue(last.lastError().contains(E + "news/"), last.lastError());
        assertTrue(last.lastError().contains("negative sample"), last.lastError());
        assertTrue(site.patterns.isEmpty(), "no pattern is published on a guess");
        assertTrue(urls(site.requests, Purpose.CRAWL).isEmpty(), "nothing is crawled");
    }

    @Test
    void anAmbiguousMappingNamesTheSiteModelsClassesOfTheNeighboursAndPublishesTheModel() {
        SimulatedSite site = ambiguousSite();
        oneTemplatePerKind(site);
        run(site);
        CrawlStatus last = site.lastStatus();
        assertEquals(Phase.AMBIGUOUS, last.phase());
        assertEquals(1, site.models.size(), "the model is published, also when the decision is ambiguous");
        SiteModelSnapshot model = site.models.get(0);
        assertEquals("AMBIGUOUS", model.decisionStatus());
        SiteModelSnapshot.PageClass news = model.classes().stream()
                .filter(c -> c.examples().get(0).contains("/news/")).findFirst().orElseThrow();
        String named = last.lastError().substring(last.lastError().indexOf("site model classes there: "));
        assertTrue(named.contains("class " + news.id() + " (" + news.size() + " pages, similarity 0.900-0.900"),
                last.lastError());
        assertTrue(named.contains("negative sample"), "the way out is still said: " + last.lastError());
    }

    /**
     * erl_docgen's shape (docs/evaluation.md, "Held out, third run"): the news pages share the targets' frame, so
     * they score just below the targets and far above the rest, and the similarity's widest gap takes them. The site
     * model's classes tell the two apart as the narrow gap does ({@code InnerBoundary}), so the mapping ends AMBIGUOUS
     * and names them instead of crawling them as targets; a negative sample like a news page then decides.
     */
    @Test
    void aSecondBoundaryTheSiteModelAgreesWithEndsTheMappingAmbiguous() {
        SimulatedSite site = site();
        site.similarity = u -> u.startsWith(E + "artist?") ? 0.99 : u.contains("/news/") ? 0.965 : 0.4;
        oneTemplatePerKind(site);
        run(site);
        CrawlStatus last = site.lastStatus();
        assertEquals(Phase.AMBIGUOUS, last.phase(), String.valueOf(last));
        assertTrue(last.lastError().contains("site model agrees with a second boundary"), last.lastError());
        assertTrue(last.lastError().contains("the 2 pages below it"), last.lastError());
        assertTrue(last.lastError().contains(E + "news/1"), last.lastError());
        assertTrue(site.patterns.isEmpty(), "no pattern is published on a guess");
        assertTrue(urls(site.requests, Purpose.CRAWL).isEmpty(), "nothing is crawled");
        assertEquals("AMBIGUOUS", site.models.get(0).decisionStatus());

        SimulatedSite again = site();
        again.similarity = site.similarity;
        oneTemplatePerKind(again);
        again.negativeSimilarity = u -> u.contains("/news/") ? 0.99 : 0.5;
        run(again);
        assertEquals(Phase.IDLE, again.lastStatus().phase(), String.valueOf(again.lastStatus()));
        assertTrue(again.patterns.get(0).decision().startsWith("DECIDED"), again.patterns.get(0).decision());
        assertTrue(again.lastStatus().targets() > 0, String.valueOf(again.lastStatus()));
        assertTrue(urls(again.requests, Purpose.CRAWL).stream().noneMatch(u -> u.contains("/news/")),
                "the crawl leaves the news pages alone: " + urls(again.requests, Purpose.CRAWL));
    }

    /**
     * jsoncpp's shape (docs/evaluation.md, "Held out, fifth run"): a class list, six class pages, and a namespace
     * page in the class pages' template that lists every class, scoring below them but above the gap the decision
     * takes. {@code ListedTargets} leaves it out: the boundary moves into the gap above it, and the crawl takes the six
     * class pages and not the namespace page. Without the namespace page's links the decision would take it.
     */
    @Test
    void aTakenPageThatListsEveryOtherTakenPageIsLeftOutOfTheTargets() {
        String namespace = E + "namespace";
        List<String> classes = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            classes.add(E + "class?id=" + i);
        }
        SimulatedSite site = new SimulatedSite(u -> u.startsWith(E + "class?") || u.equals(namespace));
        List<String> entry = new ArrayList<>(classes);
        entry.add(namespace);
        site.page(E, entry.toArray(String[]::new));
        site.page(namespace, classes.toArray(String[]::new));
        classes.forEach(c -> site.page(c, namespace));
        site.similarity = u -> u.startsWith(E + "class?") ? 0.97 : u.equals(namespace) ? 0.90 : 0.74;
        site.collections = u -> new PageCollections(u.equals(E)
                ? Map.of("/html/body/table/tr/td/a", classes, "/html/body/div/a", List.of(namespace))
                : u.equals(namespace) ? Map.of("/html/body/table/tr/td/a", classes)
                : Map.of("/html/body/div/a", List.of(namespace)), Map.of());
        run(site);
        CrawlStatus last = site.lastStatus();
        assertEquals(Phase.IDLE, last.phase(), String.valueOf(last));
        NavigationPattern pattern = site.patterns.get(0);
        assertTrue(pattern.decision().contains("lists of the targets, left out below 0.935"), pattern.decision());
        assertTrue(pattern.decision().contains(namespace), pattern.decision());
        assertEquals(0.935, pattern.targetThreshold(), 1e-9);
        assertEquals(6, last.targets(), "the six class pages, not the namespace page: " + last);

        SimulatedSite unlinked = new SimulatedSite(site.isTarget);
        site.links.forEach((u, out) -> unlinked.page(u, out.toArray(String[]::new)));
        unlinked.similarity = site.similarity;
        unlinked.collections = u -> new PageCollections(Map.of("/html/body/a", u.equals(namespace) ? classes.subList(0, 2)
                : unlinked.links.get(u)), Map.of());
        run(unlinked);
        assertEquals(7, unlinked.lastStatus().targets(), "a namespace page that lists only some classes is taken: "
                + unlinked.lastStatus());
    }

    @Test
    void aNegativeSampleLikeTheNamedNeighboursResolvesTheAmbiguity() {
        // the site above, now with a negative sample like a news page: the news pages are nearer to it
        SimulatedSite site = ambiguousSite();
        site.negativeSimilarity = u -> u.contains("/news/") ? 0.99 : 0.5;
        run(site);
        assertEquals(Phase.IDLE, site.lastStatus().phase(), String.valueOf(site.lastStatus()));
        NavigationPattern pattern = site.patterns.get(0);
        assertEquals(0.90, pattern.targetThreshold(), 1e-9, "the gap 0.99 -> 0.81 once the news pages are out");
        assertEquals(5, pattern.targetsMapped());
        assertTrue(pattern.decision().startsWith("DECIDED"), pattern.decision());
    }

    /**
     * The same job published again after AMBIGUOUS, with a negative sample: its mapping and its first crawl run let
     * the fetcher answer with the copies fetched since the first mapping began (the site is not fetched again); a
     * remap does not, but its first crawl run reads the remap's copies; a re-crawl fetches.
     */
    @Test
    void aMappingAskedAgainAfterAmbiguousReusesThePreviousMappingsPages() {
        SimulatedSite site = ambiguousSite();
        long[] now = {1_000};
        CrawlCoordinator coordinator = new CrawlCoordinator(new InMemoryCrawlStore(), site,
                new NavigationPatternGenerator(PatternSettings.defaults()), () -> now[0]);
        coordinator.onSeed(CrawlSeed.of("j", E));
        site.drain(coordinator);
        assertEquals(Phase.AMBIGUOUS, site.lastStatus().phase());
        assertTrue(site.requests.stream().allMatch(r -> r.reuseSinceMs() == null), "the first mapping fetches");

        now[0] = 50_000;
        int before = site.requests.size();
        site.negativeSimilarity = u -> u.contains("/news/") ? 0.99 : 0.5;
        coordinator.onSeed(CrawlSeed.of("j", E));
        site.drain(coordinator);
        assertEquals(Phase.IDLE, site.lastStatus().phase(), String.valueOf(site.lastStatus()));
        List<FetchRequest> second = site.requests.subList(before, site.requests.size());
        List<FetchRequest> mapped = second.stream().filter(r -> r.purpose() == Purpose.MAP).toList();
        assertFalse(mapped.isEmpty());
        assertTrue(mapped.stream().allMatch(r -> Long.valueOf(1_000).equals(r.reuseSinceMs())),
                "every request of the second mapping accepts the first mapping's copies");
        List<FetchRequest> crawled = second.stream().filter(r -> r.purpose() == Purpose.CRAWL).toList();
        assertFalse(crawled.isEmpty());
        assertTrue(crawled.stream().allMatch(r -> Long.valueOf(1_000).equals(r.reuseSinceMs())),
                "the first crawl run after the mapping reads the same copies: one fetch per URL per run");

        now[0] = 90_000;
        before = site.requests.size();
        coordinator.onSeed(new CrawlSeed("j", E, null, null, null, null, null, null, null, true));
        site.drain(coordinator);
        List<FetchRequest> third = site.requests.subList(before, site.requests.size());
        assertTrue(third.stream().filter(r -> r.purpose() == Purpose.MAP).allMatch(r -> r.reuseSinceMs() == null),
                "a remap asks for the site as it is now");
        assertTrue(third.stream().filter(r -> r.purpose() == Purpose.CRAWL)
                .allMatch(r -> Long.valueOf(90_000).equals(r.reuseSinceMs())), "and its crawl reads the remap's pages");

        now[0] = 120_000;
        before = site.requests.size();
        coordinator.onSeed(CrawlSeed.of("j", E));
        site.drain(coordinator);
        List<FetchRequest> recrawl = site.requests.subList(before, site.requests.size());
        assertFalse(recrawl.isEmpty());
        assertTrue(recrawl.stream().allMatch(r -> r.purpose() == Purpose.CRAWL && r.reuseSinceMs() == null),
                "a re-crawl by the pattern asks for the site as it is now: " + recrawl);
    }

    /**
     * A decided job published again with one more sample maps again from the copies fetched since its first mapping
     * began and learns a new pattern (the old samples' pattern leads only where their mapping went); if that mapping
     * ends AMBIGUOUS, the same seed again maps again rather than re-crawling by the older pattern; and a seed naming
     * the samples the pattern was learnt with re-crawls by it, fetching.
     */
    @Test
    void aDecidedJobGivenAnotherSampleMapsAgainFromTheStoredCopies() {
        SimulatedSite site = ambiguousSite();
        site.negativeSimilarity = u -> u.contains("/news/") ? 0.99 : 0.5;
        long[] now = {1_000};
        CrawlCoordinator coordinator = new CrawlCoordinator(new InMemoryCrawlStore(), site,
                new NavigationPatternGenerator(PatternSettings.defaults()), () -> now[0]);
        coordinator.onSeed(CrawlSeed.of("j", E).withSampleIds(List.of("s1", "n1")));
        site.drain(coordinator);
        assertEquals(Phase.IDLE, site.lastStatus().phase(), String.valueOf(site.lastStatus()));
        assertEquals(1, site.patterns.size());

        now[0] = 50_000;
        int before = site.requests.size();
        coordinator.onSeed(CrawlSeed.of("j", E).withSampleIds(List.of("s1", "s2", "n1")));
        site.drain(coordinator);
        assertEquals(Phase.IDLE, site.lastStatus().phase(), String.valueOf(site.lastStatus()));
        List<FetchRequest> second = site.requests.subList(before, site.requests.size());
        List<FetchRequest> mapped = second.stream().filter(r -> r.purpose() == Purpose.MAP).toList();
        assertFalse(mapped.isEmpty(), "another sample: the site is mapped again " + second);
        assertTrue(mapped.stream().allMatch(r -> Long.valueOf(1_000).equals(r.reuseSinceMs())),
                "from the copies fetched since the first mapping began");
        assertTrue(second.stream().filter(r -> r.purpose() == Purpose.CRAWL)
                .allMatch(r -> Long.valueOf(1_000).equals(r.reuseSinceMs())), "and so is its first crawl run");
        assertEquals(2, site.patterns.size(), "a new pattern is learnt");
        assertEquals(2, site.patterns.get(1).patternVersion());

        now[0] = 70_000;
        site.negativeSimilarity = u -> null; // the samples of this seed leave the site without a clear boundary
        coordinator.onSeed(CrawlSeed.of("j", E).withSampleIds(List.of("s1", "s2")));
        site.drain(coordinator);
        assertEquals(Phase.AMBIGUOUS, site.lastStatus().phase(), String.valueOf(site.lastStatus()));
        before = site.requests.size();
        coordinator.onSeed(CrawlSeed.of("j", E).withSampleIds(List.of("s1", "s2")));
        site.drain(coordinator);
        List<FetchRequest> afterAmbiguous = site.requests.subList(before, site.requests.size());
        assertTrue(afterAmbiguous.stream().anyMatch(r -> r.purpose() == Purpose.MAP)
                        && afterAmbiguous.stream().noneMatch(r -> r.purpose() == Purpose.CRAWL),
                "after AMBIGUOUS the seed maps again, not a re-crawl by the pattern before it: " + afterAmbiguous);
        assertEquals(Phase.AMBIGUOUS, site.lastStatus().phase(), String.valueOf(site.lastStatus()));

        now[0] = 90_000;
        site.negativeSimilarity = u -> u.contains("/news/") ? 0.99 : 0.5;
        coordinator.onSeed(CrawlSeed.of("j", E).withSampleIds(List.of("s1", "s2", "n1")));
        site.drain(coordinator);
        assertEquals(Phase.IDLE, site.lastStatus().phase(), String.valueOf(site.lastStatus()));
        before = site.requests.size();
        coordinator.onSeed(CrawlSeed.of("j", E).withSampleIds(List.of("n1", "s2", "s1")));
        site.drain(coordinator);
        List<FetchRequest> recrawl = site.requests.subList(before, site.requests.size());
        assertFalse(recrawl.isEmpty());
        assertTrue(recrawl.stream().allMatch(r -> r.purpose() == Purpose.CRAWL && r.reuseSinceMs() == null),
                "the samples the pattern was learnt with, in any order: a re-crawl by it " + recrawl);
    }

    /**
     * Issue 19: the first crawl run after a mapping is answered from the fetcher's copies (one fetch per URL per run),
     * and crawl-status says how many; a re-crawl of the unchanged site is answered 304s, counted too.
     */
    @Test
    void theFirstRunReadsTheMappingsCopiesAndARecrawlCountsNotModified() {
        SimulatedSite site = site();
        site.validators = true;
        long[] now = {1_000};
        CrawlCoordinator coordinator = new CrawlCoordinator(new InMemoryCrawlStore(), site,
                new NavigationPatternGenerator(PatternSettings.defaults()), () -> now[0]++);
        coordinator.onSeed(CrawlSeed.of("j", E));
        site.drain(coordinator);
        CrawlStatus first = site.lastStatus();
        assertTrue(first.mappingStartedMs() > 0 && first.crawlStartedMs() > first.mappingStartedMs(),
                "the phases' starts: " + first);
        assertEquals(first.mappingStartedMs(), first.runStartedMs(), "a first run starts with its mapping");
        assertTrue(first.pagesPerSecond().isPresent(), "pages per second of the run");
        assertEquals(Phase.IDLE, first.phase(), String.valueOf(first));
        assertTrue(first.crawlingFetches() > 0);
        assertEquals(first.crawlingFetches() - 1, first.crawlingReused(),
                "every page of the first run was mapped but the related artist, linked from artist pages only");
        assertEquals(0, first.crawlingNotModified());
        assertEquals(0, first.mappingReused());
        assertEquals(first.mappingFetches() + 1, first.siteRequests(),
                "the site saw the mapping's requests and the related artist's");
        assertTrue(site.requests.stream().noneMatch(r -> r.knownTargetHash() != null),
                "no page was a crawl run's target before the first run");
        int firstRun = site.requests.size();

        coordinator.onSeed(CrawlSeed.of("j", E));
        site.drain(coordinator);
        CrawlStatus again = site.lastStatus();
        assertEquals(Phase.IDLE, again.phase(), String.valueOf(again));
        assertEquals(2, again.run());
        assertEquals(0, again.crawlingReused(), "a re-crawl asks the site");
        assertEquals(again.crawlingFetches(), again.crawlingNotModified(), "and the unchanged site answers 304s");
        assertTrue(again.crawlStartedMs() > first.crawlStartedMs(), "the run's own start");
        assertEquals(again.crawlStartedMs(), again.runStartedMs(), "a re-crawl starts with its crawl");
        List<FetchRequest> recrawl = site.requests.subList(firstRun, site.requests.size());
        assertTrue(recrawl.stream().anyMatch(r -> r.knownTargetHash() != null), "targets of run 1");
        for (FetchRequest r : recrawl) {
            boolean runOnesTarget = site.isTarget.test(r.url()) && !r.url().equals(E);
            assertEquals(runOnesTarget ? Hashes.sha256Hex(r.url()) : null, r.knownTargetHash(),
                    "a target of run 1 carries the hash of the content its records came from: " + r.url());
        }

        coordinator.onSeed(new CrawlSeed("j", E, null, null, null, null, null, null, null, true));
        site.drain(coordinator);
        CrawlStatus remapped = site.lastStatus();
        assertEquals(Phase.IDLE, remapped.phase(), String.valueOf(remapped));
        assertEquals(remapped.mappingFetches(), remapped.mappingNotModified(),
                "a remap asks every page conditionally, and the unchanged site answers 304s");
        assertEquals(0, remapped.mappingReused());
        assertTrue(remapped.runStartedMs() > again.crawlStartedMs()
                && remapped.runStartedMs() == remapped.mappingStartedMs(), "a remap starts its run: " + remapped);
    }

    @Test
    void aJobThresholdDecidesEachPageAsBefore() {
        SimulatedSite site = site();
        site.similarity = u -> u.startsWith(E + "artist?") ? 0.97 : u.contains("/news/") ? 0.93
                : u.contains("/list/") ? 0.89 : 0.3;
        CrawlCoordinator coordinator = coordinator(new InMemoryCrawlStore(), site);
        coordinator.onSeed(new CrawlSeed("j", E, CrawlSeed.of("j", E).scope(), 100, 10, null, 0.95, null, null, false));
        site.drain(coordinator);
        assertEquals(Phase.IDLE, site.lastStatus().phase(), String.valueOf(site.lastStatus()));
        assertNull(site.patterns.get(0).targetThreshold(), "the job's own threshold, no site-wide decision");
        assertEquals(5, site.patterns.get(0).targetsMapped());
    }

    @Test
    void theShortcutIsReachedThroughTheListThatAlsoNamesIt() {
        SimulatedSite site = site();
        CrawlCoordinator coordinator = coordinator(new InMemoryCrawlStore(), site);
        coordinator.onSeed(CrawlSeed.of("j", E));
        site.drain(coordinator);
        NavigationPattern pattern = site.patterns.get(0);
        // artist?cd=1 hangs under the entry in the breadth-first map (the shortcut, specification §4.3), but list A
        // names it too (a referrer): the lists branch reaches all 5 targets and no shortcut branch is needed
        assertEquals(1, pattern.branches().size(), String.valueOf(pattern.branches()));
        NavigationPattern.Branch lists = pattern.branches().get(0);
        assertEquals(List.of("^https?://s\\.test/list/[a-zA-Z]+$", "^https?://s\\.test/artist\\?cd=[0-9]+$"),
                lists.steps().stream().map(NavigationPattern.Step::urlRegex).toList());
        assertEquals(5, lists.targetCount());
        assertEquals(List.of(E + "list/A", E + "list/B"), lists.steps().get(0).examples());
        assertEquals(1.0, pattern.coverage());
        assertEquals(1, urls(site.requests, Purpose.CRAWL).stream().filter((E + "artist?cd=1")::equals).count(),
                "found on list A by the crawl, requested once");
    }

    @Test
    void aPageReachedAgainBeforeItsAnswerIsExpandedInEveryStateItWasReachedIn() {
        // a stored pattern whose two branches share the hub step at different depths
        String hub = "^https?://s\\.test/hub/[0-9]+$";
        NavigationPattern pattern = new NavigationPattern("j", 1, E, List.of(
                new NavigationPattern.Branch(List.of(step(hub), step("^https?://s\\.test/item/[0-9]+$")), 1),
                new NavigationPattern.Branch(List.of(step("^https?://s\\.test/sec/[a-z]+$"), step(hub),
                        step("^https?://s\\.test/deep/[0-9]+$")), 1)), 2, 1.0, null, null);
        InMemoryCrawlStore store = new InMemoryCrawlStore();
        store.putJob(new JobState("j", CrawlSeed.of("j", E), null, Phase.IDLE, 1, 1, pattern, 0, 0, 0, 0, 0, 0, 0, 0,
                100, 100, null, List.of(), List.of(), 0, 0, 0, 0, 0, 0, 0, 0, 0, false, null, false));
        SimulatedSite site = new SimulatedSite(u -> u.contains("/item/") || u.contains("/deep/"));
        site.page(E, E + "sec/a", E + "hub/1");
        site.page(E + "sec/a", E + "hub/1", E + "hub/2");
        site.page(E + "hub/1", E + "item/1", E + "deep/1");
        site.page(E + "hub/2", E + "deep/2");
        site.page(E + "item/1").page(E + "deep/1").page(E + "deep/2");
        CrawlCoordinator coordinator = coordinator(store, site);

        coordinator.onSeed(CrawlSeed.of("j", E));
        site.drain(coordinator);

        List<String> crawled = urls(site.requests, Purpose.CRAWL);
        assertEquals(1, site.requestsFor(E + "hub/1"));
        assertTrue(crawled.contains(E + "item/1"), "hub/1 as step 1 of the first branch");
        assertTrue(crawled.contains(E + "deep/1"), "hub/1 as step 2 of the second: reached from sec/a before its answer");
        assertTrue(crawled.contains(E + "deep/2"));
        assertEquals(3, site.lastStatus().targets());
        assertEquals(Phase.IDLE, site.lastStatus().phase());
    }

    private static NavigationPattern.Step step(String regex) {
        return new NavigationPattern.Step("LINK", regex, null, false, List.of());
    }

    /**
     * Answers are applied in request order, whatever order they arrive in: the requests (URL, parent, depth, in
     * sequence), the pattern and the final status are those of a first-in, first-out answerer, for the mapping,
     * the first crawl and a re-crawl; nothing stays parked.
     */
    @Test
    void answersArrivingInAnyOrderGiveTheTraversalsOfAnInOrderAnswerer() {
        SimulatedSite inOrder = site();
        CrawlCoordinator fifo = coordinator(new InMemoryCrawlStore(), inOrder);
        fifo.onSeed(CrawlSeed.of("j", E));
        inOrder.drain(fifo);
        fifo.onSeed(CrawlSeed.of("j", E));
        inOrder.drain(fifo);
        for (long seed = 0; seed < 20; seed++) {
            InMemoryCrawlStore store = new InMemoryCrawlStore();
            SimulatedSite shuffled = site();
            CrawlCoordinator coordinator = coordinator(store, shuffled);
            coordinator.onSeed(CrawlSeed.of("j", E));
            shuffled.drainShuffled(coordinator, new Random(seed));
            coordinator.onSeed(CrawlSeed.of("j", E));
            shuffled.drainShuffled(coordinator, new Random(~seed));
            String order = "arrival order " + seed;
            assertEquals(inOrder.requests, shuffled.requests, order);
            assertEquals(inOrder.patterns, shuffled.patterns, order);
            assertEquals(inOrder.lastStatus(), shuffled.lastStatus(), order);
            assertEquals(0, store.parkedAnswers(), order);
        }
    }

    /** A redirect's final URL is marked seen in its answer's turn, and that turn passes without a request. */
    @Test
    void aRedirectsFinalUrlIsMarkedSeenInItsTurn() {
        SimulatedSite links = site();
        Function<FetchRequest, PageClassified> redirecting = request -> {
            PageClassified a = links.answer(request);
            // the about page answers from news/1's URL, which it also links: news/1 is seen without a request
            return !request.url().equals(E + "about") ? a : new PageClassified(a.jobId(), request, E + "news/1",
                    a.status(), a.similarity(), a.target(), a.nearestSample(), a.outlinks(), a.forms(),
                    a.contentHash(), a.byteSize(), a.nodeCount(), a.reason(), null, null);
        };
        List<List<FetchRequest>> runs = new ArrayList<>();
        for (long seed = -1; seed < 10; seed++) {
            InMemoryCrawlStore store = new InMemoryCrawlStore();
            SimulatedSite site = SimulatedSite.answeredBy(redirecting);
            CrawlCoordinator coordinator = coordinator(store, site);
            coordinator.onSeed(CrawlSeed.of("j", E));
            if (seed < 0) {
                site.drain(coordinator);
            } else {
                site.drainShuffled(coordinator, new Random(seed));
            }
            assertEquals(0, site.requestsFor(E + "news/1"), "marked seen when the about page's answer was applied");
            assertEquals(1, site.requestsFor(E + "news/2"));
            assertEquals(Phase.IDLE, site.lastStatus().phase(), "the mark's turn passed");
            assertEquals(0, store.parkedAnswers());
            runs.add(site.requests);
        }
        assertEquals(1, runs.stream().distinct().count(), "the same requests in every arrival order");
    }

    @Test
    void aRepublishedSeedRecrawlsByTheStoredPatternAndCountsNewTargets() {
        InMemoryCrawlStore store = new InMemoryCrawlStore();
        SimulatedSite site = site();
        CrawlCoordinator coordinator = coordinator(store, site);
        coordinator.onSeed(CrawlSeed.of("j", E));
        site.drain(coordinator);
        int before = site.requests.size();

        site.page(E + "list/B", E + "artist?cd=4", E + "artist?cd=5", E + "artist?cd=6", E);
        site.page(E + "artist?cd=6", E);
        coordinator.onSeed(CrawlSeed.of("j", E));
        site.drain(coordinator);

        List<FetchRequest> second = site.requests.subList(before, site.requests.size());
        assertTrue(urls(second, Purpose.MAP).isEmpty(), "no mapping on a re-crawl");
        assertTrue(urls(second, Purpose.CRAWL).contains(E + "artist?cd=6"));
        CrawlStatus last = site.lastStatus();
        assertEquals(Phase.IDLE, last.phase());
        assertEquals(2, last.run());
        assertEquals(1, last.newTargets());
        assertEquals(1, site.patterns.size(), "the stored pattern is reused");
    }

    @Test
    void remapLearnsTheNextPatternVersion() {
        InMemoryCrawlStore store = new InMemoryCrawlStore();
        SimulatedSite site = site();
        CrawlCoordinator coordinator = coordinator(store, site);
        coordinator.onSeed(CrawlSeed.of("j", E));
        site.drain(coordinator);
        coordinator.onSeed(new CrawlSeed("j", E, null, null, null, null, null, null, true));
        assertEquals(Phase.MAPPING, site.lastStatus().phase());
        site.drain(coordinator);
        assertEquals(2, site.patterns.size());
        assertEquals(2, site.patterns.get(1).patternVersion());
        assertEquals(Phase.IDLE, site.lastStatus().phase());
    }

    @Test
    void limitsBoundTheMapping() {
        SimulatedSite site = site();
        CrawlCoordinator coordinator = coordinator(new InMemoryCrawlStore(), site);
        coordinator.onSeed(new CrawlSeed("j", E, ScopeMode.HOST, 4, null, null, null, null, null));
        site.drain(coordinator);
        assertEquals(4, urls(site.requests, Purpose.MAP).size(), "maxPages counts the entry point");

        SimulatedSite shallow = site();
        CrawlCoordinator other = coordinator(new InMemoryCrawlStore(), shallow);
        other.onSeed(new CrawlSeed("k", E, ScopeMode.HOST, null, 1, null, null, null, null));
        shallow.drain(other);
        List<FetchRequest> mapped = shallow.requests.stream().filter(r -> r.purpose() == Purpose.MAP).toList();
        assertTrue(mapped.stream().allMatch(r -> r.depth() <= 1), "maxDepth 1: entry and its links only");
        assertFalse(urls(mapped, Purpose.MAP).contains(E + "artist?cd=2"));
    }

    @Test
    void duplicateAnswersChangeNothing() {
        SimulatedSite site = site();
        CrawlCoordinator coordinator = coordinator(new InMemoryCrawlStore(), site);
        coordinator.onSeed(CrawlSeed.of("j", E));
        FetchRequest entry = site.queue.poll();
        coordinator.onPage(site.answer(entry));
        int requests = site.requests.size();
        CrawlStatus status = site.lastStatus();
        coordinator.onPage(site.answer(entry));
        assertEquals(requests, site.requests.size());
        assertEquals(status.fetched(), site.lastStatus().fetched());
        site.drain(coordinator);
        assertEquals(Phase.IDLE, site.lastStatus().phase());
    }

    @Test
    void anAnswerForAJobThisStoreDoesNotHoldIsReportedNotDroppedSilently() {
        SimulatedSite site = site();
        CrawlCoordinator coordinator = coordinator(new InMemoryCrawlStore(), site);
        coordinator.onSeed(CrawlSeed.of("j", E));
        FetchRequest entry = site.queue.poll();
        int requests = site.requests.size();
        int statuses = site.statuses.size();
        PageClassified stray = site.answer(FetchRequest.get("other-job", entry.url(), Purpose.MAP, 0));

        assertEquals(Delivery.UNKNOWN_JOB, coordinator.onPage(stray));
        assertEquals(requests, site.requests.size(), "nothing requested for the unknown job");
        assertEquals(statuses, site.statuses.size(), "no status for the unknown job");
        assertEquals(Delivery.ACCEPTED, coordinator.onPage(site.answer(entry)));
        assertEquals(Delivery.ACCEPTED, coordinator.onPage(site.answer(entry)), "a redelivery is a known job's");
        PageClassified sample = site.answer(FetchRequest.get("other-job", E + "artist?cd=1", Purpose.SAMPLE, 0));
        assertEquals(Delivery.ACCEPTED, coordinator.onPage(sample), "samples are not the pattern service's");
        site.drain(coordinator);
        assertEquals(Phase.IDLE, site.lastStatus().phase());
    }

    @Test
    void aSeedPublishedWhileMappingWaitsForTheEnd() {
        SimulatedSite site = site();
        CrawlCoordinator coordinator = coordinator(new InMemoryCrawlStore(), site);
        coordinator.onSeed(CrawlSeed.of("j", E));
        coordinator.onPage(site.answer(site.queue.poll()));
        coordinator.onSeed(CrawlSeed.of("j", E));
        assertEquals(Phase.MAPPING, site.lastStatus().phase());
        site.drain(coordinator);
        List<Long> runs = site.statuses.stream().map(CrawlStatus::run).distinct().collect(Collectors.toList());
        assertEquals(List.of(0L, 1L, 2L), runs, "the waiting seed started the second crawl run");
        assertEquals(Phase.IDLE, site.lastStatus().phase());
    }

    @Test
    void aMappingWithoutTargetsFailsWithAReason() {
        SimulatedSite site = new SimulatedSite(u -> false);
        site.page(E, E + "a");
        site.page(E + "a", E);
        CrawlCoordinator coordinator = coordinator(new InMemoryCrawlStore(), site);
        coordinator.onSeed(CrawlSeed.of("j", E));
        site.drain(coordinator);
        CrawlStatus last = site.lastStatus();
        assertEquals(Phase.FAILED, last.phase());
        assertNotNull(last.lastError());
        assertTrue(last.lastError().contains("no target page"), last.lastError());
        assertTrue(site.patterns.isEmpty());
    }

    /**
     * A sampled mapping reads the lists that hold a positive sample ({@link LinkSampling#besideSamples}): the entry's
     * table of contents names nine other pages, then three tool pages; three evenly spaced links reach one tool page,
     * the sample's neighbours the other two.
     */
    @Test
    void aSampledMappingRequestsTheSamplesNeighboursInTheListsThatHoldIt() {
        List<String> toc = new ArrayList<>();
        for (int i = 1; i <= 9; i++) {
            toc.add(E + "a" + i);
        }
        toc.addAll(List.of(E + "tool-a", E + "tool-b", E + "tool-c"));
        for (Boolean negative : Arrays.asList(null, Boolean.TRUE)) {
            SimulatedSite site = new SimulatedSite(u -> u.startsWith(E + "tool-"));
            site.page(E, toc.toArray(String[]::new));
            toc.forEach(u -> site.page(u, E));
            site.collections = url -> url.equals(E) ? new PageCollections(Map.of("TOC", toc), Map.of()) : null;
            CrawlCoordinator coordinator = coordinator(new InMemoryCrawlStore(), site);
            coordinator.onSample(new CrawlSample("j", "s1", E + "tool-b", null, negative));
            coordinator.onSeed(CrawlSeed.of("j", E));
            site.drain(coordinator);

            List<String> mapped = urls(site.requests, Purpose.MAP);
            if (negative == null) {
                assertTrue(mapped.containsAll(List.of(E + "tool-a", E + "tool-b", E + "tool-c")), mapped.toString());
            } else {
                assertEquals(List.of(E, E + "a1", E + "a7", E + "tool-c"), mapped,
                        "a negative sample's neighbours are not taken: three evenly spaced links alone");
            }
        }
    }

    /**
     * A navigation bar whose links change with the page (a javadoc's "Use" and "Next package"), at one path on every
     * package page: once three pages sampled through that path are applied and none is a target, the mapping samples
     * it no more ({@link CollectionOutcomes}), so the chain of "next" links stops there, while the class lists, whose
     * pages are targets, are sampled on every package page the mapping expands. The crawl still reaches every class.
     */
    @Test
    void aCollectionPathThatLedToOtherPagesOnlyIsSampledNoMore() {
        int packages = 10;
        SimulatedSite site = packageSite(packages, (p, pkg) -> Map.of("BODY-DIV-UL-LI-A",
                p < packages ? List.of(pkg + "/use", E + "p" + (p + 1)) : List.of(pkg + "/use")));
        InMemoryCrawlStore store = new InMemoryCrawlStore();
        CrawlCoordinator coordinator = coordinator(store, site);
        coordinator.onSeed(CrawlSeed.of("j", E));
        site.drain(coordinator);

        List<String> mapped = urls(site.requests, Purpose.MAP);
        assertEquals(List.of(E, E + "p1", E + "p1/C1", E + "p1/C3", E + "p1/C4", E + "p1/use", E + "p2",
                        E + "p2/C1", E + "p2/C3", E + "p2/C4", E + "p2/use", E + "p3", E + "p3/C1", E + "p3/C3",
                        E + "p3/C4"), mapped,
                "p3 is expanded after p1/use, p2 and p2/use were applied, none a target: its navigation bar is not"
                        + " sampled; its class list is");
        Set<String> found = site.requests.stream().filter(r -> r.purpose() == Purpose.CRAWL)
                .map(FetchRequest::url).filter(u -> u.contains("/C")).collect(Collectors.toSet());
        assertEquals(4 * packages, found.size(), "the crawl reaches the classes of every package: " + found);
        assertEquals(Map.of(), store.job("j").orElseThrow().collections().paths(),
                "the counts are dropped when the mapping ends (the state is written with every answer)");
    }

    /**
     * A link of one name that stands at another path on every page (Haddock's "Source" beside each declaration): the
     * path rule closes nothing, since each path is met once. Once three pages sampled through links of that name are
     * answered and none is a target, the mapping samples no more links of that name (on packages 4 to 8 here), while
     * the class lists are sampled on every package page. The same site whose source links each carry their own name
     * is sampled as before, every source page; the crawl reaches every class either way.
     */
    @Test
    void aLinkNameThatLedToOtherPagesOnlyIsSampledNoMore() {
        int packages = 8;
        for (boolean oneName : List.of(true, false)) {
            SimulatedSite site = packageSite(packages, (p, pkg) -> {
                Map<String, List<String>> nav = new java.util.LinkedHashMap<>();
                nav.put("BODY-DIV-" + "P-".repeat(p) + "A", List.of(pkg + "/src")); // a path of its own each time
                if (p < packages) {
                    nav.put("BODY-DIV-" + "SPAN-".repeat(p) + "A", List.of(E + "p" + (p + 1)));
                }
                return nav;
            });
            site.anchorText = u -> u.endsWith("/src") ? (oneName ? "Source" : "Source of " + u) : u;
            run(site);

            List<String> sources = urls(site.requests, Purpose.MAP).stream().filter(u -> u.endsWith("/src")).toList();
            if (oneName) {
                assertEquals(List.of(E + "p1/src", E + "p2/src", E + "p3/src"), sources,
                        "p4 is expanded after the first three source pages were answered, none a target");
            } else {
                assertEquals(packages, sources.size(), "each name met once stays open: " + sources);
            }
            Set<String> found = site.requests.stream().filter(r -> r.purpose() == Purpose.CRAWL)
                    .map(FetchRequest::url).filter(u -> u.contains("/C")).collect(Collectors.toSet());
            assertEquals(4 * packages, found.size(), "the crawl reaches the classes of every package: " + found);
        }
    }

    /**
     * A chain of package pages from the entry: package {@code p} ({@code E + "p" + p}) lists its four classes, the
     * targets, at one path, then the links {@code nav} gives it (path -> URLs, in order); a link to a page under the
     * package ({@code p1/use}) is a page of no links.
     */
    private static SimulatedSite packageSite(int packages, BiFunction<Integer, String, Map<String, List<String>>> nav) {
        SimulatedSite site = new SimulatedSite(u -> u.contains("/C"));
        site.page(E, E + "p1");
        Map<String, PageCollections> collections = new java.util.HashMap<>();
        collections.put(E, new PageCollections(Map.of("OVERVIEW", List.of(E + "p1")), Map.of()));
        for (int p = 1; p <= packages; p++) {
            String pkg = E + "p" + p;
            List<String> classes = List.of(pkg + "/C1", pkg + "/C2", pkg + "/C3", pkg + "/C4");
            Map<String, List<String>> paths = new java.util.LinkedHashMap<>();
            paths.put("BODY-TABLE-TR-TD-A", classes);
            paths.putAll(nav.apply(p, pkg));
            List<String> links = new ArrayList<>();
            paths.values().forEach(links::addAll);
            site.page(pkg, links.toArray(String[]::new));
            classes.forEach(c -> site.page(c, E));
            links.stream().filter(u -> u.startsWith(pkg + "/") && !classes.contains(u)).forEach(site::page);
            collections.put(pkg, new PageCollections(paths, Map.of()));
        }
        site.collections = collections::get;
        return site;
    }

    @Test
    void samplesGivenByUrlAreRequested() {
        SimulatedSite site = site();
        CrawlCoordinator coordinator = coordinator(new InMemoryCrawlStore(), site);
        coordinator.onSample(new CrawlSample("j", "s1", E + "artist?cd=1", null, null));
        coordinator.onSample(new CrawlSample("j", "s2", null, "<html><body><p>x</p></body></html>", null));
        List<FetchRequest> requests = new ArrayList<>(site.requests);
        assertEquals(1, requests.size());
        assertEquals(Purpose.SAMPLE, requests.get(0).purpose());
    }

    @Test
    void aSampleThatCannotBeFetchedFailsTheJobWithItsReasonAndStopsTheMapping() {
        SimulatedSite site = site();
        CrawlCoordinator coordinator = coordinator(new InMemoryCrawlStore(), site);
        coordinator.onSeed(CrawlSeed.of("j", E));
        coordinator.onPage(site.answer(site.queue.poll()));
        int requested = site.requests.size();

        // the site answers 404 for a URL it does not hold: no body, so no hash
        coordinator.onPage(site.answer(FetchRequest.get("j", E + "gone.html", Purpose.SAMPLE, 0)));
        CrawlStatus failed = site.lastStatus();
        assertEquals(Phase.FAILED, failed.phase());
        assertTrue(failed.lastError().contains("sample page " + E + "gone.html cannot be used: HTTP_STATUS: 404"),
                failed.lastError());
        site.drain(coordinator);
        assertEquals(requested, site.requests.size(), "the mapping's outstanding answers request nothing more");
        assertEquals(Phase.FAILED, site.lastStatus().phase());
        assertTrue(site.patterns.isEmpty());
    }

    /** The mapping's answers may overtake the sample's: a mapping that ended first takes the sample's reason. */
    @Test
    void aSampleFailureArrivingAfterTheMappingEndedBecomesTheJobsReason() {
        SimulatedSite site = new SimulatedSite(u -> false);
        site.page(E); // without a usable sample, the classifier gives the entry no links: the mapping ends at once
        CrawlCoordinator coordinator = coordinator(new InMemoryCrawlStore(), site);
        coordinator.onSeed(CrawlSeed.of("j", E));
        site.drain(coordinator);
        assertEquals(Phase.FAILED, site.lastStatus().phase());
        assertTrue(site.lastStatus().lastError().contains("no target page"), site.lastStatus().lastError());

        coordinator.onPage(site.answer(FetchRequest.get("j", E + "gone.html", Purpose.SAMPLE, 0)));
        CrawlStatus failed = site.lastStatus();
        assertEquals(Phase.FAILED, failed.phase());
        assertEquals("sample page " + E + "gone.html cannot be used: HTTP_STATUS: 404", failed.lastError());
    }

    /** A re-crawl failed by a bad sample leaves no crawl state behind, and the next seed crawls again. */
    @Test
    void aReCrawlFailedByABadSampleDropsItsStateAndTheNextSeedCrawls() {
        InMemoryCrawlStore store = new InMemoryCrawlStore();
        SimulatedSite site = site();
        CrawlCoordinator coordinator = coordinator(store, site);
        coordinator.onSeed(CrawlSeed.of("j", E));
        site.drain(coordinator);
        coordinator.onSeed(CrawlSeed.of("j", E));
        assertEquals(Phase.CRAWLING, site.lastStatus().phase());
        coordinator.onPage(site.answer(FetchRequest.get("j", E + "gone.html", Purpose.SAMPLE, 0)));
        assertEquals(Phase.FAILED, site.lastStatus().phase());
        assertEquals(0, store.traversals(), "the failed crawl's URL entries are dropped");
        site.drain(coordinator);
        coordinator.onSeed(CrawlSeed.of("j", E));
        site.drain(coordinator);
        assertEquals(Phase.IDLE, site.lastStatus().phase());
        assertEquals(3, site.lastStatus().run());
        assertEquals(1, store.traversals());
    }

    @Test
    void aSampleOutsideTheJobsScopeFailsTheJob() {
        SimulatedSite site = site();
        site.page("http://other.test/x", E);
        CrawlCoordinator coordinator = coordinator(new InMemoryCrawlStore(), site);
        coordinator.onSeed(CrawlSeed.of("j", E));
        coordinator.onPage(site.answer(FetchRequest.get("j", "http://other.test/x", Purpose.SAMPLE, 0)));
        CrawlStatus failed = site.lastStatus();
        assertEquals(Phase.FAILED, failed.phase());
        assertTrue(failed.lastError().contains("sample page http://other.test/x is outside the job's scope (HOST of "
                + E + ")"), failed.lastError());
    }

    @Test
    void aUsableSampleLeavesTheMappingRunning() {
        SimulatedSite site = site();
        CrawlCoordinator coordinator = coordinator(new InMemoryCrawlStore(), site);
        coordinator.onSeed(CrawlSeed.of("j", E));
        coordinator.onPage(site.answer(FetchRequest.get("j", E + "artist?cd=1", Purpose.SAMPLE, 0)));
        assertEquals(Phase.MAPPING, site.lastStatus().phase());
        site.drain(coordinator);
        assertEquals(Phase.IDLE, site.lastStatus().phase());
        assertEquals(1, site.patterns.size());
    }

    /**
     * A pattern that reaches half the mapped targets: the first crawl run requests the other half directly (top-up:
     * the first run delivers every target the decision took); a re-crawl, by the pattern alone, finds half and says
     * so instead of ending as if it had found them all.
     */
    @Test
    void theFirstRunFetchesTheDecidedTargetsThePatternMissesAndAReCrawlThatReachesFewerSaysSo() {
        SimulatedSite full = site();
        CrawlCoordinator coordinator = coordinator(new InMemoryCrawlStore(), full);
        coordinator.onSeed(CrawlSeed.of("j", E));
        full.drain(coordinator);
        assertEquals(Phase.IDLE, full.lastStatus().phase());
        assertNull(full.lastStatus().lastError(), "the default pattern reaches every mapped target");

        // half the items hang below a list, half below an article; the seed's single path takes one way only
        SimulatedSite onePath = new SimulatedSite(u -> u.startsWith(E + "item?"));
        onePath.page(E, E + "list", E + "news/1");
        onePath.page(E + "list", E + "item?id=1", E + "item?id=2", E + "item?id=3");
        onePath.page(E + "news/1", E + "item?id=4", E + "item?id=5", E + "item?id=6");
        for (int i = 1; i <= 6; i++) {
            onePath.page(E + "item?id=" + i, E);
        }
        InMemoryCrawlStore store = new InMemoryCrawlStore();
        CrawlCoordinator seedFaithful = new CrawlCoordinator(store, onePath,
                new NavigationPatternGenerator(PatternSettings.seedFaithful()), () -> 1_000L);
        seedFaithful.onSeed(CrawlSeed.of("j", E));
        onePath.drain(seedFaithful);
        CrawlStatus first = onePath.lastStatus();
        NavigationPattern pattern = onePath.patterns.get(0);
        assertEquals(0.5, pattern.coverage(), 1e-9, "the seed's single path reaches half the mapped targets");
        assertEquals(Phase.IDLE, first.phase());
        assertEquals(6, first.targets(), "the first run tops up what the pattern missed: " + first);
        assertNull(first.lastError(), first.toString());
        List<String> crawled = urls(onePath.requests, Purpose.CRAWL);
        assertEquals(crawled.size(), crawled.stream().distinct().count(), "no page requested twice in the run");
        assertEquals(1, store.traversals(), "the map is dropped after the top-up");

        seedFaithful.onSeed(CrawlSeed.of("j", E));
        onePath.drain(seedFaithful);
        CrawlStatus end = onePath.lastStatus();
        assertEquals(2, end.run());
        assertEquals(Phase.IDLE, end.phase());
        assertTrue(end.targets() < pattern.targetsMapped(), end + " " + pattern);
        assertEquals("crawl run 2 found " + end.targets() + " target pages, fewer than the " + pattern.targetsMapped()
                + " the mapping decided (the navigation pattern's 1 branches reach "
                + String.format(java.util.Locale.ROOT, "%.1f", 100 * pattern.coverage())
                + "% of those): the rest were not reached", end.lastError());
    }

    @Test
    void aSeedNamingAnUnknownSimilarityFailsTheJobBeforeAnyFetch() {
        SimulatedSite site = site();
        CrawlCoordinator coordinator = coordinator(new InMemoryCrawlStore(), site);
        coordinator.onSeed(new CrawlSeed("j", E, null, null, null, "rtdm-nonesuch", null, null, null, null));
        CrawlStatus failed = site.lastStatus();
        assertEquals(Phase.FAILED, failed.phase());
        assertTrue(failed.lastError().startsWith("seed refused: unknown structural similarity 'rtdm-nonesuch'; known: "),
                failed.lastError());
        assertTrue(site.requests.isEmpty(), "nothing fetched");

        coordinator.onSeed(new CrawlSeed("j", E, null, null, null, "rtdm-plain", null, null, null, null));
        assertEquals(Phase.MAPPING, site.lastStatus().phase(), "a good seed starts the job afterwards");
    }

    /** Issue 18, bounds: a site whose sample is its only page of a kind ends with that one target, said plainly. */
    @Test
    void aSiteWhoseSampleIsItsOnlyPageOfAKindEndsWithThatOneTarget() {
        SimulatedSite site = new SimulatedSite(u -> u.equals(E + "artist?cd=1"));
        site.page(E, E + "list/A", E + "about");
        site.page(E + "list/A", E + "artist?cd=1", E);
        site.page(E + "about", E);
        site.page(E + "artist?cd=1", E);
        site.similarity = u -> u.equals(E + "artist?cd=1") ? 1.0 : 0.4;
        CrawlCoordinator coordinator = coordinator(new InMemoryCrawlStore(), site);
        coordinator.onSeed(CrawlSeed.of("j", E));
        site.drain(coordinator);
        CrawlStatus end = site.lastStatus();
        assertEquals(Phase.IDLE, end.phase(), end.toString());
        assertEquals(1, end.targets());
        NavigationPattern pattern = site.patterns.get(0);
        assertEquals(1, pattern.targetsMapped());
        assertTrue(pattern.decision().startsWith("DECIDED: 1 of 4 mapped pages above a gap of 0.600 at 0.700"),
                pattern.decision());
    }
}
