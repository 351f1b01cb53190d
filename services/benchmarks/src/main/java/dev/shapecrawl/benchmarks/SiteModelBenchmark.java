package dev.shapecrawl.benchmarks;

import dev.shapecrawl.core.sitemodel.ModelInference;
import dev.shapecrawl.core.sitemodel.PageClass;
import dev.shapecrawl.core.sitemodel.PageParser;
import dev.shapecrawl.core.sitemodel.SiteModel;
import dev.shapecrawl.core.sitemodel.SiteModelSettings;
import dev.shapecrawl.core.sitemodel.SitePage;
import dev.shapecrawl.core.tree.HtmlTrees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Site-model inference (seed 001, Cibecchini 2017, spec §3.2–§3.8; issue 18's CPU goal) beside parsing the pages it
 * samples, on a real site (docs/benchmarks.md, "Site-model inference").
 *
 * <p>Pages: per {@link #site}, the javadoc site of {@link BenchSites#sitesDirectory()} served at {@value #BASE}
 * (a URL's path is the file's path under the site directory; query strings dropped; files read as UTF-8, leniently,
 * as {@link BenchSites} does). The set-up runs {@link ModelInference#infer} once from {@code index.html} with the
 * default settings (n = 200) and keeps, in fetch order, every page it fetched that is an HTML file of the site
 * (the <b>sample</b>); URLs that are not (a failed fetch) count against the budget but cost no parse.
 *
 * <ul>
 *   <li>{@link #parseSample}: for every page of the sample, {@link HtmlTrees#parse} of its source (a Java
 *       {@code String}, already decoded) with its URL as the base URI, then {@link PageParser#parse} of the
 *       document into a {@link SitePage} (link and text collections at the default path level). Excludes reading
 *       the files and decoding bytes.</li>
 *   <li>{@link #inferModel}: {@link ModelInference#infer} from {@code index.html}, its fetch function serving the
 *       sample's {@link SitePage}s parsed in the set-up (a map look-up; empty for a URL outside the sample). This
 *       is GENERATE MODEL alone: queueing and sampling link collections, candidate classes, the MDL update
 *       (default encoding, {@code COMPLETE}) and the class links. It fetches the same URLs as in the set-up
 *       (inference is deterministic), so both benchmarks cover the same pages.</li>
 * </ul>
 * Average time per operation (one whole sample, or one whole inference), ms; 1 fork, 1 GiB fixed heap,
 * 5 × 2 s warm-up, 10 × 2 s measurement, one thread.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 10, time = 2)
public class SiteModelBenchmark {
    /** The site's URL prefix: {@code BASE + path} is the page at {@code path} under the site directory. */
    public static final String BASE = "http://javadoc.test/";

    /** The site: a directory under {@link BenchSites#sitesDirectory()}. */
    @Param({"kafka-clients-4.1.1", "junit-4.13.2"})
    public String site;

    private final SiteModelSettings settings = SiteModelSettings.defaults();
    /** The sample: URL → page source, in fetch order. */
    private Map<String, String> sources;
    /** The sample parsed: URL → page. */
    private Map<String, SitePage> pages;
    private String entry;

    /** Runs inference once over the site's files to find the sample, and parses the sample. */
    @Setup(Level.Trial)
    public void setUp() {
        Path root = BenchSites.sitesDirectory().resolve(site).toAbsolutePath().normalize();
        if (!Files.isDirectory(root)) {
            throw new IllegalStateException("no site at " + root + "; build the module with "
                    + "`./mvnw -B -q -pl services/benchmarks -am package -DskipTests` or set -D"
                    + BenchSites.SITES_PROPERTY + "=DIR");
        }
        int[] fetched = new int[1];
        long chars = load(BASE + "index.html", url -> {
            fetched[0]++;
            return read(root, url);
        });
        SiteModel model = inferModel();
        System.out.printf(Locale.ROOT, "%n[set-up] %s: %d URLs fetched, %d pages parsed (%d chars, %d links, %d texts);"
                        + " model: %d classes %s, %d class links%n", site, fetched[0], pages.size(), chars,
                pages.values().stream().mapToInt(SitePage::urlCount).sum(),
                pages.values().stream().mapToInt(p -> p.texts().values().stream().mapToInt(List::size).sum()).sum(),
                model.classes().size(), model.classes().stream().map(PageClass::size).toList(), model.links().size());
    }

    /**
     * Finds the sample by running inference once over {@code fetch}, and parses it; the set-up's core, used directly
     * by the smoke test.
     *
     * @param entryUrl the site's entry point
     * @param fetch    URL → page source, empty when there is no HTML page at that URL
     * @return the sample's total length in characters
     */
    long load(String entryUrl, Function<String, Optional<String>> fetch) {
        entry = entryUrl;
        sources = new LinkedHashMap<>();
        ModelInference.infer(entryUrl, url -> fetch.apply(url).map(html -> {
            sources.put(url, html);
            return parse(url, html);
        }), settings);
        pages = new LinkedHashMap<>();
        sources.forEach((url, html) -> pages.put(url, parse(url, html)));
        return sources.values().stream().mapToLong(String::length).sum();
    }

    private SitePage parse(String url, String html) {
        return PageParser.parse(url, HtmlTrees.parse(html, url), settings);
    }

    /** jsoup parse and {@link PageParser#parse} of every page of the sample. */
    @Benchmark
    public List<SitePage> parseSample() {
        List<SitePage> out = new ArrayList<>(sources.size());
        sources.forEach((url, html) -> out.add(parse(url, html)));
        return out;
    }

    /** GENERATE MODEL over the sample, pages served already parsed. */
    @Benchmark
    public SiteModel inferModel() {
        return ModelInference.infer(entry, url -> Optional.ofNullable(pages.get(url)), settings);
    }

    /** The page at {@code url} of the site at {@code root}: an HTML file under it, else empty. */
    static Optional<String> read(Path root, String url) {
        if (!url.startsWith(BASE)) {
            return Optional.empty();
        }
        String path = url.substring(BASE.length());
        int cut = path.indexOf('?');
        path = cut < 0 ? path : path.substring(0, cut);
        Path file;
        try {
            file = root.resolve(path).normalize();
        } catch (java.nio.file.InvalidPathException e) {
            return Optional.empty();
        }
        if (!file.startsWith(root) || !Files.isRegularFile(file) || !file.toString().endsWith(".html")) {
            return Optional.empty();
        }
        try {
            return Optional.of(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
