package dev.shapecrawl.core.classify;

import dev.shapecrawl.core.page.CrawlScope;
import dev.shapecrawl.core.page.PageAnalysisSettings;
import dev.shapecrawl.core.page.PageAnalyzer;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.SamplePage;
import dev.shapecrawl.events.ScopeMode;
import dev.shapecrawl.events.TargetPage;
import dev.shapecrawl.events.Timings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hostile pages are classified (non-target, with a reason) in bounded time and memory, and never overflow the
 * stack. The {@code @Timeout}s only guard against hangs; speed is measured by the benchmarks.
 */
class PageClassifierTest {
    static final String URL = "http://site.test/a/page.html";
    static final String SAMPLE = "<html><body><div class=\"main\"><h1>Title</h1><table class=\"t\"><tr><td>a</td>"
            + "<td>b</td></tr><tr><td>c</td><td>d</td></tr></table></div></body></html>";

    final PageClassifier classifier = new PageClassifier(ClassifierSettings.defaults(),
            new PageAnalyzer(PageAnalysisSettings.defaults()));
    final JobModel model = JobModel.of(List.of(new SamplePage("j", "s1", "http://site.test/a/s.html",
            SamplePage.Status.READY, SAMPLE, null, null)), null, null, 200_000);
    final CrawlScope scope = new CrawlScope(ScopeMode.HOST, "http://site.test/");

    static PageFetched page(String body) {
        FetchRequest r = FetchRequest.get("j", URL, Purpose.MAP, 1);
        return new PageFetched(r, URL, List.of(URL), 200, "text/html", "UTF-8", body, false,
                body == null ? 0 : body.length(), 1, new Timings(1, 1, 0), null);
    }

    PageClassifier.Outcome classify(String body) {
        return classifier.classify(page(body), model, scope);
    }

    /** The page fetched by a crawl, to be decided against {@code threshold} (null: the job's). */
    PageClassifier.Outcome crawled(String body, Double threshold) {
        PageFetched map = page(body);
        FetchRequest r = new FetchRequest("j", URL, map.request().method(), List.of(), Purpose.CRAWL, 1, null, 0,
                threshold);
        return classifier.classify(new PageFetched(r, URL, List.of(URL), 200, "text/html", "UTF-8", body, false,
                body.length(), 1, new Timings(1, 1, 0), null), model, scope);
    }

    static void assertUnclassified(PageClassifier.Outcome o, String reasonPart) {
        assertFalse(o.classified().target());
        assertNull(o.classified().similarity());
        assertNotNull(o.classified().reason());
        assertTrue(o.classified().reason().contains(reasonPart), o.classified().reason());
        assertTrue(o.target().isEmpty());
    }

    /**
     * A job without a usable sample still says what is wrong with the page itself first: a failed sample's own
     * answer carries its fetch error, which the pattern service reports as the job's failure.
     */
    @Test
    void aPagesOwnTroubleComesBeforeItsJobsReason() {
        FetchRequest r = FetchRequest.get("j", URL, Purpose.SAMPLE, 0);
        PageFetched missing = new PageFetched(r, URL, List.of(URL), 404, "text/html", null, null, false, 0, 1,
                new Timings(1, 1, 0), new dev.shapecrawl.events.FetchError(
                dev.shapecrawl.events.FetchErrorKind.HTTP_STATUS, "HTTP 404"));
        assertEquals("fetch failed: HTTP_STATUS (HTTP 404)",
                classifier.unclassifiable(missing, "every sample page failed").classified().reason());
        assertEquals("every sample page failed",
                classifier.unclassifiable(page(SAMPLE), "every sample page failed").classified().reason());
        assertEquals("no usable sample page for the job", classifier.classify(page(SAMPLE), null, scope)
                .classified().reason());
    }

    @Test
    void theSampleItselfIsATargetAndOnlyACrawlPublishesIt() {
        PageClassifier.Outcome mapped = classify(SAMPLE);
        assertTrue(mapped.classified().target(), "similarity " + mapped.classified().similarity());
        assertEquals("s1", mapped.classified().nearestSample());
        assertTrue(mapped.target().isEmpty(), "a mapping's verdict is provisional: no target-page event");
        PageClassifier.Outcome crawled = crawled(SAMPLE, null);
        assertEquals(URL, crawled.target().orElseThrow().url());
    }

