package dev.shapecrawl.pattern;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shapecrawl.core.cache.WeightedLru;
import dev.shapecrawl.core.crawl.CrawlStore;
import dev.shapecrawl.core.crawl.JobState;
import dev.shapecrawl.core.crawl.ParkedAnswer;
import dev.shapecrawl.core.crawl.Traversal;
import dev.shapecrawl.core.crawl.UrlEntry;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.FormTemplate;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.PageCollections;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * {@link CrawlStore} over seven Kafka Streams key-value stores (RocksDB on disk, changelogged to Kafka, so a
 * restarted or moved task resumes with them): {@value PatternTopology#JOBS_STORE} (job id → job state JSON without
 * its navigation pattern, and {@code jobId NUL pattern} → that pattern's JSON, written only when it changes: see
 * {@link #putJob}),
 * {@value PatternTopology#URLS_STORE} ({@code jobId NUL traversal NUL url} → URL entry JSON),
 * {@value PatternTopology#TARGETS_STORE} ({@code jobId NUL url} → {@code 1} for a target page of the job; once a crawl
 * run took it for one, so its records were written, the hex SHA-256 of the body they were written from) and
 * {@value PatternTopology#PARKED_STORE} ({@code jobId NUL traversal NUL order} → parked answer JSON, a few at a
 * time: only answers that overtook an earlier one) and {@value PatternTopology#FORMS_STORE} ({@code jobId NUL formId}
 * → the form-prober's latest verdict JSON) and {@value PatternTopology#COLLECTIONS_STORE} ({@code jobId NUL
 * traversal NUL url} → a mapped page's final URL and link and text collections JSON, the site model's material) and
 * {@value PatternTopology#SAMPLES_STORE} ({@code jobId NUL sampleId} → a positive URL sample's normalised URL).
 * Keys sort by job and traversal, so one traversal is one prefix scan.
 */
final class StreamsCrawlStore implements CrawlStore {
    private static final char SEP = '\u0000';
    /** The target store's value for a target page no crawl run took yet (found by a mapping). */
    private static final String FOUND = "1";
    private static final StringSerializer KEYS = new StringSerializer();
    /** Jobs whose stored pattern this instance knows (decoded), least recently used beyond it read back. */
    private static final int PATTERN_CACHE = 256;

    private final KeyValueStore<String, String> jobs;
    private final KeyValueStore<String, String> urls;
    private final KeyValueStore<String, String> targets;
    private final KeyValueStore<String, String> parked;
    private final KeyValueStore<String, String> forms;
    private final KeyValueStore<String, String> collections;
    private final KeyValueStore<String, String> samples;
    private final ObjectMapper json = EventCodec.mapper();
    /**
     * What the pattern key of a job holds, as this instance wrote or read it: the pattern, or empty for none. The
     * stores are this task's alone and a task that is revived or moved gets a new instance, so it cannot go stale.
     */
    private final WeightedLru<String, Optional<NavigationPattern>> patterns = WeightedLru.ofEntries(PATTERN_CACHE);

    StreamsCrawlStore(KeyValueStore<String, String> jobs, KeyValueStore<String, String> urls,
                      KeyValueStore<String, String> targets, KeyValueStore<String, String> parked,
                      KeyValueStore<String, String> forms, KeyValueStore<String, String> collections,
                      KeyValueStore<String, String> samples) {
        this.jobs = jobs;
        this.urls = urls;
        this.targets = targets;
        this.parked = parked;
        this.forms = forms;
        this.collections = collections;
        this.samples = samples;
    }

    @Override
    public Optional<JobState> job(String jobId) {
        return Optional.ofNullable(jobs.get(jobId)).map(s -> attachPattern(read(s, JobState.class)));
    }

    /**
     * Writes the job's state without its navigation pattern, and the pattern under its own key only when it is not
     * the one stored already. The state is written on every answer the job gets, and a crawl's pattern is tens of KB of
     * JSON (the demo's: 31 KB, every record of the store's changelog): encoding, decoding and changelogging it with
     * every page cost the pattern service and the broker more than the rest of the state. A state written before the
     * split still carries its pattern inline and is read as it is.
     */
    @Override
    public void putJob(JobState state) {
        Optional<NavigationPattern> latest = Optional.ofNullable(state.pattern());
        if (!storedPattern(state.jobId()).equals(latest)) { // the same object, or an equal one, is not written again
            if (latest.isPresent()) {
                jobs.put(patternKey(state.jobId()), write(latest.get()));
            } else {
                jobs.delete(patternKey(state.jobId()));
            }
            patterns.put(state.jobId(), latest);
        }
        jobs.put(state.jobId(), write(state.withPattern(null)));
    }

    /** The key of a job's navigation pattern in the jobs store: {@code jobId NUL pattern}. */
    static String patternKey(String jobId) {
        return jobId + SEP + "pattern";
    }

    /** What the job's pattern key holds: remembered, or read back (and remembered). */
    private Optional<NavigationPattern> storedPattern(String jobId) {
        return patterns.computeIfAbsent(jobId, id -> Optional.ofNullable(jobs.get(patternKey(id)))
                .map(s -> read(s, NavigationPattern.class)));
    }

    /** The state with its pattern attached: inline (a state written before the split), else from its own key. */
    private JobState attachPattern(JobState state) {
        if (state.pattern() != null) {
            return state;
        }
        return state.withPattern(storedPattern(state.jobId()).orElse(null));
    }

    @Override
    public Optional<UrlEntry> url(String jobId, Traversal traversal, String url) {
        return Optional.ofNullable(urls.get(prefix(jobId, traversal) + url)).map(s -> read(s, UrlEntry.class));
    }

    @Override
    public void putUrl(String jobId, Traversal traversal, String url, UrlEntry entry) {
        urls.put(prefix(jobId, traversal) + url, write(entry));
    }

    @Override
    public void forEachUrl(String jobId, Traversal traversal, BiConsumer<String, UrlEntry> action) {
        String prefix = prefix(jobId, traversal);
        try (KeyValueIterator<String, String> it = urls.prefixScan(prefix, KEYS)) {
            while (it.hasNext()) {
                KeyValue<String, String> kv = it.next();
                action.accept(kv.key.substring(prefix.length()), read(kv.value, UrlEntry.class));
            }
        }
    }

    @Override
    public void putCollections(String jobId, Traversal traversal, String url, String finalUrl,
                               PageCollections kept) {
        collections.put(prefix(jobId, traversal) + url, write(new KeptCollections(finalUrl, kept)));
    }

    @Override
    public Optional<KeptCollections> collections(String jobId, Traversal traversal, String url) {
        return Optional.ofNullable(collections.get(prefix(jobId, traversal) + url))
                .map(s -> read(s, KeptCollections.class));
    }

    @Override
    public void dropTraversal(String jobId, Traversal traversal) {
        deletePrefix(urls, prefix(jobId, traversal));
        deletePrefix(collections, prefix(jobId, traversal));
        deletePrefix(parked, prefix(jobId, traversal));
    }

    private static void deletePrefix(KeyValueStore<String, String> store, String prefix) {
        // Deleting while iterating is not allowed on every store type; collect keys in bounded batches.
        List<String> batch = new ArrayList<>();
        do {
            batch.clear();
            try (KeyValueIterator<String, String> it = store.prefixScan(prefix, KEYS)) {
                while (it.hasNext() && batch.size() < 10_000) {
                    batch.add(it.next().key);
                }
            }
            batch.forEach(store::delete);
        } while (!batch.isEmpty());
    }

    @Override
    public void park(String jobId, Traversal traversal, long order, ParkedAnswer answer) {
        parked.put(prefix(jobId, traversal) + order, write(answer));
    }

    @Override
    public Optional<ParkedAnswer> unpark(String jobId, Traversal traversal, long order) {
        return Optional.ofNullable(parked.delete(prefix(jobId, traversal) + order))
                .map(s -> read(s, ParkedAnswer.class));
    }

    @Override
    public boolean addTarget(String jobId, String url, String recordsHash) {
        String key = jobId + SEP + url;
        if (recordsHash == null) {
            return targets.putIfAbsent(key, FOUND) == null;
        }
        boolean added = targets.get(key) == null;
        targets.put(key, recordsHash);
        return added;
    }

    @Override
    public Optional<String> crawledTargetHash(String jobId, String url) {
        String value = targets.get(jobId + SEP + url);
        return value == null || value.equals(FOUND) ? Optional.empty() : Optional.of(value);
    }

    @Override
    public void forEachJob(Consumer<JobState> action) {
        try (KeyValueIterator<String, String> it = jobs.all()) {
            while (it.hasNext()) {
                KeyValue<String, String> kv = it.next();
                if (kv.key.indexOf(SEP) < 0) { // a job's pattern key is read with its state
                    action.accept(attachPattern(read(kv.value, JobState.class)));
                }
            }
        }
    }

    @Override
    public Optional<FormTemplate> form(String jobId, String formId) {
        return Optional.ofNullable(forms.get(jobId + SEP + formId)).map(s -> read(s, FormTemplate.class));
    }

    @Override
    public void putForm(FormTemplate template) {
        forms.put(template.jobId() + SEP + template.formId(), write(template));
    }

    @Override
    public Set<String> sampleUrls(String jobId) {
        Set<String> out = new HashSet<>();
        try (KeyValueIterator<String, String> it = samples.prefixScan(jobId + SEP, KEYS)) {
            while (it.hasNext()) {
                out.add(it.next().value);
            }
        }
        return out;
    }

    @Override
    public void putSampleUrl(String jobId, String sampleId, String url) {
        if (url == null) {
            samples.delete(jobId + SEP + sampleId);
        } else {
            samples.put(jobId + SEP + sampleId, url);
        }
    }

    private static String prefix(String jobId, Traversal traversal) {
        return jobId + SEP + traversal.id() + SEP;
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private <T> T read(String value, Class<T> type) {
        try {
            return json.readValue(value, type);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("corrupt " + type.getSimpleName() + " in a state store", e);
        }
    }
}
