package dev.shapecrawl.cli;

import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.JobSubmission;
import dev.shapecrawl.events.InvalidEventException;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.SiteModelSnapshot;
import dev.shapecrawl.events.Topics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

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

    /** Publishes a job: the events of {@link JobSubmission#of}, in their order. */
    public void publish(CrawlSeed seed, List<String> sampleUrls, List<String> negativeUrls) {
        for (JobSubmission.Message m : JobSubmission.of(seed, sampleUrls, negativeUrls).messages()) {
            cluster.send(m.topic(), m.key(), m.value());
        }
    }

    /** The latest status of every job that has one, by job id. */
    public Map<String, CrawlStatus> statuses() {
        Map<String, CrawlStatus> out = new TreeMap<>();
        cluster.forEach(Topics.CRAWL_STATUS, r -> decode(EventType.CRAWL_STATUS, r.value())
                .ifPresent(s -> out.put(s.jobId(), s)));
        return out;
    }

    /** The latest seed of every job, by job id. */
    public Map<String, CrawlSeed> seeds() {
        Map<String, CrawlSeed> out = new TreeMap<>();
        cluster.forEach(Topics.CRAWL_SEEDS, r -> decode(EventType.CRAWL_SEED, r.value())
                .ifPresent(s -> out.put(s.jobId(), s)));
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
        // each topic is read once: a read opens a consumer and reads to the topic's end
        Map<String, CrawlSeed> seeds = seeds();
        if (seeds.containsKey(job)) {
            return;
        }
        Map<String, CrawlStatus> statuses = statuses();
        if (statuses.containsKey(job)) {
            return;
        }
        TreeSet<String> known = new TreeSet<>(seeds.keySet());
        known.addAll(statuses.keySet());
        throw CliException.failure("unknown job '" + job + "' on " + cluster.bootstrapServers()
                + (known.isEmpty() ? " (no job has been published there)"
                : "; known jobs: " + String.join(", ", known.size() > 20
                ? new ArrayList<>(known).subList(0, 20) : known) + (known.size() > 20 ? ", …" : "")
                + " (./shapecrawl jobs lists them)"));
    }

    /**
     * The target pages of the job's latest run, in the order they were found, each once. A run decides its targets
     * afresh (a re-crawl with a negative sample can drop pages an earlier run took), so a page written to
     * {@link Topics#TARGET_PAGES} before the latest run started ({@link CrawlStatus#runStartedMs()}, compared with the
     * record's timestamp) is an earlier run's and left out; with no such start known (a status written before it),
     * every run's are listed. The records extracted from an earlier run's pages stay on the records topic.
     */
    public List<Target> targets(String job) {
        long since = status(job).map(CrawlStatus::runStartedMs).orElse(0L);
        Map<String, Target> out = new LinkedHashMap<>();
        String marker = "\"jobId\":\"" + job + "\"";
        cluster.forEach(Topics.TARGET_PAGES, r -> {
            // Bodies are large: decode only the job's own events of its latest run, and hold none of them.
            if (r.timestamp() < since || !r.value().contains(marker)) {
                return;
            }
            decode(EventType.TARGET_PAGE, r.value()).filter(t -> t.jobId().equals(job)).ifPresent(t ->
                    out.merge(t.url(), new Target(t.url(), t.similarity(), t.purpose() == Purpose.CRAWL),
                            (a, b) -> new Target(a.url(), Math.max(a.similarity(), b.similarity()),
                                    a.crawled() || b.crawled())));
        });
        return List.copyOf(out.values());
    }

    /** The job's latest navigation pattern, if one was learned. */
    public Optional<NavigationPattern> pattern(String job) {
        return Optional.ofNullable(patterns().get(job));
    }

    /** The latest navigation pattern of every job that has one, by job id. */
    public Map<String, NavigationPattern> patterns() {
        return latest(Topics.NAVIGATION_PATTERNS, EventType.NAVIGATION_PATTERN, NavigationPattern::jobId);
    }

    /** The job's latest site model, if a mapping ended with one. */
    public Optional<SiteModelSnapshot> model(String job) {
        return Optional.ofNullable(models().get(job));
    }

    /** The latest site model of every job that has one, by job id. */
    public Map<String, SiteModelSnapshot> models() {
        return latest(Topics.SITE_MODELS, EventType.SITE_MODEL, SiteModelSnapshot::jobId);
    }

    /** The last event of each job on a job-keyed topic, by job id. */
    private <T> Map<String, T> latest(String topic, EventType<T> type, Function<T, String> jobId) {
        Map<String, T> out = new TreeMap<>();
        cluster.forEach(topic, r -> decode(type, r.value()).ifPresent(e -> out.put(jobId.apply(e), e)));
        return out;
    }

    /**
     * {@code value}, or a failure saying the job has no {@code what} yet, when it comes, and the job's phase now.
     *
     * @throws CliException (failure) if {@code value} is empty
     */
    <T> T orNotYet(String job, Optional<T> value, String what, String when) {
        return value.orElseThrow(() -> CliException.failure("job " + job + " has no " + what + " yet (" + when + "; "
                + status(job).map(s -> "phase now " + s.phase()).orElse("no status yet") + ")"));
    }

    /** The model's classes for {@code jobs}: {@code 7 (1 t)}, classes and target classes, or {@code -}. */
    static String classes(SiteModelSnapshot model) {
        return model == null ? "-" : model.classes().size() + " (" + model.targetClasses() + " t)";
    }

    /**
     * A site model as people read it: the decision, then one block per class (size, target or not and why, similarity
     * range, distinctive paths, examples), then the class-link graph, one edge per line.
     */
    public static String describe(SiteModelSnapshot m) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "job %s, site model version %d, entry %s%n%d classes (%d target), "
                        + "%d class links, inferred from %d sampled of %d mapped pages%n", m.jobId(), m.modelVersion(),
                m.entryUrl(), m.classes().size(), m.targetClasses(), m.links().size(), m.sampledPages(),
                m.mappedPages()));
        out.append("target decision: ").append(m.decisionStatus())
                .append(m.targetThreshold() == null ? "" : String.format(Locale.ROOT, ", similarity >= %.3f",
                        m.targetThreshold()))
                .append(m.decision() == null ? "" : " (" + m.decision() + ")").append('\n');
        for (SiteModelSnapshot.PageClass c : m.classes()) {
            out.append(String.format(Locale.ROOT, "%nclass %d: %d pages%s, similarity %s%n", c.id(), c.size(),
                    c.target() ? ", TARGET" : "", c.minSimilarity() == null ? "-"
                            : String.format(Locale.ROOT, "%.3f-%.3f", c.minSimilarity(), c.maxSimilarity())));
            out.append("  why: ").append(c.why()).append('\n');
            for (String p : c.distinctivePaths()) {
                out.append("  path: ").append(p).append('\n');
            }
            for (String e : c.examples()) {
                out.append("  e.g. ").append(e).append('\n');
            }
        }
        if (!m.links().isEmpty()) {
            out.append("\nclass links (source -> destination, type, path):\n");
            for (SiteModelSnapshot.ClassLink l : m.links()) {
                out.append(String.format(Locale.ROOT, "  %d -> %d %s %s%n", l.source(), l.destination(),
                        l.anchor() == null ? l.type() : l.type() + " (" + l.anchor().toLowerCase(Locale.ROOT) + " anchor)",
                        l.path()));
            }
        }
        return out.toString();
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