    @Test
    void aPageNearerANegativeSampleIsNeverATarget() {
        String list = "<html><body><div class=\"main\"><h1>Index</h1><ul><li>a</li><li>b</li><li>c</li></ul>"
                + "<table class=\"t\"><tr><td>a</td></tr></table></div></body></html>";
        JobModel withNegative = JobModel.of(List.of(
                new SamplePage("j", "s1", "http://site.test/a/s.html", SamplePage.Status.READY, SAMPLE, null, null),
                new SamplePage("j", "n1", "http://site.test/a/n.html", SamplePage.Status.READY, list, null, true)),
                null, 0.1, 200_000);
        PageClassifier.Outcome sample = classifier.classify(page(SAMPLE), withNegative, scope);
        PageClassifier.Outcome negative = classifier.classify(page(list), withNegative, scope);
        assertTrue(sample.classified().target());
        assertTrue(sample.classified().negativeSimilarity() < 1, "the sample differs from the negative one");
        assertEquals(1.0, negative.classified().negativeSimilarity(), 1e-9);
        assertTrue(negative.classified().similarity() >= 0.1, "similar enough to pass the job's low threshold: "
                + negative.classified().similarity());
        assertFalse(negative.classified().target(), "but nearer the negative sample");
        assertNull(classify(SAMPLE).classified().negativeSimilarity(), "a job without negatives reports none");
        assertEquals(List.of("s1"), withNegative.sampleIds(), "a negative sample is never the nearest sample");
    }

    @Test
    void aCrawlDecidesAgainstTheThresholdItsRequestCarries() {
        String body = SAMPLE.replace("</body>", "<div><p>x</p><p>y</p></div><ul><li>a</li></ul></body>");
        double s = classify(body).classified().similarity();
        assertTrue(s < 1, "the page differs from the sample: " + s);
        assertTrue(crawled(body, s).classified().target(), "at the threshold");
        assertTrue(crawled(body, s).target().isPresent());
        assertFalse(crawled(body, Math.min(1, s + 0.001)).classified().target(), "just above it");
        assertTrue(crawled(body, Math.min(1, s + 0.001)).target().isEmpty());
    }

    /**
     * A crawled target page comes without its link collections, unless its request says the crawl expands it
     * whatever its verdict (a loop over the targets, as Haddock's module pages): then its links are answered with
     * their collections and values, as a page that is no target is, for the pattern's excluded groups to hold there.
     */
    @Test
    void aCrawledTargetCarriesItsCollectionsOnlyWhereTheCrawlExpandsIt() {
        String body = SAMPLE.replace("</table>", "</table><p><a href=\"b.html\">b</a> <a href=\"c.html\">c</a>"
                + " <a href=\"d.html\">d</a></p>");
        FetchRequest r = new FetchRequest("j", URL, dev.shapecrawl.events.HttpMethod.GET, List.of(), Purpose.CRAWL,
                1, null, 0, null);
        PageClassifier.Outcome leaf = classifier.classify(new PageFetched(r, URL, List.of(URL), 200, "text/html",
                "UTF-8", body, false, body.length(), 1, new Timings(1, 1, 0), null), model, scope);
        assertTrue(leaf.classified().target(), "similarity " + leaf.classified().similarity());
        assertNull(leaf.classified().collections(), "a target the crawl does not expand: no collections");

        PageClassifier.Outcome expanded = classifier.classify(new PageFetched(r.asExpanded(), URL, List.of(URL), 200,
                "text/html", "UTF-8", body, false, body.length(), 1, new Timings(1, 1, 0), null), model, scope);
        assertTrue(expanded.classified().target());
        assertNotNull(expanded.classified().collections());
        assertTrue(expanded.classified().collections().links().values().stream()
                        .anyMatch(urls -> urls.contains("http://site.test/a/c.html")),
                "its links where they stand: " + expanded.classified().collections().links());
    }

