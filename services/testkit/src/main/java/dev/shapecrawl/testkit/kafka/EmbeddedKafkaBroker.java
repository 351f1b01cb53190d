package dev.shapecrawl.testkit.kafka;

import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

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
        try {
            TestKitNodes nodes = new TestKitNodes.Builder()
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
