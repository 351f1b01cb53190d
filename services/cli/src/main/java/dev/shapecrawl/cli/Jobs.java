package dev.shapecrawl.cli;

import dev.shapecrawl.events.CrawlSample;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.InvalidEventException;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Jobs as the topics tell them: publishes a job the way a user would (samples, then the seed, keyed by job id)
 * and reads what the services said about it. Events that do not decode are skipped (they are not the CLI's to
 * dead-letter).
 */
public final class Jobs {
    private final Cluster cluster;

    /** @param cluster the connection (not closed by this class) */
    public Jobs(Cluster cluster) {
        this.cluster = cluster;
    }

    /**
     * One target page of a job.
     *
     * @param url        the page's final URL
     * @param similarity its similarity to the nearest sample, 0..1 (the highest if it was classified twice)
     * @param crawled    whether the crawl by the navigation pattern reached it (not only the mapping)
     */
    public record Target(String url, double similarity, boolean crawled) {
    }

    /**
     * Publishes the samples ({@code s1}, {@code s2}, … in order) and then the seed: the classifier holds a job's
     * pages until its samples are known, so samples first saves a wait.
     */
    public void publish(CrawlSeed seed, List<String> sampleUrls) {
        publish(seed, sampleUrls, List.of());
    }

    /**
     * Publishes a job: its samples ({@code s1}, {@code s2}, …), its negative samples ({@code n1}, {@code n2}, …: pages
     * not of the kind wanted, issue 18), then its seed naming exactly those ids ({@link CrawlSeed#sampleIds()}, so
     * no page is classified against part of them, and samples of an earlier run under other ids no longer count),
     * all keyed by the job id.
     */
    public void publish(CrawlSeed seed, List<String> sampleUrls, List<String> negativeUrls) {
        List<String> ids = new ArrayList<>();
        ids.addAll(publishSamples(seed.jobId(), "s", sampleUrls, null));
        ids.addAll(publishSamples(seed.jobId(), "n", negativeUrls, true));
        cluster.send(Topics.CRAWL_SEEDS, seed.jobId(), EventCodec.encode(seed.withSampleIds(ids)));
    }

