package dev.shapecrawl.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shapecrawl.core.sitemodel.SiteModel;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;

/**
 * Keeps the benchmark module from rotting without running any benchmark: every benchmark method executes once on
 * a small page, and the JMH annotation processor has registered them. The real pages are not needed here.
 */
class PageCostBenchmarkSmokeTest {

    private static final String SAMPLE = """
            <html><head><title>T</title><script>x()</script></head><body class="class-declaration-page">
            <main><h1 class="title">Type A</h1><section class="detail"><p>one</p><p>two</p></section></main>
            </body></html>""";
    private static final String PAGE = """
            <html><head><title>T</title></head><body class="class-declaration-page">
            <main><h1 class="title">Type B</h1><section class="detail"><p>three</p></section>
            <ul><li>a</li><li>b</li></ul></main></body></html>""";

    @Test
    void everyBenchmarkRunsOnceOnASmallPage() {
        PageCostBenchmark benchmark = new PageCostBenchmark();
        benchmark.load(PAGE, SAMPLE);

        assertNotNull(benchmark.parse().body());
        assertTrue(benchmark.buildTreeTagOnly().nodeCount() > benchmark.buildTreeTemplate().nodeCount(),
                "the template labeller drops the head and the script");
        double plain = benchmark.similarityPlain()[0];
        double template = benchmark.similarityTemplate()[0];
        assertTrue(plain > 0 && plain < 1, "rtdm-plain " + plain);
        assertTrue(template > 0 && template < 1, "rtdm-template " + template);
    }

    @Test
    void theAnnotationProcessorRegisteredTheBenchmarks() throws IOException {
        List<BenchmarkListEntry> entries;
        try (InputStream in = getClass().getResourceAsStream(BenchmarkList.BENCHMARK_LIST)) {
            assertNotNull(in, BenchmarkList.BENCHMARK_LIST + ": jmh-generator-annprocess did not run");
            entries = BenchmarkList.readBenchmarkList(in);
        }
        Set<String> names = entries.stream().map(BenchmarkListEntry::getUsername).collect(Collectors.toSet());
        String prefix = PageCostBenchmark.class.getName() + ".";
        String lists = ListExtractionBenchmark.class.getName() + ".";
        String model = SiteModelBenchmark.class.getName() + ".";
        assertEquals(Set.of(prefix + "parse", prefix + "buildTreeTagOnly", prefix + "buildTreeTemplate",
                prefix + "similarityPlain", prefix + "similarityTemplate", lists + "parse", lists + "extractDefault",
                lists + "extractFaithful", model + "parseSample", model + "inferModel"), names);
        for (BenchmarkListEntry entry : entries) {
            assertEquals(Mode.AverageTime, entry.getMode(), entry.getUsername());
            if (!entry.getUsername().startsWith(model)) {
                assertEquals(List.of("median", "p99"), List.of(entry.getParams().get().get("size")));
            }
        }
    }

    @Test
    void theListExtractionBenchmarksRunOnceOnASmallPage() {
        ListExtractionBenchmark benchmark = new ListExtractionBenchmark();
        benchmark.load("<html><body><ul><li>a - 1</li><li>b - 2</li><li>c - 3</li></ul></body></html>");
        assertNotNull(benchmark.parse().body());
        assertEquals(1, benchmark.extractDefault().size());
        assertEquals(1, benchmark.extractFaithful().size());
    }

    @Test
    void theSiteModelBenchmarksRunOnceOnASmallSite() {
        String base = SiteModelBenchmark.BASE;
        Map<String, String> site = Map.of(
                base + "index.html", "<html><body><ul><li><a href='a.html'>a</a></li><li><a href='b.html'>b</a></li>"
                        + "<li><a href='c.html'>c</a></li></ul><p><a href='missing.html'>m</a></p></body></html>",
                base + "a.html", "<html><body><h1>Type A</h1><p>one</p></body></html>",
                base + "b.html", "<html><body><h1>Type B</h1><p>two</p></body></html>",
                base + "c.html", "<html><body><h1>Type C</h1><p>three</p></body></html>");
        SiteModelBenchmark benchmark = new SiteModelBenchmark();
        benchmark.load(base + "index.html", url -> Optional.ofNullable(site.get(url)));
        assertEquals(4, benchmark.parseSample().size(), "the entry page and its three list targets");
        SiteModel model = benchmark.inferModel();
        assertEquals(4, model.classes().stream().mapToInt(c -> c.size()).sum());
        assertEquals(5, model.fetched(), "the missing page counts against the budget");
    }

    @Test
    void typePagesAreRecognisedFromTheLayout() {
        assertTrue(BenchSites.isTypePage("org/apache/kafka/clients/consumer/KafkaConsumer.html"));
        assertTrue(BenchSites.isTypePage("org/junit/runners/Parameterized.Parameters.html"));
        assertFalse(BenchSites.isTypePage("org/junit/package-summary.html"));
        assertFalse(BenchSites.isTypePage("org/junit/class-use/Assert.html"));
        assertFalse(BenchSites.isTypePage("src-html/org/junit/Assert.html"));
        assertFalse(BenchSites.isTypePage("Overview.html"));
        assertEquals(0.99, BenchSites.SizeClass.p99.quantile());
    }
}
