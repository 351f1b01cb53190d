package dev.shapecrawl.core.tree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class LabelledTreeTest {

    private static final String EXAMPLE = "html(head(title(#text)),body(div(#text),ul(li(#text),li(#text))))";

    private final LabelDictionary dictionary = new LabelDictionary();

    @Test
    void storesNodesInPreOrderWithParentSizeAndDepth() {
        LabelledTree tree = TreeTerms.parse(dictionary, EXAMPLE);

        assertEquals(12, tree.nodeCount());
        assertEquals(4, tree.height());
        assertFalse(tree.truncated());
        String[] labels = new String[tree.nodeCount()];
        int[] parents = new int[tree.nodeCount()];
        int[] sizes = new int[tree.nodeCount()];
        int[] depths = new int[tree.nodeCount()];
        for (int node = 0; node < tree.nodeCount(); node++) {
            labels[node] = tree.label(node);
            parents[node] = tree.parent(node);
            sizes[node] = tree.subtreeSize(node);
            depths[node] = tree.depth(node);
        }
        assertArrayEquals(new String[]{"html", "head", "title", "#text", "body", "div", "#text", "ul", "li", "#text",
                "li", "#text"}, labels);
        assertArrayEquals(new int[]{-1, 0, 1, 2, 0, 4, 5, 4, 7, 8, 7, 10}, parents);
        assertArrayEquals(new int[]{12, 3, 2, 1, 8, 2, 1, 5, 2, 1, 2, 1}, sizes);
        assertArrayEquals(new int[]{0, 1, 2, 3, 1, 2, 3, 2, 3, 4, 3, 4}, depths);
    }

    @Test
    void navigatesChildrenAndSiblings() {
        LabelledTree tree = TreeTerms.parse(dictionary, EXAMPLE);

        assertEquals(1, tree.firstChild(0));
        assertEquals(4, tree.nextSibling(1));
        assertEquals(-1, tree.nextSibling(4));
        assertEquals(-1, tree.nextSibling(0));
        assertEquals(-1, tree.firstChild(3));
        assertEquals(10, tree.nextSibling(8));
        assertEquals(2, tree.childCount(0));
        assertEquals(2, tree.childCount(4));
        assertEquals(0, tree.childCount(11));
        assertEquals(tree.labelId(8), tree.labelId(10));
        assertEquals(dictionary.intern("li"), tree.labelId(8));
    }

    @Test
    void termNotationRoundTrips() {
        assertEquals(EXAMPLE, TreeTerms.parse(dictionary, EXAMPLE).toTerm(1_000));
        assertEquals("a", TreeTerms.parse(dictionary, "a").toTerm(10));
        assertTrue(TreeTerms.parse(dictionary, EXAMPLE).toTerm(10).endsWith("…"));
        Random random = new Random(7);
        for (int k = 0; k < 200; k++) {
            LabelledTree tree = RandomTrees.toLabelled(RandomTrees.random(random, 30, "a", "b", "c"), dictionary);
            assertEquals(TreeTerms.subtreeTerm(tree, 0), tree.toTerm(10_000));
            assertEquals(tree.toTerm(10_000), TreeTerms.parse(dictionary, tree.toTerm(10_000)).toTerm(10_000));
        }
    }

    @Test
    void builderRejectsMisuse() {
        LabelledTree.Builder empty = LabelledTree.builder(dictionary);
        assertThrows(IllegalStateException.class, empty::build);
        assertThrows(IllegalStateException.class, empty::close);

        LabelledTree.Builder twoRoots = LabelledTree.builder(dictionary);
        twoRoots.leaf("a");
        assertThrows(IllegalStateException.class, () -> twoRoots.leaf("b"));

        LabelledTree.Builder once = LabelledTree.builder(dictionary);
        once.open("a");
        once.build();
        assertThrows(IllegalStateException.class, once::build);
        assertThrows(IllegalStateException.class, () -> once.open("b"));
    }

    @Test
    void buildClosesOpenNodesAndKeepsTheTruncationMark() {
        LabelledTree.Builder builder = LabelledTree.builder(dictionary);
        builder.open("a");
        builder.open("b");
        builder.leaf("c");
        builder.markTruncated();
        LabelledTree tree = builder.build();

        assertEquals("a(b(c))", tree.toTerm(100));
        assertTrue(tree.truncated());
    }

    @Test
    @Timeout(60)
    void handlesAChainOfAHundredThousandLevels() {
        LabelledTree.Builder builder = LabelledTree.builder(dictionary);
        for (int level = 0; level < 100_000; level++) {
            builder.open("div");
        }
        LabelledTree chain = builder.build();

        assertEquals(100_000, chain.nodeCount());
        assertEquals(99_999, chain.height());
        assertEquals(100_000, chain.subtreeSize(0));
        assertEquals(1, chain.subtreeSize(99_999));
        assertEquals(99_998, chain.parent(99_999));
        assertEquals(("div(".repeat(99_999) + "div" + ")".repeat(99_999)), chain.toTerm(Integer.MAX_VALUE));
    }
}
