package dev.shapecrawl.classifier;

import dev.shapecrawl.events.CrawlSample;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.FetchError;
import dev.shapecrawl.events.FetchErrorKind;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.TargetPage;
import dev.shapecrawl.events.Timings;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.kafka.EmbeddedKafkaResource;
import dev.shapecrawl.testkit.kafka.TestKafka;
import dev.shapecrawl.testkit.kafka.TopicClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The classifier service with the real (embedded) broker: a job's seed, its sample (a URL whose page arrives
 * through {@code pages-fetched} like any other) and a mix of target pages, other pages and failures go in,
 * some of them before the sample; {@code pages-classified} comes out for every page and {@code target-pages}
 * for the targets only, none misclassified.
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedKafkaResource.class)
class ClassifierKafkaTest {
    static final String SITE = "http://docs.example.test/api/";
    static final Duration WAIT = Duration.ofSeconds(90);
    static TopicClient kafka;

    @BeforeAll
    static void start() {
        kafka = new TopicClient(TestKafka.bootstrapServers());
    }

    @AfterAll
    static void stop() {
        kafka.close();
    }

    @Test
    void pagesBeforeAndAfterTheSampleAreClassifiedAgainstIt() {
        String job = "classify-it";
        seed(job);
        // Before the job has any sample: these must wait, not be classified against nothing.
        page(job, "Early.html", SitePages.typePage("Early", 4), Purpose.CRAWL);
        page(job, "early-index.html", SitePages.indexPage("Early index", 30), Purpose.CRAWL);

        String sampleUrl = SITE + "Sample.html";
        kafka.send(Topics.CRAWL_SAMPLES, job, EventCodec.encode(new CrawlSample(job, "s1", sampleUrl, null, null)));
        page(job, "Sample.html", SitePages.typePage("Sample", 12), Purpose.SAMPLE);

        // a mapping's verdict is provisional (the site-wide decision comes at its end): no target-page event
        page(job, "Mapped.html", SitePages.typePage("Mapped", 3), Purpose.MAP);
        page(job, "Small.html", SitePages.typePage("Small", 2), Purpose.CRAWL);
        page(job, "Large.html", SitePages.typePage("Large", 60), Purpose.CRAWL);
        page(job, "types.html", SitePages.indexPage("All types", 200), Purpose.CRAWL);
        page(job, "help.html", SitePages.indexPage("Help", 5), Purpose.CRAWL);
        failed(job, "gone.html", 404, FetchErrorKind.HTTP_STATUS, null);
        failed(job, "manual.pdf", 200, FetchErrorKind.UNSUPPORTED_TYPE, "application/pdf");
        page(job, "empty.html", "   ", Purpose.CRAWL);
        page(job, "binary.html", "\u0000\u0001\u0002PNG\u0000garbage", Purpose.CRAWL);

        Map<String, PageClassified> byUrl = classified(job, 12);
        Set<String> targets = Set.of("Early.html", "Sample.html", "Mapped.html", "Small.html", "Large.html");
        for (Map.Entry<String, PageClassified> e : byUrl.entrySet()) {
            String name = e.getKey().substring(SITE.length());
            PageClassified c = e.getValue();
            assertEquals(targets.contains(name), c.target(), name + " similarity " + c.similarity() + " " + c.reason());
        }
        assertEquals("s1", byUrl.get(SITE + "Early.html").nearestSample());
        assertNull(byUrl.get(SITE + "Early.html").reason());
        assertTrue(byUrl.get(SITE + "types.html").outlinks().size() >= 200, "outlinks of the index page");
        assertTrue(byUrl.get(SITE + "Large.html").nodeCount() > byUrl.get(SITE + "Small.html").nodeCount());
        assertNotNull(byUrl.get(SITE + "Small.html").contentHash());
        for (String failedPage : List.of("gone.html", "manual.pdf", "empty.html", "binary.html")) {
            PageClassified c = byUrl.get(SITE + failedPage);
            assertNull(c.similarity(), failedPage);
            assertNotNull(c.reason(), failedPage);
        }
        assertTrue(byUrl.get(SITE + "gone.html").reason().contains("HTTP_STATUS"));
        assertTrue(byUrl.get(SITE + "binary.html").reason().contains("binary"));

        // only a crawl's targets are published: not the sample's page (SAMPLE) nor a mapped page (MAP)
        Set<String> published = Set.of("Early.html", "Small.html", "Large.html");
        List<ConsumerRecord<String, String>> targetRecords = kafka.readUntil(Topics.TARGET_PAGES,
                rs -> targetsOf(rs, job).size() >= published.size(), WAIT);
        Map<String, TargetPage> targetPages = targetsOf(targetRecords, job);
        assertEquals(published.stream().map(t -> SITE + t).collect(Collectors.toSet()), targetPages.keySet());
        TargetPage large = targetPages.get(SITE + "Large.html");
        assertTrue(large.body().contains("member59"));
        assertEquals(SITE + "Large.html", targetRecords.stream().filter(r -> r.value().contains("Large.html"))
                .findFirst().orElseThrow().key(), "target-pages is keyed by page URL");

        given().get("/q/metrics").then().statusCode(200)
                .body(containsString("shapecrawl_classifier_pages_total{outcome=\"target\"}"))
                .body(containsString("shapecrawl_classifier_pages_total{outcome=\"unclassified\"}"))
                .body(containsString("shapecrawl_classifier_held_bytes"));
        given().get("/q/health/ready").then().statusCode(200);
    }

