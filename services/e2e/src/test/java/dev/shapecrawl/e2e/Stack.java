package dev.shapecrawl.e2e;

import dev.shapecrawl.testkit.kafka.TestKafka;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The crawl pipeline as separate processes against the test broker: fetcher (loopback allowed, no politeness
 * delay: the sites are local), classifier, extractor and pattern service (its own state directory; its Kafka Streams
 * consumer's session timeout is 6 s, the broker's minimum, instead of 45 s, so that after a crash the group gives
 * the killed instance's tasks to the restarted one within seconds: the default only makes a crash test wait); with
 * {@link #startWithForms}, the form-prober too.
 */
final class Stack implements AutoCloseable {
    final ServiceProcess fetcher;
    final ServiceProcess classifier;
    final ServiceProcess extractor;
    ServiceProcess pattern;
    final Path patternState;
    final ServiceProcess formProber;

    private Stack(ServiceProcess fetcher, ServiceProcess classifier, ServiceProcess extractor, ServiceProcess pattern,
                  Path patternState, ServiceProcess formProber) {
        this.fetcher = fetcher;
        this.classifier = classifier;
        this.extractor = extractor;
        this.pattern = pattern;
        this.patternState = patternState;
        this.formProber = formProber;
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
        ServiceProcess fetcher = ServiceProcess.start("fetcher", label, Map.of(
                "kafka.bootstrap.servers", bootstrap,
                "shapecrawl.fetcher.engine.allowed-addresses", "LOOPBACK",
                "shapecrawl.fetcher.engine.politeness-delay-ms", "0"));
        ServiceProcess classifier = ServiceProcess.start("classifier", label, Map.of(
                "kafka.bootstrap.servers", bootstrap));
        ServiceProcess extractor = ServiceProcess.start("extractor", label, Map.of(
                "kafka.bootstrap.servers", bootstrap));
        ServiceProcess formProber = forms ? ServiceProcess.start("form-prober", label, Map.of(
                "kafka.bootstrap.servers", bootstrap)) : null;
        Path state = Files.createTempDirectory("e2e-pattern-state");
        return new Stack(fetcher, classifier, extractor, startPattern(label, state, forms), state, formProber);
    }

    private static ServiceProcess startPattern(String label, Path state, boolean forms) throws IOException {
        Map<String, String> props = new HashMap<>();
        // without a form-prober no verdict comes: a mapping that met a form would wait the whole default
        props.put("shapecrawl.pattern.form-wait-ms", forms ? "120000" : "0");
        props.put("kafka.bootstrap.servers", TestKafka.bootstrapServers());
        props.put("kafka-streams.state.dir", state.toString());
        props.put("kafka-streams.consumer.session.timeout.ms", "6000");
        props.put("kafka-streams.consumer.heartbeat.interval.ms", "2000");
        return ServiceProcess.start("pattern", label, props);
    }

    /** Kills the pattern service (SIGKILL) and starts it again on the same state directory. */
    void crashAndRestartPattern(String label) throws IOException, InterruptedException {
        pattern.kill();
        pattern = startPattern(label, patternState, formProber != null);
    }

    @Override
    public void close() throws InterruptedException {
        for (ServiceProcess p : new ServiceProcess[]{pattern, formProber, extractor, classifier, fetcher}) {
            if (p != null) {
                p.close();
            }
        }
    }
}
