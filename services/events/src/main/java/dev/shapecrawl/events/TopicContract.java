package dev.shapecrawl.events;

/**
 * What one topic carries and how it is kept.
 *
 * @param name            the topic's name
 * @param eventType       the events on it
 * @param key             what the record key is, in words (for docs and checks)
 * @param compacted       {@code cleanup.policy=compact} (only the latest event per key is kept) instead of
 *                        {@code delete}
 * @param maxMessageBytes the topic's {@code max.message.bytes}: page-carrying topics need room for a capped
 *                        body (5 MiB) as escaped JSON
 */
public record TopicContract(String name, EventType<?> eventType, String key, boolean compacted, int maxMessageBytes) {

    /** The name of this topic's dead-letter topic, as the SmallRye Kafka connector names it. */
    public String deadLetterTopic() {
        return Topics.deadLetter(name);
    }

    /**
     * The {@code max.message.bytes} of this topic's dead-letter topic, and the least {@code max.request.size} of
     * the producer that writes it: this topic's plus {@link Topics#DEAD_LETTER_HEADROOM_BYTES}.
     */
    public int deadLetterMaxMessageBytes() {
        return maxMessageBytes + Topics.DEAD_LETTER_HEADROOM_BYTES;
    }

    /** {@code compact} or {@code delete}. */
    public String cleanupPolicy() {
        return compacted ? "compact" : "delete";
    }
}
