package dev.shapecrawl.messaging;

import dev.shapecrawl.events.EventCodec;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import org.eclipse.microprofile.reactive.messaging.Message;

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
        OutgoingKafkaRecordMetadata<String> metadata = OutgoingKafkaRecordMetadata.<String>builder().withKey(key).build();
        return channel.sendMessage(Message.of(json).addMetadata(metadata)).subscribeAsCompletionStage();
    }
}
