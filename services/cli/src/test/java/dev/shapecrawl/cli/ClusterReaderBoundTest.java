package dev.shapecrawl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shapecrawl.testkit.kafka.TestKafka;
import dev.shapecrawl.testkit.kafka.TopicClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;

/**
 * The CLI reads a topic whole at every command without holding it, and decodes a bounded number of events per
 * poll. Before, {@code targets} listed every record of {@code target-pages} (page bodies included) and ran out of
 * memory on a broker that kept many jobs ({@code bin/eval-decision-e2e}'s runtime). Real broker (the test kit's
 * KRaft cluster), a topic of its own.
 */
class ClusterReaderBoundTest {
    private static final String TOPIC = "cli-reader-bound-test";
    private static final int EVENTS = 120;

    @Test
    void aTopicIsPassedOnInOrderAndAPollDecodesAtMostMaxPollRecords() {
        String bootstrap = TestKafka.bootstrapServers();
        TestKafka.createTopics(bootstrap, List.of(new NewTopic(TOPIC, 1, (short) 1)
                .configs(Map.of("max.message.bytes", String.valueOf(16 * 1024 * 1024)))));
        String body = "x".repeat(200_000); // an event with a page body
        try (TopicClient kafka = new TopicClient(bootstrap)) {
            for (int i = 0; i < EVENTS; i++) {
                kafka.send(TOPIC, "job", i + ":" + body);
            }
        }
        try (Cluster cluster = Cluster.connect(bootstrap)) {
            List<Integer> order = new ArrayList<>();
            cluster.forEach(TOPIC, r -> order.add(Integer.parseInt(r.value().substring(0, r.value().indexOf(':')))));
            assertEquals(EVENTS, order.size(), "every event is passed on");
            for (int i = 0; i < EVENTS; i++) {
                assertEquals(i, order.get(i), "in offset order");
            }
            int largest = 0;
            try (Cluster.Reader reader = cluster.reader(TOPIC)) {
                long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                int read = 0;
                while (read < EVENTS && System.nanoTime() < deadline) {
                    int[] n = {0};
                    reader.poll(Duration.ofMillis(250), r -> n[0]++);
                    largest = Math.max(largest, n[0]);
                    read += n[0];
                }
                assertEquals(EVENTS, read);
            }
            assertTrue(largest <= Cluster.MAX_POLL_RECORDS, "a poll decoded " + largest + " events");
            assertTrue(largest > 1, "the bound is reached, so the test measures it: " + largest);
        }
    }
}
