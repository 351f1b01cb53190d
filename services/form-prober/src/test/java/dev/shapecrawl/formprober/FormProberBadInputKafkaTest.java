package dev.shapecrawl.formprober;

import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.HttpMethod;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.kafka.EmbeddedKafkaResource;
import dev.shapecrawl.testkit.kafka.MalformedEvent;
import dev.shapecrawl.testkit.kafka.MalformedEvents;
import dev.shapecrawl.testkit.kafka.TestKafka;
import dev.shapecrawl.testkit.kafka.TopicClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad input on both topics the form-prober consumes (issue 9): every row of the shared table
 * ({@link MalformedEvents}) goes through the real consumer of {@code pages-classified}, then a page with a search
 * form, whose probe starts; then through the real consumer of {@code pages-fetched}, built from a PROBE result so
 * the rows reach the decoder, then the result of the probe's first submission, which yields the next one. Every row
 * lands on {@code dead-letter-topic-<topic>} with its reason and no output mentions the rows' job; on
 * {@code pages-fetched}, the rows that no longer name PROBE (garbage, tombstone, the request removed) are skipped
 * unread by design (they are the classifier's, which dead-letters them) and are checked not to be dead-lettered here.
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedKafkaResource.class)
@TestProfile(FormProberBadInputKafkaTest.OwnInstance.class)
class FormProberBadInputKafkaTest {
    static final Duration WAIT = Duration.ofSeconds(90);
    static final String JOB = "bad-input-good";
    static final String ROWS_JOB = "bad-input-rows";
    static TopicClient kafka;

    /**
     * An instance of its own: FormProberKafkaTest counts the service's metrics from its start, and the rows here
     * add to them.
     */
    public static class OwnInstance implements QuarkusTestProfile {
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
    void everyMalformedPageAndResultIsDeadLetteredAndTheProbeGoesOn() {
        List<MalformedEvent> classifiedRows = MalformedEvents.rows(Topics.PAGES_CLASSIFIED, classified(ROWS_JOB), JOB);
        MalformedEvents.send(kafka, Topics.PAGES_CLASSIFIED, classifiedRows);
        kafka.send(Topics.PAGES_CLASSIFIED, JOB, EventCodec.encode(classified(JOB)));
        FetchRequest first = requested(r -> true);

        PageFetched result = Catalogue.answer(first);
        FetchRequest rowsRequest = new FetchRequest(ROWS_JOB, Catalogue.SITE + "search?genre=jazz", HttpMethod.GET,
                List.of(), Purpose.PROBE, 1, null, 0, null);
        List<MalformedEvent> fetchedRows = MalformedEvents.rows(Topics.PAGES_FETCHED, Catalogue.answer(rowsRequest),
                result.key());
        MalformedEvents.send(kafka, Topics.PAGES_FETCHED, fetchedRows);
        kafka.send(Topics.PAGES_FETCHED, result.key(), EventCodec.encode(result));
        requested(r -> !r.id().equals(first.id()));

        Predicate<MalformedEvent> probe = r -> r.valueAsText() != null
                && r.valueAsText().contains(ProbeConsumer.PROBE_MARKER);
        List<MalformedEvent> decoded = fetchedRows.stream().filter(probe).toList();
        List<MalformedEvent> skipped = fetchedRows.stream().filter(probe.negate()).toList();
        assertTrue(decoded.size() > skipped.size(), "most rows of pages-fetched reach the decoder: " + skipped);
        MalformedEvents.assertDeadLettered(kafka, Topics.PAGES_CLASSIFIED, classifiedRows, WAIT);
        MalformedEvents.assertDeadLettered(kafka, Topics.PAGES_FETCHED, decoded, WAIT);
        Set<String> skippedNames = skipped.stream().map(MalformedEvent::name).collect(Collectors.toSet());
        for (ConsumerRecord<String, String> r : kafka.readFor(Topics.deadLetter(Topics.PAGES_FETCHED),
                Duration.ofSeconds(1))) {
            String row = TopicClient.header(r, MalformedEvents.ROW_HEADER);
            assertFalse(row != null && skippedNames.contains(row), row + " is not PROBE: skipped, not dead-lettered");
        }
        MalformedEvents.assertNothingProduced(kafka,
                List.of(Topics.FETCH_REQUESTS, Topics.FORM_TEMPLATES, Topics.FORM_PROBE_STATE), ROWS_JOB,
                Duration.ofSeconds(1));
    }

    static PageClassified classified(String job) {
        FetchRequest request = FetchRequest.get(job, Catalogue.SITE + "index.html", Purpose.MAP, 0);
        return new PageClassified(job, request, request.url(), 200, 0.2, false, null, List.of(),
                List.of(Catalogue.searchForm()), null, 1000, 50, null, null, null);
    }

    /** Waits for a PROBE request of the good job that satisfies {@code test}. */
    static FetchRequest requested(Predicate<FetchRequest> test) {
        Predicate<FetchRequest> wanted = r -> r.jobId().equals(JOB) && r.purpose() == Purpose.PROBE && test.test(r);
        return find(kafka.readUntil(Topics.FETCH_REQUESTS, rs -> find(rs, wanted).isPresent(), WAIT), wanted)
                .orElseThrow();
    }

    static Optional<FetchRequest> find(List<ConsumerRecord<String, String>> records, Predicate<FetchRequest> test) {
        return records.stream().filter(r -> r.value().contains(JOB))
                .map(r -> EventCodec.decode(EventType.FETCH_REQUEST, r.value())).filter(test).findFirst();
    }
}
