package dev.shapecrawl.core.fetch;

import dev.shapecrawl.events.FetchErrorKind;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.testkit.web.RecordedRequest;
import dev.shapecrawl.testkit.web.TestResponse;
import dev.shapecrawl.testkit.web.TestWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import static dev.shapecrawl.core.fetch.FetchTesting.await;
import static dev.shapecrawl.core.fetch.FetchTesting.get;
import static dev.shapecrawl.core.fetch.FetchTesting.local;
import static dev.shapecrawl.core.fetch.FetchTesting.millis;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine's scheduling: retries, back-off, Retry-After, politeness, robots.txt, close. Timing assertions are
 * lower bounds taken from the server's arrival log (exact), with generous upper bounds for a loaded machine.
 */
class FetcherTest {
    private TestWebServer web;

    @BeforeEach
    void start() {
        web = TestWebServer.start();
    }

    @AfterEach
    void stop() {
        web.close();
    }

    @Test
    void retryAfterIsHonouredWhileOtherHostsProceed() {
        web.routeSequence("/busy", TestResponse.html(503, "<p>busy</p>").header("Retry-After", "2"),
                TestResponse.html("<p>ok</p>"));
        web.route("/other", TestResponse.html("<p>other</p>"));
        try (Fetcher fetcher = new Fetcher(local().build())) {
            CompletionStage<PageFetched> busy = fetcher.fetch(get(web.url("/busy")));
            waitFor(() -> web.requests("/busy").size() == 1);
            PageFetched other = await(fetcher.fetch(get(web.localhostUrl("/other"))));
            long otherDoneNanos = System.nanoTime();
            PageFetched p = await(busy);

            assertNull(p.error());
            assertEquals(200, p.status());
            assertEquals(2, p.attempts());
            List<RecordedRequest> tries = web.requests("/busy");
            assertEquals(2, tries.size());
            long gapMs = millis(tries.get(1).receivedAtNanos() - tries.get(0).receivedAtNanos());
            assertTrue(gapMs >= 2000, "retry no sooner than Retry-After: " + gapMs + " ms");
            assertTrue(gapMs < 8000, "but not much later: " + gapMs + " ms");
            assertTrue(p.timings().queuedMs() >= 2000, "the back-off counts as queue time");

            assertNull(other.error());
            assertTrue(otherDoneNanos < tries.get(1).receivedAtNanos(),
                    "another host is fetched while this one backs off");
        }
    }

    @Test
    void serverErrorsAreRetriedWithExponentialBackOff() {
        web.route("/err", TestResponse.html(500, "<p>oops</p>"));
        try (Fetcher fetcher = new Fetcher(local().retryBaseDelayMs(200).maxAttempts(3).build())) {
            PageFetched p = await(fetcher.fetch(get(web.url("/err"))));
            assertEquals(FetchErrorKind.HTTP_STATUS, p.error().kind());
            assertEquals(500, p.status());
            assertEquals(3, p.attempts());
            List<RecordedRequest> tries = web.requests("/err");
            assertEquals(3, tries.size());
            long first = millis(tries.get(1).receivedAtNanos() - tries.get(0).receivedAtNanos());
            long second = millis(tries.get(2).receivedAtNanos() - tries.get(1).receivedAtNanos());
            assertTrue(first >= 200, "base delay: " + first);
            assertTrue(second >= 400, "doubled: " + second);
            assertTrue(first + second < 6000, "generous upper bound: " + (first + second));
        }
    }

