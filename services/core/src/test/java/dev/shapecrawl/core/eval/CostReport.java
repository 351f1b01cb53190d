package dev.shapecrawl.core.eval;

import dev.shapecrawl.testkit.site.JavadocSite;

import dev.shapecrawl.core.similarity.RtdmTemplateSimilarity;
import dev.shapecrawl.core.similarity.StructuralSimilarity;
import dev.shapecrawl.core.tree.HtmlTrees;
import dev.shapecrawl.core.tree.LabelDictionary;
import dev.shapecrawl.core.tree.LabelledTree;
import dev.shapecrawl.core.tree.TreeBuilder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * A rough cost comparison (not JMH): per site, the median time to parse a page with jsoup, to build its tree,
 * and to compare it with one prepared sample (profile + look-ups), after a warm-up pass. Asserts the claim it backs
 * (docs/similarity.md, "Cost"): on every site, the similarity of a median page against one sample costs no more than
 * parsing that page. Run with {@code -Dshapecrawl.eval.cost=true -Dtest=CostReport}.
 */
@EnabledIfSystemProperty(named = "shapecrawl.eval.cost", matches = "true")
class CostReport {

    @Test
    void medianCosts() throws Exception {
        RtdmTemplateSimilarity similarity = new RtdmTemplateSimilarity();
        List<JavadocSite> sites = Files.isDirectory(EvalCorpus.sitesDirectory())
                ? JavadocSite.loadAll(EvalCorpus.sitesDirectory()) : List.of();
        assertFalse(sites.isEmpty(), "no evaluation sites at " + EvalCorpus.sitesDirectory() + "; run through Maven");
        List<String> slower = new ArrayList<>();
        for (JavadocSite site : sites) {
            LabelDictionary dictionary = new LabelDictionary();
            TreeBuilder builder = new TreeBuilder(dictionary, similarity.labeller(), TreeBuilder.DEFAULT_MAX_NODES);
            List<String> htmls = site.pages().stream().map(p -> {
                try {
                    return new String(Files.readAllBytes(site.root().resolve(p.path())), StandardCharsets.UTF_8);
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            }).toList();
            String sampleHtml = htmls.get(site.pages().indexOf(site.pages().stream()
                    .filter(JavadocSite.Page::target).findFirst().orElseThrow()));
            StructuralSimilarity.PreparedSamples prepared =
                    similarity.prepare(List.of(builder.build(HtmlTrees.parse(sampleHtml, null))));
            long[][] times = new long[3][htmls.size()];
            for (int pass = 0; pass < 2; pass++) {
                for (int i = 0; i < htmls.size(); i++) {
                    long t0 = System.nanoTime();
                    var document = HtmlTrees.parse(htmls.get(i), null);
                    long t1 = System.nanoTime();
                    LabelledTree tree = builder.build(document);
                    long t2 = System.nanoTime();
                    prepared.similarities(tree);
                    long t3 = System.nanoTime();
                    times[0][i] = t1 - t0;
                    times[1][i] = t2 - t1;
                    times[2][i] = t3 - t2;
                }
            }
            for (long[] t : times) {
                Arrays.sort(t);
            }
            int m = htmls.size() / 2;
            System.out.printf(Locale.ROOT, "COST %s: median parse %.3f ms, build %.3f ms, similarity %.3f ms; "
                            + "p90 parse %.3f ms, similarity %.3f ms%n", site.name(), times[0][m] / 1e6,
                    times[1][m] / 1e6, times[2][m] / 1e6, times[0][htmls.size() * 9 / 10] / 1e6,
                    times[2][htmls.size() * 9 / 10] / 1e6);
            if (times[2][m] > times[0][m]) {
                slower.add(String.format(Locale.ROOT, "%s (similarity %.3f ms > parse %.3f ms)", site.name(),
                        times[2][m] / 1e6, times[0][m] / 1e6));
            }
        }
        // docs/similarity.md "Cost": "the similarity of a median page against one sample costs no more than parsing
        // that page"
        assertTrue(slower.isEmpty(), "median similarity costs more than the median parse on " + slower);
    }
}
