package dev.shapecrawl.classifier;

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
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
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
 */
@ApplicationScoped
public class JobViews {
    private static final Logger LOG = Logger.getLogger(JobViews.class);

    /** What a page needs to be classified: the job's model (null: no usable sample) and seed. */
    public record Job(String jobId, CrawlSeed seed, JobModel model, String notReadyReason) {
    }

    private final String bootstrapServers;
    private final long maxHoldMs;
    private final Map<String, CrawlSeed> seeds = new ConcurrentHashMap<>();
    private final Map<String, Map<String, SamplePage>> samples = new ConcurrentHashMap<>();
    /** The most recently used jobs' models, at most {@code max-job-models}: an LRU cache, rebuilt on demand. */
    private final Map<String, Job> models;
    private final Map<String, List<Runnable>> waiters = new ConcurrentHashMap<>();
    private final CountDownLatch caughtUp = new CountDownLatch(1);
    private volatile KafkaConsumer<String, String> consumer;
    private volatile Thread reader;
    private volatile boolean running = true;

    JobViews(@ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers,
             @ConfigProperty(name = "shapecrawl.classifier.max-hold-ms") long maxHoldMs,
             @ConfigProperty(name = "shapecrawl.classifier.max-job-models") int maxJobModels) {
        if (maxJobModels < 1) {
            throw new IllegalArgumentException("shapecrawl.classifier.max-job-models: must be >= 1, was "
                    + maxJobModels);
        }
        this.bootstrapServers = bootstrapServers;
        this.maxHoldMs = maxHoldMs;
        this.models = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Job> eldest) {
                return size() > maxJobModels;
            }
        });
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
    public Optional<SamplePage> sample(String jobId, String sampleId) {
        return Optional.ofNullable(samples.getOrDefault(jobId, Map.of()).get(sampleId));
    }

    /** The samples of the job whose URL is {@code url} (several samples may name one page). */
    public List<SamplePage> samplesAt(String jobId, String url) {
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
                .thenApply(ready -> job(jobId));
    }

    /** Completes when the job declares a sample at {@code url} (or after {@code max-hold-ms}). */
    public CompletableFuture<List<SamplePage>> whenSampleDeclared(String jobId, String url) {
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
        List<SamplePage> list = new ArrayList<>(samples.getOrDefault(jobId, Map.of()).values());
        if (!seed.sampleIds().isEmpty()) {
            list.removeIf(sample -> !seed.sampleIds().contains(sample.sampleId())); // this run's samples only
        }
        list.sort((a, b) -> a.sampleId().compareTo(b.sampleId()));
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

    /** Why the job is not ready, or null when it is. */
    private String readiness(String jobId) {
        CrawlSeed seed = seeds.get(jobId);
        if (seed == null) {
            return "the job's seed is not known";
        }
        Map<String, SamplePage> s = samples.getOrDefault(jobId, Map.of());
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

    private void read() {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, Topics.PAGE_MESSAGE_BYTES);
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        // SASL/TLS as the channels have them (kafka.security.protocol, kafka.sasl.*, kafka.ssl.*)
        p.putAll(KafkaClientSecurity.of(ConfigProvider.getConfig()));
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(p)) {
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
                samples.computeIfAbsent(sample.jobId(), j -> new ConcurrentHashMap<>()).put(sample.sampleId(), sample);
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
