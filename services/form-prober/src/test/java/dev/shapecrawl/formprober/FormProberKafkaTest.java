package dev.shapecrawl.formprober;

import dev.shapecrawl.core.forms.ProbeSettings;
import dev.shapecrawl.core.lists.SwleExtractor;
import dev.shapecrawl.core.lists.SwleSettings;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.FormInfo;
import dev.shapecrawl.events.FormProbeState;
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
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The form-prober with the real (embedded) broker, the test playing the fetcher: a page with a search form, a
 * login form and a JavaScript form in; PROBE fetch requests out for the search form only, each answered with a
 * simulated result page ({@link Catalogue}) on {@code pages-fetched}, until a {@code form-templates} event; never
 * a request for the login or JavaScript form (asserted from {@code fetch-requests}); malformed events
 * dead-lettered; a probe rebuilt from {@code form-probe-state} in the middle of its run (a restart) asks for the
 * submission the service was waiting for and ends with the same form step as the service, which never stopped. Every URL is on a reserved {@code .test} host and nothing is fetched: no traffic leaves loopback.
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedKafkaResource.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
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
        List<FormTemplate> verdicts = new ArrayList<>();
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
            kafka.readFor(Topics.FORM_TEMPLATES, Duration.ofMillis(100)).stream()
                    .map(r -> EventCodec.decode(EventType.FORM_TEMPLATE, r.value()))
                    .filter(t -> t.jobId().equals(job)).forEach(verdicts::add);
            template = verdicts.stream().filter(FormTemplate::informative).findFirst().orElse(null);
        }
        // every form the job met is settled on form-templates: the two never submitted with their reason
        Map<String, FormTemplate> byForm = new HashMap<>();
        verdicts.forEach(v -> byForm.put(v.formId(), v));
        assertEquals(3, byForm.size(), verdicts.toString());
        FormTemplate login = byForm.get(Catalogue.loginForm().id());
        assertEquals(FormTemplate.Outcome.REJECTED, login.outcome());
        assertTrue(login.reason().startsWith("PASSWORD"), login.reason());
        assertTrue(login.informativeInstances().isEmpty());
        assertEquals(FormTemplate.Outcome.REJECTED, byForm.get(Catalogue.javaScriptForm().id()).outcome());
        assertTrue(byForm.get(Catalogue.javaScriptForm().id()).reason().startsWith("JAVASCRIPT"),
                byForm.get(Catalogue.javaScriptForm().id()).reason());

        assertEquals(Catalogue.SITE + "search", template.action());
        assertEquals(Catalogue.SITE + "index.html", template.pageUrl());
        assertEquals(Catalogue.searchForm().id(), template.formId());
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
        // The classifier's header says "no form": acked unread, so neither dead-lettered nor counted (first on the
        // partition, it would be the first dead letter below and the count would read 4)
        kafka.sendRaw(Topics.PAGES_CLASSIFIED, key, "not json, but marked formless".getBytes(StandardCharsets.UTF_8),
                Map.of(PageClassified.FORMS_HEADER, "0"));
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

    /** Runs last: the other tests count the service's metrics from its start, and this probe adds to them. */
    @Test
    @Order(Integer.MAX_VALUE)
    void aProbeRestoredFromTheStateTopicContinuesToTheSameFormStep() {
        String job = "probe-restart";
        String formKey = job + "/" + Catalogue.searchForm().id();
        classified(job, "index.html", List.of(Catalogue.searchForm()));

        // Answer the first submissions, then leave one unanswered: the moment of the "crash".
        int answeredBeforeCrash = 3;
        List<FetchRequest> served = new ArrayList<>();
        FetchRequest inFlight = null;
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (inFlight == null) {
            if (System.nanoTime() > deadline) {
                fail("the probe of " + job + " stopped after " + served.size() + " answered submissions");
            }
            for (FetchRequest req : requestsOf(job, Duration.ofMillis(200))) {
                if (served.stream().anyMatch(r -> r.id().equals(req.id())) || inFlight != null) {
                    continue;
                }
                if (served.size() < answeredBeforeCrash) {
                    served.add(req);
                    answer(req);
                } else {
                    inFlight = req;
                }
            }
        }

        // A new instance: its state only from the compacted topic, read to its end.
        ResultPages pages = new ResultPages(new SwleExtractor(SwleSettings.defaults()));
        FormProbes restarted = new FormProbes(ProbeSettings.defaults());
        List<FormProbeState> saved = ProbeStateTopic.readAll(TestKafka.bootstrapServers(), WAIT);
        FormProbeState state = saved.stream().filter(s -> s.key().equals(formKey)).findFirst().orElseThrow();
        assertEquals(Catalogue.SITE + "index.html", state.pageUrl());
        assertEquals(answeredBeforeCrash, state.state().get("log").size() + broadSubmissions(state),
                "the saved state holds every observed result");
        List<FetchRequest> reissued = restarted.restore(saved).stream().filter(r -> r.jobId().equals(job)).toList();
        assertEquals(List.of(inFlight), reissued, "the restored probe waits for the request in flight");
        assertInstanceOf(FormProbes.Known.class, restarted.onForm(job, Catalogue.SITE + "other.html", 0,
                Catalogue.searchForm()), "a restored form is not probed again");

        // The service goes on (the run that never stopped); the restored probe is fed the same results.
        FormTemplate restoredTemplate = null;
        FetchRequest next = inFlight;
        List<FetchRequest> restoredRequests = new ArrayList<>();
        while (restoredTemplate == null) {
            restoredRequests.add(next);
            FormProbes.Step step = restarted.onResult(next, pages.of(Catalogue.answer(next))).orElseThrow();
            if (step.finished().isPresent()) {
                restoredTemplate = step.template().orElseThrow();
            } else {
                next = step.next().orElseThrow();
            }
        }
        FormTemplate serviceTemplate = null;
        List<FetchRequest> serviceRequests = new ArrayList<>();
        Set<String> answered = new HashSet<>();
        served.forEach(r -> answered.add(r.id()));
        deadline = System.nanoTime() + WAIT.toNanos();
        while (serviceTemplate == null) {
            if (System.nanoTime() > deadline) {
                fail("no form-templates event for " + job + " within " + WAIT);
            }
            for (FetchRequest req : requestsOf(job, Duration.ofMillis(200))) {
                if (answered.add(req.id())) {
                    serviceRequests.add(req);
                    answer(req);
                }
            }
            serviceTemplate = kafka.readFor(Topics.FORM_TEMPLATES, Duration.ofMillis(100)).stream()
                    .map(r -> EventCodec.decode(EventType.FORM_TEMPLATE, r.value()))
                    .filter(t -> t.jobId().equals(job)).findFirst().orElse(null);
        }
        assertEquals(serviceRequests, restoredRequests, "the same submissions after the restart");
        assertEquals(serviceTemplate, restoredTemplate);
        assertTrue(serviceTemplate.submissions() > answeredBeforeCrash + 1, "submissions: "
                + serviceTemplate.submissions());

        // The finished probe's state is kept: a later instance knows the form and resumes nothing of it.
        Map<String, FormProbeState> finished = new java.util.LinkedHashMap<>(); // the latest of each key
        kafka.readUntil(Topics.FORM_PROBE_STATE, rs -> latest(rs, formKey)
                        .map(s -> "DONE".equals(s.state().get("phase").asText())).orElse(false), WAIT)
                .forEach(r -> finished.put(r.key(), EventCodec.decode(EventType.FORM_PROBE_STATE, r.value())));
        FormProbes later = new FormProbes(ProbeSettings.defaults());
        assertTrue(later.restore(finished.values()).stream().noneMatch(r -> r.jobId().equals(job)));
        assertInstanceOf(FormProbes.Known.class, later.onForm(job, Catalogue.SITE + "index.html", 0,
                Catalogue.searchForm()));
    }

    /** The broad submission is not in the instance log: count it once the probe is past it. */
    static int broadSubmissions(FormProbeState state) {
        return "BROAD".equals(state.state().get("phase").asText()) ? 0 : 1;
    }

    static Optional<FormProbeState> latest(List<ConsumerRecord<String, String>> records, String key) {
        FormProbeState last = null;
        for (ConsumerRecord<String, String> r : records) {
            if (key.equals(r.key())) {
                last = EventCodec.decode(EventType.FORM_PROBE_STATE, r.value());
            }
        }
        return Optional.ofNullable(last);
    }

    static List<FetchRequest> requestsOf(String job, Duration poll) {
        return kafka.readFor(Topics.FETCH_REQUESTS, poll).stream()
                .map(r -> EventCodec.decode(EventType.FETCH_REQUEST, r.value()))
                .filter(r -> r.jobId().equals(job)).toList();
    }

    static void answer(FetchRequest req) {
        PageFetched result = Catalogue.answer(req);
        kafka.send(Topics.PAGES_FETCHED, result.key(), EventCodec.encode(result));
    }

    static void classified(String job, String name, List<FormInfo> forms) {
        FetchRequest request = FetchRequest.get(job, Catalogue.SITE + name, Purpose.MAP, 0);
        PageClassified page = new PageClassified(job, request, request.url(), 200, 0.2, false, null, List.of(),
                forms, null, 1000, 50, null, null, null);
        kafka.send(Topics.PAGES_CLASSIFIED, job, EventCodec.encode(page));
    }
}
