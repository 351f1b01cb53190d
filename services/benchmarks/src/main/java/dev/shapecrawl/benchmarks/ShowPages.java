package dev.shapecrawl.benchmarks;

import dev.shapecrawl.core.similarity.RtdmTemplateSimilarity;
import dev.shapecrawl.core.tree.HtmlTrees;
import dev.shapecrawl.core.tree.LabelDictionary;
import dev.shapecrawl.core.tree.TreeBuilder;
import java.util.List;
import java.util.Locale;

/**
 * Prints the pages the benchmarks use, with their sizes (docs/benchmarks.md, "Pages"):
 * {@code java -cp services/benchmarks/target/benchmarks.jar dev.shapecrawl.benchmarks.ShowPages [site...]}.
 */
public final class ShowPages {

    private ShowPages() {
    }

    /**
     * @param args site directory names; none means the sites of {@link PageCostBenchmark}
     */
    public static void main(String[] args) {
        List<String> sites = args.length > 0 ? List.of(args) : List.of("kafka-clients-4.1.1", "junit-4.13.2");
        System.out.println("sites: " + BenchSites.sitesDirectory());
        System.out.println("| site | pages | type pages | role | page | tag-only nodes | template nodes | chars |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        for (String name : sites) {
            BenchSites.Site site = BenchSites.load(name);
            print(site, "median page", site.page(BenchSites.SizeClass.median));
            print(site, "p99 page", site.page(BenchSites.SizeClass.p99));
            print(site, "sample (median type page)", site.sample());
            print(site, "largest page", site.pages().get(site.pages().size() - 1));
        }
    }

    private static void print(BenchSites.Site site, String role, BenchSites.Page page) {
        TreeBuilder template = new TreeBuilder(new LabelDictionary(), new RtdmTemplateSimilarity().labeller(),
                TreeBuilder.DEFAULT_MAX_NODES);
        int templateNodes = template.build(HtmlTrees.parse(page.html(), null)).nodeCount();
        System.out.printf(Locale.ROOT, "| %s | %d | %d | %s | `%s` | %,d | %,d | %,d |%n", site.name(),
                site.pages().size(), site.typePages(), role, page.path(), page.nodes(), templateNodes,
                page.html().length());
    }
}
