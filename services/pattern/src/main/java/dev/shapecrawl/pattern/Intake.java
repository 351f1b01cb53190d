package dev.shapecrawl.pattern;

import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.InvalidEventException;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

import java.util.function.Function;

/**
 * The first node of a re-keyed input (issue 17): decodes each event strictly and forwards it, keyed by the job id
 * it names, to the input's repartition topic; an event that does not decode, or has no key, goes to
 * {@code dead-letter-topic-<input>} with the reason instead, unchanged.
 *
 * <p>Why: users publish {@code crawl-seeds} and {@code crawl-samples} with any Kafka client, and clients disagree on
 * where a key goes (librdkafka's default partitioner is CRC32-based, Java's murmur2), so the partition an event
 * arrives on says nothing about the task that holds its job. Re-keyed here and written by this service's own
 * producer, every event of a job lands on the partition the Java producers of {@code pages-classified} choose for
 * the same job id, and the job's events meet its state on one task. The event's {@code jobId} is the key, not
 * the record key, so a producer that keyed by something else still reaches its job.
 *
 * @param <T> the input's event type
 */
final class Intake<T> implements Processor<String, String, String, String> {
    /** One re-keyed input: its topic, event type and how to read the job id of an event. */
    record Input<T>(String topic, EventType<T> type, Function<T, String> jobId) {
        /** The name of the node the intake forwards accepted events to; the repartition follows it. */
        String acceptedNode() {
            return topic + "-accepted";
        }

        /** The name of this intake's node. */
        String intakeNode() {
            return topic + "-intake";
        }

        /** The name of the node that writes the intake's dead letters. */
        String deadLetterNode() {
            return topic + "-intake-dead-letters";
        }
    }

    private final Input<T> input;
    private final PatternMetrics metrics;
    private ProcessorContext<String, String> context;

    Intake(Input<T> input, PatternMetrics metrics) {
        this.input = input;
        this.metrics = metrics;
    }

    @Override
    public void init(ProcessorContext<String, String> context) {
        this.context = context;
    }

    @Override
    public void process(Record<String, String> record) {
        try {
            if (record.key() == null) {
                // The classifier reads the same topic and refuses keyless events too: dead-lettered here, the job is
                // not started half-way.
                throw new InvalidEventException("missing key (" + input.topic() + " is keyed by job id)");
            }
            String jobId = input.jobId().apply(EventCodec.decode(input.type(), record.value()));
            context.forward(record.withKey(jobId), input.acceptedNode());
        } catch (InvalidEventException e) {
            DeadLetters.forward(context, input.deadLetterNode(), input.topic(), record,
                    "malformed event: " + e.getMessage(), metrics);
        }
    }
}
