package dev.shapecrawl.testkit.hostile;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The hostile site serves what it promises (the crawler-side bounds are tested in core). */
@Timeout(60)
class HostileSiteTest {
    private static HostileSite site;
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NEVER).build();

    @BeforeAll
    static void start() {
        site = HostileSite.start();
    }

    @AfterAll
    static void stop() {
        site.close();
    }

    private static HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return CLIENT.send(HttpRequest.newBuilder(URI.create(site.url(path))).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theCalendarGoesOnForever() throws Exception {
        assertTrue(get("/cal/2026/12").body().contains("href=\"/cal/2027/1\""));
        assertTrue(get("/cal/2026/1").body().contains("href=\"/cal/2025/12\""));
        assertTrue(get("/cal/99999/5").body().contains("href=\"/cal/99999/6\""));
        assertEquals(404, get("/cal/2026/13").statusCode());
    }

    @Test
    void sessionIdsNeverRepeat() throws Exception {
        String first = get(HostileSite.SESSION_START).body();
        String second = get(HostileSite.SESSION_START).body();
        Matcher m = Pattern.compile("jsessionid=(\\w+)").matcher(first);
        assertTrue(m.find());
        assertTrue(!second.contains(m.group(1)), "a fresh id on every serving");
        assertTrue(first.contains("?sid="));
        assertEquals(200, get("/sid/item/2;jsessionid=S1").statusCode());
    }

    @Test
    void redirectsLoopAndChain() throws Exception {
        assertEquals("/redirect/loop/b", get(HostileSite.REDIRECT_LOOP).headers().firstValue("location")
                .orElseThrow());
        assertEquals(HostileSite.REDIRECT_LOOP, get("/redirect/loop/b").headers().firstValue("location")
                .orElseThrow());
        String at = HostileSite.REDIRECT_CHAIN;
        int hops = 0;
        HttpResponse<String> r;
        while ((r = get(at)).statusCode() == 302) {
            at = r.headers().firstValue("location").orElseThrow();
            hops++;
        }
        assertEquals(HostileSite.REDIRECT_CHAIN_HOPS, hops);
        assertEquals(200, r.statusCode());
    }

    @Test
    void bigBodiesHaveTheAnnouncedSizes() throws Exception {
        HttpResponse<InputStream> huge = CLIENT.send(HttpRequest.newBuilder(URI.create(site.url(HostileSite.HUGE)))
                .build(), HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(HostileSite.HUGE_PAGE_BYTES, huge.headers().firstValueAsLong("content-length").orElseThrow());
        try (InputStream in = huge.body()) {
            assertEquals(HostileSite.HUGE_PAGE_BYTES, in.transferTo(OutputStreamSink.INSTANCE));
        }
        HttpResponse<String> deep = get(HostileSite.DEEP_DOM);
        assertEquals(HostileSite.DEEP_DOM_LEVELS, deep.body().split("<div>", -1).length - 1);
        assertTrue(deep.body().endsWith("</div></body></html>"));
        HttpResponse<byte[]> binary = CLIENT.send(HttpRequest.newBuilder(URI.create(site.url(HostileSite.BINARY)))
                .build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(HostileSite.BINARY_BYTES, binary.body().length);
        assertEquals("text/html", binary.headers().firstValue("content-type").orElseThrow());
    }

    @Test
    void theMillionLinksAreAllThere() throws Exception {
        String body = get(HostileSite.MILLION_LINKS).body();
        assertEquals(HostileSite.LINK_COUNT, body.split("<a href=", -1).length - 1);
        assertTrue(body.contains("href=\"/l/999999\""));
    }

    /** A small bomb made the same way inflates to exactly its size with a valid trailer (GZIPInputStream checks). */
    @Test
    void theGzipBombIsValidGzipAThousandTimesSmaller() throws Exception {
        long inflated = 16L * 1024 * 1024 + 15;
        site.server().route("/small-bomb", HostileSite.gzipBomb(inflated));
        HttpResponse<byte[]> r = CLIENT.send(HttpRequest.newBuilder(URI.create(site.url("/small-bomb"))).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals("gzip", r.headers().firstValue("content-encoding").orElseThrow());
        assertTrue(r.body().length < inflated / 500, "compressed: " + r.body().length);
        try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(r.body()))) {
            byte[] head = in.readNBytes(16);
            assertEquals("<html><body><p>a", new String(head, java.nio.charset.StandardCharsets.US_ASCII));
            assertEquals(inflated - 16, in.transferTo(OutputStreamSink.INSTANCE));
        }
        // the real one: a client reading 1 MiB of it gets HTML and hangs up; the site does not mind
        HttpResponse<InputStream> bomb = CLIENT.send(HttpRequest.newBuilder(URI.create(
                site.url(HostileSite.GZIP_BOMB))).build(), HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream in = new GZIPInputStream(bomb.body())) {
            assertEquals(1024 * 1024, in.readNBytes(1024 * 1024).length);
        }
        assertNotEquals(0, get("/").body().length(), "the site still answers");
    }

    @Test
    void robotsTxtDisallowsTheFormAction() throws Exception {
        assertTrue(get("/robots.txt").body().contains("Disallow: /private/"));
        assertTrue(get(HostileSite.FORM).body().contains("action=\"" + HostileSite.FORM_ACTION + "\""));
    }

    /** Counts and discards. */
    private static final class OutputStreamSink extends java.io.OutputStream {
        static final OutputStreamSink INSTANCE = new OutputStreamSink();

        @Override
        public void write(int b) {
        }

        @Override
        public void write(byte[] b, int off, int len) {
        }
    }
}
