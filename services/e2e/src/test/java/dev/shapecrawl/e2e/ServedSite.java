package dev.shapecrawl.e2e;

import dev.shapecrawl.cli.SiteServer;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.testkit.site.GeneratedSite;
import dev.shapecrawl.testkit.site.JavadocSite;
import dev.shapecrawl.testkit.site.SiteShape;
import dev.shapecrawl.testkit.web.TestWebServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A site served on its own 127.0.0.1 port (so its own host for the fetcher's politeness), with the ground truth
 * an end-to-end crawl is measured against: a {@link GeneratedSite} of the test kit, or an unpacked javadoc site
 * ({@link JavadocSite}). Paths are root-relative ({@code /detail.asp?cd=7}, {@code /org/jsoup/Jsoup.html}), as the
 * generated sites write their links; {@link #url} makes them absolute.
 */
final class ServedSite implements AutoCloseable {
    private final String name;
    private final String baseUrl;
    private final String entry;
    private final String sample;
    private final GeneratedSite generated;
    private final JavadocSite javadoc;
    private final AutoCloseable server;

    private ServedSite(String name, String baseUrl, String entry, String sample, GeneratedSite generated,
                       JavadocSite javadoc, AutoCloseable server) {
        this.name = name;
        this.baseUrl = baseUrl;
        this.entry = entry;
        this.sample = sample;
        this.generated = generated;
        this.javadoc = javadoc;
        this.server = server;
    }

    /** The site of {@code shape}, started on a fresh port; the sample is the generator's typical listed target. */
    static ServedSite generated(SiteShape shape) {
        GeneratedSite site = GeneratedSite.generate(shape);
        TestWebServer web = site.start();
        return new ServedSite(shape.name(), web.baseUrl(), site.entry(), site.sampleTarget(), site, null, web);
    }

    /**
     * The javadoc site unpacked in {@code dir}, served by the CLI's {@link SiteServer} (as {@code ./shapecrawl serve} serves it). Entry: {@code /index.html} (the
     * overview, as a person would give it). Sample: the type page of median file size (the lower median of the
     * type pages sorted by size, ties by path), the counterpart of the 50th-percentile sample of
     * docs/evaluation.md (which ranks by node count; the file size is known from the layout alone, before any
     * parsing). For jsoup 1.23.2 that is a class page of ordinary length, neither a tiny annotation nor the big
     * {@code Element}.
     */
    static ServedSite javadoc(Path dir) {
        JavadocSite site = JavadocSite.load(dir);
        List<String> types = site.pages().stream().filter(JavadocSite.Page::target).map(JavadocSite.Page::path)
                .sorted(Comparator.comparingLong((String p) -> size(dir.resolve(p))).thenComparing(p -> p))
                .toList();
        if (types.isEmpty()) {
            throw new IllegalArgumentException("no type page under " + dir);
        }
        SiteServer web = SiteServer.start(dir, 0);
        return new ServedSite(site.name(), web.baseUrl(), "/index.html", "/" + types.get((types.size() - 1) / 2),
                null, site, web);
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A label for reports and job ids: the shape's or the javadoc site's name. */
    String name() {
        return name;
    }

    /** {@code http://127.0.0.1:PORT}, no trailing slash. */
    String baseUrl() {
        return baseUrl;
    }

    /** The absolute URL of a root-relative path. */
    String url(String path) {
        return baseUrl + path;
    }

    /** The root-relative path of an absolute URL of this site. */
    String path(String url) {
        if (!url.startsWith(baseUrl + "/")) {
            throw new IllegalArgumentException("not a URL of " + name + " (" + baseUrl + "): " + url);
        }
        return url.substring(baseUrl.length());
    }

    /** The entry point (root-relative). */
    String entry() {
        return entry;
    }

    /** The one sample page given to the job (root-relative). */
    String sample() {
        return sample;
    }

    /** Whether a root-relative path is a target page, by the ground truth. */
    boolean isTarget(String path) {
        return generated != null ? generated.isTarget(path) : JavadocSite.isTypePage(path.substring(1));
    }

    /** Every target page by the ground truth (growths included). */
    List<String> targets() {
        return generated != null ? generated.targets()
                : javadoc.pages().stream().filter(JavadocSite.Page::target).map(p -> "/" + p.path()).toList();
    }

    /**
     * The fetches of a crawl that follows the site's own route to its targets, from the ground truth; no crawl by
     * links does much better where lists are short. Generated sites: the entry, every section and list page, every
     * target and every broken list entry (a crawler cannot know a listed link is dead without fetching it), as
     * core's in-process evaluation counts it. Javadoc: the overview, every package summary (each lists its
     * package's types, nested ones included) and every type page.
     */
    int listRoute() {
        if (generated != null) {
            return generated.listRoute();
        }
        long summaries = javadoc.pages().stream().filter(p -> p.path().endsWith("/package-summary.html")).count();
        return (int) (1 + summaries + targets().size());
    }

    /** The generated site, for growth; empty for a javadoc site. */
    Optional<GeneratedSite> generatedSite() {
        return Optional.ofNullable(generated);
    }

    /**
     * A pattern of a job on this site, one line per branch: each step's kind, URL regex and loop flag, with this
     * site's origin ({@code 127\.0\.0\.1:PORT}) written {@code <site>}, so that patterns learned on two servers
     * of one site compare equal and read well.
     */
    List<String> branches(NavigationPattern pattern) {
        String origin = baseUrl.substring("http://".length()).replace(".", "\\.");
        Function<NavigationPattern.Step, String> step = s -> s.kind() + " " + s.urlRegex().replace(origin, "<site>")
                + (s.loop() ? " (loop)" : "");
        return pattern.branches().stream()
                .map(b -> b.steps().stream().map(step).collect(Collectors.joining(" → "))).toList();
    }

    @Override
    public void close() throws Exception {
        server.close();
    }
}
