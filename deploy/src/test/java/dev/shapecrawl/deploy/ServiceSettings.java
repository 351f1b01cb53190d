package dev.shapecrawl.deploy;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Properties;
import java.util.Set;

/**
 * What a service's own {@code application.properties} says about Kafka: the topics it consumes and produces and
 * its consumer group. The manifests are checked against these, not against a second list typed by hand.
 *
 * @param name    the service (module directory under services/)
 * @param inputs  topics it consumes in a consumer group (SmallRye incoming channels, Kafka Streams source topics)
 * @param outputs topics it produces (outgoing channels, dead-letter topics)
 * @param groups  its consumer groups (group.id of incoming channels; a Kafka Streams application id)
 */
record ServiceSettings(String name, Set<String> inputs, Set<String> outputs, Set<String> groups) {

    static ServiceSettings of(Path repo, String name) {
        Path file = repo.resolve("services").resolve(name).resolve("src/main/resources/application.properties");
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Set<String> inputs = new LinkedHashSet<>();
        Set<String> outputs = new LinkedHashSet<>();
        Set<String> groups = new LinkedHashSet<>();
        for (String key : p.stringPropertyNames()) {
            if (key.startsWith("%")) {
                continue; // profile-specific (tests)
            }
            String value = p.getProperty(key).trim();
            if (key.startsWith("mp.messaging.incoming.") && key.endsWith(".dead-letter-queue.topic")) {
                outputs.add(value);
            } else if (key.startsWith("mp.messaging.incoming.") && key.endsWith(".topic")) {
                inputs.add(value);
            } else if (key.startsWith("mp.messaging.incoming.") && key.endsWith(".group.id")) {
                groups.add(value);
            } else if (key.startsWith("mp.messaging.outgoing.") && key.endsWith(".topic")) {
                outputs.add(value);
            } else if (key.equals("quarkus.kafka-streams.topics")) {
                Arrays.stream(value.split(",")).map(String::trim).forEach(inputs::add);
            } else if (key.equals("quarkus.kafka-streams.application-id")) {
                groups.add(value);
            }
        }
        return new ServiceSettings(name, inputs, outputs, groups);
    }
}
