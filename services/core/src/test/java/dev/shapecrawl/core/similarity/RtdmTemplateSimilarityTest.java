package dev.shapecrawl.core.similarity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shapecrawl.core.tree.HtmlTrees;
import dev.shapecrawl.core.tree.LabelDictionary;
import dev.shapecrawl.core.tree.LabelledTree;
import dev.shapecrawl.core.tree.TemplateLabeller;
import dev.shapecrawl.core.tree.TreeBuilder;
import dev.shapecrawl.core.tree.TreeTerms;
import java.util.List;
import org.junit.jupiter.api.Test;

class RtdmTemplateSimilarityTest {

    private final LabelDictionary dictionary = new LabelDictionary();
    private final RtdmTemplateSimilarity similarity = new RtdmTemplateSimilarity();
    private final TreeBuilder builder =
            new TreeBuilder(dictionary, similarity.labeller(), TreeBuilder.DEFAULT_MAX_NODES);

    private LabelledTree page(String html) {
        return HtmlTrees.tree(html, null, builder);
    }

    private static String rows(int n) {
        StringBuilder out = new StringBuilder("<table class='members'>");
        for (int i = 0; i < n; i++) {
            out.append("<tr><td class='name'>m").append(i).append("</td><td>").append(i % 3 == 0 ? "<b>x</b>" : "y")
                    .append("</td></tr>");
        }
        return out.append("</table>").toString();
    }

    @Test
    void isNamedUsesTheTemplateLabellerAndItsThreshold() {
        assertEquals("rtdm-template", similarity.name());
        assertEquals(RtdmTemplateSimilarity.DEFAULT_THRESHOLD, similarity.defaultThreshold());
        assertEquals(TemplateLabeller.INSTANCE, similarity.labeller());
    }

    @Test
    void recordCountDoesNotMatterButTemplatePositionsDo() {
        String header = "<div class='header'><h1 class='title'>T</h1></div>";
        LabelledTree small = page(header + rows(2));
        LabelledTree large = page(header + rows(500));
        LabelledTree otherClass = page("<div class='header'><h1 class='title'>T</h1></div><ul class='index'>"
                + "<li>a</li><li>b</li></ul>");
        assertEquals(1.0, similarity.similarity(small, large), 1e-9, "same positions, 2 vs 500 records");
        assertTrue(similarity.similarity(small, otherClass) < 0.7, "different template under the same header");
        // Plain RTDM on tag-only trees, for contrast: the size difference alone sinks it.
        LabelDictionary tags = new LabelDictionary();
        TreeBuilder tagBuilder = TreeBuilder.seed(tags);
        double plain = new RtdmPlainSimilarity().similarity(HtmlTrees.tree(header + rows(2), null, tagBuilder),
                HtmlTrees.tree(header + rows(500), null, tagBuilder));
        assertTrue(plain < 0.05, "plain " + plain);
    }

    @Test
    void isSymmetricBoundedAndOneOnIdenticalPages() {
        LabelledTree a = page("<div class='x'><p>a</p><ul><li>b</li></ul></div>");
        LabelledTree b = page("<div class='x'><p>a</p></div><section><h2>h</h2></section>");
        assertEquals(1.0, similarity.similarity(a, a));
        double ab = similarity.similarity(a, b);
        assertEquals(ab, similarity.similarity(b, a), 1e-12);
        assertTrue(ab > 0 && ab < 1, "ab " + ab);
        assertTrue(similarity.isSimilar(a, a, 1.0));
        assertFalse(similarity.isSimilar(a, b, 0.99));
    }

    @Test
    void isTheWeightedDiceOfTheLabelPathTries() {
        // β = 1, γ = 1: every path below body weighs 1, so sim = 2·|common paths| / (|S| + |P|) over those paths.
        RtdmTemplateSimilarity unweighted = new RtdmTemplateSimilarity(1, 1, 0.5);
        LabelledTree s = TreeTerms.parse(dictionary, "html(body(div(p,p,ul(li,li)),span))");
        LabelledTree p = TreeTerms.parse(dictionary, "html(body(div(p,ol),span,span(b)))");
        // S paths below body: div, div/p, div/ul, div/ul/li, span = 5; P: div, div/p, div/ol, span, span/b = 5;
        // common: div, div/p, span = 3.
        assertEquals(2 * 3 / 10.0, unweighted.similarity(s, p), 1e-12);
        assertEquals(5, unweighted.profile(s).totalWeight(), 1e-12);
        assertEquals(7, unweighted.profile(s).pathCount()); // html and body included, weightless
    }

    @Test
    void preparedSamplesAgreeWithPairwiseSimilarity() {
        LabelledTree s1 = page("<div class='a'><p>x</p></div>");
        LabelledTree s2 = page("<div class='b'><ul><li>x</li></ul></div>");
        LabelledTree p = page("<div class='a'><p>y</p><p>z</p></div><footer>f</footer>");
        double[] both = similarity.prepare(List.of(s1, s2)).similarities(p);
        assertArrayEquals(new double[] {similarity.similarity(s1, p), similarity.similarity(s2, p)}, both, 1e-12);
    }

    @Test
    void rejectsTreesOfDifferentDictionariesAndBadParameters() {
        LabelledTree a = page("<p>a</p>");
        LabelledTree other = HtmlTrees.tree("<p>a</p>", null,
                new TreeBuilder(new LabelDictionary(), TemplateLabeller.INSTANCE, 100));
        assertThrows(IllegalArgumentException.class, () -> similarity.similarity(a, other));
        assertThrows(IllegalArgumentException.class, () -> new RtdmTemplateSimilarity(0, 0.9, 0.5));
        assertThrows(IllegalArgumentException.class, () -> new RtdmTemplateSimilarity(0.8, 1.5, 0.5));
        assertThrows(IllegalArgumentException.class, () -> new RtdmTemplateSimilarity(0.8, 0.9, 2));
    }

    @Test
    void countDampingDividesRepeatedPathsByOnePlusAlphaLogCount() {
        LabelledTree once = page("<body><div><p>a</p></div></body>");
        LabelledTree many = page("<body><div><p>a</p><p>b</p><p>c</p><p>d</p></div></body>");
        // Paths: div (depth 2), div/p, div/p/#text. Undamped, both pages have the same profile weight.
        assertEquals(TemplateProfile.of(once, 0.8, 0.94, 0).totalWeight(),
                TemplateProfile.of(many, 0.8, 0.94, 0).totalWeight(), 1e-12);
        assertEquals(TemplateProfile.of(once, 0.8, 0.94, 1).totalWeight(),
                TemplateProfile.of(once, 0.8, 0.94, 0).totalWeight(), 1e-12);
        double expected = 1 + (0.8 * 0.94 + 0.64 * 0.94 * 0.94) / (1 + Math.log(4));
        assertEquals(expected, TemplateProfile.of(many, 0.8, 0.94, 1).totalWeight(), 1e-12);
        // Presence is what matters for matching: the two pages still have the same template positions.
        assertEquals(1.0, similarity.similarity(once, many), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> new RtdmTemplateSimilarity(0.8, 0.94, -1, 0.5));
    }
}
