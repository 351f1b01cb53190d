package dev.shapecrawl.pattern;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * How many partitions the pattern service's job-keyed streams have: those of {@code pages-classified}, the one
 * input it reads directly (the classifier's Java producer keys it by job id with murmur2). The re-keyed inputs'
 * repartition topics are made with that count, so partition {@code i} of each holds the same jobs (issue 17).
 * Read once when the topology is built, with an Admin client configured like the Streams client.
 */
final class JobPartitions {
    private static final Logger LOG = Logger.getLogger(JobPartitions.class);
    private static final String STREAMS_PREFIX = "kafka-streams.";

    private JobPartitions() {
    }

    /**
     * The Admin client settings of the Streams client: {@code quarkus.kafka-streams.bootstrap-servers} and every
     * {@code kafka-streams.*} property that is an Admin setting (SASL/TLS among them), passed through by prefix.
     */
    static Map<String, Object> adminSettings(Config config) {
        Map<String, Object> out = new HashMap<>();
        Set<String> adminNames = AdminClientConfig.configNames();
        for (String name : config.getPropertyNames()) {
            if (name.startsWith(STREAMS_PREFIX) && adminNames.contains(name.substring(STREAMS_PREFIX.length()))) {
                config.getOptionalValue(name, String.class)
                        .ifPresent(v -> out.put(name.substring(STREAMS_PREFIX.length()), v));
            }
        }
        out.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                config.getValue("quarkus.kafka-streams.bootstrap-servers", String.class));
        return out;
    }

    /**
     * Waits for {@code topic} to exist and answers its partition count.
     *
     * @param settings Admin client settings
     * @param timeout  how long to wait for the topic in all
     * @return the partition count, >= 1
     * @throws IllegalStateException if the topic does not exist within {@code timeout}, or the broker cannot be
     *                               reached (the message names the topic and what to do)
     */
    static int of(Map<String, Object> settings, String topic, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Admin admin = Admin.create(settings)) {
            while (true) {
                long left = Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
                try {
                    TopicDescription d = admin.describeTopics(List.of(topic)).allTopicNames()
                            .get(left, TimeUnit.MILLISECONDS).get(topic);
                    return d.partitions().size();
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                        throw new IllegalStateException("cannot describe topic " + topic + ": " + e.getCause(), e);
                    }
                } catch (TimeoutException e) {
                    // the deadline below says so
                }
                if (System.nanoTime() >= deadline) {
                    throw new IllegalStateException("topic " + topic + " does not exist after " + timeout
                            + ": create the contract's topics first (./shapecrawl up does; deploy/kubernetes has"
                            + " them as KafkaTopic resources)");
                }
                LOG.infof("waiting for topic %s to be created", topic);
                Thread.sleep(1_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for topic " + topic, e);
        }
    }
}
