package dev.shapecrawl.messaging;

import org.eclipse.microprofile.config.Config;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Kafka client security settings of a service, for the Kafka clients it creates by hand (the state readers
 * of the classifier and the form prober), so that they connect the way the SmallRye channels do.
 *
 * <p>The channels get every {@code kafka.*} property from Quarkus (the default Kafka configuration applied to
 * all channels), so {@code kafka.security.protocol}, {@code kafka.sasl.*} and {@code kafka.ssl.*}, or the
 * environment variables {@code KAFKA_SECURITY_PROTOCOL}, {@code KAFKA_SASL_*}, {@code KAFKA_SSL_*}, already
 * configure them. A client built with {@code new KafkaConsumer<>(properties)} gets nothing of that by itself;
 * without this class such a client would connect in PLAINTEXT and fail against a SASL/TLS broker (or, worse,
 * succeed against a listener that should not be used). Only the security settings are passed: the hand-made
 * clients choose their own deserializers, isolation and sizes.
 *
 * <p>Values are passed through unchanged and never logged: {@code sasl.jaas.config} holds a password.
 */
public final class KafkaClientSecurity {
    private static final String PREFIX = "kafka.";
    private static final String ENV_PREFIX = "KAFKA_";

    private KafkaClientSecurity() {
    }

    /**
     * The security settings in {@code config}, as Kafka client properties ({@code security.protocol},
     * {@code sasl.mechanism}, {@code ssl.truststore.location}, …).
     */
    public static Map<String, String> of(Config config) {
        Map<String, String> all = new TreeMap<>();
        for (String name : config.getPropertyNames()) {
            if (isSecurity(clientName(name))) {
                config.getOptionalValue(name, String.class).ifPresent(v -> all.put(name, v));
            }
        }
        return of(all);
    }

    /**
     * The security settings among {@code properties} (configuration names, {@code kafka.*} or
     * {@code KAFKA_*}), as Kafka client properties. A {@code kafka.} name wins over the environment spelling of
     * the same setting, as a property set explicitly should.
     */
    public static Map<String, String> of(Map<String, String> properties) {
        Map<String, String> out = new TreeMap<>();
        properties.forEach((name, value) -> {
            String client = clientName(name);
            if (isSecurity(client) && (name.startsWith(PREFIX) || !out.containsKey(client))) {
                out.put(client, value);
            }
        });
        return out;
    }

    /**
     * The client property a configuration name stands for: {@code kafka.sasl.mechanism} and
     * {@code KAFKA_SASL_MECHANISM} are both {@code sasl.mechanism} (Kafka's security settings contain dots only,
     * so the environment's underscores map back unambiguously); null for other names.
     */
    static String clientName(String name) {
        if (name.startsWith(PREFIX)) {
            return name.substring(PREFIX.length());
        }
        if (name.startsWith(ENV_PREFIX)) {
            return name.substring(ENV_PREFIX.length()).toLowerCase(Locale.ROOT).replace('_', '.');
        }
        return null;
    }

    private static boolean isSecurity(String client) {
        return client != null && (client.equals("security.protocol") || client.startsWith("sasl.")
                || client.startsWith("ssl."));
    }
}
