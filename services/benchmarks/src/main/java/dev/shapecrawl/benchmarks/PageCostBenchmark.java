package dev.shapecrawl.benchmarks;

import dev.shapecrawl.core.similarity.RtdmPlainSimilarity;
import dev.shapecrawl.core.similarity.RtdmTemplateSimilarity;
import dev.shapecrawl.core.similarity.Similarities;
import dev.shapecrawl.core.similarity.StructuralSimilarity;
import dev.shapecrawl.core.similarity.StructuralSimilarity.PreparedSamples;
import dev.shapecrawl.core.tree.HtmlTrees;
import dev.shapecrawl.core.tree.LabelDictionary;
import dev.shapecrawl.core.tree.LabelledTree;
import dev.shapecrawl.core.tree.TreeBuilder;
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
 * What a classifier pays per page, step by step, on real pages (docs/benchmarks.md): parse the HTML, build the
 * tree, compare it with one prepared sample, under the seed measure ({@value RtdmPlainSimilarity#NAME}) and the
 * default one ({@value RtdmTemplateSimilarity#NAME}).
 *
 * <p>Pages ({@link BenchSites}): per {@link #site}, the page at the median or the 99th percentile of tree size
 * over all pages of the site ({@link #size}), and as the sample the median type page. One
 * {@link LabelDictionary} per site is shared by the sample and the page, as a classifier shares one per job; it
 * is warm (every label of both pages interned in the set-up), as it is after a classifier's first pages.
 *
 * <p>What each benchmark includes:
 * <ul>
 *   <li>{@link #parse}: {@link HtmlTrees#parse} of the page source (a Java {@code String}, already decoded) into a
 *       jsoup {@code Document}. Excludes fetching and decoding bytes.</li>
 *   <li>{@link #buildTreeTagOnly}, {@link #buildTreeTemplate}: {@link TreeBuilder#build(Document)} from the parsed
 *       document (parsed once in the set-up), with the seed labeller (tag names; what {@code rtdm-plain} compares)
 *       and with the template labeller (tag + stable class tokens, no head/scripts; what {@code rtdm-template}
 *       compares), the default node limit.</li>
 *   <li>{@link #similarityPlain}: {@code rtdm-plain}, {@code PreparedSamples.similarities(pageTree)} with one
 *       sample, the call a classifier makes per page ({@code SampleSet.classify}). rtdm-plain prepares nothing, so
 *       this is one full RTDM distance between the sample's and the page's tag-only trees (no early exit).</li>
 *   <li>{@link #similarityTemplate}: {@code rtdm-template}, the same call on the template trees. The sample's
 *       profile is built once in the set-up ({@code prepare}); the call <em>includes</em> building the page's
 *       profile (the weighted label-path trie, one pass over the page tree) and the Dice look-ups, which is what a
 *       classifier pays per page.</li>
 * </ul>
 * Tree building is not part of the similarity benchmarks (the trees are built in the set-up); add
 * {@code buildTree*} to get a page's whole cost after parsing.
 *
 * <p>Average time per operation, µs; 1 fork, 5 × 1 s warm-up, 10 × 1 s measurement, 1 thread, 1 GiB fixed heap
 * (sized for a 2-core machine: one benchmark thread, the other core for JIT and GC). Measured on a shared box,
 * 3 warm-up iterations were not enough for {@code parse} to settle, and 5 measurement iterations gave 99.9%
 * intervals wider than the score (docs/benchmarks.md). Override on the command line ({@code -f -wi -w -i -r}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class PageCostBenchmark {

    /** The site: a directory under {@link BenchSites#sitesDirectory()}. */
    @Param({"kafka-clients-4.1.1", "junit-4.13.2"})
    public String site;

    /** The page's size class: {@code median} or {@code p99} of tree size over the site's pages. */
    @Param({"median", "p99"})
    public String size;

    private String html;
    private Document document;
    private TreeBuilder tagBuilder;
    private TreeBuilder templateBuilder;
    private LabelledTree tagTree;
    private LabelledTree templateTree;
    private PreparedSamples plainSample;
    private PreparedSamples templateSample;

    /** Loads the site, picks the page and the sample, builds the trees and prepares the sample. */
    @Setup(Level.Trial)
    public void setUp() {
        BenchSites.Site loaded = BenchSites.load(site);
        BenchSites.Page page = loaded.page(BenchSites.SizeClass.valueOf(size));
        BenchSites.Page sample = loaded.sample();
        load(page.html(), sample.html());
        System.out.printf(Locale.ROOT, "%n[set-up] %s, %s page %s (%d tag-only nodes, %d template nodes, %d chars);"
                        + " sample %s (%d tag-only nodes); sim plain %.4f, template %.4f%n",
                site, size, page.path(), tagTree.nodeCount(), templateTree.nodeCount(), html.length(),
                sample.path(), sample.nodes(), similarityPlain()[0], similarityTemplate()[0]);
    }

    /**
     * Prepares the state for one page and one sample; the set-up's second half, used directly by the smoke test.
     *
     * @param pageHtml   the page source
     * @param sampleHtml the sample page's source
     */
    void load(String pageHtml, String sampleHtml) {
        StructuralSimilarity plain = Similarities.named(RtdmPlainSimilarity.NAME);
        StructuralSimilarity template = Similarities.named(RtdmTemplateSimilarity.NAME);
        LabelDictionary dictionary = new LabelDictionary();
        tagBuilder = new TreeBuilder(dictionary, plain.labeller(), TreeBuilder.DEFAULT_MAX_NODES);
        templateBuilder = new TreeBuilder(dictionary, template.labeller(), TreeBuilder.DEFAULT_MAX_NODES);
        html = pageHtml;
        document = HtmlTrees.parse(pageHtml, null);
        tagTree = tagBuilder.build(document);
        templateTree = templateBuilder.build(document);
        Document sampleDocument = HtmlTrees.parse(sampleHtml, null);
        plainSample = plain.prepare(List.of(tagBuilder.build(sampleDocument)));
        templateSample = template.prepare(List.of(templateBuilder.build(sampleDocument)));
    }

    /** jsoup parse of the page source. */
    @Benchmark
    public Document parse() {
        return HtmlTrees.parse(html, null);
    }

    /** Tree of the parsed page, seed (tag-only) labeller. */
    @Benchmark
    public LabelledTree buildTreeTagOnly() {
        return tagBuilder.build(document);
    }

    /** Tree of the parsed page, template labeller (rtdm-template's). */
    @Benchmark
    public LabelledTree buildTreeTemplate() {
        return templateBuilder.build(document);
    }

    /** rtdm-plain: the page's tag-only tree against one prepared sample (one full RTDM). */
    @Benchmark
    public double[] similarityPlain() {
        return plainSample.similarities(tagTree);
    }

    /** rtdm-template: the page's template tree against one prepared sample (page profile included). */
    @Benchmark
    public double[] similarityTemplate() {
        return templateSample.similarities(templateTree);
    }
}
