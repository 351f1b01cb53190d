package dev.shapecrawl.core.similarity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shapecrawl.core.tree.HtmlTrees;
import dev.shapecrawl.core.tree.LabelDictionary;
import dev.shapecrawl.core.tree.LabelledTree;
import dev.shapecrawl.core.tree.TreeBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The explicit stack: deep and wide trees, no {@link StackOverflowError}; timings printed, not asserted. */
@Timeout(60)
class RtdmDeepAndLargeTreesTest {

    private final LabelDictionary dictionary = new LabelDictionary();
    private final Rtdm rtdm = Rtdm.withUnitCosts();

    /** {@code levels} nested divs, each with a {@code span} leaf before the next div, ending in {@code leaf}. */
    private LabelledTree chain(int levels, String leaf) {
        LabelledTree.Builder builder = LabelledTree.builder(dictionary);
        for (int level = 0; level < levels; level++) {
            builder.open("div");
            builder.leaf("span");
        }
        builder.leaf(leaf);
        return builder.build();
    }

    @Test
    void comparesChainsAHundredThousandLevelsDeep() {
        LabelledTree first = chain(100_000, "a");
        LabelledTree second = chain(100_000, "b");

        long start = System.nanoTime();
        double distance = rtdm.distance(first, second);
        System.out.printf("rtdm on two 100,000-level chains (%,d nodes each): %,d ms%n", first.nodeCount(),
                (System.nanoTime() - start) / 1_000_000);

        assertEquals(1, distance); // the bottom leaves are relabelled; every span pair is identical
        assertEquals(0, rtdm.distance(first, chain(100_000, "a")));
        // At the bottom, div(span,a) faces the leaf a: relabel div→a and delete span and a (3).
        assertEquals(3, rtdm.distance(first, chain(99_999, "a")));
    }

    @Test
    void comparesWideTrees() {
        LabelledTree.Builder many = LabelledTree.builder(dictionary);
        LabelledTree.Builder fewer = LabelledTree.builder(dictionary);
        many.open("ul");
        fewer.open("ul");
        for (int item = 0; item < 3_000; item++) {
            many.open("li");
            many.leaf(item % 2 == 0 ? "#text" : "a");
            many.close();
            if (item % 3 != 0) {
                fewer.open("li");
                fewer.leaf(item % 2 == 0 ? "#text" : "b");
                fewer.close();
            }
        }
        LabelledTree first = many.build();
        LabelledTree second = fewer.build();

        long start = System.nanoTime();
        Rtdm.Outcome outcome = rtdm.search(first, second, Double.POSITIVE_INFINITY);
        System.out.printf("rtdm on a 3,000 × 2,000 child DP: %,d ms, %,d cells, distance %.0f%n",
                (System.nanoTime() - start) / 1_000_000, outcome.cells(), outcome.distance());
        assertEquals(SpecRecurrence.distance(first, second, RtdmCosts.UNIT), outcome.distance());
    }

    @Test
    void theSizeBoundEndsHopelessComparisonsAtOnce() {
        TreeBuilder builder = TreeBuilder.seed(dictionary);
        LabelledTree sample = HtmlTrees.tree("<div><ul><li>a</li><li>b</li></ul></div>", "", builder);
        LabelledTree huge = HtmlTrees.tree("<div><ul>" + "<li>x</li>".repeat(100_000) + "</ul></div>", "", builder);
        RtdmPlainSimilarity similarity = new RtdmPlainSimilarity();

        Rtdm.Outcome bounded = rtdm.search(sample, huge, 0.2 * rtdm.maximumDistance(sample, huge));
        assertEquals(Rtdm.EXCEEDED, bounded.distance());
        assertEquals(0, bounded.cells());
        assertFalse(similarity.isSimilar(sample, huge, 0.8));
        assertTrue(similarity.similarity(sample, huge) < 0.01);
    }

    @Test
    void comparesAHostilePageWithItselfAndWithAnEditedCopy() {
        TreeBuilder builder = TreeBuilder.seed(dictionary);
        StringBuilder html = new StringBuilder("<body>");
        for (int row = 0; row < 20_000; row++) {
            html.append("<div class=row><a href=/i/").append(row).append(">item</a><span>d</span></div>");
        }
        LabelledTree page = HtmlTrees.tree(html.toString(), "", builder);
        LabelledTree edited = HtmlTrees.tree(html.toString().replace("<div class=row><a href=/i/77>", "<div><p>x</p><a>"),
                "", builder);

        long start = System.nanoTime();
        assertEquals(0, rtdm.distance(page, page));
        double distance = rtdm.distance(page, edited);
        System.out.printf("rtdm on %,d-node pages (20,000 rows), one row edited: %,d ms, distance %.0f%n",
                page.nodeCount(), (System.nanoTime() - start) / 1_000_000, distance);
        assertEquals(2, distance); // insert p(#text)
    }
}
