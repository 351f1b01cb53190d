package dev.shapecrawl.testkit.kafka;

import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.apache.kafka.common.utils.Exit;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A real single-node Kafka cluster (KRaft, one combined broker+controller) inside the test JVM, from Kafka's
 * own test kit ({@code kafka-test-common-runtime}). Needs no Docker; starts in about 2 s (brief, "Platform
 * facts"). Topics are not auto-created: tests work against the contract's topics as production does.
 */
public final class EmbeddedKafkaBroker implements KafkaBroker {
    private final KafkaClusterTestKit cluster;

    private EmbeddedKafkaBroker(KafkaClusterTestKit cluster) {
        this.cluster = cluster;
    }

    /**
     * Formats and starts a fresh cluster in a temporary directory (deleted on {@link #close()}).
     *
     * @throws IllegalStateException if the broker does not start
     */
    public static EmbeddedKafkaBroker start() {
        // The broker halts the JVM on some failures (a log directory that vanishes at shutdown, a fatal fault);
        // in a test JVM that must fail a test, not kill the run. Kafka's own tests do the same.
        Exit.setHaltProcedure((code, message) -> System.err.println("embedded Kafka asked to halt (" + code
                + "): " + message));
        Exit.setExitProcedure((code, message) -> System.err.println("embedded Kafka asked to exit (" + code
                + "): " + message));
        try {
            // Our own directory: the test kit's default temp directory is deleted by a JVM shutdown hook of its
            // own, which can run while the broker is still closing (shutdown hooks run concurrently).
            Path base = Files.createTempDirectory("shapecrawl-kafka-");
            TestKitNodes nodes = new TestKitNodes.Builder()
                    .setBaseDirectory(base)
                    .setCombined(true)
                    .setNumBrokerNodes(1)
                    .setNumControllerNodes(1)
                    .build();
            KafkaClusterTestKit cluster = new KafkaClusterTestKit.Builder(nodes)
                    .setConfigProp("auto.create.topics.enable", "false")
                    .setConfigProp("offsets.topic.replication.factor", "1")
                    .setConfigProp("offsets.topic.num.partitions", "4")
                    .setConfigProp("transaction.state.log.replication.factor", "1")
                    .setConfigProp("transaction.state.log.min.isr", "1")
                    .setConfigProp("group.initial.rebalance.delay.ms", "0")
                    .setConfigProp("message.max.bytes", String.valueOf(32 * 1024 * 1024))
                    .build();
            cluster.format();
            cluster.startup();
            cluster.waitForReadyBrokers();
            return new EmbeddedKafkaBroker(cluster);
        } catch (Exception e) {
            throw new IllegalStateException("embedded Kafka did not start: " + e.getMessage(), e);
        }
    }

    @Override
    public String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    @Override
    public void close() {
        try {
            cluster.close();
        } catch (Exception e) {
            throw new IllegalStateException("embedded Kafka did not stop cleanly", e);
        }
    }
}
