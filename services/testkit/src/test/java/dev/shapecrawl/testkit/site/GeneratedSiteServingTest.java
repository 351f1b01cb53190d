package dev.shapecrawl.testkit.site;

import dev.shapecrawl.testkit.web.TestResponse;
import dev.shapecrawl.testkit.web.TestWebServer;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GeneratedSiteServingTest {
    private final HttpClient client = HttpClient.newHttpClient();

    @Test
    void servesEveryKindOfPageByPathAndQueryOnLoopback() throws Exception {
        for (SiteShape shape : List.of(SiteShape.ejazz(), SiteShape.paginatedCatalogue(), SiteShape.dblpAuthors(),
                SiteShape.deepHierarchy().toBuilder().urlStyle(UrlStyle.QUERY_ID).printViews(true).build())) {
            GeneratedSite site = GeneratedSite.generate(shape);
            try (TestWebServer web = site.start()) {
                List<String> urls = new ArrayList<>(List.of(site.entry(), site.sampleTarget()));
                for (PageKind kind : PageKind.values()) {
                    List<String> ofKind = site.urls(kind);
                    if (!ofKind.isEmpty()) {
                        urls.add(ofKind.get(ofKind.size() - 1)); // the last list page is a page=N one
                    }
                }
                for (String url : urls) {
                    HttpResponse<String> page = get(web.url(url));
                    assertEquals(200, page.statusCode(), url);
                    assertEquals("text/html; charset=UTF-8", page.headers().firstValue("Content-Type").orElseThrow());
                    assertEquals(site.html(url).orElseThrow(), page.body(), url);
                }
                HttpResponse<String> robots = get(web.url("/robots.txt"));
                assertEquals(GeneratedSite.ROBOTS_TXT, robots.body());
                String missing = site.brokenLinks().isEmpty() ? "/no/such/page" : site.brokenLinks().get(0);
                HttpResponse<String> notFound = get(web.url(missing));
                assertEquals(404, notFound.statusCode());
                assertTrue(notFound.body().contains("Not found"));
            }
        }
    }

    @Test
    void findsDblpPagesWhoseColonTheClientPercentEncoded() throws Exception {
        GeneratedSite site = GeneratedSite.generate(SiteShape.dblpAuthors());
        try (TestWebServer web = site.start()) {
            String url = site.sampleTarget();
            HttpResponse<String> page = get(web.url(url.replace(":", "%3A")));
            assertEquals(200, page.statusCode(), url);
            assertEquals(site.html(url).orElseThrow(), page.body());
        }
    }

    @Test
    void servesAGrowthAtOnceAndLeavesTheTestsOwnRoutesFirst() throws Exception {
        GeneratedSite site = GeneratedSite.generate(SiteShape.tiny());
        try (TestWebServer web = TestWebServer.start()) {
            web.route(site.sampleTarget(), TestResponse.status(503));
            site.serve(web);
            assertEquals(503, get(web.url(site.sampleTarget())).statusCode());

            Growth growth = site.grow(1, 1);
            for (String url : GeneratedSite.absolute(web.baseUrl(), growth.newPages())) {
                assertEquals(200, get(url).statusCode(), url);
            }
            assertTrue(web.requests().stream().allMatch(r -> r.host().startsWith("127.0.0.1:")));
        }
    }

    private HttpResponse<String> get(String url) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
