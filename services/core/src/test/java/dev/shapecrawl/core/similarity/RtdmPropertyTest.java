package dev.shapecrawl.core.similarity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shapecrawl.core.tree.LabelDictionary;
import dev.shapecrawl.core.tree.LabelledTree;
import dev.shapecrawl.core.tree.RandomTrees;
import dev.shapecrawl.core.tree.TreeTerms;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** RTDM against independent oracles on seeded random trees (reproducible: fixed seeds). */
@Timeout(120)
class RtdmPropertyTest {

    private static final String[] FEW_LABELS = {"a", "b", "c"};
    private static final double[] COSTS = {0.5, 1, 2, 3.5}; // binary fractions: sums are exact

    private final LabelDictionary dictionary = new LabelDictionary();

    /**
     * A random pair. A quarter are independent trees (mostly with different roots: the closed-form case); half are
     * independent trees given the same root label, so the child DP runs; a quarter are a tree and a lightly edited
     * copy, the hard case of similar trees with many identical subtrees.
     */
    private LabelledTree[] randomPair(Random random, int maxNodes) {
        RandomTrees.Node first = RandomTrees.random(random, maxNodes, FEW_LABELS);
        RandomTrees.Node second;
        int kind = random.nextInt(4);
        if (kind == 0) {
            second = RandomTrees.mutate(random, first, 1 + random.nextInt(3), FEW_LABELS);
        } else {
            second = RandomTrees.random(random, maxNodes, FEW_LABELS);
            if (kind != 1) {
                second.label = first.label;
            }
        }
        return new LabelledTree[]{RandomTrees.toLabelled(first, dictionary), RandomTrees.toLabelled(second, dictionary)};
    }

    @Test
    void theBruteForceReproducesHandComputedDistances() {
        String[][] cases = {
                {"html(head(title(#text)),body(div(#text),ul(li(#text),li(#text))))",
                        "html(head(title(#text)),body(div(#text),ul(li(#text))))", "2"},
                {"a(b(c))", "a(x(c))", "3"}, // restricted: nothing below a relabel
                {"a(b,c)", "a(c,b)", "2"},
                {"a(b)", "c(a(b))", "4"}, // no mapping of a root to a non-root
                {"a", "b", "1"},
                {"a(b,c)", "x(y)", "4"},
        };
        for (String[] c : cases) {
            LabelledTree t1 = TreeTerms.parse(dictionary, c[0]);
            LabelledTree t2 = TreeTerms.parse(dictionary, c[1]);
            assertEquals(Double.parseDouble(c[2]), BruteForceRtdm.distance(t1, t2, RtdmCosts.UNIT), c[0] + " vs " + c[1]);
        }
        assertEquals(2, BruteForceRtdm.distance(TreeTerms.parse(dictionary, "a"), TreeTerms.parse(dictionary, "b"),
                new RtdmCosts(1, 1, 5))); // the empty mapping
    }

    @Test
    void equalsTheBruteForceMinimumOverAllRestrictedTopDownMappings() {
        Random random = new Random(2006);
        Rtdm rtdm = Rtdm.withUnitCosts();
        int throughTheDp = 0;
        for (int round = 0; round < 1_000; round++) {
            LabelledTree[] pair = randomPair(random, 7);
            LabelledTree t1 = pair[0];
            LabelledTree t2 = pair[1];
            double expected = BruteForceRtdm.distance(t1, t2, RtdmCosts.UNIT);
            assertEquals(expected, rtdm.distance(t1, t2), 0, () -> t1.toTerm(200) + " vs " + t2.toTerm(200));
            if (t1.labelId(0) == t2.labelId(0) && expected > 0 && t1.nodeCount() > 1 && t2.nodeCount() > 1) {
                throughTheDp++;
            }
        }
        assertTrue(throughTheDp >= 500, "pairs that needed the child DP: " + throughTheDp);
    }

    @Test
    void equalsTheBruteForceMinimumWithOtherCosts() {
        Random random = new Random(2004);
        for (int round = 0; round < 600; round++) {
            RtdmCosts costs = new RtdmCosts(pick(random), pick(random), pick(random) * random.nextInt(3));
            LabelledTree[] pair = randomPair(random, 7);
            double expected = BruteForceRtdm.distance(pair[0], pair[1], costs);
            assertEquals(expected, new Rtdm(costs).distance(pair[0], pair[1]), 1e-12,
                    () -> costs + ": " + pair[0].toTerm(200) + " vs " + pair[1].toTerm(200));
        }
    }

    @Test
    void equalsTheSpecificationsRecurrenceOnLargerTrees() {
        Random random = new Random(1991);
        for (int round = 0; round < 500; round++) {
            RtdmCosts costs = round % 2 == 0 ? RtdmCosts.UNIT
                    : new RtdmCosts(pick(random), pick(random), pick(random));
            LabelledTree[] pair = randomPair(random, 80);
            assertEquals(SpecRecurrence.distance(pair[0], pair[1], costs), new Rtdm(costs).distance(pair[0], pair[1]),
                    1e-9, () -> pair[0].toTerm(500) + " vs " + pair[1].toTerm(500));
        }
    }

    @Test
    void earlyExitNeverChangesADistanceWithinTheBound() {
        Random random = new Random(42);
        long cellsExact = 0;
        long cellsBounded = 0;
        int exceeded = 0;
        for (int round = 0; round < 2_000; round++) {
            RtdmCosts costs = round % 3 == 0 ? new RtdmCosts(pick(random), pick(random), pick(random))
                    : RtdmCosts.UNIT;
            Rtdm rtdm = new Rtdm(costs);
            LabelledTree[] pair = randomPair(random, 60);
            Rtdm.Outcome exact = rtdm.search(pair[0], pair[1], Double.POSITIVE_INFINITY);
            double d = exact.distance();
            double[] bounds = {d, d + 0.25, d * 2, d - 0.25, d / 2, 0, random.nextDouble() * (d + 5)};
            for (double bound : bounds) {
                Rtdm.Outcome bounded = rtdm.search(pair[0], pair[1], bound);
                if (d <= bound) {
                    assertEquals(d, bounded.distance(), 0, "bound " + bound);
                } else {
                    assertEquals(Rtdm.EXCEEDED, bounded.distance(), "bound " + bound);
                    exceeded++;
                }
                assertEquals(bounded.distance(), rtdm.distanceWithin(pair[0], pair[1], bound));
                cellsExact += exact.cells();
                cellsBounded += bounded.cells();
            }
        }
        assertTrue(exceeded > 1_000, "exceeded " + exceeded);
        System.out.printf("early exit: %,d DP cells with bounds vs %,d without (%d bounds exceeded)%n",
                cellsBounded, cellsExact, exceeded);
    }

    @Test
    void theThresholdTestAgreesWithTheSimilarity() {
        Random random = new Random(80);
        RtdmPlainSimilarity similarity = new RtdmPlainSimilarity();
        for (int round = 0; round < 2_000; round++) {
            LabelledTree[] pair = randomPair(random, 60);
            double sim = similarity.similarity(pair[0], pair[1]);
            double[] thresholds = {sim, Math.nextUp(sim), Math.nextDown(sim), 0.8, 0.5, 0.95, 0, 1, random.nextDouble()};
            for (double threshold : thresholds) {
                if (threshold < 0 || threshold > 1) {
                    continue;
                }
                assertEquals(sim >= threshold, similarity.isSimilar(pair[0], pair[1], threshold),
                        "sim " + sim + ", threshold " + threshold);
            }
        }
    }

    private static double pick(Random random) {
        return COSTS[random.nextInt(COSTS.length)];
    }
}
