package dev.shapecrawl.testkit.web;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TestWebServerFallbackTest {
    private final HttpClient client = HttpClient.newHttpClient();

    @Test
    void unroutedPathsAnswer404UntilAFallbackIsSetAndRoutesStillWin() throws Exception {
        try (TestWebServer web = TestWebServer.start()) {
            web.route("/fixed", TestResponse.text("route"));
            assertEquals(404, get(web.url("/any?x=1")).statusCode());

            web.fallback(request -> TestResponse.text("fallback " + request.target()));
            assertEquals("fallback /any?x=1", get(web.url("/any?x=1")).body());
            assertEquals("route", get(web.url("/fixed?x=1")).body());
        }
    }

    private HttpResponse<String> get(String url) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
