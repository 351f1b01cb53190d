package dev.shapecrawl.messaging;

import dev.shapecrawl.events.EventCodec;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Message;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Writing events to a channel, the same way in every service: encoded with their envelope, keyed. */
public final class Outbound {
    private Outbound() {
    }

    /**
     * Sends one event under {@code key}.
     *
     * @return completes when the broker has acknowledged it (with the channel's {@code acks}), exceptionally
     *         when it could not be written
     */
    public static CompletableFuture<Void> send(MutinyEmitter<String> channel, String key, Object event) {
        return send(channel, key, EventCodec.encode(event));
    }

    /** {@link #send(MutinyEmitter, String, Object)} of an event already encoded. */
    public static CompletableFuture<Void> send(MutinyEmitter<String> channel, String key, String json) {
        return send(channel, key, json, Map.of());
    }

    /**
     * {@link #send(MutinyEmitter, String, Object)} with Kafka headers (UTF-8 values): hints beside the event, such
     * as {@code PageClassified.FORMS_HEADER}; the event remains the contract.
     */
    public static CompletableFuture<Void> send(MutinyEmitter<String> channel, String key, Object event,
                                               Map<String, String> headers) {
        return send(channel, key, EventCodec.encode(event), headers);
    }

    private static CompletableFuture<Void> send(MutinyEmitter<String> channel, String key, String json,
                                                Map<String, String> headers) {
        RecordHeaders kafkaHeaders = new RecordHeaders();
        headers.forEach((name, value) -> kafkaHeaders.add(name, value.getBytes(StandardCharsets.UTF_8)));
        OutgoingKafkaRecordMetadata<String> metadata = OutgoingKafkaRecordMetadata.<String>builder().withKey(key)
                .withHeaders(kafkaHeaders).build();
        return channel.sendMessage(Message.of(json).addMetadata(metadata)).subscribeAsCompletionStage();
    }
}
