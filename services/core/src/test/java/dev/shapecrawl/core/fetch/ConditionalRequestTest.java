package dev.shapecrawl.core.fetch;

import static dev.shapecrawl.core.fetch.FetchTesting.await;
import static dev.shapecrawl.core.fetch.FetchTesting.get;
import static dev.shapecrawl.core.fetch.FetchTesting.local;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.testkit.web.RecordedRequest;
import dev.shapecrawl.testkit.web.TestResponse;
import dev.shapecrawl.testkit.web.TestWebServer;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 19: a page the fetcher keeps with validators is asked again conditionally, and a 304 is answered with the
 * kept copy; against a real HTTP server on loopback whose log shows the preconditions sent.
 */
class ConditionalRequestTest {
    private static final String DATE = "Fri, 20 Nov 2026 10:00:00 GMT";
    private TestWebServer web;
    private final AtomicReference<String> content = new AtomicReference<>("<html><body><p>one</p></body></html>");

    @BeforeEach
    void start() {
        web = TestWebServer.start();
        web.route("/page", request -> TestResponse.html(content.get())
                .header("ETag", "\"" + Integer.toHexString(content.get().hashCode()) + "\"")
                .header("Last-Modified", DATE));
        web.route("/plain", TestResponse.html("<p>no validators</p>"));
        web.route("/moved", TestResponse.redirect(301, "/page"));
    }

    @AfterEach
    void stop() {
        web.close();
    }

    @Test
    void anUnchangedPageIsAnswered304WithTheKeptCopy() {
        try (Fetcher fetcher = new Fetcher(local().build())) {
            PageFetched first = await(fetcher.fetch(get(web.url("/page"))));
            assertEquals(200, first.status());
            assertNull(first.notModified());
            RecordedRequest plain = web.requests("/page").get(0);
            assertTrue(plain.header("If-None-Match").isEmpty(), "the first request is unconditional");

            PageFetched again = await(fetcher.fetch(get(web.url("/page"))));
            RecordedRequest conditional = web.requests("/page").get(1);
            assertEquals(first.request().url(), again.request().url());
            assertEquals("\"" + Integer.toHexString(content.get().hashCode()) + "\"",
                    conditional.header("If-None-Match").orElseThrow());
            assertEquals(DATE, conditional.header("If-Modified-Since").orElseThrow());
            assertEquals(304, again.status());
            assertEquals(Boolean.TRUE, again.notModified());
            assertNull(again.reused(), "the site was asked: not a stored answer without contact");
            assertEquals(first.body(), again.body(), "the kept copy is the page");
            assertEquals(first.charset(), again.charset());
            assertTrue(again.hasBody(), "a 304 with the copy is a page to classify");
            assertTrue(again.timings().startedAtMs() >= first.timings().startedAtMs(), "this request's timings");
            assertEquals(0, web.requests("/page").get(1).responseBytesWritten(), "no body on the wire");

            // the 304 vouched for the copy now: a request that accepts copies from now on takes it
            PageFetched reused = await(fetcher.fetch(get(web.url("/page"))
                    .withReuseSince(again.timings().startedAtMs())));
            assertEquals(Boolean.TRUE, reused.reused());
            assertEquals(2, web.requests("/page").size());
        }
    }

    @Test
    void aCopyAnotherJobFetchedIsConfirmedBy304ButIsNewToThisJob() {
        try (Fetcher fetcher = new Fetcher(local().build())) {
            PageFetched first = await(fetcher.fetch(get(web.url("/page"))));
            assertEquals(200, first.status());

            // another job's first request: asked conditionally with the shared copy's validators, answered 304
            FetchRequest other = FetchRequest.get("job-other", web.url("/page"), Purpose.MAP, 0);
            PageFetched confirmed = await(fetcher.fetch(other));
            assertTrue(web.requests("/page").get(1).header("If-None-Match").isPresent(), "a conditional request");
            assertEquals(304, confirmed.status());
            assertEquals(first.body(), confirmed.body(), "the kept copy is the page");
            assertNull(confirmed.notModified(), "new to this job: its records are still to be written");

            // the same job again: now it is unchanged for it
            assertEquals(Boolean.TRUE, await(fetcher.fetch(other)).notModified());
            assertEquals(Boolean.TRUE, await(fetcher.fetch(get(web.url("/page")))).notModified(),
                    "and still for the job that fetched it");
        }
    }

    @Test
    void aPageTheJobOnlyFetchedAsItsSampleIsNewToItsCrawl() {
        try (Fetcher fetcher = new Fetcher(local().build())) {
            // a crawl by a spec has no mapping: it fetches its sample, then crawls the same page
            await(fetcher.fetch(FetchRequest.get("job-spec", web.url("/page"), Purpose.SAMPLE, 0)));
            FetchRequest crawl = FetchRequest.get("job-spec", web.url("/page"), Purpose.CRAWL, 1);
            PageFetched first = await(fetcher.fetch(crawl));
            assertEquals(304, first.status(), "asked conditionally with the sample's validators");
            assertNull(first.notModified(), "new to the job's crawl: its records are still to be written");
            assertEquals(Boolean.TRUE, await(fetcher.fetch(crawl)).notModified(), "crawled once: unchanged now");
        }
    }

    @Test
    void aChangedPageIsFetchedWholeAndKeptWithItsNewValidators() {
        try (Fetcher fetcher = new Fetcher(local().build())) {
            await(fetcher.fetch(get(web.url("/page"))));
            content.set("<html><body><p>two</p></body></html>");
            PageFetched changed = await(fetcher.fetch(get(web.url("/page"))));
            assertEquals(200, changed.status());
            assertNull(changed.notModified());
            assertTrue(changed.body().contains("two"));
            PageFetched again = await(fetcher.fetch(get(web.url("/page"))));
            assertEquals(Boolean.TRUE, again.notModified(), "asked with the new tag");
            assertTrue(again.body().contains("two"));
        }
    }

    @Test
    void pagesWithoutValidatorsOrBehindARedirectAreAskedUnconditionally() {
        try (Fetcher fetcher = new Fetcher(local().build())) {
            await(fetcher.fetch(get(web.url("/plain"))));
            PageFetched plain = await(fetcher.fetch(get(web.url("/plain"))));
            assertEquals(200, plain.status());
            assertTrue(web.requests("/plain").get(1).header("If-None-Match").isEmpty());
            assertTrue(web.requests("/plain").get(1).header("If-Modified-Since").isEmpty());

            await(fetcher.fetch(get(web.url("/moved"))));
            PageFetched moved = await(fetcher.fetch(get(web.url("/moved"))));
            assertEquals(200, moved.status(), "the copy came through a redirect: its validators are the target's");
            List<RecordedRequest> hops = web.requests("/moved");
            assertTrue(hops.get(1).header("If-None-Match").isEmpty());
        }
    }

    @Test
    void validatorsThatCannotBeSentBackAreDropped() {
        assertNull(new Validators("\"a\nInjected: yes\"", null).etag());
        assertNull(new Validators("x".repeat(Validators.MAX_LENGTH + 1), null).etag());
        assertEquals("W/\"abc\"", new Validators(" W/\"abc\" ", null).etag());
        assertFalse(new Validators(null, "  ").lastModified() != null);
    }
}