    /** Every classified record carries its page's form count as a header: the form-prober's hint (issue 19). */
    @Test
    void everyClassifiedRecordCarriesItsFormCountInAHeader() {
        String job = "forms-header";
        seed(job);
        kafka.send(Topics.CRAWL_SAMPLES, job, EventCodec.encode(new CrawlSample(job, "s1", SITE + "Sample.html", null,
                null)));
        page(job, "Sample.html", SitePages.typePage("Sample", 12), Purpose.SAMPLE);
        page(job, "search.html", "<html><body><form action=\"/find\"><input name=\"q\"><input type=\"submit\">"
                + "</form><form action=\"/login\" method=\"post\"><input name=\"user\"></form></body></html>",
                Purpose.MAP);
        page(job, "Plain.html", SitePages.typePage("Plain", 3), Purpose.CRAWL);
        failed(job, "gone2.html", 404, FetchErrorKind.HTTP_STATUS, null);

        List<ConsumerRecord<String, String>> records = kafka.readUntil(Topics.PAGES_CLASSIFIED,
                rs -> ofJob(rs, job).size() >= 4, WAIT).stream().filter(r -> job.equals(r.key())).toList();
        Map<String, String> headerByUrl = new HashMap<>();
        for (ConsumerRecord<String, String> r : records) {
            PageClassified c = EventCodec.decode(EventType.PAGE_CLASSIFIED, r.value());
            String header = TopicClient.header(r, PageClassified.FORMS_HEADER);
            assertEquals(String.valueOf(c.forms().size()), header, c.request().url());
            headerByUrl.put(c.request().url().substring(SITE.length()), header);
        }
        assertEquals(Map.of("Sample.html", "0", "search.html", "2", "Plain.html", "0", "gone2.html", "0"),
                headerByUrl);
    }

    /** A negative sample ("not like this page") reaches every page's classification and vetoes its look-alikes. */
    @Test
    void aNegativeSampleVetoesThePagesNearerToIt() {
        String job = "classify-negative";
        seed(job);
        String index = SitePages.indexPage("All types", 40);
        kafka.send(Topics.CRAWL_SAMPLES, job, EventCodec.encode(new CrawlSample(job, "s1", SITE + "Sample.html",
                SitePages.typePage("Sample", 12), null)));
        kafka.send(Topics.CRAWL_SAMPLES, job, EventCodec.encode(new CrawlSample(job, "n1", SITE + "types.html",
                index, true)));
        // both samples declared before any page: a page classified in between would see the positive one alone
        kafka.readUntil(Topics.SAMPLE_PAGES, rs -> rs.stream().filter(r -> r.key().startsWith(job + "/")).count() >= 2,
                WAIT);
        page(job, "Type.html", SitePages.typePage("Type", 7), Purpose.CRAWL);
        page(job, "other-types.html", SitePages.indexPage("Other types", 40), Purpose.CRAWL);
        Map<String, PageClassified> byUrl = classified(job, 2);
        PageClassified type = byUrl.get(SITE + "Type.html");
        PageClassified other = byUrl.get(SITE + "other-types.html");
        assertTrue(type.target(), type.toString());
        assertTrue(type.negativeSimilarity() < type.similarity(), type.toString());
        assertFalse(other.target(), other.toString());
        assertTrue(other.negativeSimilarity() >= other.similarity(), other.toString());
        assertEquals("s1", other.nearestSample(), "a negative sample is never the nearest sample");
    }

