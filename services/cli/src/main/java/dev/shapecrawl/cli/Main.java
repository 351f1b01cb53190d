package dev.shapecrawl.cli;

import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.JobIds;
import dev.shapecrawl.events.ListRecord;
import dev.shapecrawl.events.RecordExport;
import dev.shapecrawl.events.RecordTables;
import dev.shapecrawl.events.MappingMode;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.ScopeMode;
import dev.shapecrawl.events.SiteModelSnapshot;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.events.Urls;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * The {@code shapecrawl} command ({@code ./shapecrawl} at the repository root runs it). Exit codes: 0 success,
 * 1 a failure of the runtime or the cluster ({@link CliException#FAILURE}), 2 bad input.
 */
@Command(name = "shapecrawl", mixinStandardHelpOptions = true, version = "shapecrawl 0.1.0",
        description = "A structure-based web crawler: entry point and sample pages in, navigation pattern and list records out.",
        subcommands = {Main.Demo.class, Main.Up.class, Main.Down.class, Main.Status.class, Main.Crawl.class,
                Main.Targets.class, Main.Records.class, Main.Pattern.class, Main.Model.class, Main.JobsCommand.class,
                Main.Serve.class, Main.Spec.class,
                CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    /** Default client port of the local runtime's broker. */
    static final String DEFAULT_BOOTSTRAP = "127.0.0.1:19092";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a command");
    }

    /** Runs the command line and exits with its code. */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs the command line with the given streams.
     *
     * @return the exit code: 0, {@link CliException#FAILURE} or {@link CliException#BAD_INPUT}
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cli = new CommandLine(new Main());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof CliException c) {
                err.println("shapecrawl: " + c.getMessage());
                return c.exitCode();
            }
            err.println("shapecrawl: unexpected error: " + e);
            e.printStackTrace(err);
            return CliException.FAILURE;
        });
        Out.set(out);
        return cli.execute(args);
    }

    /** Where commands print; a holder so that tests can capture it. */
    static final class Out {
        private static volatile PrintStream stream = System.out;

        static void set(PrintStream s) {
            stream = s;
        }

        static PrintStream get() {
            return stream;
        }
    }

    /** Where the local runtime lives; every option has an environment variable. */
    static final class RuntimeOptions {
        @Option(names = "--data-dir", paramLabel = "DIR",
                description = "the runtime's directory: broker data, logs, pid files, state (default: .shapecrawl/local, "
                        + "for demo .shapecrawl/demo; env SHAPECRAWL_HOME)")
        Path dataDir;
        @Option(names = "--kafka-port", paramLabel = "PORT", defaultValue = "${env:SHAPECRAWL_KAFKA_PORT:-19092}",
                description = "the broker's client port on 127.0.0.1 (default: ${DEFAULT-VALUE})")
        int kafkaPort;
        @Option(names = "--controller-port", paramLabel = "PORT", defaultValue = "${env:SHAPECRAWL_KAFKA_CONTROLLER_PORT:-19093}",
                description = "the broker's KRaft controller port (default: ${DEFAULT-VALUE})")
        int controllerPort;
        @Option(names = "--http-port", paramLabel = "PORT", defaultValue = "${env:SHAPECRAWL_HTTP_PORT:-18080}",
                description = "base of the services' HTTP ports: fetcher +1, classifier +2, pattern +3, extractor +4, form-prober +5, console +6 (default: ${DEFAULT-VALUE})")
        int httpPort;

        RuntimeSettings settings() {
            return settings(".shapecrawl/local");
        }

        /** @param defaultDir the data directory, relative to the repository, when neither option nor env names one */
        RuntimeSettings settings(String defaultDir) {
            Path repo = Path.of(System.getProperty("shapecrawl.repo", "."));
            String env = System.getenv("SHAPECRAWL_HOME");
            Path dir = dataDir != null ? dataDir : Path.of(env != null && !env.isBlank() ? env : defaultDir);
            Path data = dir.isAbsolute() ? dir : repo.resolve(dir);
            return new RuntimeSettings(repo, data, kafkaPort, controllerPort, httpPort);
        }
    }

    /** The cluster a job command talks to. */
    static final class ClusterOptions {
        @Option(names = "--bootstrap-servers", paramLabel = "HOST:PORT",
                defaultValue = "${env:SHAPECRAWL_BOOTSTRAP_SERVERS:-" + DEFAULT_BOOTSTRAP + "}",
                description = "the Kafka cluster (default: the local runtime, ${DEFAULT-VALUE}; env SHAPECRAWL_BOOTSTRAP_SERVERS)")
        String bootstrapServers;

        Cluster connect() {
            return Cluster.connect(bootstrapServers);
        }
    }

    @Command(name = "up", description = "Start the local runtime (broker and services on 127.0.0.1); safe to repeat.")
    static final class Up implements Callable<Integer> {
        @Mixin RuntimeOptions runtime;
        @Option(names = "--allow-loopback", description = "let the fetcher fetch loopback addresses (sites on this machine)")
        boolean allowLoopback;
        @Option(names = "--politeness-delay-ms", paramLabel = "MS",
                description = "the fetcher's delay between two requests to one host (default: the fetcher's, 1000)")
        Integer politenessDelayMs;
        @Option(names = "--containers", description = "run the broker and the services as podman containers, with the "
                + "Kubernetes manifests' hardening (bin/images builds the images first; docs/deploy.md)")
        boolean containers;
        @Option(names = "--console-host", paramLabel = "ADDRESS", description = "the address the web console binds "
                + "(default 127.0.0.1); any other needs an access token in SHAPECRAWL_CONSOLE_TOKEN")
        String consoleHost;

        @Override
        public Integer call() {
            if (politenessDelayMs != null && politenessDelayMs < 0) {
                throw CliException.badInput("--politeness-delay-ms must be >= 0, not " + politenessDelayMs);
            }
            String token = System.getenv(RuntimeSettings.CONSOLE_TOKEN);
            boolean beyondLoopback = consoleHost != null && !loopback(consoleHost);
            if (beyondLoopback && (token == null || token.isBlank())) {
                throw CliException.badInput("--console-host " + consoleHost + " is beyond loopback: the console needs an "
                        + "access token there; set one first, e.g. export " + RuntimeSettings.CONSOLE_TOKEN
                        + "=$(openssl rand -hex 24)");
            }
            RuntimeSettings s = runtime.settings();
            // as demo does: services older than their sources (core's included) are rebuilt first, so a runtime never
            // runs code the checkout no longer has
            Build.ensure(s.repo(), Out.get());
            ServiceRuntime r = containers ? new ContainerRuntime(s, Out.get()) : new LocalRuntime(s, Out.get());
            r.up(new ServiceRuntime.Options(allowLoopback, politenessDelayMs, consoleHost));
            Out.get().println("shapecrawl: up; bootstrap servers " + s.bootstrapServers() + "; logs "
                    + (containers ? "with podman logs shapecrawl-<service>" : "in " + s.dataDir().resolve("logs"))
                    + "; stop with ./shapecrawl down");
            s.consoleUrl().ifPresent(url -> Out.get().println("shapecrawl: the console: " + url + (beyondLoopback
                    ? " (bound to " + consoleHost + ": every request needs the token; in a browser open " + url
                    + "?token=$" + RuntimeSettings.CONSOLE_TOKEN + " once, with this host's address for 127.0.0.1 "
                    + "from another machine; from a program send Authorization: Bearer $" + RuntimeSettings.CONSOLE_TOKEN
                    + ")" : "")));
            return 0;
        }

        /** Whether {@code host} is a loopback address (a name is resolved); an unknown name is bad input. */
        static boolean loopback(String host) {
            try {
                return java.net.InetAddress.getByName(host).isLoopbackAddress();
            } catch (java.net.UnknownHostException e) {
                throw CliException.badInput("--console-host: unknown host '" + host + "'");
            }
        }
    }

    @Command(name = "down", description = "Stop the local runtime's services and broker, processes and containers; safe to repeat.")
    static final class Down implements Callable<Integer> {
        @Mixin RuntimeOptions runtime;

        @Override
        public Integer call() {
            RuntimeSettings s = runtime.settings();
            new LocalRuntime(s, Out.get()).down();
            if (ContainerRuntime.podmanPresent()) {
                ContainerRuntime containers = new ContainerRuntime(s, Out.get());
                if (!containers.containers().isEmpty()) {
                    containers.down();
                }
            }
            return 0;
        }
    }

    @Command(name = "status", description = "Show whether the broker and each service run (exit 3 if not all do).")
    static final class Status implements Callable<Integer> {
        @Mixin RuntimeOptions runtime;

        @Override
        public Integer call() {
            RuntimeSettings s = runtime.settings();
            ContainerRuntime containers = ContainerRuntime.podmanPresent() ? new ContainerRuntime(s, Out.get()) : null;
            ServiceRuntime r = containers != null && !containers.containers().isEmpty() ? containers
                    : new LocalRuntime(s, Out.get());
            return r.status() ? 0 : 3;
        }
    }

    @Command(name = "crawl", description = "Publish a crawl job (seed and samples); with --wait, follow it to the end of its crawl.")
    static final class Crawl implements Callable<Integer> {
        @Mixin ClusterOptions cluster;
        @Option(names = "--entry", required = true, paramLabel = "URL", description = "the site's entry point")
        String entry;
        @Option(names = "--sample", required = true, paramLabel = "URL", description = "a page of the kind you want (repeatable)")
        List<String> samples;
        @Option(names = "--not-sample", paramLabel = "URL", description = "a page NOT of the kind you want, e.g. one that an AMBIGUOUS job named (repeatable)")
        List<String> notSamples = List.of();
        @Option(names = "--job", paramLabel = "ID", description = "the job id (default: generated and printed); an existing job is crawled again by its pattern")
        String job;
        @Option(names = "--max-pages", paramLabel = "N", description = "most pages fetched while mapping (default 10000)")
        Integer maxPages;
        @Option(names = "--mapping", paramLabel = "MODE", description = "sampled (default: seed 001's bounded sample, a few links of each list) or full (breadth-first over every link)")
        String mapping;
        @Option(names = "--sample-pages", paramLabel = "N", description = "most pages a sampled mapping fetches (default 200)")
        Integer samplePages;
        @Option(names = "--max-depth", paramLabel = "N", description = "most link depth while mapping (default 10)")
        Integer maxDepth;
        @Option(names = "--script-links", description = "follow the scripts pages load and the pages their string literals name (a Doxygen main page links its indexes only from menudata.js; default: off, and on after a mapping that found nothing)")
        boolean scriptLinks;
        @Option(names = "--similarity", paramLabel = "NAME", description = "the structural similarity: rtdm-template (default) or rtdm-plain (the seed's RTDM)")
        String similarity;
        @Option(names = "--threshold", paramLabel = "T", description = "decide each page against this similarity (0..1) instead of the site-wide target decision")
        Double threshold;
        @Option(names = "--spec", paramLabel = "FILE", description = "crawl by this crawl specification (seed 001 Appendix A CSV; ./shapecrawl model --export writes one) from the entry point, without mapping the site")
        Path spec;
        @Option(names = "--start-class", paramLabel = "NAME", description = "with --spec: the class of the entry page (default: the source of the spec's first class link)")
        String startClass;
        @Option(names = "--class", paramLabel = "NAME", description = "with --spec: crawl every page of this class (seed 001's intensive crawl): its pages are the targets by their class alone, whatever their structure")
        String crawlClass;
        @Option(names = "--wait", description = "follow the job until its crawl ends; exit 0 if it ended IDLE, 1 if FAILED or AMBIGUOUS")
        boolean await;
        @Option(names = "--timeout-minutes", paramLabel = "MIN", defaultValue = "60", description = "with --wait: give up after (default: ${DEFAULT-VALUE})")
        int timeoutMinutes;

        @Override
        public Integer call() {
            if (spec == null && (startClass != null || crawlClass != null)) {
                throw CliException.badInput("--start-class and --class go with --spec");
            }
            CrawlSeed seed = seed(job == null ? JobIds.newId() : job, entry, maxPages, maxDepth, similarity, threshold)
                    .withMapping(mappingMode(mapping), samplePages(samplePages))
                    .withSpec(spec == null ? null : SpecFile.crawlSpec(spec, startClass, crawlClass))
                    .withScriptLinks(scriptLinks);
            for (String s : samples) {
                url("--sample", s);
            }
            for (String s : notSamples) {
                url("--not-sample", s);
            }
            PrintStream out = Out.get();
            try (Cluster c = cluster.connect()) {
                Jobs jobs = new Jobs(c);
                Optional<CrawlStatus> before = jobs.status(seed.jobId());
                long run = before.map(st -> st.run() + 1).orElse(1L);
                long afterMs = before.map(CrawlStatus::updatedAtMs).orElse(-1L);
                try (JobWatch watch = new JobWatch(c, seed.jobId(), null)) {
                    long publishedMs = System.currentTimeMillis();
                    jobs.publish(seed, samples, notSamples);
                    out.println("job " + seed.jobId() + " published to " + c.bootstrapServers() + " ("
                            + samples.size() + " sample(s)"
                            + (notSamples.isEmpty() ? "" : ", " + notSamples.size() + " negative sample(s)")
                            + ", entry " + seed.entryUrl() + ")");
                    if (!await) {
                        out.println("follow it with: ./shapecrawl jobs; results: ./shapecrawl targets --job "
                                + seed.jobId() + ", records --job " + seed.jobId() + ", pattern --job " + seed.jobId());
                        return 0;
                    }
                    CrawlStatus end = watch.awaitRun(run, afterMs, Duration.ofMinutes(timeoutMinutes),
                            new JobWatch.Progress(out, System.console() != null));
                    watch.drainRecords(Duration.ofSeconds(2), Duration.ofSeconds(10));
                    out.println(summary(end, watch.records()));
                    out.println(timings(end, watch.timings(), publishedMs));
                    return end.phase().stoppedShort() ? CliException.FAILURE : 0;
                }
            }
        }
    }

    /**
     * A seed from the user's input, defaults where the option is absent.
     *
     * @param measure   the similarity measure's name, or null for the classifier's default
     * @param threshold a fixed similarity threshold in 0..1 (each page decided against it), or null for the
     *                  site-wide target decision
     * @throws CliException (bad input) for a bad URL, job id, limit, threshold outside 0..1 or a blank measure name
     *                      (an unknown name is the services' to refuse: the job fails with the known names)
     */
    static CrawlSeed seed(String job, String entry, Integer maxPages, Integer maxDepth, String measure,
                          Double threshold) {
        try {
            JobIds.require(job);
        } catch (IllegalArgumentException e) {
            throw CliException.badInput("bad job id '" + job + "': 1-200 characters of A-Z a-z 0-9 . _ -");
        }
        url("--entry", entry);
        if (maxPages != null && maxPages < 1) {
            throw CliException.badInput("--max-pages must be >= 1, not " + maxPages);
        }
        if (maxDepth != null && maxDepth < 0) {
            throw CliException.badInput("--max-depth must be >= 0, not " + maxDepth);
        }
        if (threshold != null && !(threshold >= 0 && threshold <= 1)) {
            throw CliException.badInput("--threshold must be within 0..1, not " + threshold);
        }
        if (measure != null && measure.isBlank()) {
            throw CliException.badInput("--similarity needs a name (rtdm-template, rtdm-plain)");
        }
        return new CrawlSeed(job, entry, ScopeMode.HOST, maxPages, maxDepth, measure, threshold, Map.of(), false);
    }

    /**
     * The mapping mode named by {@code --mapping}, or null (the default) when absent.
     *
     * @throws CliException (bad input) for a name other than sampled or full
     */
    static MappingMode mappingMode(String name) {
        if (name == null) {
            return null;
        }
        try {
            return MappingMode.named(name);
        } catch (IllegalArgumentException e) {
            throw CliException.badInput("--mapping must be " + e.getMessage());
        }
    }

    /** @throws CliException (bad input) for a {@code --sample-pages} below 1 */
    static Integer samplePages(Integer pages) {
        if (pages != null && pages < 1) {
            throw CliException.badInput("--sample-pages must be >= 1, not " + pages);
        }
        return pages;
    }

    /** @throws CliException (bad input) unless {@code value} is an absolute http(s) URL with a host */
    static String url(String option, String value) {
        try {
            return Urls.requireHttp(option, value);
        } catch (IllegalArgumentException e) {
            throw CliException.badInput("bad URL for " + option + ": '" + value
                    + "' (an absolute http:// or https:// URL with a host is needed)");
        }
    }

    static String summary(CrawlStatus s, long records) {
        return String.format(Locale.ROOT, "job %s %s (run %d): %d targets, %s, pattern version %d, %d records%s",
                s.jobId(), s.phase(), s.run(), s.targets(), fetches(s), s.patternVersion(), records,
                s.lastError() == null ? "" : (s.phase() == Phase.AMBIGUOUS ? "; " : "; last error: ") + s.lastError());
    }

    /**
     * The pages of the last mapping and run, and how many requests reached the site: answers from the fetcher's
     * stored copies did not (issue 19: the first run reads the mapping's pages), and a 304 did without a body.
     *
     * @return e.g. {@code 318 pages (mapping 199, crawling 119, 0 failed), 199 requests to the site (mapping 199,
     *         crawling 0), 119 from stored copies}
     */
    public static String fetches(CrawlStatus s) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%d pages (mapping %d, crawling %d, %d failed)",
                s.mappingFetches() + s.crawlingFetches(), s.mappingFetches(), s.crawlingFetches(), s.failed()));
        out.append(String.format(Locale.ROOT, ", %d requests to the site (mapping %d, crawling %d)", s.siteRequests(),
                s.mappingFetches() - s.mappingReused(), s.crawlingFetches() - s.crawlingReused()));
        if (s.mappingReused() + s.crawlingReused() > 0) {
            out.append(String.format(Locale.ROOT, ", %d from stored copies", s.mappingReused() + s.crawlingReused()));
        }
        long notModified = s.mappingNotModified() + s.crawlingNotModified();
        if (notModified > 0) {
            out.append(String.format(Locale.ROOT, ", %d answered 304 Not Modified", notModified));
        }
        return out.toString();
    }

    /**
     * The run's throughput: mapping from the seed's publication to the crawl's first status, crawl from there to
     * the run's end (the services' clock, the same machine's), pages per second of each, and the first and last
     * records' delays after the seed (their Kafka timestamps).
     */
    static String timings(CrawlStatus end, JobWatch.Timings t, long publishedMs) {
        StringBuilder out = new StringBuilder("timings:");
        if (t.crawlStartMs() > 0 && end.mappingFetches() > 0 && end.run() <= 1) {
            double s = Math.max(1, t.crawlStartMs() - publishedMs) / 1000.0;
            out.append(String.format(Locale.ROOT, " mapping %d pages in %.1f s (%.1f pages/s);", end.mappingFetches(), s,
                    end.mappingFetches() / s));
        }
        if (t.crawlStartMs() > 0 && t.endMs() > 0) {
            double s = Math.max(1, t.endMs() - t.crawlStartMs()) / 1000.0;
            out.append(String.format(Locale.ROOT, " crawl %d pages in %.1f s (%.1f pages/s);", end.crawlingFetches(), s,
                    end.crawlingFetches() / s));
        }
        // the watch reads only the records written since it began (a re-crawl of unchanged pages writes none)
        out.append(t.firstRecordMs() > 0
                ? String.format(Locale.ROOT, " first record %.1f s, last %.1f s after the seed",
                        Math.max(0, t.firstRecordMs() - publishedMs) / 1000.0,
                        Math.max(0, t.lastRecordMs() - publishedMs) / 1000.0)
                : " no new record");
        return out.toString();
    }

    @Command(name = "targets", description = "The target pages of the job's latest run: one URL per line with its "
            + "similarity.")
    static final class Targets implements Callable<Integer> {
        @Mixin ClusterOptions cluster;
        @Option(names = "--job", required = true, paramLabel = "ID") String job;

        @Override
        public Integer call() {
            try (Cluster c = cluster.connect()) {
                Jobs jobs = new Jobs(c);
                jobs.requireKnown(job);
                for (Jobs.Target t : jobs.targets(job)) {
                    Out.get().printf(Locale.ROOT, "%s\t%.3f%n", t.url(), t.similarity());
                }
            }
            return 0;
        }
    }

    @Command(name = "pattern", description = "The job's navigation pattern, readable.")
    static final class Pattern implements Callable<Integer> {
        @Mixin ClusterOptions cluster;
        @Option(names = "--job", required = true, paramLabel = "ID") String job;

        @Override
        public Integer call() {
            try (Cluster c = cluster.connect()) {
                Jobs jobs = new Jobs(c);
                jobs.requireKnown(job);
                NavigationPattern p = jobs.orNotYet(job, jobs.pattern(job), "navigation pattern",
                        "it is learned when mapping ends");
                Out.get().print(Jobs.describe(p));
            }
            return 0;
        }
    }

    @Command(name = "model", description = "The job's site model: page classes, target classes and why, class links.")
    static final class Model implements Callable<Integer> {
        @Mixin ClusterOptions cluster;
        @Option(names = "--job", required = true, paramLabel = "ID") String job;
        @Option(names = "--format", defaultValue = "text", paramLabel = "text|json",
                description = "text (default): readable; json: the site-model event as on the topic")
        ModelFormat format;
        @Option(names = "--export", paramLabel = "FILE",
                description = "write the class links as a crawl specification (seed 001 Appendix A, RFC 4180 CSV) "
                        + "to FILE instead of printing the model")
        Path export;

        @Override
        public Integer call() {
            try (Cluster c = cluster.connect()) {
                Jobs jobs = new Jobs(c);
                jobs.requireKnown(job);
                SiteModelSnapshot m = jobs.orNotYet(job, jobs.model(job), "site model",
                        "it is inferred when a mapping ends");
                if (export != null) {
                    try {
                        java.nio.file.Files.writeString(export, SpecFile.write(m));
                    } catch (java.io.IOException e) {
                        throw CliException.failure("cannot write " + export + ": " + e.getMessage());
                    }
                    Out.get().printf(Locale.ROOT, "wrote %d class links of job %s's site model (version %d) to %s%n",
                            m.links().size(), job, m.modelVersion(), export);
                    // a spec crawl confirms a target class's pages by structure, against the threshold given
                    Out.get().printf(Locale.ROOT, "crawl by it: ./shapecrawl crawl --spec %s --entry %s --sample URL%s%n",
                            export, m.entryUrl(), m.targetThreshold() == null ? ""
                                    : " --threshold " + m.targetThreshold()); // exact: the decision's own number
                    return 0;
                }
                Out.get().print(format == ModelFormat.json ? EventCodec.encode(m) + "\n" : Jobs.describe(m));
            }
            return 0;
        }
    }

    @Command(name = "spec", description = "Check a crawl specification (seed 001 Appendix A: class link and data link "
            + "rows, RFC 4180 CSV or tab-separated) and print its rows; a malformed line exits 2 with its number.")
    static final class Spec implements Callable<Integer> {
        @CommandLine.Parameters(paramLabel = "FILE", description = "the specification") Path file;

        @Override
        public Integer call() {
            String text;
            try {
                text = java.nio.file.Files.readString(file);
            } catch (java.io.IOException e) {
                throw CliException.badInput("cannot read " + file + ": " + e.getMessage());
            }
            SpecFile.Spec spec = SpecFile.parse(file.toString(), text);
            PrintStream out = Out.get();
            out.printf(Locale.ROOT, "%s: %d class links, %d data links%n", file, spec.classLinks().size(),
                    spec.dataLinks().size());
            spec.classLinks().forEach(l -> out.printf(Locale.ROOT, "  line %d: %s -> %s (%s) via %s%n", l.line(),
                    l.source(), l.destination(), l.subtype(), l.xpath()));
            spec.dataLinks().forEach(d -> out.printf(Locale.ROOT, "  line %d: %s.%s (%s) at %s%n", d.line(),
                    d.source(), d.name(), d.type(), d.xpath()));
            return 0;
        }
    }

    /** Output formats of {@code model}. */
    enum ModelFormat { text, json }

    @Command(name = "records", description = "The list records of the pages the job's latest run took for targets, "
            + "as JSON Lines (the events) or CSV; --by-list counts them by table (column names, and list identity "
            + "where the names are positional).")
    static final class Records implements Callable<Integer> {
        @Mixin ClusterOptions cluster;
        @Option(names = "--job", required = true, paramLabel = "ID") String job;
        @Option(names = "--follow", description = "keep printing records as they arrive (Ctrl-C ends)") boolean follow;
        @Option(names = "--format", defaultValue = "jsonl", paramLabel = "jsonl|csv",
                description = "jsonl (default): one list-record event per line; csv: a header of page_url, list_id, "
                        + "row_index and the column names, then one row per record")
        RecordFormat format;
        @Option(names = "--by-list", description = "count the records by table (column names, and list identity "
                + "where the names are positional), "
                + "with the pages each occurs on and its id for --table")
        boolean byList;
        @Option(names = "--table", paramLabel = "ID", description = "only the records of this table (an id "
                + "--by-list prints): one set of column names, across every page")
        String table;

        @Override
        public Integer call() {
            PrintStream out = Out.get();
            if (byList && follow) {
                throw CliException.badInput("records: --by-list counts what the topic holds now; it cannot --follow");
            }
            try (Cluster c = cluster.connect(); Cluster.Reader reader = c.reader(Topics.LIST_RECORDS)) {
                Jobs jobs = new Jobs(c);
                jobs.requireKnown(job);
                java.util.function.Predicate<ListRecord> current = latestRunPages(c, jobs);
                RecordExport.Selection selection = new RecordExport.Selection(job, table);
                java.util.function.Consumer<ConsumerRecord<String, String>> print;
                if (format == RecordFormat.jsonl && !byList) {
                    // the events as they are
                    print = r -> selection.accept(r.value()).ifPresent(x -> out.print(RecordExport.jsonlLine(r.value())));
                    reader.readToEnd(r -> selection.accept(r.value()).filter(current)
                            .ifPresent(x -> out.print(RecordExport.jsonlLine(r.value()))));
                } else {
                    List<ListRecord> held = new ArrayList<>();
                    reader.readToEnd(r -> selection.accept(r.value()).filter(current).ifPresent(held::add));
                    if (byList) {
                        printTables(out, held);
                        return 0;
                    }
                    // one header for every row: the names of the records read so far, in the order first met; a
                    // record that arrives later with other names loses those cells
                    List<String> header = RecordTables.union(held);
                    RecordExport.writeCsv(held, out);
                    print = r -> selection.accept(r.value()).ifPresent(x -> out.print(RecordExport.csvRow(x, header)));
                }
                while (follow && !Thread.currentThread().isInterrupted()) {
                    reader.poll(Duration.ofMillis(500), print);
                }
            }
            return 0;
        }

        /**
         * Which records already on the topic to show: those of the pages the job's latest run took for targets
         * ({@link RecordExport.LatestRunPages}, as {@code targets} lists them and the console's downloads select
         * them); every record when the job's status does not say when its latest run started. An earlier run's records of a page the latest run dropped (a re-crawl with a
         * negative sample) stay on the topic but are not the job's result any more. Records that arrive while
         * following are the running run's and are all shown.
         */
        private java.util.function.Predicate<ListRecord> latestRunPages(Cluster c, Jobs jobs) {
            RecordExport.LatestRunPages pages = new RecordExport.LatestRunPages(job,
                    jobs.status(job).map(CrawlStatus::runStartedMs).orElse(0L));
            if (pages.needsTargets()) {
                c.forEach(Topics.TARGET_PAGES, r -> pages.accept(r.value(), r.timestamp()));
            }
            return pages::includes;
        }

        private void printTables(PrintStream out, List<ListRecord> records) {
            RecordTables tables = new RecordTables();
            records.forEach(tables::add);
            List<RecordTables.Summary> all = tables.summaries();
            java.util.Set<String> pages = new java.util.HashSet<>();
            records.forEach(r -> pages.add(r.pageUrl()));
            out.printf(Locale.ROOT, "job %s: %d records on %d pages in %d tables (column names; list identity too "
                    + "where the names are positional)%n",
                    job, records.size(), pages.size(), all.size());
            out.printf(Locale.ROOT, "%-8s %8s %6s  %-24s %s%n", "TABLE", "RECORDS", "PAGES", "IDENTITY", "COLUMNS");
            for (RecordTables.Summary s : all) {
                out.printf(Locale.ROOT, "%-8s %8d %6d  %-24s %s%n", s.id, s.records, s.pages.size(),
                        identities(s.identities),
                        String.join(" | ", s.names));
            }
            if (!all.isEmpty()) {
                out.printf(Locale.ROOT, "one table as CSV: ./shapecrawl records --job %s --table %s --format csv%n",
                        job, all.get(0).id);
            }
        }
    }

    /** A table's list identities as one column: the first, and how many others. */
    static String identities(java.util.Set<String> all) {
        String first = all.iterator().next();
        first = first.length() > 20 ? first.substring(0, 19) + "…" : first;
        return all.size() == 1 ? first : first + " +" + (all.size() - 1);
    }

    /** Output formats of {@code records}. */
    enum RecordFormat { jsonl, csv }

    @Command(name = "jobs", description = "Every job on the cluster with its phase and counters: pages of the last "
            + "mapping and crawl run, the requests of those that reached the site (the rest came from the fetcher's "
            + "stored copies), the 304 answers, pages per second of the current (or last) phase, targets, pattern, "
            + "decision and site-model classes.")
    static final class JobsCommand implements Callable<Integer> {
        @Mixin ClusterOptions cluster;

        @Override
        public Integer call() {
            PrintStream out = Out.get();
            try (Cluster c = cluster.connect()) {
                Jobs jobs = new Jobs(c);
                Map<String, CrawlSeed> seeds = jobs.seeds();
                Map<String, CrawlStatus> statuses = jobs.statuses();
                java.util.TreeSet<String> ids = new java.util.TreeSet<>(seeds.keySet());
                ids.addAll(statuses.keySet());
                if (ids.isEmpty()) {
                    out.println("no jobs on " + c.bootstrapServers() + " (publish one with ./shapecrawl crawl)");
                    return 0;
                }
                Map<String, NavigationPattern> patterns = jobs.patterns();
                Map<String, SiteModelSnapshot> models = jobs.models();
                out.printf("%-32s %-9s %4s %7s %7s %8s %6s %7s %8s %8s %-9s %-9s  %s%n", "JOB", "PHASE", "RUN",
                        "MAPPED", "CRAWLED", "REQUESTS", "304", "PAGES/S", "TARGETS", "PATTERN", "DECISION", "CLASSES",
                        "ENTRY");
                for (String id : ids) {
                    CrawlStatus s = statuses.get(id);
                    CrawlSeed seed = seeds.get(id);
                    out.printf(Locale.ROOT, "%-32s %-9s %4s %7s %7s %8s %6s %7s %8s %8s %-9s %-9s  %s%n", id,
                            s == null ? "WAITING" : s.phase(), s == null ? "-" : s.run(),
                            s == null ? "-" : s.mappingFetches(), s == null ? "-" : s.crawlingFetches(),
                            s == null ? "-" : s.siteRequests(),
                            s == null ? "-" : s.mappingNotModified() + s.crawlingNotModified(),
                            s == null || s.pagesPerSecond().isEmpty() ? "-"
                                    : String.format(Locale.ROOT, "%.1f", s.pagesPerSecond().getAsDouble()),
                            s == null ? "-" : s.targets(), s == null || s.patternVersion() == 0 ? "-" : "v" + s.patternVersion(),
                            Jobs.decision(s, patterns.get(id)), Jobs.classes(models.get(id)),
                            seed == null ? "" : seed.entryUrl());
                }
            }
            return 0;
        }
    }

    @Command(name = "serve", description = "Serve a directory of static files on 127.0.0.1 until Ctrl-C (a local site to crawl).")
    static final class Serve implements Callable<Integer> {
        @CommandLine.Parameters(paramLabel = "DIR", description = "the site's files") Path dir;
        @Option(names = "--port", paramLabel = "PORT", defaultValue = "18000", description = "port on 127.0.0.1 (default: ${DEFAULT-VALUE}; 0 = any free one)")
        int port;

        @Override
        public Integer call() throws InterruptedException {
            if (!java.nio.file.Files.isDirectory(dir)) {
                throw CliException.badInput("not a directory: " + dir);
            }
            if (port != 0) {
                Ports.check("--port", port);
            }
            SiteServer site = SiteServer.start(dir, port);
            Out.get().println("serving " + dir.toAbsolutePath().normalize() + " at " + site.baseUrl() + "/ (Ctrl-C stops)");
            Thread.currentThread().join();
            return 0;
        }
    }

    @Command(name = "demo", description = "The whole job on a real site, locally: the kafka-clients 4.1.1 javadoc, served on 127.0.0.1.")
    static final class Demo implements Callable<Integer> {
        @Mixin RuntimeOptions runtime;
        @Option(names = "--site-port", paramLabel = "PORT", defaultValue = "${env:SHAPECRAWL_SITE_PORT:-18000}",
                description = "the demo site's port on 127.0.0.1 (default: ${DEFAULT-VALUE})")
        int sitePort;
        @Option(names = "--keep-running", description = "leave the runtime up after the demo (stop it with ./shapecrawl down)")
        boolean keepRunning;
        @Option(names = "--containers", description = "run the broker and the services as podman containers, with the "
                + "Kubernetes manifests' hardening (bin/images builds the images first; docs/deploy.md)")
        boolean containers;

        @Override
        public Integer call() {
            return new DemoRun(runtime.settings(".shapecrawl/demo"), sitePort, keepRunning, containers, Out.get()).run();
        }
    }
}
