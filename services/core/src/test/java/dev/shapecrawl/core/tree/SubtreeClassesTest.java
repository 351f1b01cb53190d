package dev.shapecrawl.core.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class SubtreeClassesTest {

    private final LabelDictionary dictionary = new LabelDictionary();

    @Test
    void findsIdenticalSubtreesAcrossTrees() {
        LabelledTree first = TreeTerms.parse(dictionary, "html(head(title(#text)),body(div(#text),ul(li(#text),li(#text))))");
        LabelledTree second = TreeTerms.parse(dictionary, "html(head(title(#text)),body(div(#text),ul(li(#text))))");
        SubtreeClasses classes = SubtreeClasses.of(first, second);

        assertTrue(classes.identical(1, 1)); // head
        assertTrue(classes.identical(5, 5)); // div
        assertTrue(classes.identical(8, 8)); // li
        assertTrue(classes.identical(10, 8)); // the other li
        assertTrue(classes.identical(3, 6)); // #text leaves
        assertFalse(classes.identical(7, 7)); // ul: two items vs one
        assertFalse(classes.identical(0, 0));
        assertFalse(classes.identical(4, 4));
        assertEquals(classes.first(8), classes.first(10));
    }

    @Test
    void distinguishesLabelsShapeAndOrder() {
        LabelledTree trees = TreeTerms.parse(dictionary, "r(a(b,c),a(c,b),a(b(c)),a(b,c,c),x(b,c),a(b,c))");
        SubtreeClasses classes = SubtreeClasses.of(trees, trees);
        int[] children = {1, 4, 7, 10, 14, 17};

        for (int i = 0; i < children.length; i++) {
            for (int j = 0; j < children.length; j++) {
                boolean same = i == j || (i == 0 && j == 5) || (i == 5 && j == 0);
                assertEquals(same, classes.identical(children[i], children[j]), i + " vs " + j);
            }
        }
    }

    @Test
    void agreesWithComparingSubtreeTermsOnRandomTrees() {
        Random random = new Random(20060301);
        for (int round = 0; round < 300; round++) {
            LabelledTree first = RandomTrees.toLabelled(RandomTrees.random(random, 25, "a", "b"), dictionary);
            LabelledTree second = RandomTrees.toLabelled(RandomTrees.random(random, 25, "a", "b"), dictionary);
            SubtreeClasses classes = SubtreeClasses.of(first, second);
            for (int u = 0; u < first.nodeCount(); u++) {
                for (int v = 0; v < second.nodeCount(); v++) {
                    boolean sameTerm = TreeTerms.subtreeTerm(first, u).equals(TreeTerms.subtreeTerm(second, v));
                    assertEquals(sameTerm, classes.identical(u, v));
                }
            }
        }
    }

    @Test
    void refusesTreesWithDifferentDictionaries() {
        LabelledTree first = TreeTerms.parse(dictionary, "a");
        LabelledTree second = TreeTerms.parse(new LabelDictionary(), "a");
        assertThrows(IllegalArgumentException.class, () -> SubtreeClasses.of(first, second));
    }

    @Test
    @Timeout(60)
    void handlesDeepAndWideTreesIteratively() {
        LabelledTree.Builder chain = LabelledTree.builder(dictionary);
        for (int level = 0; level < 100_000; level++) {
            chain.open("div");
        }
        LabelledTree deep = chain.build();
        LabelledTree.Builder flat = LabelledTree.builder(dictionary);
        flat.open("ul");
        for (int item = 0; item < 100_000; item++) {
            flat.leaf("li");
        }
        LabelledTree wide = flat.build();

        SubtreeClasses classes = SubtreeClasses.of(deep, wide);

        assertFalse(classes.identical(0, 0));
        assertFalse(classes.identical(99_999, 0)); // a div leaf is not the ul
        assertEquals(classes.second(1), classes.second(100_000));
        assertFalse(classes.first(0) == classes.first(1));
    }
}
