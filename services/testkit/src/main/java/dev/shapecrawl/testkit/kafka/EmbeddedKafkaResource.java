package dev.shapecrawl.testkit.kafka;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.util.Map;

/**
 * Points a {@code @QuarkusTest} at the shared test Kafka ({@link TestKafka}): real broker, contract topics
 * created, Dev Services off, a fresh Kafka Streams state directory. Use with
 * {@code @QuarkusTestResource(EmbeddedKafkaResource.class)}.
 */
public class EmbeddedKafkaResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        return Map.of(
                "kafka.bootstrap.servers", TestKafka.bootstrapServers(),
                "quarkus.kafka.devservices.enabled", "false",
                "kafka-streams.state.dir", TestKafka.freshStateDir().toString());
    }

    @Override
    public void stop() {
        // The broker is shared by every test of the JVM and stops with it (TestKafka's shutdown hook).
    }
}
