package dev.shapecrawl.core.fetch;

import dev.shapecrawl.events.FetchErrorKind;
import dev.shapecrawl.events.FormField;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.testkit.web.RecordedRequest;
import dev.shapecrawl.testkit.web.TestResponse;
import dev.shapecrawl.testkit.web.TestWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static dev.shapecrawl.core.fetch.FetchTesting.await;
import static dev.shapecrawl.core.fetch.FetchTesting.get;
import static dev.shapecrawl.core.fetch.FetchTesting.local;
import static dev.shapecrawl.core.fetch.FetchTesting.millis;
import static dev.shapecrawl.core.fetch.FetchTesting.post;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One page at a time through the whole engine, against the local test server (no politeness delay). */
class FetchPageTest {
    private static final int MIB = 1024 * 1024;

    private TestWebServer web;
    private Fetcher fetcher;

    @BeforeEach
    void start() {
        web = TestWebServer.start();
        fetcher = new Fetcher(local().build());
    }

    @AfterEach
    void stop() {
        fetcher.close();
        web.close();
    }

    private PageFetched fetch(String path) {
        return await(fetcher.fetch(get(web.url(path))));
    }

    @Test
    void htmlWithHeaderCharset() {
        web.route("/", TestResponse.bytes("text/html; charset=ISO-8859-15", "<p>\u20ac \u00e9t\u00e9</p>"
                .getBytes(java.nio.charset.Charset.forName("ISO-8859-15"))));
        PageFetched p = fetch("/");
        assertNull(p.error());
        assertTrue(p.hasBody());
        assertEquals(200, p.status());
        assertEquals("text/html", p.contentType());
        assertEquals("ISO-8859-15", p.charset());
        assertEquals("<p>\u20ac \u00e9t\u00e9</p>", p.body());
        assertEquals(web.url("/"), p.finalUrl());
        assertEquals(List.of(web.url("/")), p.redirectChain());
        assertEquals(1, p.attempts());
        assertFalse(p.truncated());
        assertEquals(p.body().length(), p.contentBytes());

        RecordedRequest r = web.requests("/").get(0);
        assertEquals(FetchSettings.DEFAULT_USER_AGENT, r.header("user-agent").orElseThrow());
        assertEquals("gzip, deflate", r.header("accept-encoding").orElseThrow());
        assertTrue(r.header("upgrade").isEmpty(), "no h2c upgrade attempt on cleartext");
        assertEquals(1, web.requests("/robots.txt").size(), "robots.txt is asked first");
    }

    @Test
    void metaCharsetWithLatin1Bytes() {
        byte[] latin1 = "<html><head><meta charset=\"iso-8859-1\"></head><body>Caf\u00e9 cr\u00e8me</body></html>"
                .getBytes(StandardCharsets.ISO_8859_1);
        web.route("/", TestResponse.bytes("text/html", latin1));
        PageFetched p = fetch("/");
        assertTrue(p.body().contains("Caf\u00e9 cr\u00e8me"), p.body());
        assertEquals("windows-1252", p.charset(), "iso-8859-1 is decoded as windows-1252 (WHATWG Encoding)");
    }

    @Test
    void byteOrderMarkDecidesAndIsStripped() {
        byte[] text = "<p>\u00fcber</p>".getBytes(StandardCharsets.UTF_16BE);
        byte[] withBom = new byte[text.length + 2];
        withBom[0] = (byte) 0xfe;
        withBom[1] = (byte) 0xff;
        System.arraycopy(text, 0, withBom, 2, text.length);
        web.route("/", TestResponse.bytes("text/html", withBom));
        PageFetched p = fetch("/");
        assertEquals("UTF-16BE", p.charset());
        assertEquals("<p>\u00fcber</p>", p.body());
    }

    @Test
    void redirectChainIsRecorded() {
        web.route("/a", TestResponse.redirect(301, "/b"))
                .route("/b", TestResponse.redirect(302, web.url("/c?x=1")))
                .route("/c", TestResponse.html("<p>final</p>"));
        PageFetched p = fetch("/a");
        assertNull(p.error());
        assertEquals(200, p.status());
        assertEquals(web.url("/c?x=1"), p.finalUrl());
        assertEquals(List.of(web.url("/a"), web.url("/b"), web.url("/c?x=1")), p.redirectChain());
        assertEquals("<p>final</p>", p.body());
    }

