package dev.shapecrawl.e2e;

import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Topics;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * Everything the services publish on the watched topics, read from the beginning by one background consumer as
 * it arrives, decoded, and kept in topic order: a crash test triggers its kills on this log (about 100 ms behind
 * the services, instead of the seconds a re-read of whole topics takes on a busy machine) and compares runs on it.
 *
 * <p>Read with {@code isolation.level=read_committed}: what a transactional producer (the pattern service) aborted
 * is never seen, as the services downstream never see it. {@link #readAll} reads a topic with either isolation
 * level, to show what the transactions hide. {@code pages-fetched} is kept as its requests only (bodies are
 * large and no comparison needs them).
 */
final class TopicLog implements AutoCloseable {
    /** The topics kept, each with the type its events decode as. */
    static final Map<String, EventType> TOPICS = Map.of(
            Topics.FETCH_REQUESTS, EventType.FETCH_REQUEST,
            Topics.PAGES_FETCHED, EventType.PAGE_FETCHED,
            Topics.PAGES_CLASSIFIED, EventType.PAGE_CLASSIFIED,
            Topics.LIST_RECORDS, EventType.LIST_RECORD,
            Topics.NAVIGATION_PATTERNS, EventType.NAVIGATION_PATTERN,
            Topics.CRAWL_STATUS, EventType.CRAWL_STATUS,
            Topics.SITE_MODELS, EventType.SITE_MODEL,
            Topics.FORM_TEMPLATES, EventType.FORM_TEMPLATE);

    private final KafkaConsumer<String, String> consumer;
    private final Map<String, List<Object>> events = new HashMap<>();
    private final Thread reader;
    private volatile RuntimeException failure;

    TopicLog(String bootstrapServers) {
        consumer = open(bootstrapServers, "read_committed");
        List<TopicPartition> partitions = new ArrayList<>();
        for (String topic : TOPICS.keySet()) {
            partitions.addAll(partitions(consumer, topic));
            events.put(topic, new ArrayList<>());
        }
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        reader = new Thread(this::read, "topic-log");
        reader.setDaemon(true);
        reader.start();
    }

    private void read() {
        try {
            while (true) {
                ConsumerRecords<String, String> batch = consumer.poll(Duration.ofMillis(100));
                synchronized (this) {
                    for (ConsumerRecord<String, String> r : batch) {
                        Object event = EventCodec.decode(TOPICS.get(r.topic()), r.value());
                        events.get(r.topic()).add(event instanceof PageFetched f ? f.request() : event);
                    }
                    notifyAll();
                }
            }
        } catch (WakeupException e) {
            // closed
        } catch (RuntimeException e) {
            failure = e;
            synchronized (this) {
                notifyAll();
            }
        } finally {
            consumer.close(Duration.ZERO); // no group, nothing to commit: no wait for the fetch sent ahead
        }
    }

    /**
     * The events of {@code topic} read so far, in the order of their partitions' offsets (each partition in order;
     * {@code pages-fetched} as its {@code FetchRequest}s).
     */
    synchronized <T> List<T> events(String topic, Class<T> type) {
        check();
        return events.get(topic).stream().map(type::cast).toList();
    }

    /** Waits until {@code condition} holds, checking it whenever records arrive (and every 200 ms). */
    boolean await(BooleanSupplier condition, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            synchronized (this) {
                check();
                wait(Math.min(200, Math.max(1, left / 1_000_000)));
            }
        }
        return true;
    }

    private void check() {
        if (failure != null) {
            throw new IllegalStateException("the topic log stopped", failure);
        }
    }

    /**
     * Every record of {@code topic} up to its end offsets at the call, read from the beginning with
     * {@code isolation} ({@code read_committed} or {@code read_uncommitted}).
     */
    static List<ConsumerRecord<String, String>> readAll(String bootstrapServers, String topic, String isolation) {
        try (KafkaConsumer<String, String> c = open(bootstrapServers, isolation)) {
            List<TopicPartition> partitions = partitions(c, topic);
            c.assign(partitions);
            c.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = c.endOffsets(partitions);
            List<ConsumerRecord<String, String>> out = new ArrayList<>();
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            // read_committed stops at the last stable offset, below the end offset while a transaction is open:
            // past the deadline the records read are returned, which is what a consumer could see then
            while (partitions.stream().anyMatch(p -> c.position(p) < end.get(p)) && System.nanoTime() < deadline) {
                c.poll(Duration.ofMillis(200)).forEach(out::add);
            }
            return out;
        }
    }

    /**
     * Waits until consumer group {@code group} has committed, on every partition of {@code topic}, at least the
     * end offset the partition has now: everything published so far is processed (a service commits an offset only
     * once the records below it are done). Services commit every few seconds, so this takes up to that long.
     *
     * @return whether the group caught up within {@code timeout}
     */
    static boolean awaitCommitted(String bootstrapServers, String group, String topic, Duration timeout)
            throws InterruptedException {
        Map<TopicPartition, Long> end;
        try (KafkaConsumer<String, String> c = open(bootstrapServers, "read_uncommitted")) {
            end = c.endOffsets(partitions(c, topic));
        }
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Admin admin = Admin.create(p)) {
            while (true) {
                Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                        .partitionsToOffsetAndMetadata().get(30, TimeUnit.SECONDS);
                boolean done = end.entrySet().stream().allMatch(e -> e.getValue() == 0 || (committed.get(e.getKey())
                        != null && committed.get(e.getKey()).offset() >= e.getValue()));
                if (done) {
                    return true;
                }
                if (System.nanoTime() > deadline) {
                    return false;
                }
                Thread.sleep(250);
            }
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("offsets of group " + group + " not readable", e);
        }
    }

    private static KafkaConsumer<String, String> open(String bootstrapServers, String isolation) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolation);
        p.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, Topics.PAGE_MESSAGE_BYTES);
        return new KafkaConsumer<>(p);
    }

    private static List<TopicPartition> partitions(KafkaConsumer<String, String> c, String topic) {
        List<TopicPartition> out = new ArrayList<>();
        for (PartitionInfo info : c.partitionsFor(topic, Duration.ofSeconds(30))) {
            out.add(new TopicPartition(topic, info.partition()));
        }
        return out;
    }

    @Override
    public void close() throws InterruptedException {
        consumer.wakeup();
        reader.join(10_000);
    }
}
