package dev.shapecrawl.e2e;

import dev.shapecrawl.testkit.kafka.TestKafka;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The crawl pipeline as separate processes against the test broker: fetcher (loopback allowed, no politeness
 * delay: the sites are local), classifier, extractor and pattern service (its own state directory); with
 * {@link #startWithForms}, the form-prober too.
 *
 * <p>Every consumer's session timeout is 6 s, the broker's minimum, instead of 45 s (the Kafka Streams consumer
 * of the pattern service and every SmallRye incoming channel), so that after a crash the group gives the killed
 * instance's partitions to the restarted one within seconds: the default only makes a crash test wait. Any
 * service can be killed and started again with the same settings ({@link #restart}); the pattern service
 * restarts on its state directory.
 */
final class Stack implements AutoCloseable {
    /** The services in start order; {@link #close} stops them in reverse. */
    static final List<String> SERVICES = List.of("fetcher", "classifier", "extractor", "form-prober", "pattern");

    /** Each service's incoming channels (its consumers), whose session timeout a crash test shortens. */
    private static final Map<String, List<String>> CHANNELS = Map.of(
            "fetcher", List.of("fetch-requests"),
            "classifier", List.of("pages-fetched", "crawl-samples"),
            "extractor", List.of("target-pages"),
            "form-prober", List.of("pages-classified", "pages-fetched"));

    private final Map<String, ServiceProcess> running = new LinkedHashMap<>();
    private final Map<String, Map<String, String>> settings = new LinkedHashMap<>();
    final Path patternState;

    private Stack(Path patternState) {
        this.patternState = patternState;
    }

    /** The four services of the link crawl; a mapping that meets forms waits for no verdict. */
    static Stack start(String label) throws IOException {
        return start(label, false);
    }

    /** The five services: forms met by a mapping are probed and their form steps followed. */
    static Stack startWithForms(String label) throws IOException {
        return start(label, true);
    }

    private static Stack start(String label, boolean forms) throws IOException {
        String bootstrap = TestKafka.bootstrapServers();
        Stack stack = new Stack(Files.createTempDirectory("e2e-pattern-state"));
        for (String name : SERVICES) {
            if (name.equals("form-prober") && !forms) {
                continue;
            }
            Map<String, String> props = new LinkedHashMap<>();
            props.put("kafka.bootstrap.servers", bootstrap);
            for (String channel : CHANNELS.getOrDefault(name, List.of())) {
                props.put("mp.messaging.incoming." + channel + ".session.timeout.ms", "6000");
                props.put("mp.messaging.incoming." + channel + ".heartbeat.interval.ms", "2000");
            }
            switch (name) {
                case "fetcher" -> {
                    props.put("shapecrawl.fetcher.engine.allowed-addresses", "LOOPBACK");
                    props.put("shapecrawl.fetcher.engine.politeness-delay-ms", "0");
                }
                case "pattern" -> {
                    // without a form-prober no verdict comes: a mapping that met a form would wait the whole default
                    props.put("shapecrawl.pattern.form-wait-ms", forms ? "120000" : "0");
                    props.put("kafka-streams.state.dir", stack.patternState.toString());
                    props.put("kafka-streams.consumer.session.timeout.ms", "6000");
                    props.put("kafka-streams.consumer.heartbeat.interval.ms", "2000");
                }
                default -> {
                }
            }
            stack.settings.put(name, Collections.unmodifiableMap(props));
            stack.running.put(name, ServiceProcess.start(name, label, props));
        }
        return stack;
    }

    /** The running process of service {@code name}. */
    ServiceProcess service(String name) {
        ServiceProcess p = running.get(name);
        if (p == null) {
            throw new IllegalArgumentException("no service " + name + " in this stack: " + running.keySet());
        }
        return p;
    }

    /**
     * Kills service {@code name} (SIGKILL, no shutdown hook runs) and starts it again with the same settings (the
     * pattern service on the same state directory); its new output goes to the log of {@code label}.
     */
    void restart(String name, String label) throws IOException, InterruptedException {
        service(name).kill();
        running.put(name, ServiceProcess.start(name, label, settings.get(name)));
    }

    /** Kills the pattern service (SIGKILL) and starts it again on the same state directory. */
    void crashAndRestartPattern(String label) throws IOException, InterruptedException {
        restart("pattern", label);
    }

    @Override
    public void close() throws InterruptedException {
        List<ServiceProcess> stopping = new ArrayList<>(running.values());
        Collections.reverse(stopping);
        for (ServiceProcess p : stopping) {
            p.close();
        }
    }
}
