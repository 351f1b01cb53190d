package dev.shapecrawl.core.classify;

import dev.shapecrawl.core.classify.TargetDecision.Neighbour;
import dev.shapecrawl.core.classify.TargetDecision.Result;
import dev.shapecrawl.core.classify.TargetDecision.Scored;
import dev.shapecrawl.core.classify.TargetDecision.Status;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The site model's say on where a decided boundary lies (issue 18: "a target class is the class of the sample
 * pages"): whether the threshold <b>cuts through the classes of the pages it takes</b>, leaving out many pages that
 * the model puts in classes whose pages are mostly taken. {@link InnerBoundary} asks whether the taken pages hold a
 * second boundary; this asks the opposite question of the pages just below the boundary.
 *
 * <p><b>Why.</b> {@link TargetDecision} cuts at the widest gap whose upper side is at least its floor (0.8). On a
 * Scaladoc site (docs/evaluation.md, "Held out, sixth run") the class and trait pages fall in two families against a
 * median class page, 0.76–0.83 and 0.87–1.00, and the object and package pages score 0. The widest gap, from 0.76
 * down to 0, lies below the floor, so the decision took the 0.042 gap between the two families: 57 of the 154 class
 * pages of the mapping were left out, silently (recall 0.761). The model's classes saw them as one class: all 154 in
 * the class of the pages taken.
 *
 * <p><b>The rule</b> (shapecrawl's, not a seed's). For a DECIDED result, the pages below the threshold (not those a
 * negative sample accounts for) that the model read in a class with more of its pages taken than left out are
 * <em>cut</em>. When they are at least {@value #MIN_CUT} and at least {@code minShare} of the taken pages the model
 * read (the share of {@link InnerBoundary#DEFAULT_MIN_SHARE}: a few pages are a sub-kind the model may merge; the
 * model of a full mapping reads a sample of its pages, so the share is of what it read):
 * <ol>
 *   <li>if no page the model read in another class lies between the threshold and the lowest cut page, the boundary
 *       moves down into the widest gap between the lowest cut page and the first page below it that the model read
 *       in another class (or the bottom of the order): the decision takes the classes whole (DECIDED, the move said
 *       in its sentence);</li>
 *   <li>otherwise the job is {@link Status#AMBIGUOUS}, naming the cut pages.</li>
 * </ol>
 * It has no constant of its own. It was made from Scaladoc's held-out failure, so Scaladoc is a development site for
 * it; on the 18 development sites and the held-out sites before it, no decided first run cuts more than 2 pages
 * ({@code FirstRunReport}, docs/site-model.md "The boundary that cuts a class").
 *
 * <p>Thread-safe and stateless; O(n log n) in the number of pages.
 */
public final class ClassCut {
    /** The fewest cut pages that say anything of a class: two, as {@link InnerBoundary}'s fewest pages read. */
    static final int MIN_CUT = 2;

    private ClassCut() {
    }

    /**
     * Checks a decision's boundary against the model's classes.
     *
     * @param decision the decision over {@code pages} (after {@link InnerBoundary})
     * @param pages    the pages it was taken over
     * @param classOf  a page's class in the model by its URL (any stable id), or null when the model did not read it
     * @param minShare smallest share of the taken pages the cut pages must make, in (0, 0.5]
     * @return a DECIDED result with the boundary moved below the cut pages, an AMBIGUOUS result naming them, or empty
     *         when the decision stands (not DECIDED, or too few pages cut)
     * @throws IllegalArgumentException if minShare is outside (0, 0.5]
     */
    public static Optional<Result> check(Result decision, List<Scored> pages, Function<String, ?> classOf,
                                         double minShare) {
        if (!(minShare > 0 && minShare <= 0.5)) {
            throw new IllegalArgumentException("minShare must be in (0, 0.5], was " + minShare);
        }
        if (decision.status() != Status.DECIDED) {
            return Optional.empty();
        }
        Map<Object, int[]> byClass = new HashMap<>(); // [taken, left out]
        List<Scored> below = new ArrayList<>();
        int takenRead = 0;
        for (Scored p : pages) {
            boolean target = decision.isTarget(p.positive(), p.negative());
            if (!target && TargetDecision.nearerToNegative(p.positive(), p.negative())) {
                continue; // left out by a negative sample, not by the threshold
            }
            if (!target) {
                below.add(p);
            }
            Object c = classOf.apply(p.url());
            if (c != null) {
                takenRead += target ? 1 : 0;
                byClass.computeIfAbsent(c, k -> new int[2])[target ? 0 : 1]++;
            }
        }
        below.sort(Comparator.comparingDouble(Scored::positive).reversed().thenComparing(Scored::url));
        // a page below is cut (in a class mostly taken), read in another class, or not read by the model
        List<Scored> cutPages = new ArrayList<>();
        int lowestCut = -1;
        int firstOther = -1;
        for (int i = 0; i < below.size(); i++) {
            Object c = classOf.apply(below.get(i).url());
            int[] n = c == null ? null : byClass.get(c);
            if (n != null && n[0] > n[1]) {
                cutPages.add(below.get(i));
                lowestCut = i;
            } else if (n != null && firstOther < 0) {
                firstOther = i;
            }
        }
        if (cutPages.size() < MIN_CUT || cutPages.size() < minShare * takenRead) {
            return Optional.empty();
        }
        Neighbour band = Neighbour.of(cutPages, false);
        if (firstOther < 0 || firstOther > lowestCut) {
            // no page of another class above the lowest cut one: the boundary goes into the widest gap between it
            // and the first page of another class below it (or the bottom), over every page, read or not
            int end = firstOther < 0 ? below.size() : firstOther;
            int at = lowestCut;
            double widest = -1;
            for (int i = lowestCut; i < end; i++) {
                double next = i + 1 < below.size() ? below.get(i + 1).positive() : 0;
                if (below.get(i).positive() - next > widest) {
                    widest = below.get(i).positive() - next;
                    at = i;
                }
            }
            double upper = below.get(at).positive();
            double threshold = upper - widest / 2;
            return Optional.of(new Result(Status.DECIDED, threshold, widest, decision.runnerUp(),
                    decision.targets() + at + 1, decision.pages(), List.of(), String.format(Locale.ROOT,
                    "%s; the boundary moved down to %.3f: %d pages below it (similarity %.3f-%.3f: %s) lie in the"
                            + " site model's classes of the pages taken, with no page of another class between",
                    decision.reason(), threshold, cutPages.size(), band.lowest(), band.highest(),
                    String.join(", ", band.examples()))));
        }
        return Optional.of(new Result(Status.AMBIGUOUS, decision.threshold(), decision.gap(), decision.runnerUp(),
                decision.targets(), decision.pages(), List.of(band), String.format(Locale.ROOT,
                "the boundary at %.3f cuts the site model's classes of the pages taken: %d pages below it"
                        + " (similarity %.3f-%.3f: %s) lie in those classes, amid pages of others, so they may be"
                        + " the samples' kind", decision.threshold(), cutPages.size(), band.lowest(),
                band.highest(), String.join(", ", band.examples()))));
    }

    /**
     * The site model's checks of a decision, in the order the pipeline applies them: {@link InnerBoundary} (a second
     * boundary inside the pages taken), then this class's (a boundary that cuts the classes taken), each with
     * {@link InnerBoundary#DEFAULT_MIN_SHARE}. The one sequence for the pattern service and the reports that score it.
     *
     * @param decision the similarity's decision over {@code pages}
     * @param pages    the pages it was taken over
     * @param classOf  a page's class in the model by its URL, or null when the model did not read it
     * @param floor    the decision's floor, 0..1
     * @return the decision as the model leaves it
     */
    public static Result afterModelChecks(Result decision, List<Scored> pages, Function<String, ?> classOf,
                                          double floor) {
        Result inner = InnerBoundary.check(decision, pages, classOf, floor, InnerBoundary.DEFAULT_MIN_SHARE)
                .orElse(decision);
        return check(inner, pages, classOf, InnerBoundary.DEFAULT_MIN_SHARE).orElse(inner);
    }
}