    /**
     * A seed that names its samples holds the job's pages until each is declared, however late it comes: a page
     * published between the positive and the negative sample is classified against both, never the first alone.
     */
    @Test
    void aSeedNamingItsSamplesHoldsPagesUntilEachIsDeclared() throws InterruptedException {
        String job = "classify-named-samples";
        kafka.send(Topics.CRAWL_SEEDS, job, EventCodec.encode(CrawlSeed.of(job, SITE + "index.html")
                .withSampleIds(List.of("s1", "n1"))));
        kafka.send(Topics.CRAWL_SAMPLES, job, EventCodec.encode(new CrawlSample(job, "s1", SITE + "Sample.html",
                SitePages.typePage("Sample", 12), null)));
        page(job, "between.html", SitePages.indexPage("Between", 40), Purpose.MAP);
        kafka.readUntil(Topics.SAMPLE_PAGES, rs -> rs.stream().anyMatch(r -> r.key().equals(job + "/s1")), WAIT);
        Thread.sleep(1_000); // the page has long reached the classifier; without the seed's names it would go now
        assertTrue(ofJob(kafka.readFor(Topics.PAGES_CLASSIFIED, Duration.ofMillis(200)), job).isEmpty(),
                "a page classified before the negative sample was declared");
        kafka.send(Topics.CRAWL_SAMPLES, job, EventCodec.encode(new CrawlSample(job, "n1", SITE + "types.html",
                SitePages.indexPage("All types", 40), true)));
        PageClassified between = classified(job, 1).get(SITE + "between.html");
        assertNotNull(between.negativeSimilarity(), between.toString());
        assertFalse(between.target(), between.toString());
    }

    @Test
    void aJobWhoseSampleNeverArrivesIsReleasedWithAReason() {
        String job = "classify-stuck";
        seed(job);
        kafka.send(Topics.CRAWL_SAMPLES, job, EventCodec.encode(new CrawlSample(job, "s1", SITE + "Never.html", null, null)));
        page(job, "Waiting.html", SitePages.typePage("Waiting", 3), Purpose.MAP);
        PageClassified c = classified(job, 1).get(SITE + "Waiting.html");
        assertFalse(c.target());
        assertNull(c.similarity());
        assertTrue(c.reason().contains("not fetched yet"), c.reason());
    }

    @Test
    void aMalformedPageEventIsDeadLettered() {
        kafka.send(Topics.PAGES_FETCHED, "bad-page", "{\"type\":\"page-fetched\",\"version\":1}");
        List<ConsumerRecord<String, String>> dead = kafka.readUntil(Topics.deadLetter(Topics.PAGES_FETCHED),
                rs -> rs.stream().anyMatch(r -> "bad-page".equals(r.key())), WAIT);
        String reason = TopicClient.header(dead.stream().filter(r -> "bad-page".equals(r.key())).findFirst()
                .orElseThrow(), "dead-letter-reason");
        assertTrue(reason.contains("schema page-fetched.v1"), reason);
    }

    static void seed(String job) {
        kafka.send(Topics.CRAWL_SEEDS, job, EventCodec.encode(CrawlSeed.of(job, SITE + "index.html")));
    }

    static void page(String job, String name, String body, Purpose purpose) {
        FetchRequest r = FetchRequest.get(job, SITE + name, purpose, 1);
        publish(new PageFetched(r, r.url(), List.of(r.url()), 200, "text/html", "UTF-8", body, false,
                body.length(), 1, new Timings(1, 1, 0), null));
    }

    static void failed(String job, String name, int status, FetchErrorKind kind, String contentType) {
        FetchRequest r = FetchRequest.get(job, SITE + name, Purpose.MAP, 1);
        publish(new PageFetched(r, r.url(), List.of(r.url()), status, contentType, null, null, false, 0, 1,
                new Timings(1, 1, 0), new FetchError(kind, "test")));
    }

    static void publish(PageFetched page) {
        kafka.send(Topics.PAGES_FETCHED, page.key(), EventCodec.encode(page));
    }

    static Map<String, PageClassified> classified(String job, int expected) {
        List<ConsumerRecord<String, String>> records;
        try {
            records = kafka.readUntil(Topics.PAGES_CLASSIFIED, rs -> ofJob(rs, job).size() >= expected, WAIT);
        } catch (AssertionError e) {
            Set<String> got = ofJob(kafka.readUntil(Topics.PAGES_CLASSIFIED, rs -> true, Duration.ZERO), job).keySet();
            throw new AssertionError("only " + got.size() + " of " + expected + " pages classified: " + got, e);
        }
        Map<String, PageClassified> byUrl = ofJob(records, job);
        assertEquals(expected, byUrl.size(), byUrl.keySet().toString());
        return byUrl;
    }

    static Map<String, PageClassified> ofJob(List<ConsumerRecord<String, String>> records, String job) {
        Map<String, PageClassified> byUrl = new HashMap<>();
        for (ConsumerRecord<String, String> r : records) {
            if (job.equals(r.key())) {
                PageClassified c = EventCodec.decode(EventType.PAGE_CLASSIFIED, r.value());
                byUrl.put(c.request().url(), c);
            }
        }
        return byUrl;
    }

    static Map<String, TargetPage> targetsOf(List<ConsumerRecord<String, String>> records, String job) {
        Map<String, TargetPage> byUrl = new HashMap<>();
        for (ConsumerRecord<String, String> r : records) {
            TargetPage t = EventCodec.decode(EventType.TARGET_PAGE, r.value());
            if (t.jobId().equals(job)) {
                byUrl.put(t.url(), t);
            }
        }
        return byUrl;
    }
}
