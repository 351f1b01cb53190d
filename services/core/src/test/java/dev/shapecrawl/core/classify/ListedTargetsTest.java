package dev.shapecrawl.core.classify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shapecrawl.core.classify.TargetDecision.Result;
import dev.shapecrawl.core.classify.TargetDecision.Scored;
import dev.shapecrawl.core.classify.TargetDecision.Status;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link ListedTargets}: taken pages that link to every other taken page. The site is jsoncpp's shape in miniature
 * (docs/evaluation.md, "Held out, fifth run"): 8 class pages at 0.95-0.99 reached from the class list, a namespace
 * page in their template at 0.90 whose member table links to every class, the class list and the hierarchy far below.
 */
class ListedTargetsTest {

    private static final String CLASS_LIST = "annotated";
    private static final String NAMESPACE = "namespace";

    private static List<Scored> site(double namespaceSimilarity) {
        List<Scored> pages = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            pages.add(new Scored("class/" + i, 0.95 + i * 0.005, null));
        }
        pages.add(new Scored(NAMESPACE, namespaceSimilarity, null));
        pages.add(new Scored(CLASS_LIST, 0.75, null));
        pages.add(new Scored("hierarchy", 0.749, null));
        return pages;
    }

    /** Links: the class list and the namespace page to every class; each class to the namespace and one class. */
    private static Map<String, Set<String>> links() {
        Map<String, Set<String>> links = new HashMap<>();
        Set<String> classes = new HashSet<>();
        for (int i = 0; i < 8; i++) {
            classes.add("class/" + i);
            links.put("class/" + i, Set.of(NAMESPACE, "class/" + ((i + 1) % 8)));
        }
        links.put(CLASS_LIST, Set.copyOf(classes));
        Set<String> namespace = new HashSet<>(classes);
        namespace.add(CLASS_LIST);
        links.put(NAMESPACE, namespace);
        return links;
    }

    /** Every page first reached from the class list, as the sampled mapping reached jsoncpp's classes. */
    private static String parent(String url) {
        return url.equals(CLASS_LIST) ? null : CLASS_LIST;
    }

    private static Result decided(List<Scored> pages) {
        Result r = TargetDecision.decide(pages, TargetDecision.Settings.defaults());
        assertEquals(Status.DECIDED, r.status(), r.reason());
        return r;
    }

    @Test
    void aListBelowTheOtherTakenPagesIsLeftOutByABoundaryAboveIt() {
        List<Scored> pages = site(0.90);
        Result before = decided(pages);
        assertEquals(9, before.targets(), "the similarity alone takes the namespace page: " + before.reason());
        Result after = ListedTargets.check(before, pages, links()::get, ListedTargetsTest::parent).orElseThrow();
        assertEquals(Status.DECIDED, after.status());
        assertEquals(8, after.targets());
        assertEquals(0.925, after.threshold(), 1e-9, "midway between the namespace page and the lowest class");
        assertFalse(after.isTarget(0.90, null), "the namespace page");
        assertTrue(after.isTarget(0.95, null), "the lowest class page");
        assertTrue(after.reason().contains(NAMESPACE), after.reason());
    }

    @Test
    void aListAmidTheTakenPagesIsNamedAndTheDecisionIsAmbiguous() {
        List<Scored> pages = site(0.97);
        Result before = decided(pages);
        Result after = ListedTargets.check(before, pages, links()::get, ListedTargetsTest::parent).orElseThrow();
        assertEquals(Status.AMBIGUOUS, after.status());
        assertEquals(1, after.neighbours().size());
        assertEquals(List.of(NAMESPACE), after.neighbours().get(0).examples());
        assertTrue(after.neighbours().get(0).taken());
        assertEquals(before.threshold(), after.threshold(), 1e-12, "the boundary stays where it was");
    }

    @Test
    void noTakenPageListsTheOthersAndTheDecisionStands() {
        List<Scored> pages = site(0.90);
        Map<String, Set<String>> links = links();
        Set<String> partial = new HashSet<>(links.get(NAMESPACE));
        partial.remove("class/3");
        links.put(NAMESPACE, partial);
        assertEquals(Optional.empty(), ListedTargets.check(decided(pages), pages, links::get, ListedTargetsTest::parent));
    }

    @Test
    void aPageTheMappingMetTheTargetsThroughIsNoListForThat() {
        // the classes first reached from the namespace page itself: its links to them say nothing more
        List<Scored> pages = site(0.90);
        assertEquals(Optional.empty(), ListedTargets.check(decided(pages), pages, links()::get,
                url -> url.startsWith("class/") ? NAMESPACE : null));
    }

    @Test
    void whenHalfTheTakenPagesListTheOthersTheyAreTargetsWithANavigationList() {
        // every class page carries a list of all classes (a navigation bar of all modules): no lists among targets
        List<Scored> pages = site(0.90);
        Map<String, Set<String>> links = links();
        for (int i = 0; i < 8; i++) {
            Set<String> all = new HashSet<>(links.get(CLASS_LIST));
            all.add(NAMESPACE);
            links.put("class/" + i, all);
        }
        assertEquals(Optional.empty(), ListedTargets.check(decided(pages), pages, links::get, ListedTargetsTest::parent));
    }

    @Test
    void aPageWithoutReadLinksIsNoListAndAnUndecidedResultIsLeftAlone() {
        List<Scored> pages = site(0.90);
        assertEquals(Optional.empty(), ListedTargets.check(decided(pages), pages, url -> null,
                ListedTargetsTest::parent));
        Result ambiguous = new Result(Status.AMBIGUOUS, 0.8, 0.1, 0.1, 9, pages.size(), List.of(), "two boundaries");
        assertEquals(Optional.empty(), ListedTargets.check(ambiguous, pages, links()::get, ListedTargetsTest::parent));
    }
}
