package dev.shapecrawl.console;

import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.FormProbeState;
import dev.shapecrawl.events.FormTemplate;
import dev.shapecrawl.events.InvalidEventException;
import dev.shapecrawl.events.ListRecord;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.SiteModelSnapshot;
import dev.shapecrawl.events.Topics;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.operators.multi.processors.BroadcastProcessor;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The console's picture of every job, read from the topics the services publish (crawl seeds, crawl status,
 * navigation patterns, site models; the classified pages, the target pages, the list records; the forms' verdicts
 * and probe states) from their beginning at every start,
 * so the console keeps nothing the topics cannot rebuild (issue 22). One reader thread with its own consumer:
 * partitions assigned, no consumer group, no offsets committed. Of a page it keeps its URL and similarity only (the
 * bodies are dropped), at most {@code shapecrawl.console.max-pages-per-job} per job; of the records, the first
 * {@code shapecrawl.console.max-records-per-job}, and no more than {@code shapecrawl.console.max-records} for all jobs
 * together (all are counted). Every change to the job list
 * is broadcast to the live views ({@link #changes()}).
 */
@ApplicationScoped
public class JobViews {
    private static final Logger LOG = Logger.getLogger(JobViews.class);
    /** The topics read. */
    static final List<String> TOPICS = List.of(Topics.CRAWL_SEEDS, Topics.CRAWL_STATUS, Topics.NAVIGATION_PATTERNS,
            Topics.SITE_MODELS, Topics.PAGES_CLASSIFIED, Topics.TARGET_PAGES, Topics.LIST_RECORDS,
            Topics.FORM_TEMPLATES, Topics.FORM_PROBE_STATE);
    private static final Duration POLL = Duration.ofMillis(250);

    private final String bootstrapServers;
    private final int maxPagesPerJob;
    private final int maxRecordsPerJob;
    private final Map<String, CrawlSeed> seeds = new ConcurrentHashMap<>();
    private final Map<String, CrawlStatus> statuses = new ConcurrentHashMap<>();
    private final Map<String, NavigationPattern> patterns = new ConcurrentHashMap<>();
    private final Map<String, SiteModelSnapshot> models = new ConcurrentHashMap<>();
    /** By job, the mapping's pages: URL -> {similarity, 1 if the classifier took it for a target}. */
    private final Map<String, Map<String, double[]>> mapped = new ConcurrentHashMap<>();
    /** By job, the target pages in the order found, each with the time its latest record was written. */
    private final Map<String, Map<String, Found>> targets = new ConcurrentHashMap<>();
    private final Map<String, JobRecords> records = new ConcurrentHashMap<>();
    private final int maxRecords;
    private final int maxSeenRecords;
    /** Records held for the views by all jobs together (the reader thread's alone). */
    private long heldRecords;
    /** Record identities kept by all jobs together to count each record once (the reader thread's alone). */
    private long seenRecords;
    /** The jobs' records, the job whose last record came longest ago first (access order; the reader thread's). */
    private final Map<String, JobRecords> byRecency = new LinkedHashMap<>(16, 0.75f, true);
    /** By job, its forms' verdicts and probe states by form id, first met first. */
    private final Map<String, Map<String, FormTemplate>> verdicts = new ConcurrentHashMap<>();
    private final Map<String, Map<String, FormProbeState>> probes = new ConcurrentHashMap<>();
    private final BroadcastProcessor<List<JobSummary>> changes = BroadcastProcessor.create();
    private volatile boolean caughtUp;
    /** Events read since the start: the readiness check's progress while the views catch up. */
    private volatile long eventsRead;
    private volatile KafkaConsumer<String, byte[]> consumer;
    private volatile Thread reader;

    /**
     * @param bootstrapServers the cluster ({@code kafka.bootstrap.servers})
     * @param maxPagesPerJob   the most mapped pages and the most target pages kept per job (each); the rest are
     *                         counted by the status but not listed
     * @param maxRecordsPerJob the most list records kept per job for the records view; the rest are counted, and
     *                         the downloads, read from the topic, have them all
     * @param maxRecords       the most list records kept for the records view by all jobs together: beyond it, the
     *                         job updated longest ago drops its held records (still counted; the downloads have
     *                         them); one job holds at most this many. Without it, a console started on a broker
     *                         that kept many jobs' records held them all and ran out of memory before it was ready
     * @param maxSeenRecords   the most record identities (64-bit hashes, 8 bytes a slot of a primitive set) kept by
     *                         all jobs together to count each record once; beyond it, the job updated longest ago
     *                         drops its held records and its identities, and counts its later records without that
     *                         check.
     *                         Without it, a console on a broker holding 439 jobs' records ran out of its 512 MiB
     *                         before it was ready (2026-11-28, docs/console.md)
     * @throws IllegalArgumentException if a bound is negative
     */
    public JobViews(@ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers,
                    @ConfigProperty(name = "shapecrawl.console.max-pages-per-job", defaultValue = "100000")
                    int maxPagesPerJob,
                    @ConfigProperty(name = "shapecrawl.console.max-records-per-job", defaultValue = "100000")
                    int maxRecordsPerJob,
                    @ConfigProperty(name = "shapecrawl.console.max-records", defaultValue = "20000")
                    int maxRecords,
                    @ConfigProperty(name = "shapecrawl.console.max-seen-records", defaultValue = "2000000")
                    int maxSeenRecords) {
        if (maxPagesPerJob < 0 || maxRecordsPerJob < 0 || maxRecords < 0 || maxSeenRecords < 0) {
            throw new IllegalArgumentException("shapecrawl.console.max-pages-per-job, max-records-per-job, "
                    + "max-records and max-seen-records must be >= 0, were " + maxPagesPerJob + ", "
                    + maxRecordsPerJob + ", " + maxRecords + ", " + maxSeenRecords);
        }
        this.bootstrapServers = bootstrapServers;
        this.maxPagesPerJob = maxPagesPerJob;
        this.maxRecordsPerJob = maxRecordsPerJob;
        this.maxRecords = maxRecords;
        this.maxSeenRecords = maxSeenRecords;
    }

    void start(@Observes StartupEvent event) {
        consumer = new KafkaConsumer<>(viewSettings(bootstrapServers));
        reader = new Thread(this::read, "console-job-views");
        reader.setDaemon(true);
        reader.start();
    }

    void stop(@Observes ShutdownEvent event) throws InterruptedException {
        KafkaConsumer<String, byte[]> c = consumer;
        if (c != null) {
            c.wakeup();
        }
        Thread t = reader;
        if (t != null) {
            t.join(5_000);
        }
    }

    /**
     * Records a reader decodes per poll. The consumer's default, 500, decoded 500 target pages (each with its body)
     * into strings at once: a console started on a broker that held a few evaluation runs ({@code
     * bin/eval-decision-e2e}'s data directory) ran out of its 512 MiB heap before it had read the topics, and never
     * became ready. With 8, a poll holds at most 8 events beside one fetch.
     */
    static final int MAX_POLL_RECORDS = 8;

    /**
     * The settings of the console's readers (the views' and the downloads'): string keys and values, no consumer
     * group and so no committed offsets (partitions are assigned), committed records only, fetches as large as the
     * largest event ({@link Topics#PAGE_MESSAGE_BYTES}) and no larger, and {@link #MAX_POLL_RECORDS} records a poll,
     * so that what a reader holds is bounded by the settings (about {@code (1 + MAX_POLL_RECORDS) ×
     * PAGE_MESSAGE_BYTES} bytes, twice that for the decoded strings), not by how much history the topics keep.
     */
    static Properties readerSettings(String bootstrapServers) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        p.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, String.valueOf(Topics.PAGE_MESSAGE_BYTES));
        p.put(ConsumerConfig.FETCH_MAX_BYTES_CONFIG, String.valueOf(Topics.PAGE_MESSAGE_BYTES));
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, String.valueOf(MAX_POLL_RECORDS));
        return p;
    }

    /**
     * The views' reader: {@link #readerSettings} with values as bytes, so that the large page events are read by
     * {@link PageEventHeads} without their bodies ever becoming strings.
     */
    static Properties viewSettings(String bootstrapServers) {
        Properties p = readerSettings(bootstrapServers);
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return p;
    }

    /** Every job, the most recently updated first. */
    public List<JobSummary> jobs() {
        Set<String> ids = new TreeSet<>(seeds.keySet());
        ids.addAll(statuses.keySet());
        ids.addAll(patterns.keySet());
        ids.addAll(models.keySet());
        List<JobSummary> out = new ArrayList<>();
        for (String id : ids) {
            out.add(JobSummary.of(id, seeds.get(id), statuses.get(id), patterns.get(id), models.get(id),
                    recordCount(id)));
        }
        out.sort(Comparator.comparingLong(JobSummary::updatedAtMs).reversed().thenComparing(JobSummary::jobId));
        return out;
    }

    /** Whether an event of the job (seed, status, pattern or model) has been read. */
    public boolean known(String id) {
        return seeds.containsKey(id) || statuses.containsKey(id) || patterns.containsKey(id) || models.containsKey(id);
    }

    /** The job's page, or empty if no event of it has been read. */
    public java.util.Optional<JobDetail> job(String id) {
        if (!known(id)) {
            return java.util.Optional.empty();
        }
        SiteModelSnapshot model = models.get(id);
        List<double[]> similarities;
        Map<String, double[]> pages = mapped.getOrDefault(id, Map.of());
        synchronized (pages) {
            similarities = new ArrayList<>(pages.values());
        }
        return java.util.Optional.of(new JobDetail(
                JobSummary.of(id, seeds.get(id), statuses.get(id), patterns.get(id), model, recordCount(id)),
                patterns.get(id), model,
                JobDetail.histogram(similarities, model == null ? null : model.targetThreshold()),
                JobDetail.neighbours(model), latestRunTargets(id).size(), forms(id)));
    }

    private long recordCount(String id) {
        JobRecords r = records.get(id);
        return r == null ? 0 : r.count();
    }

    /** The job's forms: each with a verdict or a probe state, in the order first met. */
    private List<FormProbeView> forms(String id) {
        Map<String, FormTemplate> done = verdicts.getOrDefault(id, Map.of());
        Map<String, FormProbeState> state = probes.getOrDefault(id, Map.of());
        Set<String> ids = new java.util.LinkedHashSet<>();
        synchronized (done) {
            ids.addAll(done.keySet());
        }
        synchronized (state) {
            ids.addAll(state.keySet());
        }
        List<FormProbeView> out = new ArrayList<>();
        for (String form : ids) {
            out.add(FormProbeView.of(done.get(form), state.get(form)));
        }
        return out;
    }

    /**
     * A page of one table of the list records of the job's latest run: the records of its target pages
     * ({@link #latestRunTargets}; a page an earlier run took and the latest did not keeps its records on the topic,
     * not in this view), or of every page when the status does not say when the run started.
     *
     * @param table  a table id, or blank for the largest
     * @param offset the first record, >= 0
     * @param limit  the most records, 1..500
     */
    public RecordsPage records(String id, String table, int offset, int limit) {
        JobRecords r = records.get(id);
        if (r == null) {
            return new RecordsPage(0, "", List.of(), List.of(), 0, 0, List.of());
        }
        Set<String> pages = null;
        if (runStartedMs(id) > 0) {
            pages = new HashSet<>();
            for (TargetsPage.Target t : latestRunTargets(id)) {
                pages.add(t.url());
            }
        }
        return r.page(table, offset, limit, pages);
    }

    /**
     * A page of the target pages of the job's latest run ({@link #latestRunTargets}), in the order they were found.
     *
     * @param query  only URLs containing this (case-insensitive); blank: all
     * @param offset the first to return, >= 0
     * @param limit  the most to return, 1..500
     */
    public TargetsPage targets(String id, String query, int offset, int limit) {
        String q = query == null ? "" : query.trim().toLowerCase(Locale.ROOT);
        List<TargetsPage.Target> matching = new ArrayList<>();
        for (TargetsPage.Target t : latestRunTargets(id)) {
            if (q.isEmpty() || t.url().toLowerCase(Locale.ROOT).contains(q)) {
                matching.add(t);
            }
        }
        int from = Math.min(Math.max(0, offset), matching.size());
        int to = Math.min(matching.size(), from + Math.max(1, Math.min(500, limit)));
        SiteModelSnapshot model = models.get(id);
        List<TargetsPage.Target> shown = new ArrayList<>();
        for (TargetsPage.Target t : matching.subList(from, to)) {
            shown.add(t.inClass(classOf(model, t.url())));
        }
        return new TargetsPage(matching.size(), from, shown);
    }

    /** The page class of a target page ({@link TargetsPage.Target#pageClass}), 0 when the model does not say. */
    static int classOf(SiteModelSnapshot model, String url) {
        if (model == null) {
            return 0;
        }
        int onlyTarget = 0;
        int targetClasses = 0;
        for (SiteModelSnapshot.PageClass c : model.classes()) {
            if (c.pages().contains(url)) {
                return c.id();
            }
            if (c.target()) {
                targetClasses++;
                onlyTarget = c.id();
            }
        }
        return targetClasses == 1 ? onlyTarget : 0;
    }

    /** The job list after every change read from the topics (not replayed: a view starts from {@link #jobs()}). */
    public Multi<List<JobSummary>> changes() {
        return changes;
    }

    /** Whether the reader has read every topic to its end once (the console's readiness). */
    public boolean caughtUp() {
        return caughtUp;
    }

    /**
     * Events the reader has read since the start, growing while it catches up with the topics' history: a
     * runtime that waits for the console's readiness waits as long as this grows ({@code ./shapecrawl up}).
     */
    public long eventsRead() {
        return eventsRead;
    }

    private void read() {
        try (KafkaConsumer<String, byte[]> c = consumer) {
            List<TopicPartition> partitions = awaitPartitions(c);
            c.assign(partitions);
            c.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = new HashMap<>(c.endOffsets(partitions));
            while (!Thread.currentThread().isInterrupted()) {
                ConsumerRecords<String, byte[]> records = c.poll(POLL);
                boolean changed = false;
                eventsRead += records.count();
                for (ConsumerRecord<String, byte[]> r : records) {
                    changed |= PAGE_TOPICS.contains(r.topic()) ? applyPage(r.topic(), r.value(), r.timestamp())
                            : apply(r.topic(), r.key(), r.value() == null ? null : new String(r.value(),
                            StandardCharsets.UTF_8), r.timestamp());
                }
                if (!caughtUp && ends.entrySet().stream().allMatch(e -> c.position(e.getKey()) >= e.getValue())) {
                    caughtUp = true;
                    changed = true;
                    LOG.infof("read %d jobs from %s", jobs().size(), TOPICS);
                }
                if (changed && caughtUp) {
                    changes.onNext(jobs());
                }
            }
        } catch (WakeupException e) {
            // shutdown
        } catch (RuntimeException e) {
            LOG.error("the job views stopped reading the topics", e);
            changes.onError(e);
        }
    }

    /** Waits until every topic exists (a console may start before the services create them). */
    private static List<TopicPartition> awaitPartitions(KafkaConsumer<String, byte[]> c) {
        while (true) {
            List<TopicPartition> out = new ArrayList<>();
            boolean all = true;
            for (String topic : TOPICS) {
                List<PartitionInfo> infos = c.partitionsFor(topic, Duration.ofSeconds(10));
                if (infos == null || infos.isEmpty()) {
                    all = false;
                    break;
                }
                infos.forEach(i -> out.add(new TopicPartition(i.topic(), i.partition())));
            }
            if (all) {
                return out;
            }
            try {
                Thread.sleep(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new WakeupException();
            }
        }
    }

    /**
     * Applies one record written at {@code timestampMs} (the record's timestamp, epoch ms); a tombstone removes the
     * job's entry, an event that does not decode is skipped.
     */
    boolean apply(String topic, String key, String value, long timestampMs) {
        return switch (topic) {
            case Topics.CRAWL_SEEDS -> put(seeds, EventType.CRAWL_SEED, key, value, CrawlSeed::jobId);
            case Topics.CRAWL_STATUS -> put(statuses, EventType.CRAWL_STATUS, key, value, CrawlStatus::jobId);
            case Topics.NAVIGATION_PATTERNS ->
                    put(patterns, EventType.NAVIGATION_PATTERN, key, value, NavigationPattern::jobId);
            case Topics.SITE_MODELS -> put(models, EventType.SITE_MODEL, key, value, SiteModelSnapshot::jobId);
            case Topics.PAGES_CLASSIFIED, Topics.TARGET_PAGES ->
                    applyPage(topic, value == null ? null : value.getBytes(StandardCharsets.UTF_8), timestampMs);
            case Topics.LIST_RECORDS -> record(value);
            case Topics.FORM_TEMPLATES -> {
                FormTemplate t = decode(EventType.FORM_TEMPLATE, value);
                if (t != null) {
                    inOrder(verdicts, t.jobId()).put(t.formId(), t);
                }
                yield false;
            }
            case Topics.FORM_PROBE_STATE -> {
                FormProbeState st = decode(EventType.FORM_PROBE_STATE, value);
                if (st != null) {
                    inOrder(probes, st.jobId()).put(st.formId(), st);
                }
                yield false;
            }
            default -> false;
        };
    }

    /** The topics of the large page events, whose heads alone the views read ({@link PageEventHeads}). */
    private static final Set<String> PAGE_TOPICS = Set.of(Topics.PAGES_CLASSIFIED, Topics.TARGET_PAGES);

    /** A page event, by its head: no change to the jobs page (the status counts the pages). */
    private boolean applyPage(String topic, byte[] value, long timestampMs) {
        if (topic.equals(Topics.TARGET_PAGES)) {
            target(PageEventHeads.target(value), timestampMs);
        } else {
            classified(PageEventHeads.classified(value));
        }
        return false;
    }

    private void classified(PageEventHeads.Classified page) {
        if (page == null || page.purpose() != Purpose.MAP || page.similarity() == null) {
            return;
        }
        Map<String, double[]> pages = mapped.computeIfAbsent(page.jobId(), j -> Collections.synchronizedMap(new LinkedHashMap<>()));
        synchronized (pages) {
            if (pages.size() < maxPagesPerJob || pages.containsKey(page.finalUrl())) {
                pages.put(page.finalUrl(), new double[]{page.similarity(), page.target() ? 1 : 0});
            }
        }
    }

    /**
     * A record of a job: counted (a change to the jobs page) unless seen already. When the jobs together hold more
     * records for the view than {@code maxRecords}, the job whose last record came longest ago drops its held ones.
     */
    private boolean record(String value) {
        ListRecord r = decode(EventType.LIST_RECORD, value);
        if (r == null) {
            return false;
        }
        JobRecords job = records.computeIfAbsent(r.jobId(), j -> new JobRecords(j, Math.min(maxRecordsPerJob,
                maxRecords)));
        int before = job.held();
        int seenBefore = job.seen();
        boolean added = job.add(r);
        heldRecords += job.held() - before;
        seenRecords += job.seen() - seenBefore;
        byRecency.put(r.jobId(), job); // now the most recent
        // the job being read is last, and a job holds at most maxRecords: releasing the others suffices for the
        // held records; a job alone above maxSeenRecords releases itself last
        Iterator<JobRecords> older = byRecency.values().iterator();
        while ((heldRecords > maxRecords || seenRecords > maxSeenRecords) && older.hasNext()) {
            JobRecords oldest = older.next();
            if (oldest.held() > 0 || oldest.seen() > 0) {
                seenRecords -= oldest.seen();
                heldRecords -= oldest.release();
            }
        }
        return added;
    }

    private static <T> Map<String, T> inOrder(Map<String, Map<String, T>> byJob, String job) {
        return byJob.computeIfAbsent(job, j -> Collections.synchronizedMap(new LinkedHashMap<>()));
    }

    /** A target page as the views list it, and when its latest {@code target-pages} record was written (epoch ms). */
    private record Found(TargetsPage.Target target, long lastMs) {
    }

    private void target(PageEventHeads.Target page, long timestampMs) {
        if (page == null) {
            return;
        }
        Map<String, Found> all = targets.computeIfAbsent(page.jobId(), j -> Collections.synchronizedMap(new LinkedHashMap<>()));
        boolean crawled = page.purpose() == Purpose.CRAWL;
        synchronized (all) {
            Found old = all.get(page.url());
            if (old != null) {
                all.put(page.url(), new Found(new TargetsPage.Target(page.url(),
                        Math.max(old.target().similarity(), page.similarity()), old.target().crawled() || crawled, 0),
                        Math.max(old.lastMs(), timestampMs)));
            } else if (all.size() < maxPagesPerJob) {
                all.put(page.url(), new Found(new TargetsPage.Target(page.url(), page.similarity(), crawled, 0),
                        timestampMs));
            }
        }
    }

    /** When the job's latest run started ({@link CrawlStatus#runStartedMs()}), epoch ms; 0 when unknown. */
    long runStartedMs(String id) {
        CrawlStatus status = statuses.get(id);
        return status == null ? 0 : status.runStartedMs();
    }

    /**
     * The target pages of the job's latest run, in the order found: a run decides its targets afresh (a re-crawl
     * with a negative sample can drop pages an earlier run took), so a page whose latest record is older than the
     * run's start ({@link CrawlStatus#runStartedMs()}; every page when the status does not say) is left out, as the
     * CLI's {@code targets} does.
     */
    private List<TargetsPage.Target> latestRunTargets(String id) {
        long since = runStartedMs(id);
        Map<String, Found> all = targets.getOrDefault(id, Map.of());
        List<TargetsPage.Target> out = new ArrayList<>();
        synchronized (all) {
            for (Found f : all.values()) {
                if (f.lastMs() >= since) {
                    out.add(f.target());
                }
            }
        }
        return out;
    }

    private static <T> T decode(EventType<T> type, String value) {
        if (value == null) {
            return null;
        }
        try {
            return EventCodec.decode(type, value);
        } catch (InvalidEventException e) {
            return null;
        }
    }

    private static <T> boolean put(Map<String, T> map, EventType<T> type, String key, String value,
                                   Function<T, String> job) {
        if (value == null) {
            return key != null && map.remove(key) != null;
        }
        T event = decode(type, value);
        if (event == null) {
            return false; // the services dead-letter malformed events; a view shows what decodes
        }
        map.put(job.apply(event), event);
        return true;
    }
}
