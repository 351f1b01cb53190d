package dev.shapecrawl.core.eval;

import dev.shapecrawl.core.similarity.SampleSet;
import dev.shapecrawl.core.similarity.StructuralSimilarity;
import dev.shapecrawl.core.tree.LabelledTree;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/** Runs one measure with given samples over one site: classification at the default threshold and distributions. */
public final class Evaluation {

    /**
     * @param site          the site
     * @param measure       the measure's name
     * @param samples       the sample paths
     * @param threshold     the effective threshold
     * @param tp            targets classified as targets
     * @param fp            non-targets classified as targets
     * @param fn            targets missed
     * @param targets       similarities of the targets (samples excluded), sorted
     * @param nonTargets    similarities of the non-targets, sorted
     * @param bestF1        the best F1 over all thresholds (an oracle, for comparison)
     * @param bestThreshold the threshold giving it
     * @param worstTarget   the target with the lowest similarity
     * @param worstDecoy    the non-target with the highest similarity
     * @param seconds       time spent comparing (excluding parsing)
     */
    public record Result(String site, String measure, List<String> samples, double threshold, int tp, int fp, int fn,
                         double[] targets, double[] nonTargets, double bestF1, double bestThreshold,
                         String worstTarget, String worstDecoy, double seconds) {
        public double precision() {
            return tp + fp == 0 ? 1 : tp / (double) (tp + fp);
        }

        public double recall() {
            return tp + fn == 0 ? 1 : tp / (double) (tp + fn);
        }

        public double f1() {
            double p = precision();
            double r = recall();
            return p + r == 0 ? 0 : 2 * p * r / (p + r);
        }

        public boolean accepted() {
            return fp == 0 && recall() >= 0.99;
        }
    }

    private Evaluation() {
    }

    /**
     * Evaluates {@code similarity} with {@code samples} on every other page of {@code site}.
     *
     * @param tree picks the tree the measure needs from a page
     */
    public static Result run(EvalCorpus.Site site, StructuralSimilarity similarity, List<EvalCorpus.Page> samples,
                             Function<EvalCorpus.Page, LabelledTree> tree) {
        long start = System.nanoTime();
        SampleSet classifier = SampleSet.of(similarity, samples.stream().map(tree).toList());
        List<EvalCorpus.Page> pages = site.pages().stream().filter(page -> !samples.contains(page)).toList();
        double[] values = pages.parallelStream().mapToDouble(page -> classifier.classify(tree.apply(page)).similarity())
                .toArray();
        double seconds = (System.nanoTime() - start) / 1e9;
        double threshold = classifier.threshold();
        int tp = 0;
        int fp = 0;
        int fn = 0;
        List<Double> targets = new ArrayList<>();
        List<Double> nonTargets = new ArrayList<>();
        String worstTarget = "";
        String worstDecoy = "";
        double lowestTarget = 2;
        double highestDecoy = -1;
        for (int i = 0; i < values.length; i++) {
            EvalCorpus.Page page = pages.get(i);
            boolean positive = values[i] >= threshold;
            if (page.target()) {
                targets.add(values[i]);
                if (positive) {
                    tp++;
                } else {
                    fn++;
                }
                if (values[i] < lowestTarget) {
                    lowestTarget = values[i];
                    worstTarget = page.path();
                }
            } else {
                nonTargets.add(values[i]);
                if (positive) {
                    fp++;
                }
                if (values[i] > highestDecoy) {
                    highestDecoy = values[i];
                    worstDecoy = page.path();
                }
            }
        }
        double[] t = targets.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double[] n = nonTargets.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double[] best = bestF1(t, n);
        return new Result(site.name(), similarity.name(), samples.stream().map(EvalCorpus.Page::path).toList(),
                threshold, tp, fp, fn, t, n, best[0], best[1], worstTarget, worstDecoy, seconds);
    }

    /** {best F1, its threshold} over thresholds at every observed value. */
    private static double[] bestF1(double[] targets, double[] nonTargets) {
        double[] candidates = new double[targets.length + nonTargets.length];
        System.arraycopy(targets, 0, candidates, 0, targets.length);
        System.arraycopy(nonTargets, 0, candidates, targets.length, nonTargets.length);
        Arrays.sort(candidates);
        double bestF1 = 0;
        double bestThreshold = 1;
        for (double threshold : candidates) {
            int tp = targets.length - lowerBound(targets, threshold);
            int fp = nonTargets.length - lowerBound(nonTargets, threshold);
            int fn = targets.length - tp;
            double f1 = tp == 0 ? 0 : 2.0 * tp / (2.0 * tp + fp + fn);
            if (f1 > bestF1) {
                bestF1 = f1;
                bestThreshold = threshold;
            }
        }
        return new double[] {bestF1, bestThreshold};
    }

    /** Index of the first value >= key in a sorted array. */
    private static int lowerBound(double[] sorted, double key) {
        int low = 0;
        int high = sorted.length;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (sorted[mid] < key) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    /** The q-quantile of a sorted array (nearest rank). */
    public static double quantile(double[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return sorted[Math.min(sorted.length - 1, Math.max(0, (int) Math.ceil(q * sorted.length) - 1))];
    }
}
