package dev.shapecrawl.pattern;

import dev.shapecrawl.events.CrawlSample;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.FormInfo;
import dev.shapecrawl.events.FormTemplate;
import dev.shapecrawl.events.Hashes;
import dev.shapecrawl.events.HttpMethod;
import dev.shapecrawl.events.Outlink;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.kafka.EmbeddedKafkaResource;
import dev.shapecrawl.testkit.kafka.MalformedEvent;
import dev.shapecrawl.testkit.kafka.MalformedEvents;
import dev.shapecrawl.testkit.kafka.TestKafka;
import dev.shapecrawl.testkit.kafka.TopicClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Bad input on every input of the pattern service (issue 9): for each input topic, every row of the shared table
 * ({@link MalformedEvents}) goes through the real Kafka Streams topology on the embedded broker, then a good event
 * of one job; every row lands on {@code dead-letter-topic-<input>} with its reason, no output mentions the rows'
 * job, and the good event is processed (it causes the fetch request it should). The inputs run in order, so the
 * good page of {@code pages-classified} can answer the request that the good seed caused, and carries the form whose
 * verdict, the good event of {@code form-templates}, makes the waiting mapping submit it.
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedKafkaResource.class)
class PatternBadInputKafkaTest {
    static final Duration WAIT = Duration.ofSeconds(90);
    static final String JOB = "bad-input-good";
    static final String ROWS_JOB = "bad-input-rows";
    static final String BASE = "http://bad-input.example.test/";
    static final FetchRequest ROWS_REQUEST = FetchRequest.get(ROWS_JOB, BASE + "rows", Purpose.MAP, 1);
    /** A search form on the good job's entry page: its mapping waits for the form's verdict. */
    static final FormInfo FORM = new FormInfo(BASE + "find", HttpMethod.GET, null, List.of(new FormInfo.Field(
            "select", "cat", List.of(new FormInfo.Option("a", "A"), new FormInfo.Option("b", "B")), "a", "Category",
            false)));
    static TopicClient kafka;

    /**
     * One consumed topic: a valid event the rows are derived from, the good event sent after them (built when its
     * turn comes), and the fetch request that shows the good event was processed.
     */
    record Input(String topic, Object rowsFrom, Supplier<Object> good, Predicate<FetchRequest> caused) {
    }

    /** Every input of the topology, in the order they run; a new input is one more line here. */
    static List<Input> inputs() {
        return List.of(
                new Input(Topics.CRAWL_SEEDS, CrawlSeed.of(ROWS_JOB, BASE + "rows/"), () -> CrawlSeed.of(JOB, BASE),
                        r -> r.purpose() == Purpose.MAP && r.url().equals(BASE)),
                new Input(Topics.CRAWL_SAMPLES, new CrawlSample(ROWS_JOB, "s1", BASE + "rows/sample", null, null),
                        () -> new CrawlSample(JOB, "s1", BASE + "sample", null, null),
                        r -> r.purpose() == Purpose.SAMPLE && r.url().equals(BASE + "sample")),
                new Input(Topics.PAGES_CLASSIFIED, page(ROWS_REQUEST, List.of(), List.of()),
                        () -> page(requested(r -> r.url().equals(BASE)), List.of(BASE + "next"), List.of(FORM)),
                        r -> r.purpose() == Purpose.MAP && r.url().equals(BASE + "next")),
                new Input(Topics.FORM_TEMPLATES, template(ROWS_JOB), () -> template(JOB),
                        r -> r.purpose() == Purpose.MAP && r.url().equals(BASE + "find?cat=b")));
    }

    @BeforeAll
    static void start() {
        kafka = new TopicClient(TestKafka.bootstrapServers());
    }

    @AfterAll
    static void stop() {
        kafka.close();
    }

    @Test
    void everyMalformedEventOfEveryInputIsDeadLetteredAndTheNextIsProcessed() {
        // A new input of the topology without its line in inputs() fails here, not silently untested.
        assertEquals(Set.copyOf(PatternTopology.INPUTS), inputs().stream().map(Input::topic).collect(Collectors.toSet()),
                "every input of the topology has its line in inputs()");
        Map<String, List<MalformedEvent>> sent = new LinkedHashMap<>();
        for (Input input : inputs()) {
            List<MalformedEvent> rows = MalformedEvents.rows(input.topic(), input.rowsFrom(), JOB);
            MalformedEvents.send(kafka, input.topic(), rows);
            kafka.send(input.topic(), JOB, EventCodec.encode(input.good().get()));
            requested(input.caused());
            sent.put(input.topic(), rows);
        }
        sent.forEach((topic, rows) -> MalformedEvents.assertDeadLettered(kafka, topic, rows, WAIT));
        MalformedEvents.assertNothingProduced(kafka,
                List.of(Topics.FETCH_REQUESTS, Topics.NAVIGATION_PATTERNS, Topics.CRAWL_STATUS), ROWS_JOB,
                Duration.ofSeconds(1));
    }

    /** Waits for the job's fetch request that satisfies {@code test}. */
    static FetchRequest requested(Predicate<FetchRequest> test) {
        List<ConsumerRecord<String, String>> records = kafka.readUntil(Topics.FETCH_REQUESTS,
                rs -> find(rs, test).isPresent(), WAIT);
        FetchRequest r = find(records, test).orElseThrow();
        assertEquals(JOB, r.jobId());
        return r;
    }

    static Optional<FetchRequest> find(List<ConsumerRecord<String, String>> records, Predicate<FetchRequest> test) {
        return records.stream().filter(r -> r.value().contains(JOB))
                .map(r -> EventCodec.decode(EventType.FETCH_REQUEST, r.value()))
                .filter(r -> r.jobId().equals(JOB) && test.test(r)).findFirst();
    }

    static PageClassified page(FetchRequest request, List<String> links, List<FormInfo> forms) {
        return new PageClassified(request.jobId(), request, request.url(), 200, 0.2, false, "s1",
                links.stream().map(u -> new Outlink(u, "", true)).toList(), forms, Hashes.sha256Hex(request.url()),
                10, 10, null, null, null);
    }

    /** The form-prober's verdict on {@link #FORM}: informative, one instance. */
    static FormTemplate template(String job) {
        return new FormTemplate(job, FORM.id(), BASE, FORM.action(), HttpMethod.GET, List.of(), List.of("cat"),
                List.of(Map.of("cat", "b")), "ITP", 3, 0, 5, FormTemplate.Outcome.INFORMATIVE, null);
    }
}
