package dev.shapecrawl.testkit.kafka;

import dev.shapecrawl.events.Topics;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Utils;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

/**
 * Plain Kafka clients for tests: send raw records, and read a topic from its beginning until what was read
 * satisfies a condition. Not thread-safe; one per test.
 */
public final class TopicClient implements AutoCloseable {
    private final String bootstrapServers;
    private final KafkaProducer<String, String> producer;
    private KafkaProducer<String, byte[]> rawProducer;
    private final Map<String, KafkaConsumer<String, String>> readers = new HashMap<>();
    private final Map<String, List<ConsumerRecord<String, String>>> read = new HashMap<>();

    /** @param bootstrapServers the cluster, for example {@link TestKafka#bootstrapServers()} */
    public TopicClient(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
        this.producer = new KafkaProducer<>(producerSettings());
    }

    private Properties producerSettings() {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, Topics.PAGE_MESSAGE_BYTES);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        return p;
    }

    /**
     * Sends one record and waits for the broker's acknowledgement.
     *
     * @throws IllegalStateException if the broker does not acknowledge within 30 s
     */
    public void send(String topic, String key, String value) {
        send(new ProducerRecord<>(topic, key, value));
    }

    /**
     * Sends one record to an explicit partition, as a client whose partitioner is not Java's would place it (a
     * librdkafka client's CRC32-based default, say), and waits for the broker's acknowledgement.
     *
     * @param partition the partition, 0..partitions-1
     * @throws IllegalStateException if the broker does not acknowledge within 30 s
     */
    public void send(String topic, int partition, String key, String value) {
        send(new ProducerRecord<>(topic, partition, key, value));
    }

    /**
     * The partition the Java producer's default partitioner gives a keyed record: murmur2 of the key's UTF-8 bytes,
     * made positive, modulo {@code partitions}.
     */
    public static int javaPartition(String key, int partitions) {
        return Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % partitions;
    }

    /**
     * Sends many records to one topic without waiting for each (thousands in a second), then waits until the broker
     * has acknowledged them all.
     *
     * @param records key and value of each, in order
     * @throws IllegalStateException if one is not acknowledged within 60 s
     */
    public void sendAll(String topic, List<Map.Entry<String, String>> records) {
        List<java.util.concurrent.Future<?>> sent = new ArrayList<>(records.size());
        for (Map.Entry<String, String> r : records) {
            sent.add(producer.send(new ProducerRecord<>(topic, r.getKey(), r.getValue())));
        }
        producer.flush();
        try {
            for (java.util.concurrent.Future<?> f : sent) {
                f.get(60, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("send to " + topic + " failed", e);
        }
    }

    private void send(ProducerRecord<String, String> record) {
        String topic = record.topic();
        try {
            producer.send(record).get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("send to " + topic + " failed", e);
        }
    }

    /**
     * Sends one record whose value is raw bytes (binary garbage, invalid UTF-8) or null (a tombstone), with
     * headers, and waits for the broker's acknowledgement.
     *
     * @param key     the key, or null
     * @param value   the value, or null
     * @param headers header names and UTF-8 values
     * @throws IllegalStateException if the broker does not acknowledge within 30 s
     */
    public void sendRaw(String topic, String key, byte[] value, Map<String, String> headers) {
        if (rawProducer == null) {
            Properties p = producerSettings();
            p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
            rawProducer = new KafkaProducer<>(p);
        }
        ProducerRecord<String, byte[]> record = new ProducerRecord<>(topic, key, value);
        headers.forEach((name, v) -> record.headers().add(name, v.getBytes(StandardCharsets.UTF_8)));
        try {
            rawProducer.send(record).get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("send to " + topic + " failed", e);
        }
    }

    /**
     * Reads {@code topic} from its beginning (every partition) until the records read so far satisfy
     * {@code done}, and returns them all. Records read by earlier calls for the same topic are kept, so
     * successive calls see a growing list.
     *
     * @throws AssertionError if {@code done} does not hold within {@code timeout}; the message lists how many
     *                        records were read
     */
    public List<ConsumerRecord<String, String>> readUntil(String topic,
                                                          Predicate<List<ConsumerRecord<String, String>>> done,
                                                          Duration timeout) {
        KafkaConsumer<String, String> consumer = readers.computeIfAbsent(topic, this::openReader);
        List<ConsumerRecord<String, String>> records = read.computeIfAbsent(topic, t -> new ArrayList<>());
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!done.test(records)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition on " + topic + " not met within " + timeout + "; read "
                        + records.size() + " records");
            }
            consumer.poll(Duration.ofMillis(200)).forEach(records::add);
        }
        return List.copyOf(records);
    }

    /**
     * Polls {@code topic} for about {@code pollTime} (at least one poll) and returns every record read so far,
     * by this call and earlier ones, from the topic's beginning.
     */
    public List<ConsumerRecord<String, String>> readFor(String topic, Duration pollTime) {
        long until = System.nanoTime() + pollTime.toNanos();
        boolean[] polled = {false};
        return readUntil(topic, rs -> {
            boolean stop = polled[0] && System.nanoTime() >= until;
            polled[0] = true;
            return stop;
        }, pollTime.plusSeconds(30));
    }

    /**
     * Reads {@code topic} up to its end as of this call (every partition's last stable offset: the reader is
     * read_committed) and returns every record read so far, by this call and earlier ones, from the topic's beginning.
     * Unlike {@link #readFor}, the result does not depend on how fast the records come in: a large topic is read whole.
     *
     * @throws AssertionError if the end is not reached within {@code timeout}
     */
    public List<ConsumerRecord<String, String>> readToEnd(String topic, Duration timeout) {
        KafkaConsumer<String, String> consumer = readers.computeIfAbsent(topic, this::openReader);
        Map<TopicPartition, Long> end = consumer.endOffsets(consumer.assignment());
        return readUntil(topic, rs -> end.entrySet().stream()
                .allMatch(e -> consumer.position(e.getKey()) >= e.getValue()), timeout);
    }

    /** The value of a header as UTF-8 text, or null if absent. */
    public static String header(ConsumerRecord<?, ?> record, String name) {
        Header h = record.headers().lastHeader(name);
        return h == null || h.value() == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }

    private KafkaConsumer<String, String> openReader(String topic) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        p.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, Topics.PAGE_MESSAGE_BYTES);
        KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p);
        List<TopicPartition> partitions = new ArrayList<>();
        for (PartitionInfo info : consumer.partitionsFor(topic, Duration.ofSeconds(30))) {
            partitions.add(new TopicPartition(topic, info.partition()));
        }
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        return consumer;
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
        if (rawProducer != null) {
            rawProducer.close(Duration.ofSeconds(5));
        }
        // readers have no group and commit nothing: closing at once skips only the wait for a fetch sent ahead,
        // which the broker holds for fetch.max.wait.ms (500 ms) when no record comes
        readers.values().forEach(c -> c.close(Duration.ZERO));
    }
}
