package dev.shapecrawl.core.crawl;

import dev.shapecrawl.events.FormTemplate;
import dev.shapecrawl.events.PageCollections;

import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Where {@link CrawlCoordinator} keeps a job's state. The pattern service implements it over Kafka Streams
 * key-value stores (RocksDB on disk, changelogged to Kafka), so seen URLs do not live on the heap and a
 * restarted service resumes where it stopped; tests implement it over maps. Calls come from one thread per job.
 */
public interface CrawlStore {
    /** The job's state, empty if the job is unknown. */
    Optional<JobState> job(String jobId);

    /** Replaces the job's state. */
    void putJob(JobState state);

    /** What the traversal knows of {@code url}, empty if the URL was never seen in it. */
    Optional<UrlEntry> url(String jobId, Traversal traversal, String url);

    /** Records {@code url} in the traversal. */
    void putUrl(String jobId, Traversal traversal, String url, UrlEntry entry);

    /** Calls {@code action} with every URL of the traversal and its entry, in no particular order. */
    void forEachUrl(String jobId, Traversal traversal, BiConsumer<String, UrlEntry> action);

    /**
     * Keeps the link and text collections of the page requested as {@code url} in a mapping, for the site model
     * inferred when the mapping ends; {@code finalUrl} is the page's URL after redirects.
     */
    void putCollections(String jobId, Traversal traversal, String url, String finalUrl, PageCollections collections);

    /** The collections kept for {@code url} in the traversal, with the page's final URL; empty if none were. */
    Optional<KeptCollections> collections(String jobId, Traversal traversal, String url);

    /** A page's collections as kept, with its final URL. */
    record KeptCollections(String finalUrl, PageCollections collections) {
    }

    /** Forgets every URL, every kept collection and every parked answer of the traversal (an old traversal no longer needed). */
    void dropTraversal(String jobId, Traversal traversal);

    /**
     * Keeps what discovery order {@code order} of the traversal brings until its turn ({@link ParkedAnswer});
     * replaces what was parked there.
     */
    void park(String jobId, Traversal traversal, long order, ParkedAnswer answer);

    /** Removes and returns what is parked at {@code order} in the traversal; empty if nothing is. */
    Optional<ParkedAnswer> unpark(String jobId, Traversal traversal, long order);

    /**
     * Records that {@code url} (as requested) is a target page of the job, across traversals; taken by a crawl run,
     * also the hash of the body its list records were extracted from, so that a later run's answer with the same
     * content needs none again ({@link #crawledTargetHash}).
     *
     * @param recordsHash the hex SHA-256 of the body a crawl run took the page with, or null (a mapping's verdict,
     *                    which writes no records; the hash kept before stays)
     * @return true if no earlier call named it: a target page new to the job
     */
    boolean addTarget(String jobId, String url, String recordsHash);

    /** The content hash of the page at {@code url} when a crawl run last took it for a target ({@link #addTarget}). */
    Optional<String> crawledTargetHash(String jobId, String url);

    /** Calls {@code action} with the state of every job, in no particular order. */
    void forEachJob(Consumer<JobState> action);

    /** The latest verdict of the form-prober on form {@code formId} of the job, empty if none came. */
    Optional<FormTemplate> form(String jobId, String formId);

    /** Keeps a verdict of the form-prober, replacing the form's earlier one; kept across traversals. */
    void putForm(FormTemplate template);

    /** The URLs of the job's positive samples given by URL, normalised, the latest of each sample id. */
    Set<String> sampleUrls(String jobId);

    /**
     * Keeps the URL of one sample of the job (normalised), replacing the sample id's earlier one, or drops it when
     * {@code url} is null (the sample id now names a negative or inline sample); kept across traversals.
     */
    void putSampleUrl(String jobId, String sampleId, String url);
}
