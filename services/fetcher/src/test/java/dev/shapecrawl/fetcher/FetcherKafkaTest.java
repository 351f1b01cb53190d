package dev.shapecrawl.fetcher;

import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.FetchErrorKind;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.kafka.EmbeddedKafkaResource;
import dev.shapecrawl.testkit.kafka.TestKafka;
import dev.shapecrawl.testkit.kafka.TopicClient;
import dev.shapecrawl.testkit.web.RecordedRequest;
import dev.shapecrawl.testkit.web.TestResponse;
import dev.shapecrawl.testkit.web.TestWebServer;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fetcher service end to end: fetch requests are published to the real (embedded) broker, the service
 * fetches pages of a local web server on loopback, and the {@code pages-fetched} events are read back from
 * the broker. Settings are the {@code %test} profile of {@code application.properties}: loopback allowed,
 * politeness delay 1000 ms (the default), read timeout 1500 ms, retry back-off base 200 ms.
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedKafkaResource.class)
class FetcherKafkaTest {
    static final String JOB = "fetcher-it";
    static final long POLITENESS_DELAY_MS = 1000;
    static final int CAP = 5 * 1024 * 1024;
    static final Duration WAIT = Duration.ofSeconds(60);

    static TestWebServer web;
    static TopicClient kafka;

    @BeforeAll
    static void start() {
        web = TestWebServer.start();
        web.route("/robots.txt", TestResponse.text("User-agent: *\nDisallow: /private/\n"));
        kafka = new TopicClient(TestKafka.bootstrapServers());
    }

    @AfterAll
    static void stop() {
        kafka.close();
        web.close();
    }

    @Test
    void bodyAndCharsetFromTheHeader() {
        web.route("/latin1", TestResponse.bytes("text/html; charset=ISO-8859-1",
                "<html><body><p>café</p></body></html>".getBytes(StandardCharsets.ISO_8859_1)));
        PageFetched page = fetch(web.url("/latin1"));
        assertNull(page.error());
        assertEquals(200, page.status());
        // The HTML standard's encoding labels map ISO-8859-1 to its superset windows-1252, as browsers do.
        assertEquals("windows-1252", page.charset());
        assertTrue(page.body().contains("<p>café</p>"), page.body());
        assertEquals("text/html", page.contentType());
    }

    @Test
    void finalUrlAndChainAfterRedirects() {
        web.route("/r1", TestResponse.redirect(301, "/r2"));
        web.route("/r2", TestResponse.redirect(302, web.url("/r3")));
        web.route("/r3", TestResponse.html("<html><body>arrived</body></html>"));
        PageFetched page = fetch(web.url("/r1"));
        assertNull(page.error());
        assertEquals(web.url("/r3"), page.finalUrl());
        assertEquals(List.of(web.url("/r1"), web.url("/r2"), web.url("/r3")), page.redirectChain());
        assertTrue(page.body().contains("arrived"));
    }

    @Test
    void notFoundIsAnHttpStatusError() {
        PageFetched page = fetch(web.url("/missing"));
        assertEquals(404, page.status());
        assertEquals(FetchErrorKind.HTTP_STATUS, page.error().kind());
    }

    @Test
    void serviceUnavailableIsRetriedNoSoonerThanRetryAfter() {
        web.routeSequence("/busy", TestResponse.status(503).header("Retry-After", "2"),
                TestResponse.html("<html><body>ready</body></html>"));
        PageFetched page = fetch(web.url("/busy"));
        assertNull(page.error());
        assertEquals(200, page.status());
        assertEquals(2, page.attempts());
        List<RecordedRequest> hits = web.requests("/busy");
        assertEquals(2, hits.size());
        long gapMs = TimeUnit.NANOSECONDS.toMillis(hits.get(1).receivedAtNanos() - hits.get(0).receivedAtNanos());
        assertTrue(gapMs >= 2000, "retried after " + gapMs + " ms, Retry-After said 2 s");
    }

    @Test
    void aStalledBodyTimesOut() {
        web.route("/slow", TestResponse.slow("text/html", "<html><body>".getBytes(StandardCharsets.UTF_8), 30_000));
        PageFetched page = fetch(web.url("/slow"));
        assertEquals(FetchErrorKind.TIMEOUT, page.error().kind());
        assertNull(page.body());
    }

    @Test
    void aTwentyMebibyteBodyIsTruncatedAtTheCap() {
        web.route("/huge", TestResponse.generated("text/html", 20L * 1024 * 1024, (byte) 'a'));
        PageFetched page = fetch(web.url("/huge"));
        assertNull(page.error());
        assertTrue(page.truncated());
        assertEquals(CAP, page.body().length());
        assertEquals(CAP, page.contentBytes());
    }

    @Test
    void aPdfIsRecordedWithoutBody() {
        web.route("/paper.pdf", TestResponse.bytes("application/pdf", "%PDF-1.7 ...".getBytes(StandardCharsets.US_ASCII)));
        PageFetched page = fetch(web.url("/paper.pdf"));
        assertEquals(200, page.status());
        assertEquals("application/pdf", page.contentType());
        assertEquals(FetchErrorKind.UNSUPPORTED_TYPE, page.error().kind());
        assertNull(page.body());
    }

    @Test
    void aPathDisallowedByRobotsTxtIsNeverRequested() {
        web.route("/private/secret.html", TestResponse.html("<p>secret</p>"));
        PageFetched page = fetch(web.url("/private/secret.html"));
        assertEquals(FetchErrorKind.ROBOTS_DENIED, page.error().kind());
        assertTrue(web.requests("/private/secret.html").isEmpty());
    }

