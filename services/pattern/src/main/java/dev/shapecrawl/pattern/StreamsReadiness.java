package dev.shapecrawl.pattern;

import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.streams.KafkaStreams;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready once the topology has run: Kafka Streams has reached {@code RUNNING} at least once since the start (its tasks
 * assigned, their stores opened), and is running or rebalancing now. Quarkus's own checks say ready as soon as the
 * topics exist and live while rebalancing; a job published before the first {@code RUNNING} waits, unseen, for
 * the group's rebalances and the stores' restoration, which on a fresh start takes seconds (docs/benchmarks.md,
 * "Cold against warm services"). A later rebalance does not make the service unready: it is still processing.
 */
@Readiness
@ApplicationScoped
public class StreamsReadiness implements HealthCheck {
    private final KafkaStreams streams;
    private volatile boolean hasRun;

    public StreamsReadiness(KafkaStreams streams) {
        this.streams = streams;
    }

    @Override
    public HealthCheckResponse call() {
        KafkaStreams.State state = streams.state();
        if (state == KafkaStreams.State.RUNNING) {
            hasRun = true;
        }
        return HealthCheckResponse.named("pattern topology running").status(hasRun && state.isRunningOrRebalancing())
                .withData("state", state.name()).build();
    }
}
