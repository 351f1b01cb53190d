package dev.shapecrawl.pattern;

import dev.shapecrawl.events.Topics;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;

/**
 * Dead-lettering inside the topology: the event goes to {@code dead-letter-topic-<input>} as it came (key, value,
 * timestamp and headers unchanged) with the reason in the {@code dead-letter-reason} header, the header the
 * SmallRye services write, so one reader serves every dead-letter topic ({@code docs/bad-input.md}).
 */
final class DeadLetters {
    /** The header that carries why an event was dead-lettered (UTF-8 text). */
    static final String REASON_HEADER = Topics.DEAD_LETTER_REASON_HEADER;
    private static final Logger LOG = Logger.getLogger(DeadLetters.class);

    private DeadLetters() {
    }

    /**
     * Forwards {@code record} to {@code sinkNode}, a sink of {@code input}'s dead-letter topic.
     *
     * @param sinkNode the name of the child node that writes {@code dead-letter-topic-<input>}
     * @param input    the contract topic the event came in on (not a repartition topic)
     * @param reason   why, for the header and the log
     */
    static void forward(ProcessorContext<String, String> context, String sinkNode, String input,
                        Record<String, String> record, String reason, PatternMetrics metrics) {
        LOG.warnf("dead-lettering an event of %s: %s", input, reason);
        metrics.deadLettered(input);
        RecordHeaders headers = new RecordHeaders(record.headers().toArray());
        headers.add(REASON_HEADER, reason.getBytes(StandardCharsets.UTF_8));
        context.forward(new Record<>(record.key(), record.value(), record.timestamp(), headers), sinkNode);
    }
}
