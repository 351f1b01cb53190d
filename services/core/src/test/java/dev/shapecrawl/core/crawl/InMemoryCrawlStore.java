package dev.shapecrawl.core.crawl;

import dev.shapecrawl.events.FormTemplate;
import dev.shapecrawl.events.PageCollections;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/** {@link CrawlStore} over maps, for tests of the coordinator without Kafka. */
final class InMemoryCrawlStore implements CrawlStore {
    private final Map<String, JobState> jobs = new HashMap<>();
    private final Map<String, Map<String, UrlEntry>> urls = new HashMap<>();
    private final Set<String> targets = new HashSet<>();
    private final Map<String, String> crawledTargets = new HashMap<>();
    private final Map<String, ParkedAnswer> parked = new HashMap<>();
    private final Map<String, FormTemplate> forms = new HashMap<>();
    private final Map<String, Map<String, String>> sampleUrls = new HashMap<>();
    private final Map<String, KeptCollections> collections = new HashMap<>();

    @Override
    public Optional<JobState> job(String jobId) {
        return Optional.ofNullable(jobs.get(jobId));
    }

    @Override
    public void putJob(JobState state) {
        jobs.put(state.jobId(), state);
    }

    @Override
    public Optional<UrlEntry> url(String jobId, Traversal traversal, String url) {
        return Optional.ofNullable(traversal(jobId, traversal).get(url));
    }

    @Override
    public void putUrl(String jobId, Traversal traversal, String url, UrlEntry entry) {
        traversal(jobId, traversal).put(url, entry);
    }

    @Override
    public void forEachUrl(String jobId, Traversal traversal, BiConsumer<String, UrlEntry> action) {
        // reading creates nothing (as a prefix scan of the service's store): traversals() counts what was written
        urls.getOrDefault(jobId + "/" + traversal.id(), Map.of()).forEach(action);
    }

    @Override
    public void putCollections(String jobId, Traversal traversal, String url, String finalUrl,
                               PageCollections kept) {
        collections.put(jobId + "/" + traversal.id() + "#" + url, new KeptCollections(finalUrl, kept));
    }

    @Override
    public Optional<KeptCollections> collections(String jobId, Traversal traversal, String url) {
        return Optional.ofNullable(collections.get(jobId + "/" + traversal.id() + "#" + url));
    }

    /** Collections kept, over every job and traversal. */
    int collectionsKept() {
        return collections.size();
    }

    @Override
    public void dropTraversal(String jobId, Traversal traversal) {
        urls.remove(jobId + "/" + traversal.id());
        collections.keySet().removeIf(k -> k.startsWith(jobId + "/" + traversal.id() + "#"));
        parked.keySet().removeIf(k -> k.startsWith(jobId + "/" + traversal.id() + "#"));
    }

    @Override
    public void park(String jobId, Traversal traversal, long order, ParkedAnswer answer) {
        parked.put(jobId + "/" + traversal.id() + "#" + order, answer);
    }

    @Override
    public Optional<ParkedAnswer> unpark(String jobId, Traversal traversal, long order) {
        return Optional.ofNullable(parked.remove(jobId + "/" + traversal.id() + "#" + order));
    }

    int parkedAnswers() {
        return parked.size();
    }

    @Override
    public boolean addTarget(String jobId, String url, String recordsHash) {
        if (recordsHash != null) {
            crawledTargets.put(jobId + "\n" + url, recordsHash);
        }
        return targets.add(jobId + "\n" + url);
    }

    @Override
    public Optional<String> crawledTargetHash(String jobId, String url) {
        return Optional.ofNullable(crawledTargets.get(jobId + "\n" + url));
    }

    @Override
    public void forEachJob(Consumer<JobState> action) {
        List.copyOf(jobs.values()).forEach(action);
    }

    @Override
    public Optional<FormTemplate> form(String jobId, String formId) {
        return Optional.ofNullable(forms.get(jobId + "/" + formId));
    }

    @Override
    public void putForm(FormTemplate template) {
        forms.put(template.jobId() + "/" + template.formId(), template);
    }

    @Override
    public Set<String> sampleUrls(String jobId) {
        return Set.copyOf(sampleUrls.getOrDefault(jobId, Map.of()).values());
    }

    @Override
    public void putSampleUrl(String jobId, String sampleId, String url) {
        Map<String, String> byId = sampleUrls.computeIfAbsent(jobId, k -> new TreeMap<>());
        if (url == null) {
            byId.remove(sampleId);
        } else {
            byId.put(sampleId, url);
        }
    }

    int traversals() {
        return urls.size();
    }

    private Map<String, UrlEntry> traversal(String jobId, Traversal traversal) {
        return urls.computeIfAbsent(jobId + "/" + traversal.id(), k -> new LinkedHashMap<>());
    }
}
