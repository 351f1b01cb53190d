package dev.shapecrawl.core.crawl;

import dev.shapecrawl.core.classify.ClassifierSettings;
import dev.shapecrawl.core.classify.JobModel;
import dev.shapecrawl.core.classify.PageClassifier;
import dev.shapecrawl.core.fetch.AddressClass;
import dev.shapecrawl.core.fetch.FetchSettings;
import dev.shapecrawl.core.fetch.Fetcher;
import dev.shapecrawl.core.navigation.NavigationPatternGenerator;
import dev.shapecrawl.core.navigation.PatternSettings;
import dev.shapecrawl.core.page.CrawlScope;
import dev.shapecrawl.core.page.PageAnalyzer;
import dev.shapecrawl.core.tree.TreeBuilder;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.MappingMode;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.SamplePage;
import dev.shapecrawl.testkit.hostile.HostileSite;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The infinite link spaces of the {@link HostileSite} are bounded per job by the seed's {@code maxDepth} and
 * {@code maxPages}: the coordinator maps them over real HTTP (the real {@link Fetcher} and the real
 * {@link PageClassifier}, answers in request order as one host gives them) and stops at the bound, then ends the
 * job. Only the public API of {@link CrawlCoordinator} is used.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class HostileTrapCrawlTest {
    /** A sample no trap page resembles, so nothing is a target and the traps are explored as far as allowed. */
    private static final String SAMPLE = "<html><body><div class=\"main\"><h1>Title</h1><table class=\"t\"><tr>"
            + "<td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table></div></body></html>";

    private static HostileSite site;
    private static Fetcher fetcher;

    @BeforeAll
    static void start() {
        site = HostileSite.start();
        fetcher = new Fetcher(FetchSettings.builder().allowedAddresses(Set.of(AddressClass.LOOPBACK))
                .politenessDelayMs(0).maxAttempts(1).build());
    }

    @AfterAll
    static void stop() {
        fetcher.close();
        site.close();
    }

    /** Maps from {@code entryPath} with the seed's limits; the site the coordinator sees answers over HTTP. */
    private static SimulatedSite crawl(String jobId, String entryPath, int maxPages, int maxDepth, MappingMode mode) {
        CrawlSeed seed = new CrawlSeed(jobId, site.url(entryPath), null, maxPages, maxDepth, null, null, null, null)
                .withMapping(mode, null);
        JobModel model = JobModel.of(List.of(new SamplePage(jobId, "s1", site.url("/sample"),
                SamplePage.Status.READY, SAMPLE, null, null)), null, null, TreeBuilder.DEFAULT_MAX_NODES);
        PageClassifier classifier = new PageClassifier(ClassifierSettings.defaults(), new PageAnalyzer());
        CrawlScope scope = CrawlScope.of(seed);
        SimulatedSite answers = SimulatedSite.answeredBy(request -> classifier.classify(fetch(request), model, scope)
                .classified());
        CrawlCoordinator coordinator = new CrawlCoordinator(new InMemoryCrawlStore(), answers,
                new NavigationPatternGenerator(PatternSettings.defaults()), System::currentTimeMillis);
        coordinator.onSeed(seed);
        answers.drain(coordinator);
        return answers;
    }

    private static PageFetched fetch(FetchRequest request) {
        try {
            return fetcher.fetch(request).toCompletableFuture().get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("fetch did not complete: " + e, e);
        }
    }

    private static long mapRequests(SimulatedSite s) {
        return s.requests.stream().filter(r -> r.purpose() == Purpose.MAP).count();
    }

    /**
     * Two links a page: the months within maxDepth of the entry, 2·maxDepth + 1 pages, and the job ends. A full
     * mapping (Algorithm 2), which the bound alone stops.
     */
    @Test
    void theCalendarTrapStopsAtMaxDepth() {
        int maxDepth = 6;
        SimulatedSite s = crawl("calendar", HostileSite.CALENDAR_START, 10_000, maxDepth, MappingMode.FULL);
        assertEquals(2L * maxDepth + 1, mapRequests(s), "months within " + maxDepth + " links of 2026-11");
        assertTrue(s.requests.stream().allMatch(r -> r.depth() <= maxDepth));
        assertEquals(Set.of(site.url("/cal/2026/5"), site.url("/cal/2027/5")), Set.copyOf(s.requests.stream()
                .filter(r -> r.depth() == maxDepth).map(FetchRequest::url).toList()), "the farthest months");
        CrawlStatus last = s.lastStatus();
        assertEquals(Phase.FAILED, last.phase(), "no target page, so no pattern: " + last);
        assertEquals(2L * maxDepth + 1, last.mappingFetches());
    }

    /** Five fresh URLs a page: the space grows geometrically, and maxPages is what stops a full mapping. */
    @Test
    void theSessionIdTrapStopsAtMaxPages() {
        int maxPages = 60;
        SimulatedSite s = crawl("sessions", HostileSite.SESSION_START, maxPages, 10, MappingMode.FULL);
        assertEquals(maxPages, mapRequests(s));
        assertEquals(maxPages, s.requests.size(), "nothing after the mapping: no pattern could be learned");
        List<String> urls = s.requests.stream().map(FetchRequest::url).toList();
        assertEquals(urls.size(), Set.copyOf(urls).size(), "every URL new: the trap works, the bound holds");
        assertEquals(Phase.FAILED, s.lastStatus().phase(), s.lastStatus().toString());
        assertTrue(site.sessionsIssued() > maxPages, "the site offered more than the job took");
    }

    /**
     * The default, sampled mapping stops in both traps before either bound: the trap's links sit at one collection
     * path, and once three pages sampled through it are applied and none is a target the path is closed
     * ({@link CollectionOutcomes}).
     */
    @Test
    void aSampledMappingClosesTheTrapsLinksBeforeTheBounds() {
        SimulatedSite calendar = crawl("calendar-sampled", HostileSite.CALENDAR_START, 10_000, 6, MappingMode.SAMPLED);
        SimulatedSite sessions = crawl("sessions-sampled", HostileSite.SESSION_START, 60, 10, MappingMode.SAMPLED);
        for (SimulatedSite s : List.of(calendar, sessions)) {
            assertTrue(mapRequests(s) < 13, "fewer than the bounds allow: " + mapRequests(s));
            assertTrue(mapRequests(s) > 3, "more than the entry and its first links: " + mapRequests(s));
            assertEquals(Phase.FAILED, s.lastStatus().phase(), "the job ends: " + s.lastStatus());
        }
    }
}
