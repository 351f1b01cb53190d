package dev.shapecrawl.classifier;

import dev.shapecrawl.events.CrawlSample;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.Timings;
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

import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * Bad input on both topics the classifier consumes in its group (issue 9): every row of the shared table
 * ({@link MalformedEvents}) goes through the real consumer of {@code crawl-samples}, then a good sample, and through
 * the real consumer of {@code pages-fetched}, then a good page; every row lands on {@code dead-letter-topic-<topic>}
 * with its reason, no output mentions the rows' job, and the good sample and page are processed. The rows also go to
 * {@code crawl-seeds}, which {@link JobViews} reads whole outside any group and does not dead-letter (the pattern
 * service does): the good page is classified only once JobViews has read the good seed sent after them.
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedKafkaResource.class)
class ClassifierBadInputKafkaTest {
    static final Duration WAIT = Duration.ofSeconds(90);
    static final String JOB = "bad-input-good";
    static final String ROWS_JOB = "bad-input-rows";
    static final String SITE = "http://bad-input.example.test/api/";
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
    void everyMalformedSampleAndPageIsDeadLetteredAndTheNextIsClassified() {
        // JobViews reads crawl-seeds whole, outside any group, and ignores what it cannot read (the pattern service
        // dead-letters it): the rows go before the good seed, which a page needs to be classified (job ready).
        List<MalformedEvent> seedRows = MalformedEvents.rows(Topics.CRAWL_SEEDS,
                CrawlSeed.of(ROWS_JOB, SITE + "rows.html"), JOB);
        MalformedEvents.send(kafka, Topics.CRAWL_SEEDS, seedRows);
        kafka.send(Topics.CRAWL_SEEDS, JOB, EventCodec.encode(CrawlSeed.of(JOB, SITE + "index.html")));

        CrawlSample sample = new CrawlSample(JOB, "s1", SITE + "Sample.html", SitePages.typePage("Sample", 12), null);
        List<MalformedEvent> sampleRows = MalformedEvents.rows(Topics.CRAWL_SAMPLES,
                new CrawlSample(ROWS_JOB, "s1", SITE + "Rows.html", null, null), JOB);
        MalformedEvents.send(kafka, Topics.CRAWL_SAMPLES, sampleRows);
        kafka.send(Topics.CRAWL_SAMPLES, JOB, EventCodec.encode(sample));
        kafka.readUntil(Topics.SAMPLE_PAGES, rs -> rs.stream().anyMatch(r -> (JOB + "/s1").equals(r.key())), WAIT);

        PageFetched page = page(JOB, "Good.html");
        List<MalformedEvent> pageRows = MalformedEvents.rows(Topics.PAGES_FETCHED, page(ROWS_JOB, "Rows.html"),
                page.key());
        MalformedEvents.send(kafka, Topics.PAGES_FETCHED, pageRows);
        kafka.send(Topics.PAGES_FETCHED, page.key(), EventCodec.encode(page));
        PageClassified classified = kafka.readUntil(Topics.PAGES_CLASSIFIED,
                        rs -> rs.stream().anyMatch(r -> r.value().contains(page.request().url())), WAIT).stream()
                .filter(r -> r.value().contains(page.request().url()))
                .map(r -> EventCodec.decode(EventType.PAGE_CLASSIFIED, r.value())).findFirst().orElseThrow();
        assertNotNull(classified.similarity(), "classified against the good sample, the job's seed read after the"
                + " malformed seeds: " + classified.reason());

        MalformedEvents.assertDeadLettered(kafka, Topics.CRAWL_SAMPLES, sampleRows, WAIT);
        MalformedEvents.assertDeadLettered(kafka, Topics.PAGES_FETCHED, pageRows, WAIT);
        MalformedEvents.assertNothingProduced(kafka,
                List.of(Topics.SAMPLE_PAGES, Topics.PAGES_CLASSIFIED, Topics.TARGET_PAGES), ROWS_JOB,
                Duration.ofSeconds(1));
    }

    static PageFetched page(String job, String name) {
        FetchRequest r = FetchRequest.get(job, SITE + name, Purpose.MAP, 1);
        String body = SitePages.typePage(name, 4);
        return new PageFetched(r, r.url(), List.of(r.url()), 200, "text/html", "UTF-8", body, false, body.length(), 1,
                new Timings(1, 1, 0), null);
    }
}
