package dev.shapecrawl.core.fetch;

import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.FormField;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.testkit.web.TestResponse;
import dev.shapecrawl.testkit.web.TestWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.shapecrawl.core.fetch.FetchTesting.await;
import static dev.shapecrawl.core.fetch.FetchTesting.get;
import static dev.shapecrawl.core.fetch.FetchTesting.local;
import static dev.shapecrawl.core.fetch.FetchTesting.post;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fetcher's stored copies (issue 18: a mapping started again reuses the previous mapping's pages), against a
 * real HTTP server on loopback whose request log says whether the site was contacted.
 */
class PageStoreTest {
    private TestWebServer web;

    @BeforeEach
    void start() {
        web = TestWebServer.start();
        web.route("/page", TestResponse.html("<html><body><p>one</p></body></html>"));
        web.route("/gone", TestResponse.html(404, "<p>no</p>"));
    }

    @AfterEach
    void stop() {
        web.close();
    }

    @Test
    void aRequestThatAllowsItIsAnsweredFromTheStoreWithoutContactingTheSite() {
        try (Fetcher fetcher = new Fetcher(local().build())) {
            PageFetched first = await(fetcher.fetch(get(web.url("/page"))));
            assertNull(first.reused());
            long fetchedAt = first.timings().startedAtMs();

            PageFetched again = await(fetcher.fetch(get(web.url("/page")).withReuseSince(fetchedAt)));
            assertEquals(Boolean.TRUE, again.reused());
            assertEquals(first.body(), again.body());
            assertEquals(fetchedAt, again.timings().startedAtMs(), "the copy says when it was fetched");
            assertEquals(fetchedAt, again.request().reuseSinceMs(), "the request is echoed");
            assertEquals(1, web.requests("/page").size(), "the site was not contacted again");

            // a copy older than the request accepts, or a request that does not allow one: fetched
            PageFetched tooOld = await(fetcher.fetch(get(web.url("/page")).withReuseSince(fetchedAt + 60_000)));
            assertNull(tooOld.reused());
            PageFetched plain = await(fetcher.fetch(get(web.url("/page"))));
            assertNull(plain.reused());
            assertEquals(3, web.requests("/page").size());
        }
    }

    @Test
    void failuresAndFormSubmissionsAreNeverReused() {
        try (Fetcher fetcher = new Fetcher(local().build())) {
            await(fetcher.fetch(get(web.url("/gone"))));
            PageFetched gone = await(fetcher.fetch(get(web.url("/gone")).withReuseSince(0L)));
            assertNull(gone.reused());
            assertEquals(2, web.requests("/gone").size(), "a failure is fetched again");

            List<FormField> form = List.of(new FormField("q", "x"));
            await(fetcher.fetch(post(web.url("/page"), form)));
            PageFetched posted = await(fetcher.fetch(post(web.url("/page"), form).withReuseSince(0L)));
            assertNull(posted.reused());
            assertEquals(2, web.requests("/page").size(), "a form submission is sent again");
        }
    }

    @Test
    void aStoreOfNoBytesKeepsNothingAndTheBoundEvicts() {
        try (Fetcher fetcher = new Fetcher(local().pageStoreBytes(0).build())) {
            PageFetched first = await(fetcher.fetch(get(web.url("/page"))));
            PageFetched again = await(fetcher.fetch(get(web.url("/page"))
                    .withReuseSince(first.timings().startedAtMs())));
            assertNull(again.reused());
            assertEquals(2, web.requests("/page").size());
        }
        PageStore small = new PageStore(4_000);
        for (int i = 0; i < 50; i++) {
            PageFetched page = new PageFetched(get("http://127.0.0.1/p" + i), "http://127.0.0.1/p" + i,
                    List.of("http://127.0.0.1/p" + i), 200, "text/html", "UTF-8", "x".repeat(500), false, 500, 1,
                    new dev.shapecrawl.events.Timings(1, 1, 0), null);
            small.keep(page);
        }
        assertTrue(small.size() * 1_000 <= 4_000 + 1_000, "at most about 4,000 bytes held: " + small.size());
        assertThrows(IllegalArgumentException.class, () -> new PageStore(-1));
    }

    private static PageFetched stored(String job, int i, long at) {
        String url = "http://127.0.0.1/" + job + "/p" + i;
        return new PageFetched(FetchRequest.get(job, url, Purpose.MAP, 0), url, List.of(url), 200, "text/html", "UTF-8",
                "x".repeat(5_000), false, 5_000, 1, new dev.shapecrawl.events.Timings(at, 1, 0), null);
    }

    @Test
    void theCopiesKeptAreTheMostRecentOnesSoALaterJobsMappingIsReusedByItsCrawl() {
        // a long-running fetcher serves job after job: once the store is full of earlier jobs' pages (each reused
        // once by its crawl), the pages a new job's mapping fetched must still be there for its crawl. With
        // Caffeine's size-bounded cache (W-TinyLFU: a newcomer is admitted only if used more often than its victim)
        // the new pages were turned away, and the crawls of bin/eval-decision-e2e's later jobs fetched every mapped
        // page again (kafka-clients: 0 of 200 reused)
        PageStore store = new PageStore(1_000_000); // about 100 pages of 5,000 characters
        for (int job = 0; job < 5; job++) {
            for (int i = 0; i < 80; i++) {
                store.keep(stored("old-" + job, i, 1_000));
            }
            for (int i = 0; i < 80; i++) { // its crawl reads them, as a crawl does
                store.reusable(FetchRequest.get("old-" + job, "http://127.0.0.1/old-" + job + "/p" + i,
                        Purpose.CRAWL, 1).withReuseSince(1_000L));
            }
        }
        for (int i = 0; i < 60; i++) {
            store.keep(stored("new", i, 2_000));
        }
        int reused = 0;
        for (int i = 0; i < 60; i++) {
            reused += store.reusable(FetchRequest.get("new", "http://127.0.0.1/new/p" + i, Purpose.CRAWL, 1)
                    .withReuseSince(2_000L)).isPresent() ? 1 : 0;
        }
        assertEquals(60, reused, "the new job's mapped pages are the most recent, and kept");
        assertTrue(store.size() <= 100, "the bound holds: " + store.size());
    }
}
