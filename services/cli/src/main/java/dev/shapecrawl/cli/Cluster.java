package dev.shapecrawl.cli;

import dev.shapecrawl.events.TopicContract;
import dev.shapecrawl.events.Topics;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * The CLI's connection to a Kafka cluster (the local runtime's broker or any other): checks that a broker
 * answers before anything else, so an unreachable cluster is one clear message within seconds instead of a
 * client retrying for a minute; sends events; reads topics from their beginning.
 */
public final class Cluster implements AutoCloseable {
    /** How long the CLI waits for a broker to answer (connect and first metadata). */
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    /** Partitions of the contract's topics when the CLI creates them (as the tests do: keying matters). */
    static final int PARTITIONS = 2;

    private final String bootstrapServers;
    private final Admin admin;
    private KafkaProducer<String, String> producer;

    private Cluster(String bootstrapServers, Admin admin) {
        this.bootstrapServers = bootstrapServers;
        this.admin = admin;
    }

    /**
     * Connects to the cluster at {@code bootstrapServers}.
     *
     * @param bootstrapServers comma-separated {@code host:port} list
     * @throws CliException bad input if the list is malformed; failure if no broker answers within
     *                      {@link #CONNECT_TIMEOUT}
     */
    public static Cluster connect(String bootstrapServers) {
        List<String[]> hosts = parse(bootstrapServers);
        boolean any = hosts.stream().anyMatch(h -> Ports.answers(h[0], Integer.parseInt(h[1]), 2000));
        if (!any) {
            throw unreachable(bootstrapServers, "nothing accepts connections there");
        }
        Properties p = common(bootstrapServers);
        Admin admin = Admin.create(p);
        try {
            admin.describeCluster().clusterId().get(CONNECT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            admin.close(Duration.ZERO);
            throw unreachable(bootstrapServers, "it does not answer as a Kafka broker within "
                    + CONNECT_TIMEOUT.toSeconds() + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            admin.close(Duration.ZERO);
            throw CliException.failure("interrupted");
        }
        return new Cluster(bootstrapServers, admin);
    }

    private static CliException unreachable(String bootstrap, String why) {
        return CliException.failure("no Kafka broker answers at " + bootstrap + " (" + why
                + "); start the local runtime with ./shapecrawl up, or name a cluster with --bootstrap-servers");
    }

    static List<String[]> parse(String bootstrapServers) {
        if (bootstrapServers == null || bootstrapServers.isBlank()) {
            throw CliException.badInput("--bootstrap-servers is empty");
        }
        List<String[]> out = new ArrayList<>();
        for (String hp : bootstrapServers.split(",")) {
            String s = hp.trim();
            int colon = s.lastIndexOf(':');
            if (colon <= 0 || colon == s.length() - 1) {
                throw CliException.badInput("--bootstrap-servers: '" + s + "' is not HOST:PORT");
            }
            String port = s.substring(colon + 1);
            if (!port.matches("[0-9]{1,5}") || Integer.parseInt(port) < 1 || Integer.parseInt(port) > 65535) {
                throw CliException.badInput("--bootstrap-servers: '" + port + "' in '" + s + "' is not a port number");
            }
            String host = s.substring(0, colon);
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
            out.add(new String[]{host, port});
        }
        return out;
    }

    private static Properties common(String bootstrapServers) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "15000");
        p.put(AdminClientConfig.SOCKET_CONNECTION_SETUP_TIMEOUT_MS_CONFIG, "2000");
        p.put(AdminClientConfig.SOCKET_CONNECTION_SETUP_TIMEOUT_MAX_MS_CONFIG, "5000");
        p.putAll(security(System.getenv()));
        return p;
    }

    /**
     * The Kafka security settings among environment variables: {@code KAFKA_SECURITY_PROTOCOL},
     * {@code KAFKA_SASL_*} and {@code KAFKA_SSL_*}, as client properties ({@code KAFKA_SASL_JAAS_CONFIG} is
     * {@code sasl.jaas.config}; Kafka's security settings contain dots only, so the underscores map back
     * unambiguously). The same variables configure the services (Quarkus maps them to {@code kafka.*}; the
     * services' hand-made clients use {@code messaging.KafkaClientSecurity}, which this mirrors without its
     * Quarkus dependency), so one environment serves both. Values are never logged.
     */
    static Map<String, String> security(Map<String, String> env) {
        Map<String, String> out = new TreeMap<>();
        env.forEach((name, value) -> {
            if (name.startsWith("KAFKA_")) {
                String client = name.substring("KAFKA_".length()).toLowerCase(Locale.ROOT).replace('_', '.');
                if (client.equals("security.protocol") || client.startsWith("sasl.") || client.startsWith("ssl.")) {
                    out.put(client, value);
                }
            }
        });
        return out;
    }

    /** The bootstrap servers this connection was made with. */
    public String bootstrapServers() {
        return bootstrapServers;
    }

    /**
     * Creates every topic of the contract and its dead-letter topic (cleanup policy and message size of the
     * contract) where missing; existing topics are left alone.
     *
     * @throws CliException if the cluster refuses a topic
     */
    public void ensureContractTopics() {
        List<NewTopic> topics = new ArrayList<>();
        for (TopicContract t : Topics.all()) {
            topics.add(new NewTopic(t.name(), PARTITIONS, (short) 1).configs(Map.of(
                    "cleanup.policy", t.cleanupPolicy(),
                    "max.message.bytes", String.valueOf(t.maxMessageBytes()))));
            topics.add(new NewTopic(t.deadLetterTopic(), 1, (short) 1).configs(Map.of(
                    "max.message.bytes", String.valueOf(t.deadLetterMaxMessageBytes()))));
        }
        for (var entry : admin.createTopics(topics).values().entrySet()) {
            try {
                entry.getValue().get(30, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw CliException.failure("cannot create topic " + entry.getKey() + ": " + e.getCause().getMessage());
                }
            } catch (TimeoutException e) {
                throw CliException.failure("creating topic " + entry.getKey() + " timed out");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw CliException.failure("interrupted");
            }
        }
    }

