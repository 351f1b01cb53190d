package dev.shapecrawl.console;

import dev.shapecrawl.events.CrawlSample;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.ScopeMode;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.kafka.EmbeddedKafkaResource;
import dev.shapecrawl.testkit.kafka.TestKafka;
import dev.shapecrawl.testkit.kafka.TopicClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.containsStringIgnoringCase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The new-crawl form's endpoint (issue 22): without the CSRF token in both cookie and header, or from another
 * origin, nothing is published (403); every URL goes through the fetcher's scope and address guard (400 naming the
 * field); a good form publishes what {@code shapecrawl crawl} publishes: the samples, then the seed naming them,
 * keyed by the job. The test profile allows LOOPBACK (as {@code up --allow-loopback} does), nothing else.
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedKafkaResource.class)
class CrawlFormTest {
    private static final String SITE = "http://127.0.0.1:9/";

    record Token(String value, String cookie) {
    }

    static Token token() {
        Response r = given().get("/api/crawl/token");
        r.then().statusCode(200).header("Set-Cookie", containsStringIgnoringCase("SameSite=Strict"))
                .header("Set-Cookie", containsStringIgnoringCase("HttpOnly")).header("Cache-Control", "no-store");
        String value = r.jsonPath().getString("token");
        assertEquals(value, r.getCookie(CrawlResource.TOKEN_COOKIE));
        assertTrue(value.length() >= 40, value);
        return new Token(value, r.getCookie(CrawlResource.TOKEN_COOKIE));
    }

    static Response post(Token t, String header, String origin, Map<String, Object> form) {
        var request = given().contentType("application/json").body(form);
        if (t != null) {
            request.cookie(CrawlResource.TOKEN_COOKIE, t.cookie());
        }
        if (header != null) {
            request.header(CrawlResource.TOKEN_HEADER, header);
        }
        if (origin != null) {
            request.header("Origin", origin);
        }
        return request.post("/api/crawl");
    }

    static Map<String, Object> form(String job, String entry, List<String> samples) {
        return Map.of("job", job, "entry", entry, "samples", samples, "notSamples", List.of(SITE + "index.html"),
                "scope", "HOST", "mapping", "full", "maxPages", 50, "scriptLinks", true);
    }

    @Test
    void withoutTheTokenOrFromAnotherOriginNothingIsPublished() {
        Map<String, Object> good = form("csrf-" + System.nanoTime(), SITE, List.of(SITE + "a.html"));
        Token t = token();
        post(null, null, null, good).then().statusCode(403).body("error", containsString("CSRF"));
        post(t, null, null, good).then().statusCode(403);
        post(null, t.value(), null, good).then().statusCode(403);
        post(t, t.value() + "x", null, good).then().statusCode(403);
        post(t, t.value(), "http://evil.test", good).then().statusCode(403);
        given().contentType("application/x-www-form-urlencoded").cookie(CrawlResource.TOKEN_COOKIE, t.cookie())
                .header(CrawlResource.TOKEN_HEADER, t.value()).formParam("entry", SITE).post("/api/crawl")
                .then().statusCode(415);
        try (TopicClient kafka = new TopicClient(TestKafka.bootstrapServers())) {
            List<ConsumerRecord<String, String>> seeds = kafka.readFor(Topics.CRAWL_SEEDS, Duration.ofSeconds(1));
            assertTrue(seeds.stream().noneMatch(r -> r.key().equals(good.get("job"))), "nothing published");
        }
    }

    @Test
    void everyUrlGoesThroughTheScopeAndTheAddressGuard() {
        Token t = token();
        post(t, t.value(), null, form("scope", SITE, List.of("http://127.0.0.2:9/a.html"))).then().statusCode(400)
                .body("error", containsString("sample: http://127.0.0.2:9/a.html is outside the job's scope (HOST"));
        post(t, t.value(), null, form("guard", "http://169.254.169.254/latest/", List.of("http://169.254.169.254/a")))
                .then().statusCode(400).body("error", containsString("entry: http://169.254.169.254/latest/ may not be fetched"));
        post(t, t.value(), null, form("bad id!", SITE, List.of(SITE + "a.html"))).then().statusCode(400)
                .body("error", containsString("jobId"));
        post(t, t.value(), null, form("nosamples", SITE, List.of())).then().statusCode(400)
                .body("error", containsString("samples"));
        post(t, t.value(), null, form("ftp", "ftp://127.0.0.1/", List.of(SITE + "a.html"))).then().statusCode(400)
                .body("error", containsString("entry"));
    }

    @Test
    void aGoodFormPublishesTheSamplesThenTheSeedAsTheCliDoes() {
        String job = "form-" + System.nanoTime();
        Token t = token();
        Response r = post(t, t.value(), null, form(job, SITE, List.of(SITE + "a.html", SITE + "b.html")));
        r.then().statusCode(202).body("jobId", org.hamcrest.Matchers.equalTo(job))
                .body("page", org.hamcrest.Matchers.equalTo("job.html?job=" + job));
        try (TopicClient kafka = new TopicClient(TestKafka.bootstrapServers())) {
            ConsumerRecord<String, String> seed = kafka.readUntil(Topics.CRAWL_SEEDS,
                    rs -> rs.stream().anyMatch(x -> x.key().equals(job)), Duration.ofSeconds(30)).stream()
                    .filter(x -> x.key().equals(job)).findFirst().orElseThrow();
            CrawlSeed s = EventCodec.decode(EventType.CRAWL_SEED, seed.value());
            assertEquals(List.of("s1", "s2", "n1"), s.sampleIds());
            assertEquals(SITE, s.entryUrl());
            assertEquals(ScopeMode.HOST, s.scope());
            assertEquals(50, s.maxPages());
            assertTrue(s.followsScripts(), "the form's scriptLinks reaches the seed");
            List<CrawlSample> samples = kafka.readUntil(Topics.CRAWL_SAMPLES,
                    rs -> rs.stream().filter(x -> x.key().equals(job)).count() == 3, Duration.ofSeconds(30)).stream()
                    .filter(x -> x.key().equals(job)).map(x -> EventCodec.decode(EventType.CRAWL_SAMPLE, x.value())).toList();
            assertEquals(List.of(SITE + "a.html", SITE + "b.html", SITE + "index.html"),
                    samples.stream().map(CrawlSample::url).toList());
            assertEquals(Boolean.TRUE, samples.get(2).negative());
        }
    }
}
