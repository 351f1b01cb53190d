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
 * {@link ClassCut}: whether a decided boundary cuts through the classes of the pages it takes. The site is
 * Scaladoc's shape in miniature (docs/evaluation.md, "Held out, sixth run"): class pages in two families, 0.87-0.99
 * and 0.76-0.83, one class of the model; object pages in a class of their own at similarity 0, so the widest gap
 * lies below the decision's floor and the decision takes only the upper family.
 */
class ClassCutTest {

    private static List<Scored> site() {
        List<Scored> pages = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            pages.add(new Scored("type/upper" + i, 0.870 + i * 0.0024, null));
        }
        for (int i = 0; i < 30; i++) {
            pages.add(new Scored("type/lower" + i, 0.760 + i * 0.0024, null));
        }
        for (int i = 0; i < 40; i++) {
            pages.add(new Scored("object/" + i, 0.0, null));
        }
        return pages;
    }

    /** A page's class: its URL's first segment. */
    private static Map<String, String> classes(List<Scored> pages) {
        Map<String, String> classOf = new HashMap<>();
        pages.forEach(p -> classOf.put(p.url(), p.url().replaceFirst("/.*", "")));
        return classOf;
    }

    private static Result decided(List<Scored> pages) {
        Result r = TargetDecision.decide(pages, TargetDecision.Settings.defaults());
        assertEquals(Status.DECIDED, r.status(), r.reason());
        assertEquals(50, r.targets(), "the similarity alone takes the upper family only: " + r.reason());
        return r;
    }

    private static Optional<Result> check(List<Scored> pages, Map<String, String> classOf) {
        return ClassCut.check(decided(pages), pages, classOf::get, InnerBoundary.DEFAULT_MIN_SHARE);
    }

    @Test
    void aBoundaryThatLeavesOutPagesOfTheTakenClassMovesBelowThem() {
        List<Scored> pages = site();
        Result r = check(pages, classes(pages)).orElseThrow();
        assertEquals(Status.DECIDED, r.status(), r.reason());
        assertEquals(80, r.targets(), "both families of the class");
        assertEquals((0.760 + 0.0) / 2, r.threshold(), 1e-9, "the gap below the lowest class page");
        assertEquals(0.760, r.gap(), 1e-9);
        assertTrue(pages.stream().filter(p -> p.url().startsWith("type/"))
                .allMatch(p -> r.isTarget(p.positive(), p.negative())), "every class page taken");
        assertTrue(pages.stream().filter(p -> p.url().startsWith("object/"))
                .noneMatch(p -> r.isTarget(p.positive(), p.negative())), "no object page");
        assertTrue(r.reason().contains("the boundary moved down to 0.380: 30 pages below it"), r.reason());
    }

    @Test
    void pagesTheModelDidNotReadDoNotStopTheMoveAndTheShareIsOfThePagesRead() {
        List<Scored> pages = site();
        Map<String, String> classOf = classes(pages);
        for (int i = 0; i < 50; i++) {
            if (i % 5 != 0) {
                classOf.remove("type/upper" + i); // the model of a full mapping read 10 of the 50 pages taken
            }
        }
        for (int i = 0; i < 30; i++) {
            if (i % 10 != 0) {
                classOf.remove("type/lower" + i); // and 3 of the 30 below: 3 >= 0.2 x 10
            }
        }
        Result r = check(pages, classOf).orElseThrow();
        assertEquals(Status.DECIDED, r.status(), r.reason());
        assertEquals(0.380, r.threshold(), 1e-9, "the widest gap below the lowest page read in the class: 0.76 -> 0");
        assertTrue(pages.stream().filter(p -> p.url().startsWith("type/"))
                .allMatch(p -> r.isTarget(p.positive(), p.negative())), "the pages not read between are taken too");
    }

    @Test
    void cutPagesAmidPagesOfAnotherClassMakeTheDecisionAmbiguous() {
        List<Scored> pages = site();
        pages.add(new Scored("object/odd", 0.800, null)); // an object page amid the lower family
        Result r = check(pages, classes(pages)).orElseThrow();
        assertEquals(Status.AMBIGUOUS, r.status(), r.reason());
        assertEquals(1, r.neighbours().size());
        TargetDecision.Neighbour band = r.neighbours().get(0);
        assertEquals(30, band.size(), "the lower family, named; not the object page");
        assertTrue(!band.taken() && band.examples().stream().allMatch(u -> u.startsWith("type/lower")),
                band.toString());
        assertEquals(decided(pages).threshold(), r.threshold(), 1e-12, "the threshold stays");
    }

    @Test
    void aFewCutPagesOrAClassMostlyLeftOutLeaveTheDecisionAlone() {
        List<Scored> pages = site();
        Map<String, String> classOf = classes(pages);
        for (int i = 0; i < 21; i++) {
            classOf.put("type/lower" + i, "other"); // 9 of 30 left in the taken class: 9 < 0.2 x 50
        }
        assertTrue(check(pages, classOf).isEmpty(), "9 pages cut are under a fifth of the 50 taken");
        Map<String, String> mostlyBelow = classes(pages);
        for (int i = 0; i < 26; i++) {
            mostlyBelow.put("type/upper" + i, "upper"); // 24 upper pages share the lower family's class of 54
        }
        assertTrue(check(pages, mostlyBelow).isEmpty(), "a class with more pages left out than taken is not cut");
        Map<String, String> unread = classes(pages);
        pages.stream().filter(p -> p.url().startsWith("type/lower")).forEach(p -> unread.remove(p.url()));
        assertTrue(check(pages, unread).isEmpty(), "pages the model did not read are in no class");
    }

    @Test
    void pagesANegativeSampleAccountsForAreNotCut() {
        List<Scored> pages = new ArrayList<>(site());
        pages.replaceAll(p -> p.url().startsWith("type/lower") ? new Scored(p.url(), p.positive(), 0.95) : p);
        Result r = TargetDecision.decide(pages, TargetDecision.Settings.defaults());
        assertEquals(Status.DECIDED, r.status(), r.reason());
        assertTrue(ClassCut.check(r, pages, classes(pages)::get, InnerBoundary.DEFAULT_MIN_SHARE).isEmpty(),
                "the lower family is nearer the negative sample: left out by it, not by the threshold");
    }

    @Test
    void onlyADecidedResultIsCheckedAndTheShareIsBounded() {
        List<Scored> pages = site();
        Result none = new Result(Status.AMBIGUOUS, 0.9, 0.1, 0.1, 50, pages.size(), List.of(), "two boundaries");
        assertTrue(ClassCut.check(none, pages, classes(pages)::get, 0.2).isEmpty());
        assertThrows(IllegalArgumentException.class, () -> ClassCut.check(decided(pages), pages, u -> null, 0));
        assertThrows(IllegalArgumentException.class, () -> ClassCut.check(decided(pages), pages, u -> null, 0.6));
    }
}
