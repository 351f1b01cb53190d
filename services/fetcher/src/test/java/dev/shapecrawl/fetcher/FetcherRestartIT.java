package dev.shapecrawl.fetcher;

import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.kafka.TestKafka;
import dev.shapecrawl.testkit.kafka.TopicClient;
import dev.shapecrawl.testkit.web.TestResponse;
import dev.shapecrawl.testkit.web.TestWebServer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * At least once across a crash: the packaged fetcher runs as its own process against the real broker, is
 * killed with SIGKILL in the middle of a politeness-paced crawl, and restarted. Every request still gets its
 * {@code pages-fetched} event, and no page is fetched more than twice (the window between a page's event and
 * the commit of its offset is redone once at most).
 */
class FetcherRestartIT {
    static final String JOB = "restart-it";
    static final int PAGES = 12;

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void aKilledFetcherResumesAndLosesNothing() throws Exception {
        Path jar = Path.of(System.getProperty("fetcher.jar", "target/quarkus-app/quarkus-run.jar"));
        assertTrue(Files.isRegularFile(jar), "package the fetcher first: " + jar);
        try (TestWebServer web = TestWebServer.start(); TopicClient kafka = new TopicClient(TestKafka.bootstrapServers())) {
            List<String> urls = new ArrayList<>();
            for (int i = 0; i < PAGES; i++) {
                web.route("/p" + i, TestResponse.html("<html><body><p>page " + i + "</p></body></html>"));
                urls.add(web.url("/p" + i));
            }
            Process first = start(jar, "first");
            try {
                for (String url : urls) {
                    FetchRequest r = FetchRequest.get(JOB, url, Purpose.CRAWL, 1);
                    kafka.send(Topics.FETCH_REQUESTS, r.key(), EventCodec.encode(r));
                }
                kafka.readUntil(Topics.PAGES_FETCHED, rs -> fetched(rs).size() >= 3, Duration.ofSeconds(90));
            } finally {
                first.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
            int beforeKill = fetched(kafka.readUntil(Topics.PAGES_FETCHED, rs -> true, Duration.ofSeconds(1))).size();
            assertTrue(beforeKill < PAGES, "the crash should come mid-crawl, but all pages were already done");

            Process second = start(jar, "second");
            try {
                List<ConsumerRecord<String, String>> all = kafka.readUntil(Topics.PAGES_FETCHED,
                        rs -> fetched(rs).keySet().containsAll(urls), Duration.ofSeconds(120));
                Map<String, Integer> events = fetched(all);
                for (String url : urls) {
                    int hits = web.requests(url.substring(url.lastIndexOf('/'))).size();
                    assertTrue(hits >= 1 && hits <= 2, url + " fetched " + hits + " times");
                }
                int duplicates = events.values().stream().mapToInt(n -> n - 1).sum();
                System.out.printf("restart: %d of %d pages done before SIGKILL; %d duplicate events after restart%n",
                        beforeKill, PAGES, duplicates);
                assertEquals(PAGES, events.size());
            } finally {
                second.destroy();
                second.waitFor(30, TimeUnit.SECONDS);
                second.destroyForcibly();
            }
        }
    }

    /** Events of this job by request URL, with how many each URL got. */
    static Map<String, Integer> fetched(List<ConsumerRecord<String, String>> records) {
        Map<String, Integer> byUrl = new HashMap<>();
        for (ConsumerRecord<String, String> r : records) {
            if (r.value().contains("\"jobId\":\"" + JOB + "\"")) {
                PageFetched p = EventCodec.decode(EventType.PAGE_FETCHED, r.value());
                byUrl.merge(p.request().url(), 1, Integer::sum);
            }
        }
        return byUrl;
    }

    static Process start(Path jar, String name) throws IOException {
        File log = Path.of("target", "fetcher-restart-" + name + ".log").toFile();
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx384m",
                "-Dkafka.bootstrap.servers=" + TestKafka.bootstrapServers(),
                "-Dquarkus.http.port=0",
                "-Dshapecrawl.fetcher.engine.allowed-addresses=LOOPBACK",
                "-Dshapecrawl.fetcher.engine.politeness-delay-ms=400",
                // The killed member's partitions move to the new one after this session timeout (the broker's
                // minimum), instead of the 45 s default.
                "-Dmp.messaging.incoming.fetch-requests.session.timeout.ms=6000",
                "-jar", jar.toString())
                .redirectErrorStream(true)
                .redirectOutput(log);
        return pb.start();
    }
}