    @Test
    void redirectLoopIsTooManyRedirects() {
        web.route("/a", TestResponse.redirect(302, "/b")).route("/b", TestResponse.redirect(302, "/a"));
        PageFetched p = fetch("/a");
        assertEquals(FetchErrorKind.TOO_MANY_REDIRECTS, p.error().kind());
        assertTrue(p.error().message().contains("loop"), p.error().message());
        assertEquals(List.of(web.url("/a"), web.url("/b")), p.redirectChain());
        assertEquals(web.url("/b"), p.finalUrl());
        assertEquals(302, p.status());
        assertEquals(1, web.requests("/a").size(), "the loop is detected before requesting /a again");
    }

    @Test
    void moreRedirectsThanTheLimitIsTooManyRedirects() {
        for (int i = 0; i < 7; i++) {
            web.route("/r" + i, TestResponse.redirect(307, "/r" + (i + 1)));
        }
        PageFetched p = fetch("/r0");
        assertEquals(FetchErrorKind.TOO_MANY_REDIRECTS, p.error().kind());
        assertEquals(6, p.redirectChain().size(), "the request and 5 redirects were followed");
        assertEquals(web.url("/r5"), p.finalUrl());
        assertTrue(web.requests("/r6").isEmpty());
    }

    @Test
    void redirectToAnInternalAddressIsBlockedWithoutConnecting() {
        web.route("/a", TestResponse.redirect(302, "http://169.254.169.254/latest/meta-data/"))
                .route("/b", TestResponse.redirect(301, "http://10.0.0.1:8080/admin"))
                .route("/c", TestResponse.redirect(301, "ftp://127.0.0.1/file"));
        for (String path : new String[]{"/a", "/b", "/c"}) {
            PageFetched p = fetch(path);
            assertEquals(FetchErrorKind.BLOCKED_ADDRESS, p.error().kind(), path);
            assertEquals(List.of(web.url(path)), p.redirectChain(), "the refused target was never requested");
            assertNull(p.body());
        }
    }

    @Test
    void notFoundIsHttpStatusWithoutRetry() {
        web.route("/gone", TestResponse.html(404, "<h1>not here</h1>"));
        PageFetched p = fetch("/gone");
        assertEquals(FetchErrorKind.HTTP_STATUS, p.error().kind());
        assertEquals(404, p.status());
        assertEquals("text/html", p.contentType());
        assertNull(p.body(), "error page bodies are not kept");
        assertEquals(1, p.attempts());
        assertEquals(1, web.requests("/gone").size());
    }

