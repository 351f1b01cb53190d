package dev.shapecrawl.cli;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The CLI connects with the same SASL/TLS environment variables as the services (docs/security.md). */
class ClusterSecurityTest {
    @Test
    void kafkaSecurityVariablesBecomeClientProperties() {
        Map<String, String> env = Map.of(
                "KAFKA_SECURITY_PROTOCOL", "SASL_SSL",
                "KAFKA_SASL_MECHANISM", "SCRAM-SHA-512",
                "KAFKA_SASL_JAAS_CONFIG", "org.apache.kafka.common.security.scram.ScramLoginModule required;",
                "KAFKA_SSL_TRUSTSTORE_TYPE", "PEM",
                "KAFKA_BOOTSTRAP_SERVERS", "broker:9093",
                "PATH", "/usr/bin");
        assertEquals(Map.of(
                "security.protocol", "SASL_SSL",
                "sasl.mechanism", "SCRAM-SHA-512",
                "sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required;",
                "ssl.truststore.type", "PEM"), Cluster.security(env));
    }
}
