package dev.shapecrawl.core.classify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shapecrawl.core.classify.TargetDecision.Scored;
import dev.shapecrawl.core.classify.TargetDecision.Settings;
import dev.shapecrawl.core.classify.TargetDecision.Status;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TargetDecisionTest {

    private static List<Scored> pages(String prefix, int count, double high, double low) {
        List<Scored> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            double s = count == 1 ? high : high - (high - low) * i / (count - 1);
            out.add(new Scored("http://site.test/" + prefix + i, s, null));
        }
        return out;
    }

    private static List<Scored> concat(List<Scored>... parts) {
        List<Scored> all = new ArrayList<>();
        for (List<Scored> p : parts) {
            all.addAll(p);
        }
        return all;
    }

    @Test
    void aWideGapBelowTheSamplesClassDecides() {
        // targets 0.99..0.93, decoys 0.82..0.40: the widest gap above the floor is 0.93 -> 0.82
        var result = TargetDecision.decide(concat(pages("t", 50, 0.99, 0.93), pages("d", 80, 0.82, 0.40)),
                Settings.defaults());
        assertEquals(Status.DECIDED, result.status());
        assertEquals(50, result.targets());
        assertEquals(0.875, result.threshold(), 1e-9);
        assertTrue(result.isTarget(0.9, null));
        assertFalse(result.isTarget(0.85, null));
        assertTrue(result.neighbours().isEmpty());
    }

    @Test
    void theThresholdMovesWithTheSite() {
        // the same shape 0.07 lower: a fixed threshold of 0.879 would lose every target, the site's gap does not
        var result = TargetDecision.decide(concat(pages("t", 50, 0.92, 0.86), pages("d", 80, 0.62, 0.30)),
                Settings.defaults());
        assertEquals(Status.DECIDED, result.status());
        assertEquals(50, result.targets());
        assertEquals(0.74, result.threshold(), 1e-9);
    }

    @Test
    void twoComparableGapsAreAmbiguousAndNameThePagesBetween() {
        // targets 0.99..0.95, a band of 30 look-alikes 0.92..0.90, the rest 0.86..0.3: gaps 0.03 and 0.04
        var result = TargetDecision.decide(concat(pages("t", 40, 0.99, 0.95), pages("m", 30, 0.92, 0.90),
                pages("d", 60, 0.86, 0.30)), Settings.defaults());
        assertEquals(Status.AMBIGUOUS, result.status());
        assertEquals(1, result.neighbours().size());
        var band = result.neighbours().get(0);
        assertEquals(30, band.size());
        assertEquals(3, band.examples().size());
        assertTrue(band.examples().stream().allMatch(u -> u.contains("/m")));
        assertTrue(band.taken(), "the widest gap is below the band, so the threshold takes it");
        assertEquals(0.90, band.lowest(), 1e-9);
        assertEquals(0.92, band.highest(), 1e-9);
    }

    @Test
    void aNegativeSampleRemovesTheNeighbourAndTheDecisionBecomesClear() {
        List<Scored> all = new ArrayList<>(pages("t", 40, 0.99, 0.95));
        for (Scored m : pages("m", 30, 0.92, 0.90)) {
            all.add(new Scored(m.url(), m.positive(), 0.97)); // each look-alike is nearer the negative sample
        }
        for (Scored d : pages("d", 60, 0.86, 0.30)) {
            all.add(new Scored(d.url(), d.positive(), 0.5));
        }
        var result = TargetDecision.decide(all, Settings.defaults());
        assertEquals(Status.DECIDED, result.status());
        assertEquals(40, result.targets());
        assertFalse(result.isTarget(0.97, 0.98), "a page nearer a negative sample is never a target");
    }

    @Test
    void theNegativeSamplesPagesCloseTheOrderWhereTheyLieBelowIt() {
        // SFML's shape (bin/eval-decision-e2e): the samples' class 0.99..0.943, a negative-like band 0.893..0.85,
        // five module pages 0.846..0.841 that no sample accounts for, and below them more pages like the negative
        List<Scored> all = new ArrayList<>(pages("t", 100, 0.99, 0.943));
        for (Scored m : pages("h", 12, 0.893, 0.85)) {
            all.add(new Scored(m.url(), m.positive(), 0.99));
        }
        all.addAll(pages("g", 5, 0.846, 0.841));
        for (Scored d : pages("d", 80, 0.83, 0.40)) {
            all.add(new Scored(d.url(), d.positive(), 0.95));
        }
        var result = TargetDecision.decide(all, Settings.defaults());
        // without the closing page the widest gap was 0.841 -> 0 (a virtual page), the threshold 0.42 took the
        // module pages; with it, the gap 0.943 -> 0.846 is the widest
        assertEquals(Status.DECIDED, result.status(), result.reason());
        assertEquals(100, result.targets());
        assertEquals((0.943 + 0.846) / 2, result.threshold(), 1e-9);
        assertFalse(result.isTarget(0.846, null), "a module page is left out");
        assertTrue(result.isTarget(0.943, 0.9));
    }

    @Test
    void everyPageLeftLikeTheSamplesIsStillAmbiguousWithANegativeSample() {
        // the pages a negative sample accounts for lie amid the samples' class, none below it: no other class shows
        List<Scored> all = new ArrayList<>(pages("t", 50, 0.99, 0.90));
        for (Scored m : pages("m", 10, 0.97, 0.92)) {
            all.add(new Scored(m.url(), m.positive(), 0.99));
        }
        var result = TargetDecision.decide(all, Settings.defaults());
        assertEquals(Status.AMBIGUOUS, result.status());
        assertEquals(50, result.targets());
        assertTrue(result.reason().contains("not like a negative sample"), result.reason());
    }

    @Test
    void aSiteOfOneClassIsAmbiguous() {
        var result = TargetDecision.decide(pages("p", 100, 0.999, 0.88), Settings.defaults());
        assertEquals(Status.AMBIGUOUS, result.status());
        assertEquals(100, result.targets());
        assertTrue(result.reason().contains("no other class"), result.reason());
    }

    @Test
    void nothingLikeTheSamplesIsNone() {
        var result = TargetDecision.decide(pages("p", 20, 0.7, 0.1), Settings.defaults());
        assertEquals(Status.NONE, result.status());
        assertEquals(0, result.targets());
        assertFalse(result.isTarget(0.95, null));
        assertEquals(Status.NONE, TargetDecision.decide(List.of(), Settings.defaults()).status());
    }

    @Test
    void badInputIsRefusedWithItsName() {
        assertThrows(IllegalArgumentException.class, () -> new Scored("u", 1.2, null));
        assertThrows(IllegalArgumentException.class, () -> new Scored("u", 0.5, -0.1));
        assertThrows(IllegalArgumentException.class, () -> new Settings(0, 2));
        assertThrows(IllegalArgumentException.class, () -> new Settings(0.8, 1));
    }
}
