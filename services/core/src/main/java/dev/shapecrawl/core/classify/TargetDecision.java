package dev.shapecrawl.core.classify;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The site-wide target decision (issue 18): which pages of one site are target pages, decided about the whole
 * mapped site at once instead of one page against a constant. Pure function of the mapped pages' similarities.
 *
 * <p><b>The rule.</b> Each mapped page has its structural similarity to the nearest positive sample ({@code
 * positive}, 0..1, as {@link PageClassifier} computes it) and, when the job has negative samples ("not like this
 * page"), to the nearest negative one. A page at least as similar to a negative sample as to every positive one is
 * never a target. The others are sorted by similarity; the samples' class is the top of that order down to the
 * <em>widest gap</em> between consecutive similarities whose upper side is at least {@link Settings#floor()}
 * (a virtual page of similarity 0 closes the order, so a site whose every page is like the samples has its widest
 * gap at the bottom; with negative samples, the most similar page nearer to one of them below the order closes it
 * instead, {@link #closing}). The threshold is the gap's midpoint, and the crawl classifies every later page
 * against it. The gap rule is the one of docs/similarity.md §8 ("largest gap above lo 0.8"), which passed 58 of the
 * 61 development runs that any threshold could pass, against 56 for the fixed threshold.
 *
 * <p><b>Ambiguity is said, never guessed.</b> The status is {@link Status#AMBIGUOUS} when
 * <ul>
 *   <li>no mapped page falls below the threshold: the site shows no other class to tell the samples' class from
 *       (every page shares the samples' template), or</li>
 *   <li>the second-widest gap above the floor is wider than the widest divided by {@link Settings#clearRatio()}:
 *       the order has two places for the boundary and the structure does not say which. The pages between the two
 *       gaps are the neighbouring class, named with its size, examples and similarities.</li>
 * </ul>
 * A job then ends its mapping without crawling; another sample or a negative sample resolves it.
 *
 * <p>Thread-safe and stateless; {@link #decide} is O(n log n) in the number of pages.
 */
public final class TargetDecision {
    /** How many example URLs a neighbouring class is named with. */
    public static final int EXAMPLES = 3;

    private TargetDecision() {
    }

    /**
     * The rule's two constants.
     *
     * @param floor      lowest similarity (0..1) a boundary's upper side may have [{@value #DEFAULT_FLOOR}: chosen on
     *                   the development sites, docs/similarity.md §8; leave-one-site-out figures in
     *                   docs/evaluation.md "Site-wide target decision"]
     * @param clearRatio how many times wider than any other gap above the floor the chosen gap must be for the
     *                   decision to be clear, &gt; 1 [{@value #DEFAULT_CLEAR_RATIO}: chosen by looking at the
     *                   development runs (the narrowest lead of a correct boundary on javadoc was 2.16); leave-one-site-out
     *                   figures beside it in docs/evaluation.md]
     */
    public record Settings(double floor, double clearRatio) {
        /** Default of {@link #floor()}. */
        public static final double DEFAULT_FLOOR = 0.8;
        /** Default of {@link #clearRatio()}. */
        public static final double DEFAULT_CLEAR_RATIO = 2.0;

        /** @throws IllegalArgumentException if floor is outside (0, 1) or clearRatio is not above 1 */
        public Settings {
            if (!(floor > 0 && floor < 1)) {
                throw new IllegalArgumentException("floor must be in (0, 1), was " + floor);
            }
            if (!(clearRatio > 1) || Double.isInfinite(clearRatio)) {
                throw new IllegalArgumentException("clearRatio must be a finite number above 1, was " + clearRatio);
            }
        }

        /** Every default. */
        public static Settings defaults() {
            return new Settings(DEFAULT_FLOOR, DEFAULT_CLEAR_RATIO);
        }
    }

    /**
     * One mapped page.
     *
     * @param url      the page's URL
     * @param positive similarity to the nearest positive sample, 0..1
     * @param negative similarity to the nearest negative sample, 0..1, or null when the job has none
     */
    public record Scored(String url, double positive, Double negative) {
        /** @throws IllegalArgumentException if a similarity is outside 0..1 */
        public Scored {
            if (!(positive >= 0 && positive <= 1)) {
                throw new IllegalArgumentException("positive similarity must be in 0..1, was " + positive);
            }
            if (negative != null && !(negative >= 0 && negative <= 1)) {
                throw new IllegalArgumentException("negative similarity must be in 0..1 or null, was " + negative);
            }
        }
    }

    /** Where the decision stands. */
    public enum Status {
        /** The samples' class has a clear boundary on this site; the threshold holds for the crawl. */
        DECIDED,
        /** No clear boundary: see {@link Result#neighbours()}; the job must not crawl on a guess. */
        AMBIGUOUS,
        /** No mapped page reaches the floor: nothing on this site is like the samples. */
        NONE
    }

    /**
     * A class of pages next to the samples' class that the structure does not clearly tell from it.
     *
     * @param size     number of mapped pages in it
     * @param examples up to {@value #EXAMPLES} URLs: its most, middle and least similar pages
     * @param lowest   its lowest similarity to the samples, 0..1
     * @param highest  its highest similarity to the samples, 0..1
     * @param taken    whether the decision's threshold counts it among the targets
     */
    public record Neighbour(int size, List<String> examples, double lowest, double highest, boolean taken) {
        public Neighbour {
            examples = List.copyOf(examples);
        }

        /**
         * A band of the similarity order as a neighbouring class: its size, range and examples (its most, middle and
         * least similar pages; all, if three or fewer).
         *
         * @param band  the band's pages, most similar first, not empty
         * @param taken whether the decision's threshold counts them among the targets
         */
        public static Neighbour of(List<Scored> band, boolean taken) {
            int k = band.size();
            List<Scored> picks = k <= EXAMPLES ? band : List.of(band.get(0), band.get(k / 2), band.get(k - 1));
            return new Neighbour(k, picks.stream().map(Scored::url).toList(), band.get(k - 1).positive(),
                    band.get(0).positive(), taken);
        }
    }

    /**
     * The decision.
     *
     * @param status      DECIDED, AMBIGUOUS or NONE
     * @param threshold   the boundary: a page whose positive similarity is at least this (and not nearer to a
     *                    negative sample) is a target; 0..1, or 1 with {@link Status#NONE}
     * @param gap         width of the chosen gap, 0..1
     * @param runnerUp    width of the widest other gap above the floor, 0..1 (0 if none)
     * @param targets     number of mapped pages the threshold takes
     * @param pages       number of mapped pages decided over
     * @param neighbours  the neighbouring classes when AMBIGUOUS (else empty)
     * @param reason      one sentence for people: why this status
     */
    public record Result(Status status, double threshold, double gap, double runnerUp, int targets, int pages,
                         List<Neighbour> neighbours, String reason) {
        public Result {
            neighbours = List.copyOf(neighbours);
        }

        /** Whether a page with these similarities is a target page under this decision (negative null: none). */
        public boolean isTarget(double positive, Double negative) {
            return status != Status.NONE && TargetDecision.isTarget(positive, negative, threshold);
        }
    }

    /**
     * Decides over the mapped pages of one site.
     *
     * @param pages    every mapped page with its similarities (the entry point included); any order
     * @param settings the rule's constants
     * @return the decision; {@link Status#NONE} when no page reaches the floor
     */
    public static Result decide(List<Scored> pages, Settings settings) {
        Map<Boolean, List<Scored>> byNegative = pages.stream()
                .collect(Collectors.partitioningBy(p -> nearerToNegative(p.positive(), p.negative())));
        List<Scored> order = byNegative.get(false).stream()
                .sorted(Comparator.comparingDouble(Scored::positive).reversed().thenComparing(Scored::url))
                .toList();
        List<Scored> negativeLike = byNegative.get(true);
        int n = order.size();
        double[] value = new double[n + 1];
        for (int i = 0; i < n; i++) {
            value[i] = order.get(i).positive();
        }
        value[n] = closing(negativeLike, n == 0 ? 0 : value[n - 1]);
        int best = -1;
        int second = -1;
        for (int i = 0; i < n && value[i] >= settings.floor(); i++) {
            double g = value[i] - value[i + 1];
            if (best < 0 || g > value[best] - value[best + 1]) {
                second = best;
                best = i;
            } else if (second < 0 || g > value[second] - value[second + 1]) {
                second = i;
            }
        }
        if (best < 0) {
            return new Result(Status.NONE, 1, 0, 0, 0, pages.size(), List.of(), String.format(Locale.ROOT,
                    "no mapped page reaches similarity %.2f to the samples (highest %.3f of %d pages)",
                    settings.floor(), n == 0 ? 0 : value[0], pages.size()));
        }
        double gap = value[best] - value[best + 1];
        double runnerUp = second < 0 ? 0 : value[second] - value[second + 1];
        double threshold = (value[best] + value[best + 1]) / 2;
        int targets = best + 1;
        int rest = n - targets + (int) negativeLike.stream().filter(p -> p.positive() < threshold).count();
        if (rest == 0) {
            return new Result(Status.AMBIGUOUS, threshold, gap, runnerUp, targets, pages.size(), List.of(),
                    String.format(Locale.ROOT, "all %d mapped pages %sare like the samples (lowest similarity "
                                    + "%.3f): this site shows no other class to tell them from", targets,
                            negativeLike.isEmpty() ? "" : "not like a negative sample ", value[best]));
        }
        if (runnerUp * settings.clearRatio() <= gap) {
            return new Result(Status.DECIDED, threshold, gap, runnerUp, targets, pages.size(), List.of(),
                    String.format(Locale.ROOT, "%d of %d mapped pages above a gap of %.3f at %.3f (next widest "
                            + "gap %.3f)", targets, pages.size(), gap, threshold, runnerUp));
        }
        int from = Math.min(best, second) + 1;
        int to = Math.max(best, second); // inclusive: the pages between the two gaps
        Neighbour neighbour = Neighbour.of(order.subList(from, to + 1), second < best);
        return new Result(Status.AMBIGUOUS, threshold, gap, runnerUp, targets, pages.size(), List.of(neighbour),
                String.format(Locale.ROOT, "two boundaries: a gap of %.3f at %.3f and one of %.3f at %.3f; the %d "
                                + "pages between them (similarity %.3f-%.3f: %s) are %s", gap, threshold,
                        runnerUp, (value[second] + value[second + 1]) / 2, neighbour.size(), neighbour.lowest(),
                        neighbour.highest(), String.join(", ", neighbour.examples()),
                        neighbour.taken() ? "taken as targets, but may be another class"
                                : "left out, but may be targets"));
    }

    /**
     * The one rule every part applies to a page (the classifier to a crawled page, the pattern service to a mapped
     * one): at least {@code threshold} similar to the nearest positive sample, and less similar to every negative
     * sample than to it.
     *
     * @param positive  similarity to the nearest positive sample, 0..1
     * @param negative  similarity to the nearest negative sample, 0..1, or null when the job has none
     * @param threshold the boundary, 0..1
     */
    public static boolean isTarget(double positive, Double negative, double threshold) {
        return positive >= threshold && !nearerToNegative(positive, negative);
    }

    /**
     * The similarity that closes the order below its last page: the most similar page a negative sample accounts
     * for among those below every other page, else 0 (a virtual page below every other).
     *
     * <p>Why not always 0: the pages nearer to a negative sample leave the order, and once they are gone the last
     * page left can stand far above 0, so the gap to a virtual page of similarity 0 became the widest and the
     * boundary fell below every page left (SFML, {@code bin/eval-decision-e2e}: with a header-source page as the
     * negative sample, 92 of 199 mapped pages left the order, the lowest left was a module page at 0.841, and the
     * threshold 0.420 took the five module pages). Those pages are what the site shows below the samples' class, so
     * the most similar of them closes the order instead. Pages nearer to a negative sample but amid the order do
     * not: between two pages left, the gap is theirs, and such a page is never a target anyway ({@link #isTarget}).
     *
     * @param negativeLike the pages nearer to a negative sample than to every positive one
     * @param lowest       the similarity of the last page left in the order (0 when none is left)
     */
    private static double closing(List<Scored> negativeLike, double lowest) {
        return negativeLike.stream().mapToDouble(Scored::positive).filter(s -> s < lowest).max().orElse(0);
    }

    /** Whether a negative sample is at least as near as every positive one: such a page is never a target. */
    static boolean nearerToNegative(double positive, Double negative) {
        return negative != null && negative >= positive;
    }
}