    /**
     * Sends one record and waits for the broker's acknowledgement (acks=all).
     *
     * @throws CliException if the broker does not acknowledge within 30 s
     */
    public void send(String topic, String key, String value) {
        if (producer == null) {
            Properties p = common(bootstrapServers);
            p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
            p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
            p.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, Topics.PAGE_MESSAGE_BYTES);
            p.put(ProducerConfig.ACKS_CONFIG, "all");
            p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "15000");
            p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "30000");
            producer = new KafkaProducer<>(p);
        }
        try {
            producer.send(new ProducerRecord<>(topic, key, value)).get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw CliException.failure("interrupted");
        } catch (ExecutionException | TimeoutException e) {
            throw CliException.failure("sending to " + topic + " failed: "
                    + (e.getCause() == null ? e : e.getCause()).getMessage());
        }
    }

    /**
     * Passes every record of {@code topic} from its beginning up to its end as of this call (committed records only)
     * to {@code sink}, in topic order, without holding them: a topic is read whole at every command, and one that
     * carries page bodies ({@code target-pages}) grows with every job the broker keeps (a list of all its records
     * ran the CLI out of memory on {@code bin/eval-decision-e2e}'s runtime). An absent topic reads as empty.
     */
    public void forEach(String topic, Consumer<ConsumerRecord<String, String>> sink) {
        try (Reader reader = reader(topic)) {
            reader.readToEnd(sink);
        }
    }

    /** A reader of {@code topic} from its beginning, for following it. */
    public Reader reader(String topic) {
        return new Reader(topic);
    }

    /**
     * Records a reader decodes per poll: the consumer's default, 500, decodes 500 page bodies at once (the console's
     * readers take the same bound, {@code JobViews.MAX_POLL_RECORDS}).
     */
    static final int MAX_POLL_RECORDS = 8;

    /** Reads one topic from its beginning (all partitions, no consumer group). Not thread-safe. */
    public final class Reader implements AutoCloseable {
        private final KafkaConsumer<String, String> consumer;
        private final List<TopicPartition> partitions = new ArrayList<>();

        private Reader(String topic) {
            Properties p = common(bootstrapServers);
            p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
            p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
            p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
            p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
            p.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, Topics.PAGE_MESSAGE_BYTES);
            p.put(ConsumerConfig.FETCH_MAX_BYTES_CONFIG, Topics.PAGE_MESSAGE_BYTES);
            p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, String.valueOf(MAX_POLL_RECORDS));
            consumer = new KafkaConsumer<>(p);
            List<PartitionInfo> infos = consumer.partitionsFor(topic, CONNECT_TIMEOUT);
            for (PartitionInfo info : infos == null ? List.<PartitionInfo>of() : infos) {
                partitions.add(new TopicPartition(topic, info.partition()));
            }
            partitions.sort(java.util.Comparator.comparingInt(TopicPartition::partition));
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
        }

        /**
         * Passes every record from the current position up to the topic's end (as of this call) to {@code sink}, in
         * topic order: partition after partition (by number), each in offset order. So two reads of one topic give
         * its records in the same order (the console's record downloads read alike, issue 22), not in whatever
         * order the partitions' fetches happened to interleave.
         */
        public void readToEnd(Consumer<ConsumerRecord<String, String>> sink) {
            if (partitions.isEmpty()) {
                return;
            }
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, CONNECT_TIMEOUT);
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            try {
                for (TopicPartition tp : partitions) {
                    consumer.pause(partitions);
                    consumer.resume(List.of(tp));
                    while (consumer.position(tp, CONNECT_TIMEOUT) < end.getOrDefault(tp, 0L)) {
                        if (System.nanoTime() > deadline) {
                            throw CliException.failure("reading " + tp.topic() + " did not reach its end within 60 s");
                        }
                        consumer.poll(Duration.ofMillis(200)).forEach(sink);
                    }
                }
            } finally {
                consumer.resume(partitions);
            }
        }

        /**
         * Moves to the topic's end as it is now, so that the next polls pass only records written from here on. The
         * end is looked up at once (Kafka's seek to the end is lazy: taken at the next poll it would skip what was
         * written between this call and that poll).
         *
         * @return this reader
         */
        public Reader fromNow() {
            consumer.seekToEnd(partitions);
            partitions.forEach(tp -> consumer.position(tp, CONNECT_TIMEOUT));
            return this;
        }

        /** Polls once for up to {@code time}, passing what arrived to {@code sink}. */
        public void poll(Duration time, Consumer<ConsumerRecord<String, String>> sink) {
            if (partitions.isEmpty()) {
                sleep(time);
                return;
            }
            consumer.poll(time).forEach(sink);
        }

        /**
         * Closes the consumer at once. It reads without a group and commits nothing, so there is nothing to wait for;
         * a timeout would wait for the fetch the consumer sent ahead after its last records, which the broker holds
         * for {@code fetch.max.wait.ms} (500 ms) when no new record comes: half a second per topic a command read.
         */
        @Override
        public void close() {
            consumer.close(Duration.ZERO);
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        if (producer != null) {
            producer.close(Duration.ofSeconds(5));
        }
        admin.close(Duration.ofSeconds(5));
    }
}
