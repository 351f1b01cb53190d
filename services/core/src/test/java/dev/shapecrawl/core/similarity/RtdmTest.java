package dev.shapecrawl.core.similarity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.shapecrawl.core.tree.HtmlTrees;
import dev.shapecrawl.core.tree.LabelDictionary;
import dev.shapecrawl.core.tree.LabelledTree;
import dev.shapecrawl.core.tree.TreeBuilder;
import dev.shapecrawl.core.tree.TreeTerms;
import org.junit.jupiter.api.Test;

class RtdmTest {

    private final LabelDictionary dictionary = new LabelDictionary();
    private final Rtdm rtdm = Rtdm.withUnitCosts();

    private LabelledTree tree(String term) {
        return TreeTerms.parse(dictionary, term);
    }

    private double distance(String first, String second) {
        return rtdm.distance(tree(first), tree(second));
    }

    @Test
    void reproducesTheSpecificationsWorkedExample() {
        // Specification §3.6: two li vs one li; head and div identical (0), one li deleted (size 2).
        LabelledTree t1 = tree("html(head(title(#text)),body(div(#text),ul(li(#text),li(#text))))");
        LabelledTree t2 = tree("html(head(title(#text)),body(div(#text),ul(li(#text))))");

        assertEquals(12, t1.nodeCount());
        assertEquals(10, t2.nodeCount());
        assertEquals(2, rtdm.distance(t1, t2));
        assertEquals(2, rtdm.distance(t2, t1));
        assertEquals(22, rtdm.maximumDistance(t1, t2));
    }

    @Test
    void reproducesTheWorkedExampleFromHtml() {
        TreeBuilder builder = TreeBuilder.seed(dictionary);
        LabelledTree t1 = HtmlTrees.tree("<title>A</title><div>x</div><ul><li>1</li><li>2</li></ul>", "", builder);
        LabelledTree t2 = HtmlTrees.tree("<title>B</title><div>y</div><ul><li>3</li></ul>", "", builder);

        assertEquals(2, rtdm.distance(t1, t2));
    }

    @Test
    void identicalTreesAreAtDistanceZero() {
        String term = "html(head(title(#text)),body(div(#text),ul(li(#text),li(#text))))";
        assertEquals(0, distance(term, term));
        assertEquals(0, distance("a", "a"));
    }

    @Test
    void differentRootsCostARelabelPlusEverythingBelow() {
        // Specification §3.4, different labels: sub + del·(|a|−1) + ins·(|b|−1) = |T1| + |T2| − 1 with unit costs.
        assertEquals(1, distance("a", "b"));
        assertEquals(3 + 2 - 1, distance("a(b,c)", "x(y)"));
        assertEquals(12 + 10 - 1, distance("html(head(title(#text)),body(div(#text),ul(li(#text),li(#text))))",
                "page(head(title(#text)),body(div(#text),ul(li(#text))))"));
    }

    @Test
    void deletesAndInsertsWholeSubtrees() {
        assertEquals(2, distance("a", "a(b,c)"));
        assertEquals(2, distance("a(b,c)", "a"));
        assertEquals(3, distance("a(b(c,d))", "a"));
        assertEquals(1, distance("a(b,c)", "a(b,c,d)"));
        assertEquals(2, distance("a(b,c)", "a(c,b)")); // order matters: one pair kept, one deleted and inserted
    }

    @Test
    void aRelabelEndsTheMappingBelowIt() {
        // Restricted (Definition 3): b→x is a relabel, so the c's below cannot be mapped: 1 + 1 + 1.
        assertEquals(3, distance("a(b(c))", "a(x(c))"));
        // An unrestricted top-down mapping would map c to c and cost 1.
        assertEquals(1 + 3 + 3, distance("a(b(c,d,e))", "a(x(c,d,e))"));
    }

    @Test
    void takesTheEmptyMappingWhenRelabellingIsDearerThanDroppingBothTrees() {
        Rtdm dearRelabel = new Rtdm(new RtdmCosts(1, 1, 5));
        LabelledTree a = tree("a");
        LabelledTree b = tree("b");

        assertEquals(2, dearRelabel.distance(a, b)); // delete a, insert b
        assertEquals(2, dearRelabel.distance(tree("r(a)"), tree("r(b)"))); // same inside the child DP
        // Cheap relabel: a→b (1) plus deleting the other a (2).
        assertEquals(3, new Rtdm(new RtdmCosts(2, 3, 1)).distance(tree("r(a,a)"), tree("r(b)")));
    }

    @Test
    void weighsDeletionsAndInsertionsSeparately() {
        Rtdm costs = new Rtdm(new RtdmCosts(2, 3, 1));
        LabelledTree small = tree("a(b)");
        LabelledTree big = tree("a(b,c(d))");

        assertEquals(6, costs.distance(small, big)); // insert c(d): 2 nodes × 3
        assertEquals(4, costs.distance(big, small)); // delete c(d): 2 nodes × 2
        assertEquals(2 * 2 + 3 * 4, costs.maximumDistance(small, big));
    }

    @Test
    void rejectsTreesFromDifferentDictionariesAndBadArguments() {
        LabelledTree mine = tree("a");
        LabelledTree theirs = TreeTerms.parse(new LabelDictionary(), "a");

        assertThrows(IllegalArgumentException.class, () -> rtdm.distance(mine, theirs));
        assertThrows(IllegalArgumentException.class, () -> rtdm.distanceWithin(mine, mine, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new RtdmCosts(0, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new RtdmCosts(1, -1, 1));
        assertThrows(IllegalArgumentException.class, () -> new RtdmCosts(1, 1, -1));
        assertThrows(IllegalArgumentException.class, () -> new RtdmCosts(1, Double.POSITIVE_INFINITY, 1));
        assertThrows(NullPointerException.class, () -> new Rtdm(null));
    }

    @Test
    void boundedDistanceIsExactWithinTheBoundAndExceededBeyondIt() {
        LabelledTree t1 = tree("html(head(title(#text)),body(div(#text),ul(li(#text),li(#text))))");
        LabelledTree t2 = tree("html(head(title(#text)),body(div(#text),ul(li(#text))))");

        assertEquals(2, rtdm.distanceWithin(t1, t2, 2));
        assertEquals(2, rtdm.distanceWithin(t1, t2, 100));
        assertEquals(2, rtdm.distanceWithin(t1, t2, Double.POSITIVE_INFINITY));
        assertEquals(Rtdm.EXCEEDED, rtdm.distanceWithin(t1, t2, 1.999));
        assertEquals(Rtdm.EXCEEDED, rtdm.distanceWithin(t1, t2, -1));
        assertEquals(0, rtdm.distanceWithin(t1, t1, 0));
        assertEquals(Rtdm.EXCEEDED, rtdm.distanceWithin(t1, t1, -0.5));
    }
}
