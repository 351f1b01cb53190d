package dev.shapecrawl.core.hostile;

import dev.shapecrawl.core.classify.ClassifierSettings;
import dev.shapecrawl.core.classify.JobModel;
import dev.shapecrawl.core.classify.PageClassifier;
import dev.shapecrawl.core.fetch.AddressClass;
import dev.shapecrawl.core.fetch.AddressGuard;
import dev.shapecrawl.core.fetch.FetchAttempt;
import dev.shapecrawl.core.fetch.FetchSettings;
import dev.shapecrawl.core.fetch.Fetcher;
import dev.shapecrawl.core.fetch.HttpPageFetcher;
import dev.shapecrawl.core.page.CrawlScope;
import dev.shapecrawl.core.page.PageAnalysisSettings;
import dev.shapecrawl.core.page.PageAnalyzer;
import dev.shapecrawl.core.tree.TreeBuilder;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.FetchErrorKind;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.Outlink;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.SamplePage;
import dev.shapecrawl.events.ScopeMode;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.hostile.HostileSite;
import dev.shapecrawl.testkit.web.RecordedRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every trap of the {@link HostileSite}, through the real fetcher ({@link Fetcher}, production limits, only
 * loopback let through and no politeness delay) and the real classifier ({@link PageClassifier} with the default
 * {@link ClassifierSettings} and {@link PageAnalysisSettings}): each ends at a documented limit
 * (docs/security.md, "Limits"), with a result rather than an exception, and the assertions are on the bounds
 * themselves (bytes kept, links kept, nodes, error kinds, requests the site saw), never on speed. The
 * {@code @Timeout} only guards against a hang.
 *
 * <p>Infinite link spaces (calendar, session ids) are bounded per job by the crawl's {@code maxPages} /
 * {@code maxDepth}: {@code HostileTrapCrawlTest} in {@code core.crawl}; here each trap page is one bounded page.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class HostilePagesTest {
    private static final int MIB = 1024 * 1024;
    private static final String SAMPLE = "<html><body><div class=\"main\"><h1>Title</h1><table class=\"t\"><tr>"
            + "<td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table></div></body></html>";

    private static HostileSite site;
    private static Fetcher fetcher;
    private static final FetchSettings SETTINGS = FetchSettings.builder()
            .allowedAddresses(Set.of(AddressClass.LOOPBACK)) // the site is on loopback; the SSRF tests use none
            .politenessDelayMs(0)
            .maxAttempts(1)
            .build();
    private static final PageClassifier CLASSIFIER = new PageClassifier(ClassifierSettings.defaults(),
            new PageAnalyzer(PageAnalysisSettings.defaults()));

    @BeforeAll
    static void start() {
        site = HostileSite.start();
        fetcher = new Fetcher(SETTINGS);
    }

    @AfterAll
    static void stop() {
        fetcher.close();
        site.close();
    }

    private static PageFetched fetch(Fetcher f, String path) {
        try {
            return f.fetch(FetchRequest.get("hostile", site.url(path), Purpose.MAP, 1)).toCompletableFuture()
                    .get(100, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("the fetch must complete normally: " + e, e);
        }
    }

    private static JobModel model() {
        return JobModel.of(List.of(new SamplePage("hostile", "s1", site.url("/sample"), SamplePage.Status.READY,
                SAMPLE, null, null)), null, null, TreeBuilder.DEFAULT_MAX_NODES);
    }

    private static CrawlScope scope() {
        return new CrawlScope(ScopeMode.HOST, site.url("/"));
    }

    private static PageClassified classify(PageFetched page) {
        PageClassified c = CLASSIFIER.classify(page, model(), scope()).classified();
        // whatever the page, its event fits the topic
        assertTrue(EventCodec.encodeBytes(c).length < Topics.PAGE_MESSAGE_BYTES);
        return c;
    }

    private static RecordedRequest only(String path) {
        List<RecordedRequest> r = site.server().requests(path);
        assertEquals(1, r.size(), path + " requested once");
        return r.get(0);
    }

    @Test
    void aCalendarPageIsOneSmallPageWithItsTwoNeighbours() {
        PageClassified c = classify(fetch(fetcher, HostileSite.CALENDAR_START));
        assertEquals(List.of(site.url("/cal/2026/10"), site.url("/cal/2026/12")),
                c.outlinks().stream().map(Outlink::url).toList());
    }

    @Test
    void sessionIdsAreNotNormalisedAwaySoEveryServingIsNewUrls() {
        List<String> first = classify(fetch(fetcher, HostileSite.SESSION_START)).outlinks().stream()
                .map(Outlink::url).toList();
        List<String> second = classify(fetch(fetcher, HostileSite.SESSION_START)).outlinks().stream()
                .map(Outlink::url).toList();
        assertEquals(5, first.size());
        assertTrue(first.stream().noneMatch(second::contains), "fresh ids: the link space has no end");
        assertTrue(first.stream().allMatch(u -> u.contains("jsessionid=") || u.contains("?sid=")), first::toString);
    }

    @Test
    void aRedirectLoopStopsAtTheFirstRepeat() {
        PageFetched p = fetch(fetcher, HostileSite.REDIRECT_LOOP);
        assertEquals(FetchErrorKind.TOO_MANY_REDIRECTS, p.error().kind());
        assertEquals(2, p.redirectChain().size());
        only(HostileSite.REDIRECT_LOOP);
        only("/redirect/loop/b");
        assertNotNull(classify(p).reason());
    }

    @Test
    void aFiftyHopChainStopsAtMaxRedirects() {
        PageFetched p = fetch(fetcher, HostileSite.REDIRECT_CHAIN);
        assertEquals(FetchErrorKind.TOO_MANY_REDIRECTS, p.error().kind());
        assertEquals(SETTINGS.maxRedirects() + 1, p.redirectChain().size(), "the request and maxRedirects hops");
        for (int i = 0; i <= SETTINGS.maxRedirects(); i++) {
            only("/redirect/chain/" + i);
        }
        assertTrue(site.server().requests("/redirect/chain/" + (SETTINGS.maxRedirects() + 1)).isEmpty(),
                "the hop past the limit is never requested");
    }

    /** One byte a second is cut at readTimeoutMs, a total deadline, not a between-bytes one. */
    @Test
    void aSlowDripIsCutAtTheReadDeadline() {
        long readTimeoutMs = 2000;
        try (Fetcher f = new Fetcher(SETTINGS.toBuilder().readTimeoutMs(readTimeoutMs).build())) {
            PageFetched p = fetch(f, HostileSite.DRIP);
            assertEquals(FetchErrorKind.TIMEOUT, p.error().kind(), p.error().message());
            assertNull(p.body());
            assertEquals(1, p.attempts());
            assertTrue(p.timings().durationMs() < 5 * readTimeoutMs, "cut by the deadline, not after the hour "
                    + "of dripping: " + p.timings().durationMs() + " ms");
            assertTrue(only(HostileSite.DRIP).responseBytesWritten() < 15 + 10, "a few drops were sent");
        }
    }

    @Test
    void aFiftyMebibytePageIsTruncatedAtMaxBodyBytes() {
        PageFetched p = fetch(fetcher, HostileSite.HUGE);
        assertNull(p.error());
        assertTrue(p.truncated());
        assertEquals(SETTINGS.maxBodyBytes(), p.contentBytes());
        assertEquals(SETTINGS.maxBodyBytes(), p.body().length());
        PageClassified c = classify(p);
        assertTrue(c.nodeCount() <= TreeBuilder.DEFAULT_MAX_NODES, "nodes: " + c.nodeCount());
        waitForResponseEnd(HostileSite.HUGE);
        assertTrue(only(HostileSite.HUGE).responseBytesWritten() < HostileSite.HUGE_PAGE_BYTES,
                "the fetcher hung up: the site could not send all 50 MiB");
    }

    @Test
    void aGzipBombInflatesOnlyToMaxBodyBytes() {
        PageFetched p = fetch(fetcher, HostileSite.GZIP_BOMB);
        assertNull(p.error());
        assertTrue(p.truncated());
        assertEquals(SETTINGS.maxBodyBytes(), p.contentBytes(), "decompressed bytes kept");
        assertEquals(SETTINGS.maxBodyBytes(), p.body().length());
        assertTrue(p.body().startsWith("<html><body><p>aaaa"));
        classify(p);
        waitForResponseEnd(HostileSite.GZIP_BOMB);
        long sent = only(HostileSite.GZIP_BOMB).responseBytesWritten();
        assertTrue(sent < HostileSite.GZIP_BOMB_BYTES / 1000, "compressed bytes the site got out: " + sent);
    }

    /**
     * Memory, measured without timing: the bytes the reading thread allocates while one attempt reads a 50 MiB
     * page and a 10 GiB bomb are a small multiple of maxBodyBytes (the growing buffer, then the decoded string),
     * not of what the site sends. Allocation bounds what can be retained. The HTTP client's own socket buffers
     * are allocated on its selector thread and are bounded by its flow control, not counted here.
     */
    @Test
    void oneAttemptAllocatesAFewTimesMaxBodyBytesWhateverTheSiteSends() {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean)
                java.lang.management.ManagementFactory.getThreadMXBean();
        java.util.concurrent.ScheduledExecutorService timer = java.util.concurrent.Executors
                .newSingleThreadScheduledExecutor();
        try (HostileSite own = HostileSite.start()) { // its own site: the other tests count requests
            HttpPageFetcher pages = new HttpPageFetcher(SETTINGS, new AddressGuard(SETTINGS.allowedAddresses()),
                    HttpPageFetcher.newHttpClient(SETTINGS), timer);
            for (String path : List.of(HostileSite.HUGE, HostileSite.GZIP_BOMB)) {
                long before = mx.getCurrentThreadAllocatedBytes();
                FetchAttempt a = pages.fetch(FetchRequest.get("hostile", own.url(path), Purpose.MAP, 1));
                long allocated = mx.getCurrentThreadAllocatedBytes() - before;
                assertTrue(a.truncated(), path);
                assertEquals(SETTINGS.maxBodyBytes(), a.contentBytes(), path);
                System.out.println(path + ": " + allocated / MIB + " MiB allocated by the reading thread");
                assertTrue(allocated < 8L * SETTINGS.maxBodyBytes(), path + ": " + allocated / MIB
                        + " MiB allocated reading it");
            }
        } finally {
            timer.shutdownNow();
        }
    }

    /** The body cap comes first (5 MiB of the 25 MB), then maxLinks keeps 10,000 of what is left. */
    @Test
    void aMillionLinksAreCutToMaxLinks() {
        PageFetched p = fetch(fetcher, HostileSite.MILLION_LINKS);
        assertNull(p.error());
        assertTrue(p.truncated());
        PageClassified c = classify(p);
        assertEquals(PageAnalysisSettings.DEFAULT_MAX_LINKS, c.outlinks().size());
        assertEquals(site.url("/l/0"), c.outlinks().get(0).url(), "the first links, in document order");
    }

    /**
     * A million links with the fetcher's body cap raised out of the way: the classifier's maxBodyChars refuses
     * the 25 MB body before parsing it; with that raised too, maxLinks alone bounds the event, and maxNodes the
     * tree.
     */
    @Test
    void withTheBodyCapsRaisedMaxLinksAloneHolds() {
        try (Fetcher f = new Fetcher(SETTINGS.toBuilder().maxBodyBytes(40 * MIB).build())) {
            PageFetched p = fetch(f, HostileSite.MILLION_LINKS);
            assertNull(p.error());
            assertFalse(p.truncated(), "the whole page, all million links");
            PageClassified refused = classify(p);
            assertTrue(refused.reason().contains("exceeds " + ClassifierSettings.defaults().maxBodyChars()),
                    refused.reason());
            assertTrue(refused.outlinks().isEmpty());

            ClassifierSettings d = ClassifierSettings.defaults();
            PageClassifier unbounded = new PageClassifier(new ClassifierSettings(40 * MIB, d.maxNodes(),
                    d.maxHeight(), d.binaryProbe(), d.maxControlShare()), new PageAnalyzer());
            PageClassified c = unbounded.classify(p, model(), scope()).classified();
            assertEquals(PageAnalysisSettings.DEFAULT_MAX_LINKS, c.outlinks().size());
            assertEquals("tree truncated at " + TreeBuilder.DEFAULT_MAX_NODES + " nodes", c.reason());
            assertTrue(EventCodec.encodeBytes(c).length < Topics.PAGE_MESSAGE_BYTES);
        }
    }

    @Test
    void twoHundredThousandNestedDivsStopAtTheNodeLimit() {
        PageFetched p = fetch(fetcher, HostileSite.DEEP_DOM);
        assertNull(p.error());
        assertFalse(p.truncated());
        PageClassified c = classify(p); // no StackOverflowError: parsing and tree building are iterative
        assertNull(c.similarity());
        assertFalse(c.target());
        // 200,004 elements: the node limit is reached before the height check (the parser already flattened
        // the nesting to its depth of 512); 100,000 levels end at the height check (PageClassifierTest)
        assertEquals("tree truncated at " + TreeBuilder.DEFAULT_MAX_NODES + " nodes", c.reason());
        assertTrue(c.nodeCount() <= TreeBuilder.DEFAULT_MAX_NODES);
    }

    @Test
    void binaryServedAsHtmlIsFetchedButNotClassified() {
        PageFetched p = fetch(fetcher, HostileSite.BINARY);
        assertNull(p.error(), "the server said text/html; the fetcher keeps it (bounded by the body cap)");
        assertEquals(HostileSite.BINARY_BYTES, p.contentBytes());
        PageClassified c = classify(p);
        assertEquals("binary content", c.reason());
        assertTrue(c.outlinks().isEmpty());
    }

    /** A response counts its bytes until its writer gives up; wait for that before reading the count. */
    private static void waitForResponseEnd(String path) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!only(path).responseFinished() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        assertTrue(only(path).responseFinished(), "the site stopped writing " + path);
    }
}
