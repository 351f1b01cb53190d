package dev.shapecrawl.benchmarks;

import dev.shapecrawl.core.tree.HtmlTrees;
import dev.shapecrawl.core.tree.LabelDictionary;
import dev.shapecrawl.core.tree.Labeller;
import dev.shapecrawl.core.tree.TreeBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The real pages the benchmarks run on: javadoc sites unpacked from Maven Central {@code -javadoc} jars into
 * {@code target/bench-sites} by the module's pom (the approach of services/core's evaluation, docs/evaluation.md),
 * and the pages picked from them by tree size.
 *
 * <p><b>Tree size</b> is the node count of the page's tree under the seed labelling
 * ({@link Labeller#tagOnly()}, script/style kept as leaves), as in the evaluation. Over all HTML pages of a site
 * sorted by (size, path), the page at quantile q is the one at index {@code round(q·(n−1))}: {@code median} is
 * q = 0.5, {@code p99} is q = 0.99. The <b>sample</b> is the median <em>type page</em> (a class or interface page,
 * recognised from the file layout alone, {@link #isTypePage}), picked the same way among type pages: the median
 * single sample of the evaluation.
 */
public final class BenchSites {

    /** System property naming the directory that holds the unpacked sites (one sub-directory per site). */
    public static final String SITES_PROPERTY = "shapecrawl.bench.sites";

    /** The size classes of the benchmarks, with their quantile of tree size. */
    public enum SizeClass {
        /** The page at the median tree size of the site. */
        median(0.5),
        /** The page at the 99th percentile of tree size of the site. */
        p99(0.99);

        private final double quantile;

        SizeClass(double quantile) {
            this.quantile = quantile;
        }

        /** The quantile of tree size, 0..1. */
        public double quantile() {
            return quantile;
        }
    }

    /**
     * One page of a site.
     *
     * @param path     the path relative to the site root, with {@code /}
     * @param html     the page source, decoded as UTF-8 (javadoc pages declare UTF-8 or ISO-8859-1; the structure
     *                 does not depend on the decoding)
     * @param typePage whether it is a type page ({@link #isTypePage})
     * @param nodes    the node count of its seed (tag-only) tree
     */
    public record Page(String path, String html, boolean typePage, int nodes) {
    }

    /**
     * A site with its pages sorted by (tree size, path).
     *
     * @param name  the site's directory name, for example {@code kafka-clients-4.1.1}
     * @param pages every HTML page, by increasing tree size
     */
    public record Site(String name, List<Page> pages) {

        /** The page of the given size class. */
        public Page page(SizeClass size) {
            return atQuantile(pages, size.quantile());
        }

        /** The type page (a target page of the evaluation) of the given size class, by tree size among type pages. */
        public Page typePage(SizeClass size) {
            return atQuantile(pages.stream().filter(Page::typePage).toList(), size.quantile());
        }

        /** The sample: the median type page by tree size. */
        public Page sample() {
            return atQuantile(pages.stream().filter(Page::typePage).toList(), 0.5);
        }

        /** The number of type pages. */
        public long typePages() {
            return pages.stream().filter(Page::typePage).count();
        }

        private static Page atQuantile(List<Page> sorted, double q) {
            if (sorted.isEmpty()) {
                throw new IllegalStateException("no pages to pick from");
            }
            return sorted.get((int) Math.round(q * (sorted.size() - 1)));
        }
    }

    private static final Pattern EXCLUDED_DIRECTORY =
            Pattern.compile("(^|/)(class-use|src-html|doc-files|legal|resources|script-dir|META-INF)/");
    private static final Pattern TYPE_FILE = Pattern.compile("[A-Z][A-Za-z0-9_$.]*\\.html");

    private BenchSites() {
    }

    /**
     * Whether a site-relative path is a type page: {@code <package path>/<TypeName>.html} outside
     * {@code class-use/}, {@code src-html/}, {@code doc-files/}, {@code legal/}, {@code resources/},
     * {@code script-dir/} and {@code META-INF/}; the rule of the evaluation's ground truth
     * (services/testkit, {@code JavadocSite.isTypePage}, docs/evaluation.md).
     */
    public static boolean isTypePage(String path) {
        int slash = path.lastIndexOf('/');
        if (slash < 0 || EXCLUDED_DIRECTORY.matcher(path).find()) {
            return false;
        }
        return TYPE_FILE.matcher(path.substring(slash + 1)).matches();
    }

    /**
     * The directory holding the unpacked sites: {@value #SITES_PROPERTY} if set, else {@code bench-sites} next to
     * the jar (or classes directory) this class was loaded from, which is {@code services/benchmarks/target}.
     */
    public static Path sitesDirectory() {
        String property = System.getProperty(SITES_PROPERTY);
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        try {
            Path codeSource = Path.of(BenchSites.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return codeSource.toAbsolutePath().getParent().resolve("bench-sites");
        } catch (URISyntaxException | RuntimeException e) {
            return Path.of("services/benchmarks/target/bench-sites");
        }
    }

    /**
     * Loads a site: reads every HTML page, parses it and measures its seed tree.
     *
     * @param name the site's directory name under {@link #sitesDirectory()}
     * @return the site
     * @throws IllegalStateException if the site is not unpacked
     */
    public static Site load(String name) {
        Path root = sitesDirectory().resolve(name);
        if (!Files.isDirectory(root)) {
            throw new IllegalStateException("no site at " + root + "; build the module with "
                    + "`./mvnw -B -q -pl services/benchmarks -am package -DskipTests` (it unpacks the sites next to "
                    + "benchmarks.jar) or set -D" + SITES_PROPERTY + "=DIR");
        }
        TreeBuilder seed = TreeBuilder.seed(new LabelDictionary());
        List<Page> pages = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                String path = root.relativize(file).toString().replace('\\', '/');
                if (!path.endsWith(".html") || path.startsWith("META-INF/")) {
                    continue;
                }
                // Lenient decoding (malformed bytes become U+FFFD), as the evaluation reads pages.
                String html = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
                int nodes = seed.build(HtmlTrees.parse(html, null)).nodeCount();
                pages.add(new Page(path, html, isTypePage(path), nodes));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        pages.sort(Comparator.comparingInt(Page::nodes).thenComparing(Page::path));
        return new Site(name, List.copyOf(pages));
    }
}
