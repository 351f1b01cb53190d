package dev.shapecrawl.messaging;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class KafkaClientSecurityTest {
    @Test
    void securitySettingsPassThroughFromPropertiesAndEnvironment() {
        Map<String, String> config = Map.of(
                "kafka.bootstrap.servers", "broker:9093",
                "kafka.security.protocol", "SASL_SSL",
                "kafka.sasl.mechanism", "SCRAM-SHA-512",
                "KAFKA_SASL_JAAS_CONFIG", "org.apache.kafka.common.security.scram.ScramLoginModule required;",
                "KAFKA_SSL_TRUSTSTORE_LOCATION", "/etc/kafka/truststore.p12",
                "KAFKA_SECURITY_PROTOCOL", "PLAINTEXT",
                "mp.messaging.incoming.x.topic", "x",
                "shapecrawl.fetcher.engine.max-body-bytes", "1");
        assertEquals(Map.of(
                "security.protocol", "SASL_SSL",
                "sasl.mechanism", "SCRAM-SHA-512",
                "sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required;",
                "ssl.truststore.location", "/etc/kafka/truststore.p12"), KafkaClientSecurity.of(config),
                "security settings only; the kafka. spelling wins over the environment's");
    }

    @Test
    void nothingConfiguredIsNothingPassed() {
        assertEquals(Map.of(), KafkaClientSecurity.of(Map.of("kafka.bootstrap.servers", "localhost:9092")));
    }
}
