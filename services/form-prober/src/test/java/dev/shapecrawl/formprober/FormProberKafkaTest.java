package dev.shapecrawl.formprober;

import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.FormInfo;
import dev.shapecrawl.events.FormTemplate;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Purpose;
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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The form-prober with the real (embedded) broker, the test playing the fetcher: a page with a search form, a
 * login form and a JavaScript form in; PROBE fetch requests out for the search form only, each answered with a
 * simulated result page ({@link Catalogue}) on {@code pages-fetched}, until a {@code form-templates} event; never
 * a request for the login or JavaScript form (asserted from {@code fetch-requests}); malformed events
 * dead-lettered. Every URL is on a reserved {@code .test} host and nothing is fetched: no traffic leaves loopback.
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedKafkaResource.class)
class FormProberKafkaTest {
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
    void aSearchFormIsProbedToAFormStepAndLoginAndJavaScriptFormsNeverSubmitted() {
        String job = "probe-search";
        classified(job, "index.html", List.of(Catalogue.loginForm(), Catalogue.searchForm(),
                Catalogue.javaScriptForm()));
        // The same search form on another page is the same form: probed once.
        classified(job, "about.html", List.of(Catalogue.searchForm()));

        Set<String> answered = new HashSet<>();
        FormTemplate template = null;
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (template == null) {
            if (System.nanoTime() > deadline) {
                fail("no form-templates event for " + job + " within " + WAIT + "; answered " + answered.size());
            }
            for (ConsumerRecord<String, String> r : kafka.readFor(Topics.FETCH_REQUESTS, Duration.ofMillis(200))) {
                FetchRequest req = EventCodec.decode(EventType.FETCH_REQUEST, r.value());
                if (req.jobId().equals(job) && answered.add(req.id())) {
                    PageFetched result = Catalogue.answer(req);
                    kafka.send(Topics.PAGES_FETCHED, result.key(), EventCodec.encode(result));
                }
            }
            template = kafka.readFor(Topics.FORM_TEMPLATES, Duration.ofMillis(100)).stream()
                    .map(r -> EventCodec.decode(EventType.FORM_TEMPLATE, r.value()))
                    .filter(t -> t.jobId().equals(job)).findFirst().orElse(null);
        }

        assertEquals(Catalogue.SITE + "search", template.action());
        assertEquals(Catalogue.SITE + "index.html", template.pageUrl());
        assertEquals(FormProbes.formId(Catalogue.searchForm()), template.formId());
        assertEquals("ITP", template.mode());
        assertTrue(template.templateFields().contains("genre"), template.templateFields().toString());
        assertTrue(template.informativeInstances().containsAll(List.of(Map.of("genre", "jazz"),
                Map.of("genre", "blues"))), template.informativeInstances().toString());
        assertTrue(template.distinctRecords() >= 20, "distinct records: " + template.distinctRecords());

        // Give a late duplicate request time to show up, then read the whole request log of the job.
        List<FetchRequest> requests = kafka.readFor(Topics.FETCH_REQUESTS, Duration.ofSeconds(2)).stream()
                .map(r -> EventCodec.decode(EventType.FETCH_REQUEST, r.value()))
                .filter(r -> r.jobId().equals(job)).toList();
        assertEquals(template.submissions(), requests.size(), "one request per submission: " + requests);
        assertEquals(requests.size(), requests.stream().map(FetchRequest::id).distinct().count(), "no duplicates");
        for (FetchRequest r : requests) {
            assertEquals(Purpose.PROBE, r.purpose());
            assertTrue(r.url().startsWith(Catalogue.SITE + "search?"), r.url());
            assertFalse(r.url().contains("login") || r.url().contains("js-search"), r.url());
            assertEquals(1, r.depth(), "result pages are one deeper than the form page");
        }

        given().get("/q/metrics").then().statusCode(200)
                .body(containsString("shapecrawl_form_prober_rejected_forms_total{reason=\"password\"} 1.0"))
                .body(containsString("shapecrawl_form_prober_rejected_forms_total{reason=\"javascript\"} 1.0"))
                .body(containsString("shapecrawl_form_prober_probes_total{outcome=\"template\"} 1.0"))
                .body(containsString("shapecrawl_form_prober_forms_total{outcome=\"known\"} 1.0"));
        given().get("/q/health/ready").then().statusCode(200);
    }

    @Test
    void malformedEventsAreDeadLettered() {
        String key = "bad-job";
        kafka.send(Topics.PAGES_CLASSIFIED, key, "{\"type\":\"page-classified\",\"version\":1,\"jobId\":\"bad-job\"}");
        kafka.send(Topics.PAGES_CLASSIFIED, key, "not json at all");
        // A PROBE result whose request is incomplete: decoded (it names PROBE) and refused.
        String host = "bad.example.test";
        kafka.send(Topics.PAGES_FETCHED, host,
                "{\"type\":\"page-fetched\",\"version\":1,\"request\":{\"purpose\":\"PROBE\"}}");

        List<String> reasons = kafka.readUntil(Topics.deadLetter(Topics.PAGES_CLASSIFIED),
                        rs -> rs.stream().filter(r -> key.equals(r.key())).count() >= 2, WAIT).stream()
                .filter(r -> key.equals(r.key())).map(r -> TopicClient.header(r, "dead-letter-reason")).toList();
        assertTrue(reasons.get(0).contains("schema page-classified.v1"), reasons.get(0));
        assertTrue(reasons.get(1).contains("not JSON"), reasons.get(1));
        String fetchedReason = kafka.readUntil(Topics.deadLetter(Topics.PAGES_FETCHED),
                        rs -> rs.stream().anyMatch(r -> host.equals(r.key())), WAIT).stream()
                .filter(r -> host.equals(r.key())).map(r -> TopicClient.header(r, "dead-letter-reason"))
                .findFirst().orElseThrow();
        assertTrue(fetchedReason.contains("page-fetched"), fetchedReason);
        given().get("/q/metrics").then().statusCode(200)
                .body(containsString("shapecrawl_form_prober_malformed_total 3.0"));
    }

    static void classified(String job, String name, List<FormInfo> forms) {
        FetchRequest request = FetchRequest.get(job, Catalogue.SITE + name, Purpose.MAP, 0);
        PageClassified page = new PageClassified(job, request, request.url(), 200, 0.2, false, null, List.of(),
                forms, null, 1000, 50, null);
        kafka.send(Topics.PAGES_CLASSIFIED, job, EventCodec.encode(page));
    }
}
