package dev.shapecrawl.formprober;

import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.FormProbeState;
import dev.shapecrawl.events.InvalidEventException;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.messaging.KafkaClientSecurity;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Reads the compacted topic {@code form-probe-state} whole (every partition, from the beginning to the end offsets
 * taken when reading starts, no consumer group): the latest state of every form of every job. A {@code null} value
 * (a tombstone) forgets its key; an event that does not decode is skipped with a warning (the form is then probed
 * again from the start if a page carrying it is classified again).
 */
final class ProbeStateTopic {
    private static final Logger LOG = Logger.getLogger(ProbeStateTopic.class);

    private ProbeStateTopic() {
    }

    /**
     * @param bootstrapServers the brokers
     * @param timeout          how long reading may take in all
     * @return the latest state of each form, in the order first read
     * @throws IllegalStateException if the end of the topic is not reached within {@code timeout}
     */
    static List<FormProbeState> readAll(String bootstrapServers, Duration timeout) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, Topics.PAGE_MESSAGE_BYTES);
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        // SASL/TLS as the channels have them (kafka.security.protocol, kafka.sasl.*, kafka.ssl.*)
        p.putAll(KafkaClientSecurity.of(ConfigProvider.getConfig()));
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<String, FormProbeState> latest = new LinkedHashMap<>();
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(p)) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (PartitionInfo info : c.partitionsFor(Topics.FORM_PROBE_STATE, timeout)) {
                partitions.add(new TopicPartition(Topics.FORM_PROBE_STATE, info.partition()));
            }
            c.assign(partitions);
            c.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = c.endOffsets(partitions, timeout);
            while (!reachedEnds(c, ends)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(Topics.FORM_PROBE_STATE + " not read to its end within "
                            + timeout);
                }
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(500))) {
                    apply(latest, r);
                }
            }
        }
        return List.copyOf(latest.values());
    }

    private static void apply(Map<String, FormProbeState> latest, ConsumerRecord<String, String> r) {
        if (r.value() == null) {
            latest.remove(r.key());
            return;
        }
        try {
            FormProbeState s = EventCodec.decode(EventType.FORM_PROBE_STATE, r.value());
            latest.remove(s.key()); // keep the order of the latest write
            latest.put(s.key(), s);
        } catch (InvalidEventException e) {
            LOG.warnf("ignoring an invalid state on %s (key %s): %s", r.topic(), r.key(), e.getMessage());
        }
    }

    private static boolean reachedEnds(KafkaConsumer<String, String> c, Map<TopicPartition, Long> ends) {
        for (Map.Entry<TopicPartition, Long> e : ends.entrySet()) {
            if (c.position(e.getKey()) < e.getValue()) {
                return false;
            }
        }
        return true;
    }
}
