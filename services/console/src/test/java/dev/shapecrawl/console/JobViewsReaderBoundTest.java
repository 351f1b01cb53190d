package dev.shapecrawl.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.kafka.TestKafka;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * The console's readers hold a bounded number of events per poll, however much history the topics keep. A console
 * started on a broker that held a few evaluation runs (their target pages with the bodies) ran out of its
 * 512 MiB heap while decoding the consumer's default 500 records a poll, and never became ready. Real broker
 * (the test kit's KRaft cluster), a topic of its own so that no other test sees its events.
 */
class JobViewsReaderBoundTest {
    private static final String TOPIC = "console-reader-bound-test";
    private static final int EVENTS = 120;
    private static final int BODY_CHARS = 200_000;

    @Test
    void aPollHoldsAtMostMaxPollRecordsEventsAndTheReaderStillReadsEverything() {
        String bootstrap = TestKafka.bootstrapServers();
        TestKafka.createTopics(bootstrap, List.of(new NewTopic(TOPIC, 2, (short) 1)
                .configs(Map.of("max.message.bytes", String.valueOf(Topics.PAGE_MESSAGE_BYTES)))));
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, String.valueOf(Topics.PAGE_MESSAGE_BYTES));
        String body = "<p>" + "x".repeat(BODY_CHARS) + "</p>"; // a target page's event carries its body
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
            for (int i = 0; i < EVENTS; i++) {
                producer.send(new ProducerRecord<>(TOPIC, "job-" + (i % 3), "{\"n\":" + i + ",\"body\":\"" + body
                        + "\"}"));
            }
            producer.flush();
        }
        int read = 0;
        int largestPoll = 0;
        try (KafkaConsumer<String, String> reader = new KafkaConsumer<>(JobViews.readerSettings(bootstrap))) {
            List<TopicPartition> partitions = new ArrayList<>();
            reader.partitionsFor(TOPIC).forEach(i -> partitions.add(new TopicPartition(TOPIC, i.partition())));
            reader.assign(partitions);
            reader.seekToBeginning(partitions);
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (read < EVENTS && System.nanoTime() < deadline) {
                ConsumerRecords<String, String> polled = reader.poll(Duration.ofMillis(250));
                largestPoll = Math.max(largestPoll, polled.count());
                read += polled.count();
            }
        }
        assertEquals(EVENTS, read, "every event is read");
        assertTrue(largestPoll <= JobViews.MAX_POLL_RECORDS, "a poll decoded " + largestPoll + " events, more than "
                + JobViews.MAX_POLL_RECORDS);
        assertTrue(largestPoll > 1, "the bound is reached, so the test measures it: " + largestPoll);
    }
}
