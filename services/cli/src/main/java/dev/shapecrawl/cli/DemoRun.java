package dev.shapecrawl.cli;

import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.RecordExport;
import dev.shapecrawl.events.RecordTables;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * {@code ./shapecrawl demo}: the whole job on a real site, locally. Builds what is missing, starts the local
 * runtime (loopback allowed, no politeness delay: the site is our own server on this machine), serves the
 * kafka-clients javadoc on 127.0.0.1, publishes a seed (entry = {@code index.html}) and one sample (the type page
 * of median size), shows progress, writes the list records to a JSON Lines file, prints precision and recall
 * against the javadoc's type pages, and stops everything it started, also on Ctrl-C.
 */
public final class DemoRun {
    /** The site: the javadoc jar the cli module's build copies from Maven Central. */
    static final String SITE_NAME = "kafka-clients-4.1.1";
    static final Duration CRAWL_TIMEOUT = Duration.ofMinutes(20);

    private final RuntimeSettings settings;
    private final int sitePort;
    private final boolean keepRunning;
    private final boolean containers;
    private final PrintStream out;
    private final AtomicBoolean cleaned = new AtomicBoolean();
    private ServiceRuntime runtime;
    private SiteServer site;
    private boolean startedBroker;
    private boolean startedServices;
    /** The demo's job, once published (its console page is printed with --keep-running). */
    private volatile String demoJob;

    /**
     * @param sitePort    the site's port on 127.0.0.1
     * @param keepRunning leave the runtime up afterwards
     * @param containers  run the broker and the services as podman containers ({@link ContainerRuntime})
     */
    public DemoRun(RuntimeSettings settings, int sitePort, boolean keepRunning, boolean containers, PrintStream out) {
        this.settings = settings;
        this.sitePort = sitePort;
        this.keepRunning = keepRunning;
        this.containers = containers;
        this.out = out;
    }

