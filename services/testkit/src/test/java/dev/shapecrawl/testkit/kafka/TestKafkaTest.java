package dev.shapecrawl.testkit.kafka;

import dev.shapecrawl.events.TopicContract;
import dev.shapecrawl.events.Topics;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shared broker is real: it stores and serves records, and holds the contract's topics as declared. */
class TestKafkaTest {

    @Test
    void contractTopicsExistWithTheirPoliciesAndARecordRoundTrips() throws Exception {
        String bootstrap = TestKafka.bootstrapServers();
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        try (Admin admin = Admin.create(p)) {
            Set<String> names = admin.listTopics().names().get(30, TimeUnit.SECONDS);
            for (TopicContract t : Topics.all()) {
                assertTrue(names.contains(t.name()), t.name());
                assertTrue(names.contains(t.deadLetterTopic()), t.deadLetterTopic());
            }
            ConfigResource patterns = new ConfigResource(ConfigResource.Type.TOPIC, Topics.NAVIGATION_PATTERNS);
            Map<ConfigResource, Config> configs = admin.describeConfigs(Set.of(patterns)).all().get(30, TimeUnit.SECONDS);
            assertEquals("compact", configs.get(patterns).get("cleanup.policy").value());
        }
        try (TopicClient client = new TopicClient(bootstrap)) {
            client.send(Topics.CRAWL_STATUS, "job-1", "{\"hello\":1}");
            var records = client.readUntil(Topics.CRAWL_STATUS,
                    rs -> rs.stream().anyMatch(r -> "job-1".equals(r.key())), Duration.ofSeconds(30));
            assertEquals("{\"hello\":1}", records.stream().filter(r -> "job-1".equals(r.key())).findFirst()
                    .orElseThrow().value());
        }
    }
}