    /**
     * A re-crawl spares the extractor only a page whose records an earlier crawl run wrote from the same content: a
     * page that is a target only now (one more sample) gets its records although the site answered 304, and an
     * unchanged page answered whole (no validators, or the fetcher's copy gone) is spared like a 304's.
     */
    @Test
    void aPageIsPassedOnAsUnchangedOnlyIfItsRecordsWereWrittenFromTheSameContent() {
        FetchRequest r = new FetchRequest("j", URL, dev.shapecrawl.events.HttpMethod.GET, List.of(), Purpose.CRAWL,
                1, null, 1, null);
        String written = dev.shapecrawl.events.Hashes.sha256Hex(SAMPLE);
        assertEquals(written, crawled(SAMPLE, null).classified().contentHash(), "the hash the pattern service keeps");
        assertNull(answer(r, 304).notModified(), "a target only now, answered 304: its records are written");
        assertEquals(Boolean.TRUE, answer(r.withKnownTargetHash(written), 304).notModified(),
                "an earlier run's target, 304: no records again");
        assertEquals(Boolean.TRUE, answer(r.withKnownTargetHash(written), 200).notModified(),
                "an earlier run's target answered whole, the same content: no records again");
        assertNull(answer(r.withKnownTargetHash(dev.shapecrawl.events.Hashes.sha256Hex("before")), 200)
                .notModified(), "changed since its records were written: written again");
    }

    /** The target page a crawled answer of {@link #SAMPLE} with {@code status} (304: the site's) yields. */
    private TargetPage answer(FetchRequest r, int status) {
        PageFetched page = new PageFetched(r, URL, List.of(URL), status, "text/html", "UTF-8", SAMPLE, false,
                SAMPLE.length(), 1, new Timings(1, 1, 0), null, null, status == 304 ? true : null);
        return classifier.classify(page, model, scope).target().orElseThrow();
    }

    @Test
    @Timeout(60)
    void tenMebibytesOfHtmlAreRefusedOverTheCapOrTruncatedUnder() {
        StringBuilder rows = new StringBuilder("<html><body><table>");
        while (rows.length() < 10 * 1024 * 1024) {
            rows.append("<tr><td>cell</td><td>cell</td></tr>");
        }
        assertUnclassified(classify(rows.append("</table></body></html>").toString()), "exceeds");

        String under = rows.substring(0, 5 * 1024 * 1024);
        assertUnclassified(classify(under), "tree truncated");
    }

    @Test
    @Timeout(60)
    void oneHundredThousandLevelsOfNestingDoNotOverflowTheStack() {
        String deep = "<html><body>" + "<div>".repeat(100_000) + "x" + "</div>".repeat(100_000) + "</body></html>";
        assertUnclassified(classify(deep), "nesting deeper than");
    }

    @Test
    void emptyBinaryAndNonHtmlBodiesGetTheirReasons() {
        assertUnclassified(classify(""), "empty body");
        byte[] bytes = new byte[64 * 1024];
        new Random(7).nextBytes(bytes);
        assertUnclassified(classify(new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1)), "binary");
        assertUnclassified(classify(null), "no HTML body");
    }

    /** A script a page loads is no page to compare; the pages its literals name are its outlinks (ScriptLinks). */
    @Test
    void aScriptIsNeverATargetAndItsOutlinksAreThePagesItNames() {
        String js = "var menudata={children:[{text:\"Classes\",url:\"annotated.html\"}," + SAMPLE.length()
                + "]}; // " + SAMPLE;
        String scriptUrl = "http://site.test/a/menudata.js";
        FetchRequest r = FetchRequest.get("j", scriptUrl, Purpose.CRAWL, 1);
        PageClassifier.Outcome o = classifier.classify(new PageFetched(r, scriptUrl, List.of(scriptUrl), 200,
                "text/javascript", "UTF-8", js, false, js.length(), 1, new Timings(1, 1, 0), null), model, scope);
        assertUnclassified(o, PageClassifier.SCRIPT_REASON);
        assertEquals(List.of("http://site.test/a/annotated.html"),
                o.classified().outlinks().stream().map(dev.shapecrawl.events.Outlink::url).toList());
        assertNull(o.classified().collections(), "a script has no link collections for the site model");
        assertEquals(0, o.classified().nodeCount());
    }

    @Test
    void aJobWithoutUsableSamplesClassifiesNothing() {
        assertNull(JobModel.of(List.of(new SamplePage("j", "s1", URL, SamplePage.Status.FAILED, null, "404", null)),
                null, null, 200_000));
        assertUnclassified(classifier.classify(page(SAMPLE), null, scope), "no usable sample");
    }
}
