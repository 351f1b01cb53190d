package dev.shapecrawl.benchmarks;

import dev.shapecrawl.core.lists.ExtractedList;
import dev.shapecrawl.core.lists.SwleExtractor;
import dev.shapecrawl.core.lists.SwleSettings;
import dev.shapecrawl.core.tree.HtmlTrees;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.jsoup.nodes.Document;
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
 * What the extractor pays per target page (issue 5; docs/benchmarks.md): SWLE on a parsed page beside the parse
 * itself, on real target pages of the sites of {@link PageCostBenchmark}: per {@link #site}, the type page at the
 * median or the 99th percentile of tree size among type pages (the extractor sees target pages only).
 *
 * <ul>
 *   <li>{@link #parse}: {@link HtmlTrees#parse} of the page source, as the extractor does before SWLE.</li>
 *   <li>{@link #extractDefault}: {@link SwleExtractor#extract(Document)} with {@link SwleSettings#defaults()} on the
 *       document parsed in the set-up (the extractor's cost after parsing).</li>
 *   <li>{@link #extractFaithful}: the same with the seed's S2, no additions.</li>
 * </ul>
 * Average time per operation, µs; the same fork, heap, warm-up and measurement as {@link PageCostBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class ListExtractionBenchmark {

    /** The site: a directory under {@link BenchSites#sitesDirectory()}. */
    @Param({"kafka-clients-4.1.1", "junit-4.13.2"})
    public String site;

    /** The page's size class: {@code median} or {@code p99} of tree size over the site's type pages. */
    @Param({"median", "p99"})
    public String size;

    private String html;
    private Document document;
    private final SwleExtractor improved = new SwleExtractor(SwleSettings.defaults());
    private final SwleExtractor faithful = new SwleExtractor(SwleSettings.faithful());

    /** Loads the site and picks the page. */
    @Setup(Level.Trial)
    public void setUp() {
        BenchSites.Page page = BenchSites.load(site).typePage(BenchSites.SizeClass.valueOf(size));
        load(page.html());
        System.out.printf(Locale.ROOT, "%n[set-up] %s, %s page %s (%d chars): %d lists by default, %d by S2%n",
                site, size, page.path(), html.length(), extractDefault().size(), extractFaithful().size());
    }

    /** Prepares the state for one page; used directly by the smoke test. */
    void load(String pageHtml) {
        html = pageHtml;
        document = HtmlTrees.parse(pageHtml, null);
    }

    /** jsoup parse of the page source. */
    @Benchmark
    public Document parse() {
        return HtmlTrees.parse(html, null);
    }

    /** SWLE, shapecrawl's default, on the parsed page. */
    @Benchmark
    public List<ExtractedList> extractDefault() {
        return improved.extract(document);
    }

    /** SWLE, the seed's S2, on the parsed page. */
    @Benchmark
    public List<ExtractedList> extractFaithful() {
        return faithful.extract(document);
    }
}