    @Test
    void politenessSpacesRequestsToOneHostButNotAcrossHosts() {
        long delay = 800;
        web.route("/a1", TestResponse.html("<p>a1</p>")).route("/a2", TestResponse.html("<p>a2</p>"))
                .route("/b", TestResponse.html("<p>b</p>"));
        try (Fetcher fetcher = new Fetcher(local().politenessDelayMs(delay).build())) {
            CompletableFuture<PageFetched> a1 = fetcher.fetch(get(web.url("/a1"))).toCompletableFuture();
            CompletableFuture<PageFetched> a2 = fetcher.fetch(get(web.url("/a2"))).toCompletableFuture();
            AtomicLong bDone = new AtomicLong();
            CompletableFuture<PageFetched> b = fetcher.fetch(get(web.localhostUrl("/b"))).toCompletableFuture()
                    .whenComplete((page, error) -> bDone.set(System.nanoTime()));
            assertEquals(Map.of("127.0.0.1", 2, "localhost", 1), fetcher.queueDepths());
            await(a1);
            await(a2);
            await(b);

            List<RecordedRequest> hostA = web.requests().stream().filter(r -> r.host().startsWith("127.0.0.1"))
                    .toList();
            assertEquals(List.of("/robots.txt", "/a1", "/a2"), hostA.stream().map(RecordedRequest::path).toList());
            for (int i = 1; i < hostA.size(); i++) {
                // The delay runs from the end of the previous response, which is after its arrival: exact bound.
                long gap = millis(hostA.get(i).receivedAtNanos() - hostA.get(i - 1).receivedAtNanos());
                assertTrue(gap >= delay, hostA.get(i) + " arrived " + gap + " ms after the previous request");
                assertTrue(gap < delay + 5000, "generous upper bound: " + gap);
            }
            RecordedRequest a2Request = web.requests("/a2").get(0);
            assertTrue(bDone.get() < a2Request.receivedAtNanos(), "host B completed between A's requests");
            assertTrue(a1.join().timings().queuedMs() >= delay, "a1 waited out the delay after robots.txt");
            assertEquals(Map.of(), fetcher.queueDepths());
            assertEquals(0, fetcher.queueDepth("127.0.0.1"));
        }
    }

    @Test
    void robotsTxtDisallowIsRespected() {
        web.route("/robots.txt", TestResponse.text("""
                User-agent: *
                Disallow: /

                User-agent: shapecrawl
                Disallow: /private
                Allow: /
                """));
        web.route("/private/page", TestResponse.html("<p>secret</p>")).route("/public", TestResponse.html("<p>ok</p>"));
        try (Fetcher fetcher = new Fetcher(local().build())) {
            PageFetched denied = await(fetcher.fetch(get(web.url("/private/page"))));
            assertEquals(FetchErrorKind.ROBOTS_DENIED, denied.error().kind());
            assertEquals(0, denied.status());
            assertEquals(1, denied.attempts());
            PageFetched allowed = await(fetcher.fetch(get(web.url("/public"))));
            assertNull(allowed.error(), "our own group applies, not the * group");
        }
        assertTrue(web.requests("/private/page").isEmpty(), "the disallowed path is never requested");
        assertEquals(1, web.requests("/robots.txt").size(), "robots.txt is cached");
    }

    @Test
    void robotsTxtRedirectIsFollowed() {
        web.route("/robots.txt", TestResponse.redirect(301, "/real-robots.txt"))
                .route("/real-robots.txt", TestResponse.text("User-agent: *\nDisallow: /x\n"));
        try (Fetcher fetcher = new Fetcher(local().build())) {
            assertEquals(FetchErrorKind.ROBOTS_DENIED, await(fetcher.fetch(get(web.url("/x")))).error().kind());
        }
    }

    @Test
    void robotsTxtServerErrorDisallowsEverything() {
        web.route("/robots.txt", TestResponse.status(503)).route("/page", TestResponse.html("<p>x</p>"));
        try (Fetcher fetcher = new Fetcher(local().build())) {
            PageFetched p = await(fetcher.fetch(get(web.url("/page"))));
            assertEquals(FetchErrorKind.ROBOTS_DENIED, p.error().kind());
            assertTrue(p.error().message().contains("503"), p.error().message());
        }
        assertTrue(web.requests("/page").isEmpty());
    }

    @Test
    void crawlDelayIsHonouredAndCapped() {
        web.route("/robots.txt", TestResponse.text("User-agent: *\nCrawl-delay: 3600\n"))
                .route("/a", TestResponse.html("<p>a</p>")).route("/b", TestResponse.html("<p>b</p>"));
        try (Fetcher fetcher = new Fetcher(local().maxCrawlDelayMs(400).build())) {
            CompletionStage<PageFetched> a = fetcher.fetch(get(web.url("/a")));
            CompletionStage<PageFetched> b = fetcher.fetch(get(web.url("/b")));
            assertNull(await(a).error(), "a huge Crawl-delay is capped, not turned into 'disallow all'");
            assertNull(await(b).error());
        }
        List<RecordedRequest> all = web.requests();
        assertEquals(List.of("/robots.txt", "/a", "/b"), all.stream().map(RecordedRequest::path).toList());
        for (int i = 1; i < all.size(); i++) {
            long gap = millis(all.get(i).receivedAtNanos() - all.get(i - 1).receivedAtNanos());
            assertTrue(gap >= 400, "Crawl-delay (capped at 400 ms) between requests: " + gap);
            assertTrue(gap < 5000, "and capped: " + gap);
        }
    }

