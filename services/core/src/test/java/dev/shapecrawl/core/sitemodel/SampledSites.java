package dev.shapecrawl.core.sitemodel;

import org.jsoup.Jsoup;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A real site read from a local directory, sampled by GENERATE MODEL and scored against a class truth read from the
 * generator's own output (shared by {@link JavadocClassQualityTest} and {@link RealSiteClassQualityTest}).
 */
final class SampledSites {

    private SampledSites() {
    }

    /** The true kind of a page from its site-relative path and its HTML (the generator's markers). */
    @FunctionalInterface
    interface Truth {
        String kind(String path, String html);
    }

    /**
     * @param name    the site's name in tables
     * @param root    the directory served as {@code base}
     * @param base    the URL the root is served at (one host per site)
     * @param entry   the entry point, relative to the root
     * @param charset how the files are decoded
     * @param serve   which site-relative paths exist for the crawler (others fail, as a 404 would)
     * @param page    which files are pages (others, such as redirect stubs, fail)
     * @param truth   the class truth
     */
    record Site(String name, Path root, String base, String entry, Charset charset, Predicate<String> serve,
                Predicate<String> page, Truth truth) {
        Site {
            root = root.toAbsolutePath().normalize();
        }

        static Site of(String name, Path root, String base, String entry, Charset charset, Truth truth) {
            return new Site(name, root, base, entry, charset, path -> true, html -> true, truth);
        }
    }

    /** One inference: the model, its quality, the truth and the computed class of every sampled page. */
    record Row(String site, SiteModel model, ClassQuality quality, Map<String, String> truth,
               Map<String, Integer> computed) {

        /** Distinct true kinds among the sampled pages. */
        int trueKinds() {
            return (int) truth.values().stream().distinct().count();
        }

        /** Each computed class (largest first): its size and its true kinds by count. */
        String classes() {
            Map<Integer, Map<String, Integer>> byClass = new TreeMap<>();
            Map<Integer, List<String>> examples = new HashMap<>();
            computed.forEach((url, c) -> {
                byClass.computeIfAbsent(c, k -> new TreeMap<>()).merge(truth.get(url), 1, Integer::sum);
                List<String> ex = examples.computeIfAbsent(c, k -> new ArrayList<>());
                if (ex.size() < 3) {
                    ex.add(url.substring(url.indexOf('/', url.indexOf("//") + 2) + 1));
                }
            });
            List<Map.Entry<Integer, Map<String, Integer>>> order = new ArrayList<>(byClass.entrySet());
            order.sort(Comparator.comparingInt((Map.Entry<Integer, Map<String, Integer>> e) -> -e.getValue().values()
                    .stream().mapToInt(Integer::intValue).sum()).thenComparingInt(Map.Entry::getKey));
            StringBuilder out = new StringBuilder();
            for (Map.Entry<Integer, Map<String, Integer>> e : order) {
                List<Map.Entry<String, Integer>> kinds = new ArrayList<>(e.getValue().entrySet());
                kinds.sort(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry::getKey));
                int size = kinds.stream().mapToInt(Map.Entry::getValue).sum();
                out.append(String.format(Locale.ROOT, "  class %d (%d):", e.getKey(), size));
                for (Map.Entry<String, Integer> k : kinds) {
                    out.append(' ').append(k.getKey()).append('=').append(k.getValue());
                }
                out.append(" (e.g. ").append(String.join(", ", examples.get(e.getKey()))).append(')');
                out.append('\n');
            }
            Map<String, Integer> kindSizes = new TreeMap<>();
            truth.values().forEach(k -> kindSizes.merge(k, 1, Integer::sum));
            out.append("  true kinds in the sample: ").append(kindSizes).append('\n');
            return out.toString();
        }
    }

    static Row infer(Site site, Mdl.Encoding encoding) {
        return infer(site, encoding, SiteModelSettings.defaults());
    }

    static Row infer(Site site, Mdl.Encoding encoding, SiteModelSettings settings) {
        SiteModel model = ModelInference.infer(site.base() + site.entry(), fetch(site, settings), settings,
                encoding);
        Map<String, Integer> computed = new LinkedHashMap<>();
        Map<String, String> truth = new HashMap<>();
        for (int c = 0; c < model.classes().size(); c++) {
            for (SitePage p : model.classes().get(c).pages()) {
                computed.put(p.url(), c);
                String path = path(site, p.url());
                truth.put(p.url(), site.truth().kind(path, read(site, p.url()).orElseThrow()));
            }
        }
        return new Row(site.name(), model, ClassQuality.of(computed, truth), truth, computed);
    }

    /** GENERATE MODEL's fetch over the site's files: each served page parsed into a {@link SitePage}. */
    static Function<String, Optional<SitePage>> fetch(Site site, SiteModelSettings settings) {
        return url -> read(site, url).map(html -> PageParser.parse(url, Jsoup.parse(html, url), settings));
    }

    /** The page's path relative to the site root (query left out). */
    static String path(Site site, String url) {
        String path = url.substring(site.base().length());
        int cut = path.indexOf('?');
        return cut < 0 ? path : path.substring(0, cut);
    }

    /** The HTML the site serves at {@code url}, or empty (not under the base, not served, not an HTML page). */
    static Optional<String> read(Site site, String url) {
        if (!url.startsWith(site.base())) {
            return Optional.empty();
        }
        String path = path(site, url);
        Path file = site.root().resolve(path).normalize();
        if (!file.startsWith(site.root()) || !Files.isRegularFile(file) || !file.toString().endsWith(".html")
                || !site.serve().test(site.root().relativize(file).toString().replace('\\', '/'))) {
            return Optional.empty();
        }
        try {
            String html = new String(Files.readAllBytes(file), site.charset());
            return site.page().test(html) ? Optional.of(html) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    static final String HEADER = "| site | fetched | pages | true kinds | classes | class links | F* | H | purity |\n"
            + "|---|---|---|---|---|---|---|---|---|\n";

    static String tableRow(Row r) {
        return String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %d | %.3f | %.3f | %.3f |%n", r.site(),
                r.model().fetched(), r.quality().pages(), r.trueKinds(), r.model().classes().size(),
                r.model().links().size(), r.quality().fStar(), r.quality().h(), r.quality().purity());
    }

    static String meanRow(String label, List<Row> rows) {
        ClassQuality mean = ClassQuality.mean(rows.stream().map(Row::quality).toList());
        return String.format(Locale.ROOT, "| %s | | | | | | %.3f | %.3f | %.3f |%n", label, mean.fStar(), mean.h(),
                mean.purity());
    }
}