    @Test
    void onePolitenessDelayPerHostWhileAnotherHostIsFetchedInParallel() {
        web.route("/polite/a", TestResponse.html("<p>a</p>"));
        web.route("/polite/b", TestResponse.html("<p>b</p>"));
        web.route("/polite/c", TestResponse.html("<p>c</p>"));
        publish(request(web.url("/polite/a")));
        publish(request(web.url("/polite/b")));
        publish(request(web.localhostUrl("/polite/c")));
        await(web.url("/polite/a"));
        await(web.url("/polite/b"));
        await(web.localhostUrl("/polite/c"));

        RecordedRequest a = web.requests("/polite/a").get(0);
        RecordedRequest b = web.requests("/polite/b").get(0);
        RecordedRequest c = web.requests("/polite/c").get(0);
        // from the moment a's response began: the fetcher cannot have finished reading it, and started the host's
        // delay, before then; the server's "finished" time may lie after the fetcher's end on a busy machine (a CI run
        // read 998 ms against it)
        long gapMs = TimeUnit.NANOSECONDS.toMillis(b.receivedAtNanos() - a.responseStartedAtNanos());
        assertTrue(gapMs >= POLITENESS_DELAY_MS, "second request to one host " + gapMs + " ms after the first");
        assertTrue(c.host().startsWith("localhost:"), c.host());
        assertTrue(c.receivedAtNanos() < b.receivedAtNanos(),
                "the other host was fetched while the first host waited out its delay");
    }

    @Test
    void malformedRequestsAreDeadLetteredWithTheirReasonAndTheNextIsFetched() {
        String dlq = Topics.deadLetter(Topics.FETCH_REQUESTS);
        kafka.send(Topics.FETCH_REQUESTS, "bad-1", "this is not JSON");
        kafka.send(Topics.FETCH_REQUESTS, "bad-2",
                "{\"type\":\"fetch-request\",\"version\":1,\"jobId\":\"" + JOB + "\",\"purpose\":\"MAP\"}");
        kafka.send(Topics.FETCH_REQUESTS, "bad-3", "{\"type\":\"fetch-request\",\"version\":1,\"jobId\":\"" + JOB
                + "\",\"purpose\":\"MAP\",\"url\":\"javascript:alert(1)\"}");
        web.route("/after-bad", TestResponse.html("<p>still here</p>"));
        PageFetched page = fetch(web.url("/after-bad"));
        assertNull(page.error());

        List<ConsumerRecord<String, String>> dead = kafka.readUntil(dlq, rs -> rs.stream()
                .filter(r -> r.key() != null && r.key().startsWith("bad-")).count() >= 3, WAIT);
        assertReason(dead, "bad-1", "not JSON");
        assertReason(dead, "bad-2", "url");
        assertReason(dead, "bad-3", "unsupported scheme 'javascript'");
    }

    @Test
    void privateAndMetadataAddressesStayBlockedWhenOnlyLoopbackIsAllowed() {
        assertEquals(FetchErrorKind.BLOCKED_ADDRESS, fetch("http://10.0.0.1/").error().kind());
        assertEquals(FetchErrorKind.BLOCKED_ADDRESS, fetch("http://169.254.169.254/latest/meta-data/").error().kind());
        web.route("/loopback-ok", TestResponse.html("<p>ok</p>"));
        assertNull(fetch(web.localhostUrl("/loopback-ok")).error());
    }

    @Test
    void metricsAndReadiness() {
        web.route("/metered", TestResponse.html("<p>m</p>"));
        fetch(web.url("/metered"));
        given().get("/q/metrics").then().statusCode(200)
                .body(containsString("shapecrawl_fetcher_fetches_total{outcome=\"ok\"}"))
                .body(containsString("shapecrawl_fetcher_latency_seconds_bucket"))
                .body(containsString("shapecrawl_fetcher_body_bytes"));
        given().get("/q/health/ready").then().statusCode(200).body(containsString("UP"));
    }

    static void assertReason(List<ConsumerRecord<String, String>> dead, String key, String reason) {
        ConsumerRecord<String, String> r = dead.stream().filter(d -> key.equals(d.key())).findFirst().orElseThrow();
        String header = TopicClient.header(r, "dead-letter-reason");
        assertNotNull(header, key + " has no dead-letter-reason");
        assertTrue(header.contains(reason), key + ": reason '" + header + "' lacks '" + reason + "'");
    }

    static FetchRequest request(String url) {
        return FetchRequest.get(JOB, url, Purpose.MAP, 1);
    }

    static void publish(FetchRequest request) {
        kafka.send(Topics.FETCH_REQUESTS, request.key(), EventCodec.encode(request));
    }

    static PageFetched fetch(String url) {
        publish(request(url));
        return await(url);
    }

    static PageFetched await(String url) {
        List<ConsumerRecord<String, String>> records = kafka.readUntil(Topics.PAGES_FETCHED,
                rs -> rs.stream().anyMatch(r -> isFor(r, url)), WAIT);
        ConsumerRecord<String, String> r = records.stream().filter(x -> isFor(x, url)).findFirst().orElseThrow();
        PageFetched page = EventCodec.decode(EventType.PAGE_FETCHED, r.value());
        assertEquals(page.request().key(), r.key(), "pages-fetched is keyed by host");
        assertFalse(page.redirectChain().isEmpty());
        return page;
    }

    static boolean isFor(ConsumerRecord<String, String> r, String url) {
        // Cheap prefilter on the raw JSON before decoding a 5 MiB body.
        if (!r.value().contains(url)) {
            return false;
        }
        PageFetched p = EventCodec.decode(EventType.PAGE_FETCHED, r.value());
        return p.request().url().equals(url) && p.request().jobId().equals(JOB);
    }
}
