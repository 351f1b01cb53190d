package dev.shapecrawl.testkit.kafka;

/**
 * Kafka in a container (Testcontainers' {@code org.testcontainers.kafka.KafkaContainer}, image
 * {@code apache/kafka:4.1.1}), for hosts with Docker. Loaded reflectively so the Testcontainers dependency is
 * only on the class path when the {@code testcontainers} profile is active
 * ({@code -Dshapecrawl.kafka=testcontainers}); CI here has no Docker, so this is never the default.
 */
final class TestcontainersKafkaBroker implements KafkaBroker {
    static final String IMAGE = "apache/kafka:4.1.1";
    private final Object container;
    private final String bootstrap;

    private TestcontainersKafkaBroker(Object container, String bootstrap) {
        this.container = container;
        this.bootstrap = bootstrap;
    }

    static TestcontainersKafkaBroker start() {
        try {
            Class<?> type = Class.forName("org.testcontainers.kafka.KafkaContainer");
            Object container = type.getConstructor(String.class).newInstance(IMAGE);
            type.getMethod("start").invoke(container);
            String bootstrap = (String) type.getMethod("getBootstrapServers").invoke(container);
            return new TestcontainersKafkaBroker(container, bootstrap);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("Testcontainers is not on the class path: run Maven with "
                    + "-Dshapecrawl.kafka=testcontainers so the testcontainers profile adds it", e);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Testcontainers' Kafka did not start (is Docker running?)", e);
        }
    }

    @Override
    public String bootstrapServers() {
        return bootstrap;
    }

    @Override
    public void close() {
        try {
            container.getClass().getMethod("stop").invoke(container);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Testcontainers' Kafka did not stop", e);
        }
    }
}
