package dev.shapecrawl.core.classify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shapecrawl.core.classify.TargetDecision.Result;
import dev.shapecrawl.core.classify.TargetDecision.Scored;
import dev.shapecrawl.core.classify.TargetDecision.Status;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link InnerBoundary}: the site model's say on a decided target decision. The site is erl_docgen's shape in
 * miniature (docs/evaluation.md, "Held out, third run"): reference pages at 0.985-0.999, guide chapters in the same
 * frame at 0.960-0.969, index pages far below, so the widest gap lies under the chapters.
 */
class InnerBoundaryTest {
    private static final double FLOOR = TargetDecision.Settings.DEFAULT_FLOOR;

    /** 30 reference pages, 20 chapters, 20 index pages; the class of each (by its URL's first segment). */
    private static List<Scored> site() {
        List<Scored> pages = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            pages.add(new Scored("ref/" + i, 0.985 + i * 0.0005, null));
        }
        for (int i = 0; i < 20; i++) {
            pages.add(new Scored("guide/" + i, 0.960 + i * 0.0005, null));
        }
        for (int i = 0; i < 20; i++) {
            pages.add(new Scored("index/" + i, 0.30 + i * 0.001, null));
        }
        return pages;
    }

    private static Map<String, String> classes(List<Scored> pages) {
        Map<String, String> classOf = new HashMap<>();
        pages.forEach(p -> classOf.put(p.url(), p.url().replaceFirst("/.*", "")));
        return classOf;
    }

    private static Optional<Result> check(List<Scored> pages, Map<String, String> classOf) {
        Result decided = TargetDecision.decide(pages, TargetDecision.Settings.defaults());
        assertEquals(Status.DECIDED, decided.status(), decided.reason());
        assertEquals(50, decided.targets(), "the similarity alone takes the chapters: " + decided.reason());
        return InnerBoundary.check(decided, pages, classOf::get, FLOOR, InnerBoundary.DEFAULT_MIN_SHARE);
    }

    @Test
    void aSecondBoundaryTheModelAgreesWithMakesTheDecisionAmbiguousAndNamesTheBandBelow() {
        List<Scored> pages = site();
        Result r = check(pages, classes(pages)).orElseThrow();
        assertEquals(Status.AMBIGUOUS, r.status());
        assertEquals(1, r.neighbours().size());
        TargetDecision.Neighbour band = r.neighbours().get(0);
        assertEquals(20, band.size(), "the chapters");
        assertTrue(band.taken(), "the decision's threshold takes them");
        assertEquals(0.960, band.lowest(), 1e-9);
        assertEquals(0.9695, band.highest(), 1e-9);
        assertEquals(List.of("guide/19", "guide/9", "guide/0"), band.examples());
        assertEquals(0.985 - 0.9695, r.runnerUp(), 1e-9, "the inner gap");
        assertTrue(r.reason().contains("splits them into 30 and 20 pages"), r.reason());
    }

    @Test
    void aClassHoldingMostOfBothSidesMeansOneKindAndTheDecisionStands() {
        List<Scored> pages = site();
        Map<String, String> classOf = classes(pages);
        for (int i = 0; i < 11; i++) {
            classOf.put("guide/" + i, "ref"); // the model puts 11 of the 20 chapters with the reference pages
        }
        assertTrue(check(pages, classOf).isEmpty(), "9 of 20 chapters in a class of their own: not most");
        classOf.put("guide/10", "guide");
        assertTrue(check(pages, classOf).isEmpty(), "10 of 20: not more than half");
        classOf.put("guide/9", "guide");
        assertTrue(check(pages, classOf).isPresent(), "11 of 20: most chapters in a class of their own");
    }

    @Test
    void aFewPagesInTheOtherSidesClassLeaveTheModelSidingWithTheGap() {
        List<Scored> pages = site();
        Map<String, String> classOf = classes(pages);
        for (int i = 0; i < 6; i++) {
            classOf.put("ref/" + i, "guide"); // erl_docgen's sampled mapping: 6 reference pages with the chapters
        }
        classOf.put("guide/3", "ref");
        Result r = check(pages, classOf).orElseThrow();
        assertTrue(r.reason().contains("the model's classes side with it"), r.reason());
    }

    @Test
    void aFewPagesSplitOffAreASubKindNotANeighbouringClass() {
        List<Scored> pages = new ArrayList<>(site().subList(0, 30));
        for (int i = 0; i < 5; i++) { // 5 of 35 taken pages: below the default share 0.2
            pages.add(new Scored("guide/" + i, 0.960 + i * 0.0005, null));
        }
        pages.addAll(site().subList(50, 70));
        Result decided = TargetDecision.decide(pages, TargetDecision.Settings.defaults());
        assertEquals(35, decided.targets());
        assertTrue(InnerBoundary.check(decided, pages, classes(pages)::get, FLOOR, InnerBoundary.DEFAULT_MIN_SHARE)
                .isEmpty());
        assertTrue(InnerBoundary.check(decided, pages, classes(pages)::get, FLOOR, 0.1).isPresent(),
                "5 of 35 is more than a share of 0.1");
    }

    @Test
    void aBandTheModelDidNotReadSaysNothing() {
        List<Scored> pages = site();
        Map<String, String> classOf = classes(pages);
        classOf.keySet().removeIf(u -> u.startsWith("guide/"));
        assertTrue(check(pages, classOf).isEmpty());
    }

    /** gio's sampled mapping, end to end: 3 pages taken, split 2 and 1 by a gap, the one page a class of its own. */
    @Test
    void oneReadPageOnASideSaysNothing() {
        List<Scored> pages = new ArrayList<>(site());
        Map<String, String> classOf = classes(pages);
        classOf.keySet().removeIf(u -> u.startsWith("guide/") && !u.equals("guide/7"));
        assertTrue(check(pages, classOf).isEmpty(), "one chapter read");
        classOf.put("guide/8", "guide");
        assertTrue(check(pages, classOf).isPresent(), "two chapters read");
    }

    @Test
    void pagesNearerANegativeSampleAreNotTakenSoNotChecked() {
        List<Scored> pages = new ArrayList<>();
        for (Scored p : site()) {
            pages.add(p.url().startsWith("guide/") ? new Scored(p.url(), p.positive(), 0.99) : p);
        }
        Result decided = TargetDecision.decide(pages, TargetDecision.Settings.defaults());
        assertEquals(30, decided.targets(), decided.reason());
        assertTrue(InnerBoundary.check(decided, pages, classes(pages)::get, FLOOR, InnerBoundary.DEFAULT_MIN_SHARE)
                .isEmpty(), "the chapters are not taken: no second boundary among the reference pages");
    }

    @Test
    void onlyADecidedResultIsChecked() {
        List<Scored> pages = site().subList(0, 50); // no other class: AMBIGUOUS already
        Result r = TargetDecision.decide(pages, TargetDecision.Settings.defaults());
        assertEquals(Status.AMBIGUOUS, r.status());
        assertTrue(InnerBoundary.check(r, pages, classes(pages)::get, FLOOR, 0.2).isEmpty());
    }

    @Test
    void aShareOutsideItsRangeIsRefused() {
        List<Scored> pages = site();
        Result r = TargetDecision.decide(pages, TargetDecision.Settings.defaults());
        assertThrows(IllegalArgumentException.class, () -> InnerBoundary.check(r, pages, u -> "c", FLOOR, 0));
        assertThrows(IllegalArgumentException.class, () -> InnerBoundary.check(r, pages, u -> "c", FLOOR, 0.6));
        assertThrows(IllegalArgumentException.class,
                () -> InnerBoundary.check(r, pages, u -> "c", FLOOR, Double.NaN));
    }
}
