package dev.shapecrawl.testkit.hidden;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The hidden-web site over real loopback HTTP: data, pagination, errors, ground truth. */
class HiddenWebSiteTest {
    static HiddenWebSite site;
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static final Pattern ITEM = Pattern.compile("href=\"/item/(\\d+)\"");
    static final Pattern NEXT = Pattern.compile("<a rel=\"next\" href=\"([^\"]+)\"");

    @BeforeAll
    static void start() {
        site = HiddenWebSite.start();
    }

    @AfterAll
    static void stop() {
        site.close();
    }

    static HttpResponse<String> get(String pathAndQuery) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(site.url(pathAndQuery))).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> post(String path, String form) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(site.url(path)))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Ids on a page and every following page (by the "next" links). */
    static Set<Integer> follow(HttpResponse<String> first) throws Exception {
        Set<Integer> ids = new LinkedHashSet<>();
        HttpResponse<String> r = first;
        while (true) {
            assertEquals(200, r.statusCode(), r.body());
            Matcher m = ITEM.matcher(r.body());
            while (m.find()) {
                assertTrue(ids.add(Integer.parseInt(m.group(1))), "a record on two pages");
            }
            Matcher n = NEXT.matcher(r.body());
            if (!n.find()) {
                return ids;
            }
            r = get(n.group(1).replace("&amp;", "&"));
        }
    }

    static Set<Integer> expected(Predicate<Book> p) {
        return site.records().stream().filter(p).map(Book::id).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void fiveThousandSkewedCorrelatedDeterministicRecords() {
        assertEquals(5_000, site.totalRecords());
        assertEquals(HiddenCatalogue.generate(5_000, HiddenWebSite.DEFAULT_SEED), site.records());
        Map<String, Integer> genres = new HashMap<>();
        site.records().forEach(b -> genres.merge(b.genre(), 1, Integer::sum));
        int largest = genres.values().stream().max(Integer::compare).orElseThrow();
        int smallest = genres.values().stream().min(Integer::compare).orElseThrow();
        assertTrue(largest > 3 * smallest, genres.toString());
        long frenchInFrance = site.records().stream().filter(b -> b.country().equals("france"))
                .filter(b -> b.language().equals("french")).count();
        long france = site.records().stream().filter(b -> b.country().equals("france")).count();
        assertTrue(frenchInFrance > 0.7 * france, "language follows the country");
        try (HiddenWebSite small = HiddenWebSite.start(300, 1)) {
            assertEquals(300, small.totalRecords());
        }
    }

    @Test
    void getSearchPaginationCoversEveryRecordOfTheQuery() throws Exception {
        Set<Integer> ids = follow(get("/search/results?genre=mystery&language=&q=&per=25&go=Search"));
        assertEquals(expected(b -> !b.withdrawn() && b.genre().equals("mystery")), new TreeSet<>(ids));
        assertTrue(ids.size() > 100);
        Set<Integer> byWord = follow(get("/search/results?q=night&per=10"));
        assertEquals(expected(b -> !b.withdrawn()
                && HiddenWebSite.keywordsOf(b.title() + " " + b.author()).contains("night")), new TreeSet<>(byWord));
        HttpResponse<String> first = get("/search/results?genre=mystery");
        Matcher m = ITEM.matcher(first.body());
        int rows = 0;
        while (m.find()) {
            rows++;
        }
        assertEquals(10, rows, "default 10 results per page");
    }

    @Test
    void postSearchWorksAndItsNextLinksToo() throws Exception {
        Set<Integer> ids = follow(post("/advanced/results", "country=france&from=1990&to=2000&per=10&go=Find"));
        assertEquals(expected(b -> b.country().equals("france") && b.year() >= 1990 && b.year() <= 2009),
                new TreeSet<>(ids));
        assertTrue(ids.size() > 10);
        assertEquals(400, post("/advanced/results", "from=2000&to=1990").statusCode(), "invalid range");
        assertEquals(400, post("/advanced/results", "country=sweden").statusCode(), "not an offered country");
    }

    @Test
    void mandatoryFieldErrorsInvalidValuesAndEmptyResults() throws Exception {
        HttpResponse<String> missing = get("/catalogue/list?publisher=&format=ebook");
        assertEquals(200, missing.statusCode());
        assertTrue(missing.body().contains("publisher is required"));
        assertFalse(ITEM.matcher(missing.body()).find());
        Set<Integer> ids = follow(get("/catalogue/list?publisher=lumen&format=&sort=year&per=50"));
        assertEquals(expected(b -> b.publisher().equals("lumen")), new TreeSet<>(ids));
        assertEquals(400, get("/search/results?genre=nonsense").statusCode());
        assertEquals(400, get("/search/results?per=7").statusCode());
        HttpResponse<String> none = get("/search/results?q=zzzzqqq");
        assertEquals(200, none.statusCode());
        assertTrue(none.body().contains("No results"));
    }

    @Test
    void detailPagesOnlyLinkedFromResultsAndGroundTruth() throws Exception {
        for (String path : List.of("/", "/about", "/help", "/search", "/advanced", "/catalogue", "/login",
                "/quick")) {
            HttpResponse<String> r = get(path);
            assertEquals(200, r.statusCode(), path);
            assertFalse(r.body().contains("/item/"), path);
        }
        HttpResponse<String> item = get("/item/42");
        assertEquals(200, item.statusCode());
        assertTrue(item.body().contains(site.records().get(41).number()));
        assertEquals(404, get("/item/999999").statusCode());
        assertEquals(5_000, site.detailUrlsReachableThrough(HiddenWebSite.CATALOGUE).size());
        assertEquals(expected(b -> !b.withdrawn()).size(),
                site.detailUrlsReachableThrough(HiddenWebSite.SEARCH).size());
        assertEquals(expected(b -> HiddenWebSite.ADVANCED_COUNTRIES.contains(b.country())).size(),
                site.detailUrlsReachableThrough(HiddenWebSite.ADVANCED).size());
        assertTrue(site.detailUrlsReachableThrough(HiddenWebSite.ADVANCED).size() < 5_000);
        assertTrue(site.detailUrlsReachableThrough(HiddenWebSite.SEARCH).contains(site.detailUrl(
                expected(b -> !b.withdrawn()).iterator().next())));
        assertTrue(site.detailUrlsReachableThrough(HiddenWebSite.LOGIN).isEmpty());
        assertTrue(site.requests("/login/session").isEmpty());
        assertFalse(site.requests("/item/42").isEmpty());
    }
}