    /**
     * One {@code crawl-samples} event per URL, ids {@code <prefix>1}, {@code <prefix>2}, … in order.
     *
     * @return the ids published
     */
    private List<String> publishSamples(String jobId, String prefix, List<String> urls, Boolean negative) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < urls.size(); i++) {
            CrawlSample sample = new CrawlSample(jobId, prefix + (i + 1), urls.get(i), null, negative);
            cluster.send(Topics.CRAWL_SAMPLES, jobId, EventCodec.encode(sample));
            ids.add(sample.sampleId());
        }
        return ids;
    }

    /** The latest status of every job that has one, by job id. */
    public Map<String, CrawlStatus> statuses() {
        Map<String, CrawlStatus> out = new TreeMap<>();
        for (ConsumerRecord<String, String> r : cluster.readAll(Topics.CRAWL_STATUS)) {
            decode(EventType.CRAWL_STATUS, r.value()).ifPresent(s -> out.put(s.jobId(), s));
        }
        return out;
    }

    /** The latest seed of every job, by job id. */
    public Map<String, CrawlSeed> seeds() {
        Map<String, CrawlSeed> out = new TreeMap<>();
        for (ConsumerRecord<String, String> r : cluster.readAll(Topics.CRAWL_SEEDS)) {
            decode(EventType.CRAWL_SEED, r.value()).ifPresent(s -> out.put(s.jobId(), s));
        }
        return out;
    }

    /** The latest status of {@code job}, if it has one. */
    public Optional<CrawlStatus> status(String job) {
        return Optional.ofNullable(statuses().get(job));
    }

    /**
     * @throws CliException (failure) if no seed and no status of {@code job} is on the cluster, listing the known
     *                      ones
     */
    public void requireKnown(String job) {
        if (seeds().containsKey(job) || statuses().containsKey(job)) {
            return;
        }
        TreeSet<String> known = new TreeSet<>(seeds().keySet());
        known.addAll(statuses().keySet());
        throw CliException.failure("unknown job '" + job + "' on " + cluster.bootstrapServers()
                + (known.isEmpty() ? " (no job has been published there)"
                : "; known jobs: " + String.join(", ", known.size() > 20
                ? new ArrayList<>(known).subList(0, 20) : known) + (known.size() > 20 ? ", …" : "")
                + " (./shapecrawl jobs lists them)"));
    }

    /** The job's target pages in the order they were found, each once. */
    public List<Target> targets(String job) {
        Map<String, Target> out = new LinkedHashMap<>();
        String marker = "\"jobId\":\"" + job + "\"";
        for (ConsumerRecord<String, String> r : cluster.readAll(Topics.TARGET_PAGES)) {
            // Bodies are large: decode only the job's own events.
            if (!r.value().contains(marker)) {
                continue;
            }
            decode(EventType.TARGET_PAGE, r.value()).filter(t -> t.jobId().equals(job)).ifPresent(t ->
                    out.merge(t.url(), new Target(t.url(), t.similarity(), t.purpose() == Purpose.CRAWL),
                            (a, b) -> new Target(a.url(), Math.max(a.similarity(), b.similarity()),
                                    a.crawled() || b.crawled())));
        }
        return List.copyOf(out.values());
    }

    /** The job's latest navigation pattern, if one was learned. */
    public Optional<NavigationPattern> pattern(String job) {
        return Optional.ofNullable(patterns().get(job));
    }

    /** The latest navigation pattern of every job that has one, by job id. */
    public Map<String, NavigationPattern> patterns() {
        Map<String, NavigationPattern> out = new TreeMap<>();
        for (ConsumerRecord<String, String> r : cluster.readAll(Topics.NAVIGATION_PATTERNS)) {
            decode(EventType.NAVIGATION_PATTERN, r.value()).ifPresent(p -> out.put(p.jobId(), p));
        }
        return out;
    }

    /**
     * The job's target decision in a few characters, for {@code jobs}: {@code τ 0.720} (decided over the site),
     * {@code job τ} (the seed's own threshold), {@code ambiguous}, or {@code -} (not decided yet).
     */
    static String decision(CrawlStatus status, NavigationPattern pattern) {
        if (status != null && status.phase() == Phase.AMBIGUOUS) {
            return "ambiguous";
        }
        if (pattern == null) {
            return "-";
        }
        return pattern.targetThreshold() == null ? "job τ"
                : String.format(Locale.ROOT, "τ %.3f", pattern.targetThreshold());
    }

    /** A pattern as people read it: one block per branch, one line per step. */
    public static String describe(NavigationPattern p) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(java.util.Locale.ROOT,
                "job %s, pattern version %d, entry %s%n%d targets mapped, coverage %.1f%%, %d branch(es)%n",
                p.jobId(), p.patternVersion(), p.entryUrl(), p.targetsMapped(), 100 * p.coverage(),
                p.branches().size()));
        out.append(p.targetThreshold() == null ? "target decision: the job's own threshold, page by page\n"
                : String.format(Locale.ROOT, "target decision: similarity >= %.3f (%s)%n",
                p.targetThreshold(), p.decision()));
        int b = 1;
        for (NavigationPattern.Branch branch : p.branches()) {
            out.append(String.format("branch %d (%d targets):%n", b++, branch.targetCount()));
            int level = 1;
            for (NavigationPattern.Step s : branch.steps()) {
                out.append(String.format("  %d. %s %s%s%n", level++, s.kind(),
                        s.formId() != null ? "form " + s.formId() + " " : "", s.urlRegex()));
                if (s.loop()) {
                    out.append("     (may repeat: pagination)\n");
                }
                if (!s.examples().isEmpty()) {
                    out.append("     e.g. ").append(s.examples().get(0)).append('\n');
                }
            }
        }
        return out.toString();
    }

    static <T> Optional<T> decode(EventType<T> type, String json) {
        try {
            return Optional.of(EventCodec.decode(type, json));
        } catch (InvalidEventException e) {
            return Optional.empty();
        }
    }
}
