package dev.shapecrawl.pattern;

import dev.shapecrawl.testkit.kafka.EmbeddedKafkaBroker;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Why the local runtime gives its pattern service a group instance id ({@code kafka-streams.group.instance.id},
 * {@code LocalRuntime.STREAMS_INSTANCE_ID}), on a real broker (Kafka's KRaft test kit): Kafka Streams sends no
 * LeaveGroup on close, so the stopped member stays in the group until its session times out. A member that comes
 * back under the same instance id takes its tasks at once. The session timeout here is 5 minutes, so a restart that
 * had to wait for it could not reach RUNNING within the test's minute.
 */
class StaticMembershipRestartTest {
    private static final String TOPIC = "static-membership-input";
    private static EmbeddedKafkaBroker broker;
    private static Admin admin;

    @TempDir
    Path stateDir;

    @BeforeAll
    static void start() throws Exception {
        broker = EmbeddedKafkaBroker.start();
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()));
        admin.createTopics(List.of(new NewTopic(TOPIC, 2, (short) 1))).all().get();
    }

    @AfterAll
    static void stop() {
        admin.close();
        broker.close();
    }

    @Test
    void aStaticMemberRestartedUnderItsIdRunsBeforeTheStoppedOnesSessionEnds() throws Exception {
        KafkaStreams first = streams("restart-app", "shapecrawl-pattern-local");
        awaitRunning(first);
        first.close(Duration.ofSeconds(20)); // what Quarkus does at shutdown: no LeaveGroup
        assertEquals(1, members("restart-app"), "the stopped member is still in the group");

        KafkaStreams second = streams("restart-app", "shapecrawl-pattern-local");
        awaitRunning(second);
        assertEquals(1, members("restart-app"), "the restarted member replaced the stopped one");
        second.close(Duration.ofSeconds(20));
    }

    private KafkaStreams streams(String applicationId, String instanceId) {
        StreamsBuilder builder = new StreamsBuilder();
        builder.stream(TOPIC).foreach((k, v) -> { });
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        props.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        props.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        props.put(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, instanceId);
        props.put(StreamsConfig.consumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG), 300_000);
        KafkaStreams streams = new KafkaStreams(builder.build(), props);
        streams.start();
        return streams;
    }

    private static void awaitRunning(KafkaStreams streams) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (streams.state() != KafkaStreams.State.RUNNING && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(KafkaStreams.State.RUNNING, streams.state(), "RUNNING within a minute");
    }

    private static int members(String group) throws Exception {
        return admin.describeConsumerGroups(List.of(group)).all().get().get(group).members().size();
    }
}
