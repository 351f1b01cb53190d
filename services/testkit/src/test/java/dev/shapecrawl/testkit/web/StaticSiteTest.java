package dev.shapecrawl.testkit.web;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

class StaticSiteTest {
    @Test
    void servesFilesIndexesAndNothingOutsideItsDirectory(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("site/a"));
        Files.writeString(dir.resolve("site/index.html"), "<p>home</p>");
        Files.writeString(dir.resolve("site/a/page.html"), "<p>page</p>");
        Files.writeString(dir.resolve("secret.txt"), "secret");
        HttpClient client = HttpClient.newHttpClient();
        try (StaticSite site = StaticSite.start(dir.resolve("site"), 0)) {
            HttpResponse<String> home = client.send(HttpRequest.newBuilder(URI.create(site.baseUrl() + "/")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals("<p>home</p>", home.body());
            assertEquals("text/html; charset=UTF-8", home.headers().firstValue("Content-Type").orElseThrow());
            HttpResponse<String> page = client.send(HttpRequest.newBuilder(
                    URI.create(site.baseUrl() + "/a/page.html")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals("<p>page</p>", page.body());
            HttpResponse<String> escape = client.send(HttpRequest.newBuilder(
                    URI.create(site.baseUrl() + "/a/../../secret.txt")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(404, escape.statusCode());
        }
    }
}
