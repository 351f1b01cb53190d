package dev.shapecrawl.pattern;

import dev.shapecrawl.events.Topics;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.Stores;

import java.util.List;

/**
 * The pattern service's Kafka Streams topology: one processor ({@link JobProcessor}) fed by the four job-keyed
 * inputs, owning the jobs' crawl state in five persistent stores, writing to the three outputs and to a
 * dead-letter topic per input.
 *
 * <pre>
 *   crawl-seeds ──┐                          ┌─▶ fetch-requests        (key host)
 *   crawl-samples ├─▶ jobs [pattern-jobs,    ├─▶ navigation-patterns   (key jobId)
 *   pages-classified ┤  pattern-urls,        ├─▶ crawl-status          (key jobId)
 *   form-templates ──┘  pattern-targets,     └─▶ dead-letter-topic-&lt;input&gt; (malformed events, with the reason)
 *                       pattern-parked, pattern-forms]
 * </pre>
 *
 * <p>Every input is keyed by job id and the four topics must have the same partition count, so partition
 * {@code i} of each goes to task {@code i} and a job's events meet its state on one task (co-partitioning).
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
    /** The inputs, all keyed by job id. */
    public static final List<String> INPUTS = List.of(Topics.CRAWL_SEEDS, Topics.CRAWL_SAMPLES,
            Topics.PAGES_CLASSIFIED, Topics.FORM_TEMPLATES);

    static final String PROCESSOR = "jobs";

    private final PatternConfig config;

    PatternTopology(PatternConfig config) {
        this.config = config;
    }

    /** The topology Quarkus runs. */
    @Produces
    public Topology topology() {
        Topology topology = new Topology();
        StringDeserializer keys = new StringDeserializer();
        StringDeserializer values = new StringDeserializer();
        for (String input : INPUTS) {
            topology.addSource(input, keys, values, input);
        }
        topology.addProcessor(PROCESSOR, () -> new JobProcessor(config), INPUTS.toArray(String[]::new));
        for (String store : List.of(JOBS_STORE, URLS_STORE, TARGETS_STORE, PARKED_STORE, FORMS_STORE)) {
            topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(store),
                    Serdes.String(), Serdes.String()), PROCESSOR);
        }
        StringSerializer out = new StringSerializer();
        for (String output : List.of(Topics.FETCH_REQUESTS, Topics.NAVIGATION_PATTERNS, Topics.CRAWL_STATUS)) {
            topology.addSink(output, output, out, out, PROCESSOR);
        }
        for (String input : INPUTS) {
            topology.addSink(Topics.deadLetter(input), Topics.deadLetter(input), out, out, PROCESSOR);
        }
        return topology;
    }
}
