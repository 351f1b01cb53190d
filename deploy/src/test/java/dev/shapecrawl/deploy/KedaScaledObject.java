package dev.shapecrawl.deploy;

import io.fabric8.kubernetes.api.model.ObjectMeta;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * KEDA's {@code ScaledObject} (keda.sh/v1alpha1), the fields deploy/kubernetes may use. There is no KEDA model on
 * Maven Central here, so this is a strict one: parsed with unknown properties failing, a misspelt field is an error
 * (the fabric8 and Strimzi classes flag unknown fields through their additionalProperties instead).
 */
record KedaScaledObject(String apiVersion, String kind, ObjectMeta metadata, Spec spec) {

    record Spec(ScaleTargetRef scaleTargetRef, Integer minReplicaCount, Integer maxReplicaCount,
            Integer pollingInterval, Integer cooldownPeriod, Integer idleReplicaCount, List<Trigger> triggers) {
    }

    record ScaleTargetRef(String apiVersion, String kind, String name) {
        /** KEDA's default target kind. */
        String effectiveKind() {
            return kind == null ? "Deployment" : kind;
        }
    }

    record Trigger(String type, String name, Map<String, String> metadata, AuthenticationRef authenticationRef) {
    }

    record AuthenticationRef(String name, String kind) {
    }

    /** Metadata keys of KEDA's kafka scaler (keda.sh docs, "Apache Kafka" scaler). */
    static final Set<String> KAFKA_METADATA = Set.of("bootstrapServers", "bootstrapServersFromEnv", "consumerGroup",
            "consumerGroupFromEnv", "topic", "topicFromEnv", "lagThreshold", "activationLagThreshold",
            "offsetResetPolicy", "allowIdleConsumers", "excludePersistentLag", "scaleToZeroOnInvalidOffset",
            "limitToPartitionsWithLag", "partitionLimitation", "version", "sasl", "tls", "unsafeSsl");
}
