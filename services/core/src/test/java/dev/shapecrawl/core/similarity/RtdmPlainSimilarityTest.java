package dev.shapecrawl.core.similarity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shapecrawl.core.tree.LabelDictionary;
import dev.shapecrawl.core.tree.LabelledTree;
import dev.shapecrawl.core.tree.TreeTerms;
import org.junit.jupiter.api.Test;

class RtdmPlainSimilarityTest {

    private final LabelDictionary dictionary = new LabelDictionary();
    private final RtdmPlainSimilarity similarity = new RtdmPlainSimilarity();
    private final LabelledTree twoItems =
            TreeTerms.parse(dictionary, "html(head(title(#text)),body(div(#text),ul(li(#text),li(#text))))");
    private final LabelledTree oneItem =
            TreeTerms.parse(dictionary, "html(head(title(#text)),body(div(#text),ul(li(#text))))");

    @Test
    void isNamedAndHasTheSpecificationsDefaultThreshold() {
        assertEquals("rtdm-plain", similarity.name());
        assertEquals(0.80, similarity.defaultThreshold());
    }

    @Test
    void normalisesTheWorkedExampleByTheTreeSizes() {
        // Specification §3.6: sim = 1 − 2/22 ≈ 0.909, similar at τ = 0.8.
        assertEquals(1 - 2.0 / 22, similarity.similarity(twoItems, oneItem), 1e-15);
        assertEquals(0.909, similarity.similarity(twoItems, oneItem), 0.0005);
        assertTrue(similarity.isSimilar(twoItems, oneItem, similarity.defaultThreshold()));
        assertFalse(similarity.isSimilar(twoItems, oneItem, 0.95));
    }

    @Test
    void identicalTreesHaveSimilarityOne() {
        assertEquals(1, similarity.similarity(twoItems, twoItems));
        assertTrue(similarity.isSimilar(twoItems, twoItems, 1));
    }

    @Test
    void treesWithDifferentRootsKeepOnlyTheRelabelledRoot() {
        // d = |T1| + |T2| − 1, so sim = 1/(|T1| + |T2|): not 0, the roots are still mapped (relabelled).
        LabelledTree other = TreeTerms.parse(dictionary, "x(y(z))");
        assertEquals(1.0 / (12 + 3), similarity.similarity(twoItems, other), 1e-15);
        assertEquals(0.5, similarity.similarity(TreeTerms.parse(dictionary, "a"), TreeTerms.parse(dictionary, "b")));
        assertFalse(similarity.isSimilar(twoItems, other, 0.8));
        assertTrue(similarity.isSimilar(twoItems, other, 0));
    }

    @Test
    void staysInTheUnitIntervalWithOtherCosts() {
        RtdmPlainSimilarity dear = new RtdmPlainSimilarity(new Rtdm(new RtdmCosts(1, 1, 5)));
        double sim = dear.similarity(TreeTerms.parse(dictionary, "a"), TreeTerms.parse(dictionary, "b"));
        assertEquals(0, sim); // the empty mapping: d = 2 = the maximum
        RtdmPlainSimilarity weighted = new RtdmPlainSimilarity(new Rtdm(new RtdmCosts(2, 3, 1)));
        double value = weighted.similarity(twoItems, oneItem); // d = 2·2 over 2·12 + 3·10
        assertEquals(1 - 4.0 / 54, value, 1e-15);
    }

    @Test
    void rejectsThresholdsOutsideTheUnitInterval() {
        assertThrows(IllegalArgumentException.class, () -> similarity.isSimilar(twoItems, oneItem, 1.5));
        assertThrows(IllegalArgumentException.class, () -> similarity.isSimilar(twoItems, oneItem, -0.1));
        assertThrows(IllegalArgumentException.class, () -> similarity.isSimilar(twoItems, oneItem, Double.NaN));
    }
}
