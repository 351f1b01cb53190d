package dev.shapecrawl.testkit.kafka;

import dev.shapecrawl.events.TopicContract;
import dev.shapecrawl.events.Topics;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The Kafka every test of a JVM shares: started on first use, with every topic of the contract (and the
 * dead-letter topics) created, stopped when the JVM exits.
 *
 * <p>Which Kafka is chosen by the system property {@value #SWITCH}: {@code embedded} (default: a real KRaft
 * broker in this JVM, {@link EmbeddedKafkaBroker}) or {@code testcontainers} (Testcontainers' Kafka; needs
 * Docker and the Maven switch {@code -Dshapecrawl.kafka=testcontainers}).
 */
public final class TestKafka {
    /** The system property that chooses the broker. */
    public static final String SWITCH = "shapecrawl.kafka";
    /** Partitions of every contract topic in tests: more than one, so keying matters as in production. */
    public static final int PARTITIONS = 2;

    private static KafkaBroker broker;

    private TestKafka() {
    }

    /**
     * The shared broker, started and provisioned on the first call.
     *
     * @throws IllegalStateException if it cannot start or {@value #SWITCH} names an unknown broker
     */
    public static synchronized KafkaBroker broker() {
        if (broker == null) {
            String mode = System.getProperty(SWITCH, "embedded");
            KafkaBroker started = switch (mode) {
                case "embedded" -> EmbeddedKafkaBroker.start();
                case "testcontainers" -> TestcontainersKafkaBroker.start();
                default -> throw new IllegalStateException(SWITCH + "=" + mode
                        + " is not a broker; use embedded or testcontainers");
            };
            createContractTopics(started.bootstrapServers());
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "test-kafka-shutdown"));
            broker = started;
        }
        return broker;
    }

    /** {@code bootstrap.servers} of the shared broker. */
    public static String bootstrapServers() {
        return broker().bootstrapServers();
    }

    /**
     * Creates every topic of the contract and its dead-letter topic, with the contract's cleanup policy and
     * message size, if they do not exist yet.
     */
    public static void createContractTopics(String bootstrapServers) {
        List<NewTopic> topics = new ArrayList<>();
        for (TopicContract t : Topics.all()) {
            topics.add(new NewTopic(t.name(), PARTITIONS, (short) 1).configs(Map.of(
                    "cleanup.policy", t.cleanupPolicy(),
                    "max.message.bytes", String.valueOf(t.maxMessageBytes()))));
            topics.add(new NewTopic(t.deadLetterTopic(), 1, (short) 1).configs(Map.of(
                    "max.message.bytes", String.valueOf(t.deadLetterMaxMessageBytes()))));
        }
        createTopics(bootstrapServers, topics);
    }

    /** Creates topics, ignoring those that exist. */
    public static void createTopics(String bootstrapServers, List<NewTopic> topics) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        try (Admin admin = Admin.create(p)) {
            for (var entry : admin.createTopics(topics).values().entrySet()) {
                try {
                    entry.getValue().get(30, TimeUnit.SECONDS);
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw new IllegalStateException("cannot create topic " + entry.getKey(), e.getCause());
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topics", e);
        } catch (TimeoutException e) {
            throw new IllegalStateException("topic creation timed out", e);
        }
    }

    /** A new empty directory for a Kafka Streams state store, so no run sees another run's state. */
    public static Path freshStateDir() {
        try {
            return Files.createTempDirectory("shapecrawl-streams-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
