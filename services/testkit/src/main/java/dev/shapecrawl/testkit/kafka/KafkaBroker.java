package dev.shapecrawl.testkit.kafka;

/** A running Kafka cluster that tests talk to. */
public interface KafkaBroker extends AutoCloseable {
    /** {@code host:port[,host:port]} for {@code bootstrap.servers}. */
    String bootstrapServers();

    /** Stops the cluster and deletes its data. */
    @Override
    void close();
}
