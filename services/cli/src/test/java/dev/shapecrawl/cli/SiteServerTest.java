package dev.shapecrawl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./shapecrawl serve}'s static file server, against the JDK's HTTP client on loopback. */
class SiteServerTest {
    private final HttpClient client = HttpClient.newHttpClient();

    private HttpResponse<String> get(String url, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void servesFilesIndexesAndNothingOutsideItsDirectory(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("site/a"));
        Files.writeString(dir.resolve("site/index.html"), "<p>home</p>");
        Files.writeString(dir.resolve("site/a/page.html"), "<p>page</p>");
        Files.writeString(dir.resolve("secret.txt"), "secret");
        try (SiteServer site = SiteServer.start(dir.resolve("site"), 0)) {
            HttpResponse<String> home = get(site.baseUrl() + "/");
            assertEquals("<p>home</p>", home.body());
            assertEquals("text/html; charset=UTF-8", home.headers().firstValue("Content-Type").orElseThrow());
            assertEquals("<p>page</p>", get(site.baseUrl() + "/a/page.html").body());
            assertEquals(404, get(site.baseUrl() + "/a/../../secret.txt").statusCode());
        }
    }

    /** Issue 19: a re-crawl of an unchanged site is measured against this server, so it answers validators. */
    @Test
    void answersConditionalRequestsWith304UntilTheFileChanges(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("page.html");
        Files.writeString(file, "<p>one</p>");
        Files.setLastModifiedTime(file, FileTime.from(Instant.parse("2026-11-20T10:00:00Z")));
        try (SiteServer site = SiteServer.start(dir, 0)) {
            String url = site.baseUrl() + "/page.html";
            HttpResponse<String> first = get(url);
            assertEquals(200, first.statusCode());
            String etag = first.headers().firstValue("ETag").orElseThrow();
            assertTrue(etag.startsWith("\"") && etag.endsWith("\""), "a strong tag: " + etag);
            assertEquals("Fri, 20 Nov 2026 10:00:00 GMT", first.headers().firstValue("Last-Modified").orElseThrow());

            HttpResponse<String> same = get(url, "If-None-Match", etag);
            assertEquals(304, same.statusCode());
            assertEquals("", same.body(), "no body with a 304");
            assertEquals(304, get(url, "If-None-Match", "\"other\", W/" + etag).statusCode(), "weak comparison");
            assertEquals(304, get(url, "If-Modified-Since", "Fri, 20 Nov 2026 10:00:00 GMT").statusCode());
            assertEquals(200, get(url, "If-Modified-Since", "Fri, 20 Nov 2026 09:59:59 GMT").statusCode());
            assertEquals(200, get(url, "If-Modified-Since", "not a date").statusCode(), "an unparseable date");
            assertEquals(200, get(url, "If-None-Match", "\"other\"", "If-Modified-Since",
                    "Fri, 20 Nov 2026 10:00:00 GMT").statusCode(), "If-None-Match decides when both are sent");

            Files.writeString(file, "<p>two, longer</p>");
            Files.setLastModifiedTime(file, FileTime.from(Instant.parse("2026-11-21T10:00:00Z")));
            HttpResponse<String> changed = get(url, "If-None-Match", etag);
            assertEquals(200, changed.statusCode());
            assertEquals("<p>two, longer</p>", changed.body());
            assertFalse(etag.equals(changed.headers().firstValue("ETag").orElseThrow()), "a new tag");
        }
    }
}
