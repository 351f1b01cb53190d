package dev.shapecrawl.extractor;

import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.TargetPage;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.kafka.EmbeddedKafkaResource;
import dev.shapecrawl.testkit.kafka.MalformedEvent;
import dev.shapecrawl.testkit.kafka.MalformedEvents;
import dev.shapecrawl.testkit.kafka.TestKafka;
import dev.shapecrawl.testkit.kafka.TopicClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

/**
 * Bad input on {@code target-pages} (issue 9): every row of the shared table ({@link MalformedEvents}) goes through
 * the extractor's real consumer on the embedded broker, then a good page with a list; every row lands on
 * {@code dead-letter-topic-target-pages} with its reason, no list record mentions the rows' job, and the good page's
 * nine rows are published.
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedKafkaResource.class)
class ExtractorBadInputKafkaTest {
    static final Duration WAIT = Duration.ofSeconds(90);
    static final String SITE = "http://bad-input.example.test/";
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
    void everyMalformedPageIsDeadLetteredAndTheNextIsExtracted() {
        TargetPage good = new TargetPage("bad-input-good", SITE + "good", Purpose.CRAWL, 0.9, "UTF-8",
                ExtractorKafkaTest.CARTOON_PAGE);
        List<MalformedEvent> rows = MalformedEvents.rows(Topics.TARGET_PAGES, new TargetPage("bad-input-rows",
                SITE + "rows", Purpose.CRAWL, 0.9, "UTF-8", ExtractorKafkaTest.CARTOON_PAGE), good.key());

        MalformedEvents.send(kafka, Topics.TARGET_PAGES, rows);
        kafka.send(Topics.TARGET_PAGES, good.key(), EventCodec.encode(good));

        // Nine rows: Gertie (no producer) is not one (ExtractorKafkaTest).
        kafka.readUntil(Topics.LIST_RECORDS, rs -> rs.stream().filter(r -> good.url().equals(r.key())).count() >= 9,
                WAIT);
        MalformedEvents.assertDeadLettered(kafka, Topics.TARGET_PAGES, rows, WAIT);
        MalformedEvents.assertNothingProduced(kafka, List.of(Topics.LIST_RECORDS), "bad-input-rows",
                Duration.ofSeconds(1));
    }
}
