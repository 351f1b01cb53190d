package dev.shapecrawl.testkit.kafka;

/**
 * Kafka in a container (Testcontainers' {@code org.testcontainers.kafka.KafkaContainer}), for hosts with Docker or
 * podman's Docker-compatible socket. The image is {@code apache/kafka:4.1.1} unless the system property
 * {@code shapecrawl.kafka.image} names another that follows that image's conventions: {@code bin/containers-check}
 * passes the broker image {@code bin/images} builds locally ({@code localhost/shapecrawl/kafka:<version>},
 * configured by {@code KAFKA_*} variables and started from {@code /etc/kafka/docker/run} as apache/kafka is), since
 * nothing can be pulled here. Loaded reflectively so the Testcontainers dependency is only on the class path when the
 * {@code testcontainers} profile is active ({@code -Dshapecrawl.kafka=testcontainers}); never the default.
 */
final class TestcontainersKafkaBroker implements KafkaBroker {
    /** The image Testcontainers' KafkaContainer is written for. */
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
            Class<?> imageName = Class.forName("org.testcontainers.utility.DockerImageName");
            Object image = imageName.getMethod("parse", String.class)
                    .invoke(null, System.getProperty("shapecrawl.kafka.image", IMAGE));
            image = imageName.getMethod("asCompatibleSubstituteFor", String.class).invoke(image, "apache/kafka");
            Object container = type.getConstructor(imageName).newInstance(image);
            type.getMethod("start").invoke(container);
            String bootstrap = (String) type.getMethod("getBootstrapServers").invoke(container);
            return new TestcontainersKafkaBroker(container, bootstrap);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("Testcontainers is not on the class path: run Maven with "
                    + "-Dshapecrawl.kafka=testcontainers so the testcontainers profile adds it", e);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Testcontainers' Kafka did not start (is Docker, or podman's socket, "
                    + "running? DOCKER_HOST names it)", e);
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
