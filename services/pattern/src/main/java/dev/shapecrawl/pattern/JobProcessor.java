package dev.shapecrawl.pattern;

import dev.shapecrawl.core.crawl.CrawlCoordinator;
import dev.shapecrawl.core.crawl.CrawlOutput;
import dev.shapecrawl.core.crawl.Delivery;
import dev.shapecrawl.core.navigation.NavigationPatternGenerator;
import dev.shapecrawl.core.navigation.PatternSettings;
import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.InvalidEventException;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.SiteModelSnapshot;
import dev.shapecrawl.events.Topics;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.apache.kafka.streams.state.KeyValueStore;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The thin adapter between Kafka Streams and core's {@link CrawlCoordinator}: decodes each input event strictly,
 * hands it to the coordinator, forwards what the coordinator produces to the output topics, and dead-letters an
 * event that cannot be decoded or handled, with the reason in the {@code dead-letter-reason} header, so one bad
 * event never stops the stream. State and outputs are committed together (processing guarantee
 * {@code exactly_once_v2}), so a crash never re-requests a page that was requested before the last commit.
 *
 * <p>Seeds, samples and form verdicts reach it re-keyed by job id through repartition topics
 * ({@link PatternTopology}); it names each event by the contract topic it came in on. An event for a job this task
 * holds no state for is never dropped silently: it is counted ({@link PatternMetrics}), logged with its job, topic
 * and partition, and, if it can never apply (a classified page), dead-lettered with that reason.
 */
final class JobProcessor implements Processor<String, String, String, String> {
    private static final Logger LOG = Logger.getLogger(JobProcessor.class);

    private final PatternConfig config;
    private final PatternMetrics metrics;
    private final Map<String, Long> lastStatusMs = new HashMap<>();
    private final Map<String, Phase> lastStatusPhase = new HashMap<>();
    private ProcessorContext<String, String> context;
    private CrawlCoordinator coordinator;
    private long inputTimestamp;

    JobProcessor(PatternConfig config, PatternMetrics metrics) {
        this.config = config;
        this.metrics = metrics;
    }

    @Override
    public void init(ProcessorContext<String, String> context) {
        this.context = context;
        KeyValueStore<String, String> jobs = context.getStateStore(PatternTopology.JOBS_STORE);
        KeyValueStore<String, String> urls = context.getStateStore(PatternTopology.URLS_STORE);
        KeyValueStore<String, String> targets = context.getStateStore(PatternTopology.TARGETS_STORE);
        KeyValueStore<String, String> parked = context.getStateStore(PatternTopology.PARKED_STORE);
        KeyValueStore<String, String> forms = context.getStateStore(PatternTopology.FORMS_STORE);
        KeyValueStore<String, String> collections = context.getStateStore(PatternTopology.COLLECTIONS_STORE);
        KeyValueStore<String, String> samples = context.getStateStore(PatternTopology.SAMPLES_STORE);
        NavigationPatternGenerator generator = new NavigationPatternGenerator(
                PatternSettings.fromProperties(config.generator()));
        coordinator = new CrawlCoordinator(
                new StreamsCrawlStore(jobs, urls, targets, parked, forms, collections, samples), new Output(),
                generator, System::currentTimeMillis, config.formWaitMs());
        // A mapping waiting for form verdicts alone receives no event: the clock ends the wait.
        context.schedule(Duration.ofMillis(config.clockIntervalMs()), PunctuationType.WALL_CLOCK_TIME, this::tick);
    }

    private void tick(long nowMs) {
        inputTimestamp = nowMs;
        try {
            coordinator.onClock(nowMs);
        } catch (RuntimeException e) {
            LOG.errorf(e, "the form wait could not be checked; the next tick tries again");
        }
    }

