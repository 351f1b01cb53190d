package dev.shapecrawl.pattern;

import dev.shapecrawl.events.CrawlSample;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.FormTemplate;
import dev.shapecrawl.events.Topics;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.state.Stores;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The pattern service's Kafka Streams topology: one processor ({@link JobProcessor}) fed by the four job-keyed
 * inputs, owning the jobs' crawl state in six persistent stores, writing to the four outputs and to a
 * dead-letter topic per input.
 *
 * <pre>
 *   crawl-seeds ──── intake ─▶ repartition ─┐                     ┌─▶ fetch-requests        (key host)
 *   crawl-samples ── intake ─▶ repartition ─┤   jobs [pattern-jobs, ├─▶ navigation-patterns   (key jobId)
 *   form-templates ─ intake ─▶ repartition ─┼─▶ pattern-urls, …]   ├─▶ crawl-status          (key jobId)
 *   pages-classified ───────────────────────┘                     ├─▶ site-models           (key jobId)
 *                                                                 └─▶ dead-letter-topic-&lt;input&gt;
 * </pre>
 *
 * <p><b>Co-partitioning is the service's own</b> (issue 17). A job's events must meet its state on one task. The
 * inputs users publish to ({@code crawl-seeds}, {@code crawl-samples}) may come from any Kafka client, and clients
 * place a key on different partitions (librdkafka's default partitioner is CRC32-based, Java's murmur2), so these,
 * and {@code form-templates}, which is cheap to include, are re-keyed: each {@link Intake} decodes an event, keys it
 * by the job id it names and writes it to a repartition topic of this service's
 * ({@code shapecrawl-pattern-<input>-repartition}, made by Kafka Streams) with the partition count of
 * {@code pages-classified} ({@link JobPartitions}) and the Java producer's default partitioner (murmur2 of the key),
 * the partitioner the classifier keys {@code pages-classified} with. {@code pages-classified}, the one input with
 * a page per request, is read directly. Under {@code exactly_once_v2} the repartition write, the input offsets and
 * the state commit together, so the extra hop keeps the crash guarantees; it costs a seed or sample one commit
 * interval (100 ms). An event that still reaches a task without its job is counted, logged and, if it can never
 * apply, dead-lettered ({@link JobProcessor}).
 */
@ApplicationScoped
public class PatternTopology {
    /** Job id → job state. */
    public static final String JOBS_STORE = "pattern-jobs";
    /** Job, traversal, URL → URL entry (seen URLs, BFS parent and depth, answered or outstanding). */
    public static final String URLS_STORE = "pattern-urls";
    /** Job, URL → target pages the job has found, across traversals. */
    public static final String TARGETS_STORE = "pattern-targets";
    /** Job, traversal, discovery order → an answer that arrived early and waits for its turn. */
    public static final String PARKED_STORE = "pattern-parked";
    /** Job, form id → the form-prober's latest verdict on the form (form steps). */
    public static final String FORMS_STORE = "pattern-forms";
    /** Job, traversal, URL → a mapped page's link and text collections (the site model's material, issue 18). */
    public static final String COLLECTIONS_STORE = "pattern-collections";
    /** Job, sample id → a positive URL sample's URL (a sampled mapping reads the lists that hold its samples). */
    public static final String SAMPLES_STORE = "pattern-samples";
    private static final List<String> STORES = List.of(JOBS_STORE, URLS_STORE, TARGETS_STORE, PARKED_STORE,
            FORMS_STORE, COLLECTIONS_STORE, SAMPLES_STORE);
    /** The inputs, all keyed by job id. */
    public static final List<String> INPUTS = List.of(Topics.CRAWL_SEEDS, Topics.CRAWL_SAMPLES,
            Topics.PAGES_CLASSIFIED, Topics.FORM_TEMPLATES);
    /** The inputs re-keyed by the job id of their events before they reach the jobs' state. */
    static final List<Intake.Input<?>> REKEYED = List.of(
            new Intake.Input<>(Topics.CRAWL_SEEDS, EventType.CRAWL_SEED, CrawlSeed::jobId),
            new Intake.Input<>(Topics.CRAWL_SAMPLES, EventType.CRAWL_SAMPLE, CrawlSample::jobId),
            new Intake.Input<>(Topics.FORM_TEMPLATES, EventType.FORM_TEMPLATE, FormTemplate::jobId));
    /** The input whose partition count the repartition topics take. */
    static final String PARTITIONS_FROM = Topics.PAGES_CLASSIFIED;

