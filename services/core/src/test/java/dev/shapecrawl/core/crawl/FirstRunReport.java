package dev.shapecrawl.core.crawl;

import dev.shapecrawl.core.eval.DirectorySites;
import dev.shapecrawl.core.eval.EvalCorpus;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.MappingMode;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.testkit.site.JavadocSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * A first run (mapping, then the first crawl run) on every real development site, in process: the javadoc sites
 * of {@link EvalCorpus#sites()} and the directory sites of {@code shapecrawl.eval.dirs} ({@link DirectorySites}),
 * each answered from its files ({@link ClassifiedSite}: the real page analysis and classifier, no Kafka, no HTTP),
 * from {@code index.html} with one sample (the target of median file size) and default settings, for each mapping
 * mode. It counts what issue 19 measures: the requests the site sees in the run (each URL once: the fetcher's store
 * answers the crawl's repeats of the mapping's pages), the targets found, and their precision and recall against
 * the site's own markers. Writes {@code target/first-run.md}. {@code -Dshapecrawl.eval.firstrun.entry=PATH} and
 * {@code -Dshapecrawl.eval.firstrun.sample=PATH[,PATH...]} give another entry point and samples (for a site held
 * out of {@link #ENTRIES} and {@link #SAMPLES}, or a second sample; {@code !PATH} is a negative sample).
 *
 * <p>Opt-in ({@code -Dshapecrawl.eval.firstrun=true}); about a minute per mode with the Debian sites.
 */
@EnabledIfSystemProperty(named = "shapecrawl.eval.firstrun", matches = "true")
class FirstRunReport {

    /** One first run. */
    record Row(String site, String mode, int truth, long mapping, long crawl, long siteRequests, int found,
               int correct, int hubs) {
        double precision() {
            return found == 0 ? 1 : (double) correct / found;
        }

        double recall() {
            return truth == 0 ? 1 : (double) correct / truth;
        }

        double perTarget() {
            return found == 0 ? Double.NaN : (double) siteRequests / found;
        }

        /** Requests per target or hub page on the pattern's paths (issue 19's second bound, 1.15). */
        double perTargetOrHub() {
            return found == 0 ? Double.NaN : (double) siteRequests / (found + hubs);
        }
    }

    @Test
    void firstRunOnEveryRealSite() throws IOException {
        List<JavadocSite> sites = new ArrayList<>();
        if (!Boolean.getBoolean("noJavadoc")) {
            sites.addAll(JavadocSite.loadAll(EvalCorpus.sitesDirectory()));
        }
        sites.addAll(DirectorySites.fromProperty());
        String only = System.getProperty("shapecrawl.eval.firstrun.sites", ".*");
        sites.removeIf(s -> !s.name().matches(only));
        assertFalse(sites.isEmpty(), "no site");
        List<Row> rows = new ArrayList<>();
        for (JavadocSite site : sites) {
            for (String mode : modes()) {
                Row row = run(site, mode);
                System.out.println("FIRSTRUN " + line(row));
                rows.add(row);
            }
        }
        StringBuilder out = new StringBuilder("""
                | site | mapping | targets (truth) | mapping requests | crawl requests | requests to the site | \
                found | precision | recall | requests per target found | \
                hub and list pages the crawl followed links from | requests per target or hub |
                |---|---|---|---|---|---|---|---|---|---|---|---|
                """);
        rows.forEach(r -> out.append(line(r)).append('\n'));
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/first-run.md"), out);
        System.out.println(out);
    }

    private static List<String> modes() {
        return List.of(System.getProperty("shapecrawl.eval.firstrun.modes", "full,sampled").split(","));
    }

    static String line(Row r) {
        return String.format(Locale.ROOT, "| %s | %s | %d | %d | %d | %d | %d | %.3f | %.3f | %.2f | %d | %.2f |",
                r.site(), r.mode(), r.truth(), r.mapping(), r.crawl(), r.siteRequests(), r.found(), r.precision(),
                r.recall(), r.perTarget(), r.hubs(), r.perTargetOrHub());
    }

    static Row run(JavadocSite site, String mode) {
        Function<String, Optional<String>> html = path -> read(site.root(), path);
        String entry = ClassifiedSite.BASE + "/" + System.getProperty("shapecrawl.eval.firstrun.entry",
                ENTRIES.getOrDefault(kind(site), "index.html"));
        CrawlSeed seed = seed(site.name(), entry, mode);
        String sample = System.getProperty("shapecrawl.eval.firstrun.sample",
                SAMPLES.getOrDefault(kind(site), DirectorySites.medianTarget(site)));
        // several with commas, a negative one after a '!': a person's second sample or "not like this page"
        List<ClassifiedSite.Sample> samples = Stream.of(sample.split(",")).map(ClassifiedSite.Sample::of).toList();
        ClassifiedSite pages = new ClassifiedSite(html, seed, samples.stream()
                .map(s -> (s.negative() != null ? "!/" : "/") + s.path()).toList());
        ClassifiedSite.Job job = pages.run(seed, samples);
        SimulatedSite out = job.out();
        List<PageClassified> answers = job.answers();
        CrawlStatus status = out.lastStatus();
        Set<String> requested = new LinkedHashSet<>();
        for (FetchRequest r : out.requests) {
            if (r.purpose() != Purpose.SAMPLE) { // the sample's own fetch is the user's, not the crawl's
                requested.add(r.url());
            }
        }
        Set<String> found = new LinkedHashSet<>();
        for (PageClassified a : answers) {
            if (a.request().purpose() == Purpose.CRAWL && a.target()) {
                found.add(ClassifiedSite.path(a.request().url()));
            }
        }
        // hub and list pages on the pattern's paths: the pages the crawl followed links from, targets left out
        Set<String> hubs = new LinkedHashSet<>();
        for (FetchRequest r : out.requests) {
            if (r.purpose() == Purpose.CRAWL && r.parentUrl() != null) {
                hubs.add(ClassifiedSite.path(r.parentUrl()));
            }
        }
        hubs.removeAll(found);
        Set<String> truth = new LinkedHashSet<>();
        site.pages().stream().filter(JavadocSite.Page::target).forEach(p -> truth.add("/" + p.path()));
        int correct = (int) found.stream().filter(truth::contains).count();
        if (Boolean.getBoolean("shapecrawl.eval.firstrun.misses")) {
            System.out.println("STATUS " + site.name() + " " + mode + " (samples " + sample + "): " + status.phase()
                    + " " + status.lastError());
            System.out.println("PATTERN " + site.name() + " " + mode + ": " + out.patterns);
            truth.stream().filter(t -> !found.contains(t)).limit(8)
                    .forEach(t -> System.out.println("MISS " + site.name() + " " + mode + " " + t
                            + (requested.contains(ClassifiedSite.BASE + t) ? " (fetched, not taken)" : " (not reached)")));
            found.stream().filter(p -> !truth.contains(p)).limit(8)
                    .forEach(p -> System.out.println("WRONG " + site.name() + " " + mode + " " + p));
        }
        if (Boolean.getBoolean("shapecrawl.eval.firstrun.similarities")) {
            // where the decision put its boundary, and where the crawl's pages fell: truth targets and others apart
            out.patterns.stream().reduce((a, b) -> b).ifPresent(p -> System.out.println("DECISION " + site.name()
                    + " " + mode + ": " + p.targetThreshold() + " " + p.decision()));
            Map<String, int[]> bins = new TreeMap<>();
            for (PageClassified a : answers) {
                if (a.similarity() != null) {
                    String phase = a.request().purpose() == Purpose.CRAWL ? "crawl" : "map";
                    boolean t = truth.contains(ClassifiedSite.path(a.request().url()));
                    String bin = String.format(Locale.ROOT, "%s %.2f", phase, Math.floor(a.similarity() * 100) / 100);
                    bins.computeIfAbsent(bin, k -> new int[2])[t ? 0 : 1]++;
                }
            }
            bins.forEach((k, v) -> System.out.println("SIM " + site.name() + " " + k + " targets " + v[0]
                    + " others " + v[1]));
            if (Boolean.getBoolean("shapecrawl.eval.firstrun.pages")) {
                // every page the mapping read: its similarity, whether the truth calls it a target, its path
                for (PageClassified a : answers) {
                    if (a.request().purpose() == Purpose.MAP) {
                        String path = ClassifiedSite.path(a.request().url());
                        System.out.println("MAPPED " + site.name() + " " + a.similarity() + " " + truth.contains(path)
                                + " " + path);
                    }
                }
            }
        }
        String trace = System.getProperty("shapecrawl.eval.firstrun.trace");
        if (trace != null) {
            // how the crawl reached the pages a regex names: each one's chain of parents up to the entry point
            Map<String, String> parentOf = new HashMap<>();
            for (FetchRequest r : out.requests) {
                if (r.purpose() == Purpose.CRAWL && r.parentUrl() != null) {
                    parentOf.putIfAbsent(ClassifiedSite.path(r.url()), ClassifiedSite.path(r.parentUrl()));
                }
            }
            parentOf.keySet().stream().filter(p -> p.matches(trace)).sorted().limit(20).forEach(p -> {
                StringBuilder chain = new StringBuilder(p);
                Set<String> seen = new HashSet<>();
                for (String at = parentOf.get(p); at != null && seen.add(at); at = parentOf.get(at)) {
                    chain.append(" <- ").append(at);
                }
                System.out.println("TRACE " + site.name() + " " + mode + " " + chain);
            });
        }
        if (Boolean.getBoolean("shapecrawl.eval.firstrun.waste")) {
            // the requests that found no target and led the crawl nowhere, by purpose and a rough path shape; then the
            // first 120 of them, mapping's and crawl's, each with the page it was requested from
            Map<String, Integer> waste = new TreeMap<>();
            for (FetchRequest r : out.requests) {
                String path = ClassifiedSite.path(r.url());
                if (r.purpose() != Purpose.SAMPLE && !found.contains(path) && !hubs.contains(path)) {
                    String shape = path.replaceAll("^/.*/", "/*/").replaceAll("[A-Z][A-Za-z0-9_]*", "C")
                            .replaceAll("[0-9]+", "9");
                    waste.merge(r.purpose() + " " + shape, 1, Integer::sum);
                }
            }
            System.out.println("WASTE " + site.name() + " " + mode + ": " + waste);
            out.requests.stream().filter(r -> r.purpose() != Purpose.SAMPLE)
                    .filter(r -> !found.contains(ClassifiedSite.path(r.url()))
                            && !hubs.contains(ClassifiedSite.path(r.url()))).limit(120)
                    .forEach(r -> System.out.println("WASTED " + site.name() + " " + mode + " " + r.purpose() + " "
                            + ClassifiedSite.path(r.url()) + " <- "
                            + (r.parentUrl() == null ? "-" : ClassifiedSite.path(r.parentUrl()))));
        }
        return new Row(site.name(), mode + " " + status.phase(), truth.size(), status.mappingFetches(),
                status.crawlingFetches(), requested.size(), found.size(), correct, hubs.size());
    }

    /**
     * Entry points other than {@code index.html}, by site name prefix, as {@code bin/eval-decision-e2e} uses them: a
     * Doxygen main page links its indexes by script (menudata.js), so the class list is the entry; the Python
     * manual's library reference is where its modules are; Erlang/OTP's documentation starts at {@code doc/index.html},
     * gi-docgen's Pango reference at its namespace's index.
     */
    private static final Map<String, String> ENTRIES = Map.of("sfml", "annotated.html", "xerces", "annotated.html",
            "python", "library/index.html", "erlang", "doc/index.html", "pango", "Pango/index.html", "qtcore",
            "qtcore-index.html");
    /** The samples of {@code bin/eval-decision-e2e} on the Debian sites (a site-wide decision is DECIDED with them). */
    private static final Map<String, String> SAMPLES = Map.of("sfml", "classsf_1_1Shader.html",
            "xerces", "classDOMCharacterData.html", "python", "library/os.html", "postgresql", "sql-alteruser.html",
            "gio", "GFile.html", "rust", "vec/struct.Vec.html");

    private static String kind(JavadocSite site) {
        return site.name().replaceFirst("-.*", "");
    }

    /**
     * The seed of one run: default settings, or with {@code -Dshapecrawl.eval.firstrun.samplePages=N} a sampled
     * mapping's budget of N requests instead of seed 001's 200 (the per-job option {@code --sample-pages}), and with
     * {@code -Dshapecrawl.eval.firstrun.scriptLinks=true} following scripts ({@code --script-links}).
     */
    static CrawlSeed seed(String job, String entry, String mode) {
        Integer budget = Integer.getInteger("shapecrawl.eval.firstrun.samplePages");
        return CrawlSeed.of(job, entry).withMapping(MappingMode.valueOf(mode.toUpperCase(Locale.ROOT)), budget)
                .withScriptLinks(Boolean.getBoolean("shapecrawl.eval.firstrun.scriptLinks"));
    }

    /**
     * The HTML or script file at a root-relative path (query left out), or empty: not there, or neither. A directory is its
     * {@code index.html}, as {@code ./shapecrawl serve} (the CLI runs' server) and static web servers answer it:
     * gi-docgen's Pango reference links its sibling namespaces as {@code ../PangoCairo/}.
     */
    private static Optional<String> read(Path root, String path) {
        String clean = path.replaceFirst("[?#].*$", "").replaceFirst("^/+", "");
        Path file = root.resolve(clean).normalize();
        if (Files.isDirectory(file)) {
            file = file.resolve("index.html");
        }
        String name = file.getFileName() == null ? "" : file.getFileName().toString();
        if (!file.startsWith(root) || !Files.isRegularFile(file)
                || !(name.endsWith(".html") || name.endsWith(".htm") || name.endsWith(".js"))) {
            return Optional.empty();
        }
        try {
            return Optional.of(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