    @Test
    void aConnectionRefusedIsConnectAfterRetries() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        PageFetched p = await(fetcher.fetch(get("http://127.0.0.1:" + closedPort + "/page")));
        assertEquals(FetchErrorKind.CONNECT, p.error().kind(), p.error().message());
        assertTrue(p.error().message().startsWith("robots.txt:"), "robots.txt was the request that failed");
        assertEquals(3, p.attempts(), "connect failures are retried");
    }

    @Test
    void aSlowDripBodyTimesOut() {
        FetchSettings s = local().readTimeoutMs(500).maxAttempts(2).build();
        web.route("/slow", TestResponse.slow("text/html", "<html><body>".getBytes(StandardCharsets.US_ASCII),
                10_000));
        try (Fetcher f = new Fetcher(s)) {
            long t0 = System.nanoTime();
            PageFetched p = await(f.fetch(get(web.url("/slow"))));
            long ms = millis(System.nanoTime() - t0);
            assertEquals(FetchErrorKind.TIMEOUT, p.error().kind(), p.error().message());
            assertEquals(2, p.attempts(), "timeouts are retried");
            assertEquals(2, web.requests("/slow").size());
            assertTrue(ms >= 1000, "two attempts of 500 ms each: " + ms);
            assertTrue(ms < 8000, "cut off by the deadline, not by the 10 s stall: " + ms);
            assertNull(p.body());
        }
    }

    @Test
    void aServerSlowToAnswerTimesOut() {
        FetchSettings s = local().readTimeoutMs(500).maxAttempts(1).build();
        web.route("/late", TestResponse.html("<p>late</p>").delayHeaders(10_000));
        try (Fetcher f = new Fetcher(s)) {
            PageFetched p = await(f.fetch(get(web.url("/late"))));
            assertEquals(FetchErrorKind.TIMEOUT, p.error().kind());
            assertEquals(0, p.status());
            assertTrue(p.timings().durationMs() < 5000, "duration " + p.timings().durationMs());
        }
    }

    @Test
    void aHugeBodyIsTruncatedAtTheCap() {
        web.route("/big", TestResponse.generated("text/html", 20L * MIB, (byte) 'a'));
        long t0 = System.nanoTime();
        PageFetched p = fetch("/big");
        assertNull(p.error());
        assertTrue(p.truncated());
        assertEquals(5 * MIB, p.body().length());
        assertEquals(5 * MIB, p.contentBytes());
        assertTrue(millis(System.nanoTime() - t0) < 15_000);
    }

    @Test
    void gzipBodyIsDecoded() {
        web.route("/z", TestResponse.gzip("text/html; charset=utf-8", "<p>gr\u00fc\u00dfe</p>"
                .getBytes(StandardCharsets.UTF_8)));
        web.route("/d", TestResponse.deflate("text/html; charset=utf-8", "<p>raw</p>"
                .getBytes(StandardCharsets.UTF_8), false));
        PageFetched z = fetch("/z");
        assertEquals("<p>gr\u00fc\u00dfe</p>", z.body());
        assertEquals("<p>gr\u00fc\u00dfe</p>".getBytes(StandardCharsets.UTF_8).length, z.contentBytes(),
                "contentBytes counts decompressed bytes");
        assertEquals("<p>raw</p>", fetch("/d").body());
    }

    @Test
    void aGzipBombIsTruncatedAtTheCapQuickly() {
        web.route("/bomb", TestResponse.gzipGenerated("text/html", 200L * MIB, (byte) 0));
        long t0 = System.nanoTime();
        PageFetched p = fetch("/bomb");
        long ms = millis(System.nanoTime() - t0);
        assertNull(p.error());
        assertTrue(p.truncated());
        assertEquals(5 * MIB, p.contentBytes());
        assertEquals(5 * MIB, p.body().length());
        assertTrue(ms < 10_000, "stopped at the cap: " + ms + " ms");
    }

    @Test
    void aPdfIsRecordedWithoutBody() {
        web.route("/doc.pdf", TestResponse.generated("application/pdf", 50L * MIB, (byte) '%'));
        long t0 = System.nanoTime();
        PageFetched p = fetch("/doc.pdf");
        assertEquals(FetchErrorKind.UNSUPPORTED_TYPE, p.error().kind());
        assertEquals(200, p.status());
        assertEquals("application/pdf", p.contentType());
        assertNull(p.body());
        assertNull(p.charset());
        assertEquals(0, p.contentBytes());
        assertEquals(1, p.attempts());
        assertTrue(millis(System.nanoTime() - t0) < 10_000);
    }

    @Test
    void aBodyWithoutContentTypeIsSniffed() {
        web.route("/html", TestResponse.bytes(null, "\n <!DOCTYPE html><p>sniffed</p>".getBytes(
                StandardCharsets.US_ASCII)));
        web.route("/bin", TestResponse.bytes(null, new byte[]{0x25, 0x50, 0x44, 0x46, 0x2d, 0x31}));
        PageFetched html = fetch("/html");
        assertNull(html.error());
        assertNull(html.contentType(), "no content type was sent");
        assertTrue(html.body().contains("sniffed"));
        assertEquals(FetchErrorKind.UNSUPPORTED_TYPE, fetch("/bin").error().kind());
    }

    @Test
    void xhtmlIsAccepted() {
        web.route("/x", TestResponse.bytes("application/xhtml+xml; charset=utf-8",
                "<html xmlns=\"http://www.w3.org/1999/xhtml\"/>".getBytes(StandardCharsets.UTF_8)));
        assertNull(fetch("/x").error());
    }

    @Test
    void postSendsTheFormUrlEncoded() {
        web.route("/search", request -> TestResponse.html("<p>" + request.method() + "</p>"));
        PageFetched p = await(fetcher.fetch(post(web.url("/search"), List.of(new FormField("q", "caf\u00e9 & tea"),
                new FormField("page", "2"), new FormField("q", "")))));
        assertNull(p.error());
        assertEquals("<p>POST</p>", p.body());
        RecordedRequest r = web.requests("/search").get(0);
        assertEquals("POST", r.method());
        assertEquals("application/x-www-form-urlencoded", r.header("content-type").orElseThrow());
        assertEquals("q=caf%C3%A9+%26+tea&page=2&q=", r.bodyAsString());
    }

    @Test
    void postRedirectedWith303BecomesGet() {
        web.route("/submit", TestResponse.redirect(303, "/result"))
                .route("/result", request -> TestResponse.html("<p>" + request.method() + "</p>"));
        PageFetched p = await(fetcher.fetch(post(web.url("/submit"), List.of(new FormField("a", "1")))));
        assertEquals("<p>GET</p>", p.body());
        assertEquals("", web.requests("/result").get(0).bodyAsString());
    }
}
