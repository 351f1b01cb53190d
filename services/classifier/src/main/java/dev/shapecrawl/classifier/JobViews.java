package dev.shapecrawl.classifier;

import dev.shapecrawl.core.cache.WeightedLru;
import dev.shapecrawl.core.classify.JobModel;
import dev.shapecrawl.core.tree.TreeBuilder;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.InvalidEventException;
import dev.shapecrawl.events.SamplePage;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.messaging.KafkaClientSecurity;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Every classifier instance's view of every job: the seeds ({@code crawl-seeds}: scope and similarity
 * settings) and the sample pages ({@code sample-pages}), read whole (all partitions, from the beginning, no
 * consumer group) by a background thread, like a Kafka Streams GlobalKTable. Pages wait here
 * ({@link #whenReady}) until their job can be classified.
 *
 * <p>A job is <b>ready</b> when its seed is known, it has at least one sample, and none is PENDING; a seed that
 * names its samples ({@link CrawlSeed#sampleIds()}) is ready when each of those is declared and none is PENDING,
 * and its pages are classified against those alone. A page of a
 * job that is not ready waits; after {@code shapecrawl.classifier.max-hold-ms} it is released anyway and
 * classified with a reason (so one job whose sample never resolves cannot stall the others), never against a
 * partial sample set.
 *
 * <p>Memory: the view keeps every sample's state, but its page only within {@code max-sample-bytes} (the most
 * recently used, an LRU cache); an older one is read back from its record in {@code sample-pages} (its partition
 * and offset are kept) when its job's model is built. Without that bound the pages of every job ever declared
 * stayed on the heap: 190 MB live after catching up on 386 jobs, which took a 512 MiB classifier out of memory on
 * the next large pages (docs/benchmarks.md, "The classifier on a long-lived runtime").
 */
@ApplicationScoped
public class JobViews {
    private static final Logger LOG = Logger.getLogger(JobViews.class);

    /** What a page needs to be classified: the job's model (null: no usable sample) and seed. */
    public record Job(String jobId, CrawlSeed seed, JobModel model, String notReadyReason) {
    }

    /**
     * A sample as the view keeps it: its event's state without its page, and where that event lies.
     *
     * @param sampleId  the sample's id within its job
     * @param url       its URL, or null
     * @param status    PENDING, READY or FAILED
     * @param negative  whether it is a negative sample
     * @param partition the {@code sample-pages} partition of its latest event
     * @param offset    that event's offset, which holds the page of a READY sample
     */
    public record Sample(String sampleId, String url, SamplePage.Status status, boolean negative,
                         TopicPartition partition, long offset) {
    }

    private final String bootstrapServers;
    private final long maxHoldMs;
    private final Map<String, CrawlSeed> seeds = new ConcurrentHashMap<>();
    private final Map<String, Map<String, Sample>> samples = new ConcurrentHashMap<>();
    /** READY samples' pages by their events' positions, within {@code max-sample-bytes} (UTF-16, 2 per char). */
    private final WeightedLru<Sample, String> pages;
    /** The most recently used jobs' models, at most {@code max-job-models}: an LRU cache, rebuilt on demand. */
    private final WeightedLru<String, Job> models;
    /** Builds models, and reads evicted sample pages back, off the reader's thread (its consumer is confined here). */
    private final ExecutorService builds = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "classifier-job-models");
        t.setDaemon(true);
        return t;
    });
    private KafkaConsumer<String, String> readBack;
    private final Map<String, List<Runnable>> waiters = new ConcurrentHashMap<>();
    private final CountDownLatch caughtUp = new CountDownLatch(1);
    private volatile KafkaConsumer<String, String> consumer;
    private volatile Thread reader;
    private volatile boolean running = true;

    JobViews(@ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers,
             @ConfigProperty(name = "shapecrawl.classifier.max-hold-ms") long maxHoldMs,
             @ConfigProperty(name = "shapecrawl.classifier.max-job-models") int maxJobModels,
             @ConfigProperty(name = "shapecrawl.classifier.max-sample-bytes") long maxSampleBytes) {
        if (maxJobModels < 1) {
            throw new IllegalArgumentException("shapecrawl.classifier.max-job-models: must be >= 1, was "
                    + maxJobModels);
        }
        if (maxSampleBytes < 0) {
            throw new IllegalArgumentException("shapecrawl.classifier.max-sample-bytes: must be >= 0, was "
                    + maxSampleBytes);
        }
        this.bootstrapServers = bootstrapServers;
        this.maxHoldMs = maxHoldMs;
        this.pages = new WeightedLru<>(maxSampleBytes, (at, html) -> 2L * html.length());
        this.models = WeightedLru.ofEntries(maxJobModels);
    }

    void start(@Observes StartupEvent event) {
        Thread t = new Thread(this::read, "classifier-job-views");
        t.setDaemon(true);
        reader = t;
        t.start();
    }

    void stop(@Observes ShutdownEvent event) {
        running = false;
        KafkaConsumer<String, String> c = consumer;
        if (c != null) {
            c.wakeup();
        }
        Thread t = reader;
        if (t != null) {
            try {
                t.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        builds.execute(() -> {
            if (readBack != null) {
                readBack.close(Duration.ofSeconds(5));
                readBack = null;
            }
        });
        builds.shutdown();
    }

    /** True once the view has read both topics up to their ends as of startup. */
    public boolean caughtUp() {
        return caughtUp.getCount() == 0;
    }

    /**
     * Waits (up to {@code timeoutMs}) until the view has read both topics up to their ends as of startup.
     *
     * @return whether it has
     */
    public boolean awaitCaughtUp(long timeoutMs) throws InterruptedException {
        return caughtUp.await(timeoutMs, TimeUnit.MILLISECONDS);
    }

    /** The sample {@code sampleId} of the job as last seen, if any. */
    public Optional<Sample> sample(String jobId, String sampleId) {
        return Optional.ofNullable(samples.getOrDefault(jobId, Map.of()).get(sampleId));
    }

    /** The samples of the job whose URL is {@code url} (several samples may name one page). */
    public List<Sample> samplesAt(String jobId, String url) {
        return samples.getOrDefault(jobId, Map.of()).values().stream()
                .filter(s -> url.equals(s.url()))
                .toList();
    }

    /**
     * Completes when the job is ready, or after {@code max-hold-ms} with the reason it is not.
     *
     * @return the job's model and seed; {@link Job#model()} is null when it has no usable sample
     */
    public CompletableFuture<Job> whenReady(String jobId) {
        return when(jobId, () -> readiness(jobId) == null)
                .thenApplyAsync(ready -> job(jobId), builds);
    }

    /** Completes when the job declares a sample at {@code url} (or after {@code max-hold-ms}). */
    public CompletableFuture<List<Sample>> whenSampleDeclared(String jobId, String url) {
        return when(jobId, () -> !samplesAt(jobId, url).isEmpty())
                .thenApply(known -> samplesAt(jobId, url));
    }

    private CompletableFuture<Boolean> when(String jobId, BooleanSupplier condition) {
        CompletableFuture<Boolean> result = new CompletableFuture<>();
        Runnable check = () -> {
            if (!result.isDone() && caughtUp() && condition.getAsBoolean()) {
                result.complete(true);
            }
        };
        // Added and removed atomically per job, and the job's entry goes with its last check: the map would
        // otherwise keep an entry for every job ever seen.
        waiters.compute(jobId, (j, checks) -> {
            List<Runnable> list = checks == null ? new CopyOnWriteArrayList<>() : checks;
            list.add(check);
            return list;
        });
        result.whenComplete((r, e) -> waiters.computeIfPresent(jobId, (j, checks) -> {
            checks.remove(check);
            return checks.isEmpty() ? null : checks;
        }));
        // After registering, so a change that lands in between is not missed.
        check.run();
        CompletableFuture.delayedExecutor(maxHoldMs, TimeUnit.MILLISECONDS).execute(() -> result.complete(false));
        return result;
    }

    /** The job as it stands: model, seed, and why it is not ready (null when it is). */
    private Job job(String jobId) {
        String reason = readiness(jobId);
        if (reason != null) {
            return new Job(jobId, seeds.get(jobId), null, reason + " after " + maxHoldMs + " ms");
        }
        return models.computeIfAbsent(jobId, this::build);
    }

    private Job build(String jobId) {
        CrawlSeed seed = seeds.get(jobId);
        List<Sample> kept = new ArrayList<>(samples.getOrDefault(jobId, Map.of()).values());
        if (!seed.sampleIds().isEmpty()) {
            kept.removeIf(sample -> !seed.sampleIds().contains(sample.sampleId())); // this run's samples only
        }
        kept.sort((a, b) -> a.sampleId().compareTo(b.sampleId()));
        List<SamplePage> list = new ArrayList<>();
        for (Sample s : kept) {
            String html = s.status() == SamplePage.Status.READY ? pages.computeIfAbsent(s, this::readBack) : null;
            list.add(new SamplePage(jobId, s.sampleId(), s.url(), html == null ? SamplePage.Status.FAILED : s.status(),
                    html, null, s.negative()));
        }
        JobModel model;
        try {
            model = JobModel.of(list, seed.similarityMeasure(), seed.similarityThreshold(),
                    TreeBuilder.DEFAULT_MAX_NODES);
        } catch (IllegalArgumentException e) {
            // an unknown similarity measure: every page gets the reason (the pattern service fails the job)
            return new Job(jobId, seed, null, e.getMessage());
        }
        return new Job(jobId, seed, model, model == null ? "every sample page failed" : null);
    }

    /**
     * Reads a READY sample's page back from its event in {@code sample-pages} (on the builds thread only).
     *
     * @return the page, or null when the event is gone (compacted away by a newer state of the sample, which the
     * view then reads and which rebuilds the model) or cannot be read within 30 s
     */
    private String readBack(Sample at) {
        if (readBack == null) {
            readBack = new KafkaConsumer<>(consumerProperties());
        }
        readBack.assign(List.of(at.partition()));
        readBack.seek(at.partition(), at.offset());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            for (ConsumerRecord<String, String> r : readBack.poll(Duration.ofMillis(500))) {
                if (r.offset() > at.offset()) {
                    return null;
                }
                if (r.offset() == at.offset() && r.value() != null) {
                    return EventCodec.<SamplePage>decode(EventType.SAMPLE_PAGE, r.value()).html();
                }
            }
            if (readBack.position(at.partition()) > at.offset()) {
                return null;
            }
        }
        LOG.warnf("sample %s: its page at %s offset %d could not be read back", at.sampleId(), at.partition(),
                at.offset());
        return null;
    }

    /** Why the job is not ready, or null when it is. */
    private String readiness(String jobId) {
        CrawlSeed seed = seeds.get(jobId);
        if (seed == null) {
            return "the job's seed is not known";
        }
        Map<String, Sample> s = samples.getOrDefault(jobId, Map.of());
        if (!seed.sampleIds().isEmpty()) {
            // the seed names its samples: wait for each, wherever its events travel
            List<String> undeclared = seed.sampleIds().stream().filter(id -> !s.containsKey(id)).toList();
            if (!undeclared.isEmpty()) {
                return "samples " + undeclared + " named by the seed are not declared yet";
            }
            return seed.sampleIds().stream().anyMatch(id -> s.get(id).status() == SamplePage.Status.PENDING)
                    ? "a sample page of the job is not fetched yet" : null;
        }
        if (s.isEmpty()) {
            return "the job has no sample";
        }
        if (s.values().stream().anyMatch(p -> p.status() == SamplePage.Status.PENDING)) {
            return "a sample page of the job is not fetched yet";
        }
        return null;
    }

    /** A plain reader of the two topics: no group, committed events only, SASL/TLS as the channels have them. */
    private Properties consumerProperties() {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, Topics.PAGE_MESSAGE_BYTES);
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        // SASL/TLS as the channels have them (kafka.security.protocol, kafka.sasl.*, kafka.ssl.*)
        p.putAll(KafkaClientSecurity.of(ConfigProvider.getConfig()));
        return p;
    }

    private void read() {
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(consumerProperties())) {
            consumer = c;
            List<TopicPartition> partitions = new ArrayList<>();
            for (String topic : List.of(Topics.CRAWL_SEEDS, Topics.SAMPLE_PAGES)) {
                for (PartitionInfo info : c.partitionsFor(topic, Duration.ofSeconds(60))) {
                    partitions.add(new TopicPartition(topic, info.partition()));
                }
            }
            c.assign(partitions);
            c.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = c.endOffsets(partitions);
            while (running) {
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(500))) {
                    apply(r);
                }
                if (!caughtUp() && reachedEnds(c, ends)) {
                    caughtUp.countDown();
                    LOG.infof("job views caught up: %d jobs with seeds, %d with samples", seeds.size(), samples.size());
                    waiters.keySet().forEach(this::signal);
                }
            }
        } catch (WakeupException e) {
            // shutdown
        } catch (RuntimeException e) {
            LOG.error("job views stopped reading", e);
        }
    }

    private static boolean reachedEnds(KafkaConsumer<String, String> c, Map<TopicPartition, Long> ends) {
        for (Map.Entry<TopicPartition, Long> e : ends.entrySet()) {
            if (c.position(e.getKey()) < e.getValue()) {
                return false;
            }
        }
        return true;
    }

    private void apply(ConsumerRecord<String, String> r) {
        try {
            if (r.topic().equals(Topics.CRAWL_SEEDS)) {
                CrawlSeed seed = EventCodec.decode(EventType.CRAWL_SEED, r.value());
                if (!Objects.equals(seeds.put(seed.jobId(), seed), seed)) {
                    changed(seed.jobId());
                }
            } else if (r.value() != null) {
                SamplePage sample = EventCodec.decode(EventType.SAMPLE_PAGE, r.value());
                Sample kept = new Sample(sample.sampleId(), sample.url(), sample.status(), sample.negativeSample(),
                        new TopicPartition(r.topic(), r.partition()), r.offset());
                Sample previous = samples.computeIfAbsent(sample.jobId(), j -> new ConcurrentHashMap<>())
                        .put(sample.sampleId(), kept);
                if (previous != null) {
                    pages.remove(previous);
                }
                if (sample.html() != null) {
                    pages.put(kept, sample.html());
                }
                changed(sample.jobId());
            }
        } catch (InvalidEventException e) {
            // The owner of the topic dead-letters it (the pattern service for crawl-seeds); here it is ignored.
            LOG.debugf("ignoring an invalid event on %s: %s", r.topic(), e.getMessage());
        }
    }

    private void changed(String jobId) {
        models.remove(jobId);
        signal(jobId);
    }

    private void signal(String jobId) {
        Collection<Runnable> checks = waiters.get(jobId);
        if (checks != null) {
            checks.forEach(Runnable::run);
        }
    }
}
