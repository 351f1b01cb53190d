package dev.shapecrawl.core.fetch;

import dev.shapecrawl.events.FetchErrorKind;
import dev.shapecrawl.testkit.web.TestResponse;
import dev.shapecrawl.testkit.web.TestWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** robots.txt fetching, interpretation and caching, with a fake clock for the TTLs. */
class RobotsCacheTest {
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final AtomicLong now = new AtomicLong();
    private final FetchSettings settings = FetchTesting.local().robotsCacheTtlMs(60_000).robotsErrorTtlMs(1_000)
            .build();
    private TestWebServer web;
    private RobotsCache cache;

    @BeforeEach
    void start() {
        web = TestWebServer.start();
        HttpPageFetcher pages = new HttpPageFetcher(settings, new AddressGuard(settings.allowedAddresses()),
                HttpPageFetcher.newHttpClient(settings), timer);
        cache = new RobotsCache(settings, pages, now::get);
    }

    @AfterEach
    void stop() {
        web.close();
        timer.shutdownNow();
    }

    @Test
    void parsedRulesAreKeptForTheTtl() {
        web.route("/robots.txt", TestResponse.text("User-agent: shapecrawl\nDisallow: /no\nCrawl-delay: 1.5\n"));
        URI page = URI.create(web.url("/yes"));
        RobotsRules rules = cache.rulesFor(page);
        assertEquals(RobotsRules.Source.PARSED, rules.source());
        assertTrue(rules.isAllowed(web.url("/yes")));
        assertFalse(rules.isAllowed(web.url("/no/x")));
        assertEquals(1500, rules.crawlDelayMs());
        now.addAndGet(TimeUnit.SECONDS.toNanos(59));
        assertTrue(cache.cached(page).isPresent());
        now.addAndGet(TimeUnit.SECONDS.toNanos(2));
        assertTrue(cache.cached(page).isEmpty(), "expired after robotsCacheTtlMs");
        assertEquals(1, web.requests("/robots.txt").size());
    }

    @Test
    void missingRobotsAllowsAllAndServerErrorsDisallowAllForAShorterTime() {
        URI page = URI.create(web.url("/x"));
        assertEquals(RobotsRules.Source.UNAVAILABLE, cache.fetch(page).source(), "404: no robots.txt");
        web.route("/robots.txt", TestResponse.status(500));
        RobotsRules rules = cache.fetch(page);
        assertEquals(RobotsRules.Source.UNREACHABLE, rules.source());
        assertFalse(rules.isAllowed(web.url("/x")));
        assertNull(rules.failure(), "the server answered");
        now.addAndGet(TimeUnit.MILLISECONDS.toNanos(1_001));
        assertTrue(cache.cached(page).isEmpty(), "unreachable rules expire after robotsErrorTtlMs");
        web.route("/robots.txt", TestResponse.status(429));
        assertEquals(RobotsRules.Source.UNREACHABLE, cache.fetch(page).source(), "429 is not 'no robots.txt'");
    }

    @Test
    void noAnswerAtAllIsNotCached() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        URI page = URI.create("http://127.0.0.1:" + closedPort + "/x");
        RobotsRules rules = cache.fetch(page);
        assertEquals(RobotsRules.Source.UNREACHABLE, rules.source());
        assertNotNull(rules.failure());
        assertEquals(FetchErrorKind.CONNECT, rules.failure().kind());
        assertTrue(cache.cached(page).isEmpty());
    }

    @Test
    void originsAreSeparate() {
        assertEquals("http://a.test:80", RobotsCache.key(URI.create("http://A.test/x")));
        assertEquals("https://a.test:443", RobotsCache.key(URI.create("https://a.test/x")));
        assertEquals("http://a.test:8080", RobotsCache.key(URI.create("http://a.test:8080/x")));
        assertEquals("http://[::1]:81/robots.txt", RobotsCache.robotsUri(URI.create("http://u:p@[::1]:81/a?b"))
                .toString());
    }
}
