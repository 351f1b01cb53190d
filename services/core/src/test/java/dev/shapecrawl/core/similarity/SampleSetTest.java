package dev.shapecrawl.core.similarity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shapecrawl.core.tree.LabelDictionary;
import dev.shapecrawl.core.tree.LabelledTree;
import dev.shapecrawl.core.tree.TreeTerms;
import java.util.List;
import org.junit.jupiter.api.Test;

class SampleSetTest {

    private final LabelDictionary dictionary = new LabelDictionary();
    /** Unweighted, τ = 0.8, so the numbers are easy to check by hand. */
    private final RtdmTemplateSimilarity similarity = new RtdmTemplateSimilarity(1, 1, 0.8);

    private LabelledTree t(String term) {
        return TreeTerms.parse(dictionary, term);
    }

    @Test
    void oneSampleUsesTheDefaultThresholdAndReportsTheSimilarity() {
        LabelledTree sample = t("html(body(div(p),span))");
        SampleSet set = SampleSet.of(similarity, List.of(sample));
        assertEquals(0.8, set.threshold());
        assertEquals(1, set.sampleAgreement());
        SampleSet.Classification same = set.classify(t("html(body(div(p,p,p),span))"));
        assertEquals(new SampleSet.Classification(0, 1.0, true), same);
        assertFalse(set.classify(t("html(body(ul(li)))")).target());
    }

    @Test
    void severalSamplesPickTheNearestAndLowerTheThresholdBoundedly() {
        LabelledTree s1 = t("html(body(div(p),span))");     // paths below body: div, div/p, span
        LabelledTree s2 = t("html(body(div(p),span,em))");  // + em: sim(s1, s2) = 6/7 ≈ 0.857
        SampleSet set = SampleSet.of(similarity, List.of(s1, s2));
        assertEquals(6 / 7.0, set.sampleAgreement(), 1e-12);
        assertEquals(0.8, set.threshold(), 1e-12, "agreement above τ leaves τ");
        assertEquals(1, set.classify(t("html(body(div(p),span,em(b)))")).nearestSample());

        LabelledTree far = t("html(body(ul(li),span))"); // with s1: common span → 2/6
        SampleSet loose = SampleSet.of(similarity, List.of(s1, far));
        assertEquals(0.8 - SampleSet.MAX_LOWERING, loose.threshold(), 1e-12, "never more than MAX_LOWERING below");

        SampleSet fixed = SampleSet.withThreshold(similarity, List.of(s1, far), 0.9);
        assertEquals(0.9, fixed.threshold());
        assertTrue(fixed.classify(s1).target());
        assertThrows(IllegalArgumentException.class, () -> SampleSet.of(similarity, List.of()));
    }
}
