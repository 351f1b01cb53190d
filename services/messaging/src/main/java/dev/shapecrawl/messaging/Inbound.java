package dev.shapecrawl.messaging;

import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.InvalidEventException;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import java.util.Optional;

/**
 * Reading events off a channel, the same way in every service: strict decoding ({@link EventCodec}), and a
 * malformed event nacked with its reason, which the SmallRye Kafka connector's {@code dead-letter-queue} failure
 * strategy writes to {@code dead-letter-topic-<channel>} (reason in the {@code dead-letter-reason} header). A
 * record without a key is refused the same way. The consumer never stops on bad input.
 */
public final class Inbound {
    private static final Logger LOG = Logger.getLogger(Inbound.class);

    private Inbound() {
    }

    /**
     * @param message    the incoming record, its payload the event's JSON
     * @param type       the event type the channel carries
     * @param onRejected called once when the event is rejected (a metrics counter)
     * @return the event, or empty when it was rejected and nacked to the dead-letter topic
     */
    public static <T> Optional<T> decode(Message<String> message, EventType<T> type, Runnable onRejected) {
        try {
            requireKey(message);
            return Optional.of(EventCodec.decode(type, message.getPayload()));
        } catch (InvalidEventException e) {
            onRejected.run();
            LOG.warnf("dead-lettering a malformed %s: %s", type.name(), e.getMessage());
            message.nack(e);
            return Optional.empty();
        }
    }

    /**
     * Every topic of the contract is keyed (by host, job or URL): a record without a key lands on an arbitrary
     * partition, away from the state or the politeness queue its key would have chosen, so it is refused like a
     * malformed body. A message that did not come from Kafka has no key to check.
     */
    private static void requireKey(Message<String> message) {
        boolean keyless = message.getMetadata(IncomingKafkaRecordMetadata.class).map(m -> m.getKey() == null)
                .orElse(false);
        if (keyless) {
            throw new InvalidEventException("missing key (every topic of the contract is keyed)");
        }
    }
}