    /**
     * @return 0 if the crawl ended IDLE, 1 otherwise
     * @throws CliException for a taken port, a failed build or a runtime that does not start
     */
    public int run() {
        long t0 = System.nanoTime();
        Ports.check("--site-port", sitePort);
        Ports.requireFree(sitePort, "the demo site", "--site-port");
        runtime = containers ? new ContainerRuntime(settings, out) : new LocalRuntime(settings, out);
        for (ServiceCatalog.Service s : ServiceCatalog.present(settings.repo())) {
            if (runtime.running(s.name())) {
                throw CliException.failure(s.name() + " is already running from " + settings.dataDir()
                        + "; the demo starts its own services (loopback allowed, no politeness delay): run ./shapecrawl down first");
            }
        }
        if (Ports.answers(RuntimeSettings.HOST, settings.kafkaPort(), 1000)) {
            throw CliException.failure("port " + settings.kafkaPort() + " (the demo's broker) on 127.0.0.1 is already in use"
                    + " (a runtime of ./shapecrawl up? stop it with ./shapecrawl down), or choose another with --kafka-port");
        }
        Build.ensure(settings.repo(), out);
        // A fresh broker and fresh service state each run: an earlier demo cut short by Ctrl-C would otherwise
        // resume its job and share the fetcher with this one.
        deleteTree(settings.kafkaDir());
        deleteTree(settings.dataDir().resolve(ContainerRuntime.BROKER_DATA_DIR));
        deleteTree(settings.dataDir().resolve("state"));
        Path siteDir = unpackSite();
        JavadocTruth truth = JavadocTruth.load(siteDir);
        String sample = truth.medianTypePage();

        Thread hook = new Thread(this::cleanup, "shapecrawl-demo-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            startedBroker = true;
            startedServices = true;
            runtime.up(new ServiceRuntime.Options(true, 0));
            site = SiteServer.start(siteDir, sitePort);
            say("serving " + SITE_NAME + " javadoc (" + truth.typePages().size() + " type pages) at " + site.baseUrl() + "/");
            double startup = seconds(t0);
            return crawl(truth, sample, t0, startup);
        } finally {
            cleanup();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException ignored) {
                // already shutting down: the hook runs (and finds nothing left to do)
            }
        }
    }

    private int crawl(JavadocTruth truth, String sample, long t0, double startup) {
        String job = "demo-" + System.currentTimeMillis() / 1000;
        demoJob = job;
        CrawlSeed seed = Main.seed(job, site.baseUrl() + "/index.html", null, null, null, null);
        Path recordsFile = settings.dataDir().resolve("records").resolve(job + ".jsonl");
        boolean extractor = ServiceCatalog.present(settings.repo()).stream().anyMatch(s -> s.name().equals("extractor"));
        try (Cluster cluster = Cluster.connect(settings.bootstrapServers());
             BufferedWriter records = newWriter(recordsFile);
             JobWatch watch = new JobWatch(cluster, job, JobWatch.jsonLines(records))) {
            Jobs jobs = new Jobs(cluster);
            long crawlStart = System.nanoTime();
            long publishedMs = System.currentTimeMillis();
            jobs.publish(seed, List.of(site.baseUrl() + "/" + sample));
            say("job " + job + ": entry " + seed.entryUrl() + ", sample " + site.baseUrl() + "/" + sample);
            CrawlStatus end = watch.awaitRun(1, CRAWL_TIMEOUT, new JobWatch.Progress(out, System.console() != null));
            double crawlSeconds = seconds(crawlStart);
            if (extractor) {
                // The extractor works behind the crawl: collect records until none arrived for 5 s.
                watch.drainRecords(Duration.ofSeconds(5), Duration.ofSeconds(120));
            }
            records.flush();
            List<Jobs.Target> found = jobs.targets(job);
            Set<String> truthSet = new HashSet<>(truth.typePages());
            String prefix = site.baseUrl() + "/";
            long correct = found.stream().filter(t -> t.url().startsWith(prefix)
                    && truthSet.contains(t.url().substring(prefix.length()))).count();
            double precision = found.isEmpty() ? 0 : (double) correct / found.size();
            double recall = (double) correct / truthSet.size();
            List<Jobs.Target> crawled = found.stream().filter(Jobs.Target::crawled).toList();
            long crawledCorrect = crawled.stream().filter(t -> t.url().startsWith(prefix)
                    && truthSet.contains(t.url().substring(prefix.length()))).count();
            out.println();
            out.println("shapecrawl demo: " + SITE_NAME + " javadoc, job " + job + ", " + end.phase());
            out.printf(Locale.ROOT, "  targets found      %d for %d type pages (%d correct; mapping and crawl)%n", found.size(), truthSet.size(), correct);
            out.printf(Locale.ROOT, "  precision          %.1f%%%n", 100 * precision);
            out.printf(Locale.ROOT, "  recall             %.1f%%%n", 100 * recall);
            out.printf(Locale.ROOT, "  by the crawl alone %d targets (%d correct): precision %.1f%%, recall %.1f%%%n",
                    crawled.size(), crawledCorrect, crawled.isEmpty() ? 0 : 100.0 * crawledCorrect / crawled.size(),
                    100.0 * crawledCorrect / truthSet.size());
            out.printf(Locale.ROOT, "  records            %d%s%n", watch.records(),
                    extractor ? " in " + recordsFile : " (the extractor service is not in this checkout yet; " + recordsFile + " stays empty)");
            if (extractor) {
                printTables(recordsFile, job);
            }
            out.printf(Locale.ROOT, "  pages              %s%n", Main.fetches(end));
            out.printf(Locale.ROOT, "  fetches per target %.2f (%d requests to the site for %d targets found)%n",
                    found.isEmpty() ? 0 : (double) end.siteRequests() / found.size(), end.siteRequests(), found.size());
            out.printf(Locale.ROOT, "  navigation pattern version %d (after demo --keep-running: ./shapecrawl pattern --job %s --bootstrap-servers %s)%n",
                    end.patternVersion(), job, settings.bootstrapServers());
            jobs.pattern(job).ifPresent(p -> out.print(Jobs.describe(p).lines().map(l -> "    " + l + "\n")
                    .reduce("", String::concat)));
            out.println("  " + Main.timings(end, watch.timings(), publishedMs));
            out.printf(Locale.ROOT, "  elapsed            %.1f s (start-up %.1f s, seed to end of crawl %.1f s)%n",
                    seconds(t0), startup, crawlSeconds);
            return end.phase() == dev.shapecrawl.events.Phase.IDLE ? 0 : CliException.FAILURE;
        } catch (IOException e) {
            throw CliException.failure("cannot write " + recordsFile + ": " + e.getMessage());
        }
    }

    /**
     * The records as tables (issue 20): writes them as CSV beside the JSON Lines, one header of their column names,
     * and prints the largest tables with their names.
     */
    private void printTables(Path recordsFile, String job) throws IOException {
        // the file holds each record once: the watch passes on only records it has not seen
        List<dev.shapecrawl.events.ListRecord> all = new java.util.ArrayList<>();
        try (var lines = Files.lines(recordsFile, StandardCharsets.UTF_8)) {
            lines.forEach(l -> Jobs.decode(dev.shapecrawl.events.EventType.LIST_RECORD, l).ifPresent(all::add));
        }
        Path csv = recordsFile.resolveSibling(job + ".csv");
        try (BufferedWriter w = newWriter(csv)) {
            RecordExport.writeCsv(all, w);
        }
        RecordTables tables = new RecordTables();
        all.forEach(tables::add);
        List<RecordTables.Summary> largest = tables.summaries();
        out.printf(Locale.ROOT, "  record tables      %d (by column names), as CSV in %s; the largest:%n",
                largest.size(), csv);
        largest.stream().limit(3).forEach(t -> out.printf(Locale.ROOT, "    %s %6d records on %4d pages: %s%n", t.id,
                t.records, t.pages.size(), String.join(" | ", t.names)));
    }

    private static BufferedWriter newWriter(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        return Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    }

    /** Unpacks the javadoc jar into the data directory once (a marker file says it is complete). */
    private Path unpackSite() {
        Path jar = settings.repo().resolve("services/cli/target/demo/demo-site-javadoc.jar");
        Path dir = settings.dataDir().resolve("sites").resolve(SITE_NAME);
        Path done = dir.resolve(".unpacked");
        if (Files.isRegularFile(done)) {
            return dir;
        }
        if (!Files.isRegularFile(jar)) {
            throw CliException.failure("the demo site's jar is missing (" + jar + "); run ./mvnw -B package -DskipTests -pl services/cli -am");
        }
        try (InputStream in = Files.newInputStream(jar); ZipInputStream zip = new ZipInputStream(in)) {
            Files.createDirectories(dir);
            for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
                Path target = dir.resolve(e.getName()).normalize();
                if (!target.startsWith(dir)) {
                    continue; // an entry that would leave the directory
                }
                if (e.isDirectory()) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(zip, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
            Files.writeString(done, "from " + jar.getFileName() + "\n");
            return dir;
        } catch (IOException e) {
            throw CliException.failure("cannot unpack " + jar + " into " + dir + ": " + e.getMessage());
        }
    }

    /** Stops what the demo started: the site, the services, the broker (unless it ran before); once. */
    private void cleanup() {
        if (!cleaned.compareAndSet(false, true)) {
            return;
        }
        if (site != null) {
            site.close();
        }
        if (runtime == null || keepRunning) {
            if (keepRunning) {
                say("the runtime stays up (--keep-running); look around with ./shapecrawl jobs, targets, pattern"
                        + settings.consoleUrl().map(url -> " or in the console, " + url
                                + (demoJob == null ? "" : " (the demo job's page: " + RuntimeSettings.jobPage(url, demoJob)
                                + ")")).orElse("")
                        + "; stop it with ./shapecrawl down --data-dir " + settings.dataDir());
            }
            return;
        }
        if (startedServices) {
            runtime.stopServices();
        }
        if (startedBroker) {
            runtime.stopBroker();
        }
        say("stopped everything the demo started");
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (java.util.stream.Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw CliException.failure("cannot clear " + dir + " for a fresh demo: " + e.getMessage());
        }
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }

    private void say(String line) {
        out.println("shapecrawl: " + line);
    }
}