    static final String PROCESSOR = "jobs";
    private static final Logger LOG = Logger.getLogger(PatternTopology.class);
    private static final String REPARTITION_SUFFIX = "-repartition";

    private final PatternConfig config;
    private final PatternMetrics metrics;

    PatternTopology(PatternConfig config, PatternMetrics metrics) {
        this.config = config;
        this.metrics = metrics;
    }

    /**
     * The topology Quarkus runs.
     *
     * @throws IllegalStateException if {@code pages-classified} does not exist within
     *                               {@code shapecrawl.pattern.topics-timeout-ms}
     */
    @Produces
    public Topology topology() {
        int partitions = JobPartitions.of(JobPartitions.adminSettings(ConfigProvider.getConfig()), PARTITIONS_FROM,
                Duration.ofMillis(config.topicsTimeoutMs()));
        LOG.infof("job-keyed streams: %d partitions (those of %s)", partitions, PARTITIONS_FROM);
        return build(config, metrics, partitions);
    }

    /**
     * The topology with repartition topics of {@code partitions} partitions.
     *
     * @param partitions the partition count of {@code pages-classified}, >= 1
     */
    static Topology build(PatternConfig config, PatternMetrics metrics, int partitions) {
        Serde<String> text = Serdes.String();
        StreamsBuilder builder = new StreamsBuilder();
        for (String store : STORES) {
            builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(store), text, text));
        }
        KStream<String, String> inputs = builder.stream(Topics.PAGES_CLASSIFIED,
                Consumed.with(text, text).withName(Topics.PAGES_CLASSIFIED));
        for (Intake.Input<?> input : REKEYED) {
            inputs = inputs.merge(rekeyed(builder, input, metrics, partitions), Named.as(input.topic() + "-merge"));
        }
        KStream<String, String> outputs = inputs.process(() -> new JobProcessor(config, metrics), Named.as(PROCESSOR),
                STORES.toArray(String[]::new));
        for (String output : List.of(Topics.FETCH_REQUESTS, Topics.NAVIGATION_PATTERNS, Topics.CRAWL_STATUS,
                Topics.SITE_MODELS)) {
            outputs.to(output, Produced.with(text, text).withName(output));
        }
        for (String input : INPUTS) {
            outputs.to(Topics.deadLetter(input), Produced.with(text, text).withName(Topics.deadLetter(input)));
        }
        return builder.build();
    }

    /** {@code input} decoded, keyed by job id and repartitioned; its malformed events dead-lettered. */
    private static <T> KStream<String, String> rekeyed(StreamsBuilder builder, Intake.Input<T> input,
                                                     PatternMetrics metrics, int partitions) {
        Serde<String> text = Serdes.String();
        KStream<String, String> checked = builder.stream(input.topic(), Consumed.with(text, text)
                        .withName(input.topic()))
                .process(() -> new Intake<>(input, metrics), Named.as(input.intakeNode()));
        checked.to(Topics.deadLetter(input.topic()), Produced.with(text, text).withName(input.deadLetterNode()));
        // A named no-op, so the intake can forward to it by name; the repartition's own nodes are named by Streams.
        return checked.filter((key, value) -> true, Named.as(input.acceptedNode()))
                .repartition(Repartitioned.<String, String>as(input.topic()).withKeySerde(text).withValueSerde(text)
                        .withNumberOfPartitions(partitions));
    }

    /**
     * The contract input a record of {@code topic} came in on: the topic itself, or the input whose repartition
     * topic it is ({@code <application id>-<input>-repartition}).
     */
    static Optional<String> inputOf(String topic) {
        for (String input : INPUTS) {
            if (topic.equals(input) || topic.endsWith("-" + input + REPARTITION_SUFFIX)) {
                return Optional.of(input);
            }
        }
        return Optional.empty();
    }
}
