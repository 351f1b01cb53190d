package dev.shapecrawl.fetcher;

import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.kafka.EmbeddedKafkaResource;
import dev.shapecrawl.testkit.kafka.MalformedEvent;
import dev.shapecrawl.testkit.kafka.MalformedEvents;
import dev.shapecrawl.testkit.kafka.TestKafka;
import dev.shapecrawl.testkit.kafka.TopicClient;
import dev.shapecrawl.testkit.web.TestResponse;
import dev.shapecrawl.testkit.web.TestWebServer;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad input on {@code fetch-requests} (issue 9): every row of the shared table ({@link MalformedEvents}) goes through
 * the fetcher's real consumer on the embedded broker, then a good request; every row lands on
 * {@code dead-letter-topic-fetch-requests} with its reason, none is fetched, and the good request is fetched.
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedKafkaResource.class)
class FetcherBadInputKafkaTest {
    static final String ROWS_JOB = "bad-input-rows";
    static final Duration WAIT = Duration.ofSeconds(90);

    static TestWebServer web;
    static TopicClient kafka;

    @BeforeAll
    static void start() {
        web = TestWebServer.start();
        kafka = new TopicClient(TestKafka.bootstrapServers());
    }

    @AfterAll
    static void stop() {
        kafka.close();
        web.close();
    }

    @Test
    void everyMalformedRequestIsDeadLetteredAndTheNextIsFetched() {
        web.route("/after-bad-input", TestResponse.html("<p>still fetching</p>"));
        web.route("/bad-input-rows", TestResponse.html("<p>must not be fetched</p>"));
        FetchRequest good = FetchRequest.get("bad-input-good", web.url("/after-bad-input"), Purpose.MAP, 1);
        List<MalformedEvent> rows = MalformedEvents.rows(Topics.FETCH_REQUESTS,
                FetchRequest.get(ROWS_JOB, web.url("/bad-input-rows"), Purpose.MAP, 1), good.key());

        MalformedEvents.send(kafka, Topics.FETCH_REQUESTS, rows);
        kafka.send(Topics.FETCH_REQUESTS, good.key(), EventCodec.encode(good));

        PageFetched page = EventCodec.decode(EventType.PAGE_FETCHED, kafka.readUntil(Topics.PAGES_FETCHED,
                rs -> rs.stream().anyMatch(r -> r.value().contains(good.url())), WAIT).stream()
                .filter(r -> r.value().contains(good.url())).findFirst().orElseThrow().value());
        assertNull(page.error());
        assertTrue(page.body().contains("still fetching"));
        MalformedEvents.assertDeadLettered(kafka, Topics.FETCH_REQUESTS, rows, WAIT);
        MalformedEvents.assertNothingProduced(kafka, List.of(Topics.PAGES_FETCHED), ROWS_JOB, Duration.ofSeconds(1));
        assertTrue(web.requests("/bad-input-rows").isEmpty(), "a malformed request was fetched");
    }
}