    @Override
    public void process(Record<String, String> record) {
        Optional<RecordMetadata> meta = context.recordMetadata();
        String topic = meta.map(RecordMetadata::topic).flatMap(PatternTopology::inputOf).orElse("");
        inputTimestamp = record.timestamp();
        try {
            if (record.key() == null) {
                // Every input is keyed by job id: a keyless event is on an arbitrary partition, away from its job's
                // state (co-partitioning), so acting on it would split the job.
                throw new InvalidEventException("missing key (" + topic + " is keyed by job id)");
            }
            Delivery delivery = switch (topic) {
                case Topics.CRAWL_SEEDS -> {
                    coordinator.onSeed(EventCodec.decode(EventType.CRAWL_SEED, record.value()));
                    yield Delivery.ACCEPTED;
                }
                case Topics.CRAWL_SAMPLES -> {
                    coordinator.onSample(EventCodec.decode(EventType.CRAWL_SAMPLE, record.value()));
                    yield Delivery.ACCEPTED;
                }
                case Topics.PAGES_CLASSIFIED ->
                        coordinator.onPage(EventCodec.decode(EventType.PAGE_CLASSIFIED, record.value()));
                case Topics.FORM_TEMPLATES ->
                        coordinator.onFormTemplate(EventCodec.decode(EventType.FORM_TEMPLATE, record.value()));
                default -> throw new IllegalStateException("no handler for topic " + meta.map(RecordMetadata::topic));
            };
            if (delivery == Delivery.UNKNOWN_JOB) {
                unknownJob(topic, meta.map(RecordMetadata::partition).orElse(-1), record);
            }
        } catch (InvalidEventException e) {
            deadLetter(topic, record, "malformed event: " + e.getMessage());
        } catch (RuntimeException e) {
            // A defect or corrupt state for this event; the job's other events and other jobs go on.
            LOG.errorf(e, "dead-lettering a %s event that could not be handled", topic);
            deadLetter(topic, record, "not handled: " + e);
        }
    }

    /**
     * An event of a job this task holds no state for: counted and logged with its job, topic and partition. A
     * classified page can never apply (it answers a request no job of this task made), so it is dead-lettered; a
     * form verdict was kept for a mapping of that job that may still start.
     */
    private void unknownJob(String topic, int partition, Record<String, String> record) {
        metrics.unknownJob(topic);
        String reason = "unknown job " + record.key() + " on " + topic + " partition " + partition
                + ": this task holds no state for it (its seed never reached this task; were the job's events"
                + " partitioned by different partitioners, or its state deleted?)";
        if (topic.equals(Topics.PAGES_CLASSIFIED)) {
            deadLetter(topic, record, reason);
        } else {
            LOG.warnf("%s; kept for a mapping of the job that may still start", reason);
        }
    }

    private void deadLetter(String topic, Record<String, String> record, String reason) {
        DeadLetters.forward(context, Topics.deadLetter(topic), topic, record, reason, metrics);
    }

    private void send(String topic, String key, Object event) {
        context.forward(new Record<>(key, EventCodec.encode(event), inputTimestamp), topic);
    }

    /** Forwards what the coordinator produces; statuses are thinned while a traversal runs. */
    private final class Output implements CrawlOutput {
        @Override
        public void fetch(FetchRequest request) {
            send(Topics.FETCH_REQUESTS, request.key(), request);
        }

        @Override
        public void pattern(NavigationPattern pattern) {
            LOG.infof("job %s: navigation pattern v%d, %d branches, coverage %.3f of %d mapped targets",
                    pattern.jobId(), pattern.patternVersion(), pattern.branches().size(), pattern.coverage(),
                    pattern.targetsMapped());
            send(Topics.NAVIGATION_PATTERNS, pattern.jobId(), pattern);
        }

        @Override
        public void model(SiteModelSnapshot model) {
            LOG.infof("job %s: site model v%d, %d classes (%d target classes) from %d of %d mapped pages",
                    model.jobId(), model.modelVersion(), model.classes().size(), model.targetClasses(),
                    model.sampledPages(), model.mappedPages());
            send(Topics.SITE_MODELS, model.jobId(), model);
        }

        @Override
        public void status(CrawlStatus status) {
            Phase before = lastStatusPhase.put(status.jobId(), status.phase());
            Long last = lastStatusMs.get(status.jobId());
            boolean due = last == null || status.updatedAtMs() - last >= config.statusIntervalMs();
            boolean settled = status.phase().settled();
            if (before != status.phase() || due || settled) {
                lastStatusMs.put(status.jobId(), status.updatedAtMs());
                send(Topics.CRAWL_STATUS, status.jobId(), status);
            }
        }
    }
}