    @Test
    void waitingCostsNoThreadsAndCloseCancelsWhatIsPending() throws Exception {
        web.route("/hang", TestResponse.html("<p>late</p>").delayHeaders(20_000));
        Fetcher fetcher = new Fetcher(local().build());
        CompletableFuture<PageFetched> hanging = fetcher.fetch(get(web.url("/hang"))).toCompletableFuture();
        List<CompletableFuture<PageFetched>> queued = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            queued.add(fetcher.fetch(get(web.url("/q" + i))).toCompletableFuture());
        }
        waitFor(() -> web.requests("/hang").size() == 1);
        assertEquals(501, fetcher.queueDepth("127.0.0.1"));
        assertEquals(1, fetcher.inFlight());
        long workers = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("shapecrawl-fetch-") && t.getName().contains("-worker-")).count();
        assertTrue(workers <= 2, "500 waiting requests hold no threads; workers: " + workers);

        long t0 = System.nanoTime();
        boolean clean = fetcher.close(300);
        long closeMs = millis(System.nanoTime() - t0);
        assertFalse(clean, "the hanging fetch did not finish in time");
        assertTrue(closeMs < 3000, "close is bounded: " + closeMs + " ms");
        // Completed with a CancellationException, so the futures report themselves cancelled.
        for (CompletableFuture<PageFetched> f : queued) {
            assertThrows(CancellationException.class, () -> f.get(1, TimeUnit.SECONDS));
            assertTrue(f.isCancelled());
        }
        CancellationException e = assertThrows(CancellationException.class, () -> hanging.get(1, TimeUnit.SECONDS));
        assertTrue(e.getMessage().contains("shutting down"), e.getMessage());
        ExecutionException after = assertThrows(ExecutionException.class,
                () -> fetcher.fetch(get(web.url("/late"))).toCompletableFuture().get(1, TimeUnit.SECONDS));
        assertInstanceOf(RejectedExecutionException.class, after.getCause());
        assertTrue(web.requests("/q0").isEmpty());
    }

    @Test
    void aFullHostQueueIsRefused() {
        web.route("/hang", TestResponse.html("<p>late</p>").delayHeaders(20_000));
        try (Fetcher fetcher = new Fetcher(local().maxQueuedPerHost(1).build())) {
            fetcher.fetch(get(web.url("/hang")));
            waitFor(() -> fetcher.inFlight() == 1);
            fetcher.fetch(get(web.url("/waits")));
            ExecutionException e = assertThrows(ExecutionException.class,
                    () -> fetcher.fetch(get(web.url("/refused"))).toCompletableFuture().get(1, TimeUnit.SECONDS));
            assertInstanceOf(RejectedExecutionException.class, e.getCause());
            assertTrue(e.getCause().getMessage().contains("127.0.0.1"));
            fetcher.close(100);
        }
    }

    @Test
    void theListenerHearsEveryOutcome() {
        web.route("/slow", TestResponse.html("<p>slow</p>").delayHeaders(300))
                .route("/fast", TestResponse.html("<p>fast</p>"));
        List<String> heard = java.util.Collections.synchronizedList(new ArrayList<>());
        FetchListener listener = (page, latencyMs) -> {
            heard.add(page.finalUrl() + " " + latencyMs);
            if (page.finalUrl().endsWith("/fast")) {
                throw new IllegalStateException("a failing listener must not break the fetcher");
            }
        };
        try (Fetcher fetcher = new Fetcher(local().build(), listener)) {
            CompletionStage<PageFetched> slow = fetcher.fetch(get(web.url("/slow")));
            CompletionStage<PageFetched> fast = fetcher.fetch(get(web.url("/fast")));
            CompletionStage<PageFetched> missing = fetcher.fetch(get(web.localhostUrl("/missing")));
            assertNull(await(slow).error());
            assertNull(await(fast).error());
            assertEquals(404, await(missing).status());
            waitFor(() -> heard.size() == 3);
            String slowLine = heard.stream().filter(s -> s.contains("/slow ")).findFirst().orElseThrow();
            assertTrue(Long.parseLong(slowLine.substring(slowLine.lastIndexOf(' ') + 1)) >= 300, slowLine);
        }
    }

    private static void waitFor(BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within 20 s");
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
