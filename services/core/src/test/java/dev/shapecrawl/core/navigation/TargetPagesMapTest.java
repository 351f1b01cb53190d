package dev.shapecrawl.core.navigation;

import dev.shapecrawl.events.NavigationPattern;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The target pages map, specification §4.1–§4.2. */
class TargetPagesMapTest {
    private static final String E = "http://s.test/";

    private static MappedPage page(String path, String parent, int level, long order, boolean target) {
        return new MappedPage(E + path, parent == null ? null : E + parent, level, order, target);
    }

    @Test
    void keepsOnlyThePathsToTargetsWithChildrenInDiscoveryOrder() {
        List<MappedPage> pages = List.of(
                page("", null, 1, 0, false),
                page("about", "", 2, 1, false),          // leads to no target: pruned
                page("list/B", "", 2, 3, false),
                page("list/A", "", 2, 2, false),
                page("news/1", "about", 3, 4, false),
                page("artist?cd=3", "list/B", 3, 6, true),
                page("artist?cd=1", "list/A", 3, 5, true),
                page("list/C", "", 2, 7, false));         // leads to no target: pruned
        TargetPagesMap map = TargetPagesMap.of(E, pages);
        assertEquals(2, map.targetCount());
        TargetPagesMap.Node root = map.root();
        assertEquals(E, root.url());
        assertEquals(List.of(E + "list/A", E + "list/B"), root.children().stream().map(TargetPagesMap.Node::url).toList());
        assertEquals(List.of(E + "artist?cd=1"), root.children().get(0).children().stream()
                .map(TargetPagesMap.Node::url).toList());
        assertEquals(List.of(E + "artist?cd=1", E + "artist?cd=3"), urls(map.targets()));
    }

    @Test
    void followTellsTheTargetsAPatternReachesAndTheirStates() {
        List<MappedPage> pages = List.of(
                page("", null, 1, 0, false),
                page("list/A", "", 2, 1, false),
                page("artist?cd=1", "list/A", 3, 2, true),
                page("artist?cd=2", "", 2, 3, true));           // a shortcut
        TargetPagesMap map = TargetPagesMap.of(E, pages);
        PatternMatcher m = PatternMatcher.of(List.of(new NavigationPattern.Branch(List.of(
                new NavigationPattern.Step("LINK", "^https?://s\\.test/list/[A-Z]$", null, false, List.of()),
                new NavigationPattern.Step("LINK", "^https?://s\\.test/artist\\?cd=[0-9]+$", null, false, List.of())),
                0)));
        List<String> told = new ArrayList<>();
        map.follow(m, (t, s) -> told.add(t.url() + " " + m.encode(s)));
        assertEquals(List.of(E + "artist?cd=1 0:2"), told, "the shortcut is not on the pattern's path");
    }

    private static List<String> urls(List<TargetPagesMap.Node> nodes) {
        return nodes.stream().map(TargetPagesMap.Node::url).toList();
    }

    @Test
    void theEntryPointIsNeverATargetAndPagesThatDoNotHangBelowItAreLeftOut() {
        List<MappedPage> pages = List.of(
                page("", null, 1, 0, true),
                page("home", null, 1, 1, false),           // the entry's redirect target: a second root
                page("x", "home", 2, 2, true),
                page("orphan", "missing", 3, 3, true),     // its parent was never mapped
                page("loop1", "loop2", 3, 4, true),        // a parent cycle in bad input
                page("loop2", "loop1", 3, 5, false),
                page("t", "", 2, 6, true));
        TargetPagesMap map = TargetPagesMap.of(E, pages);
        assertFalse(map.root().target());
        assertEquals(1, map.targetCount());
        assertEquals(List.of(E + "t"), urls(map.targets()));
    }

    @Test
    void aUrlGivenTwiceKeepsItsEarlierDiscovery() {
        List<MappedPage> pages = List.of(page("", null, 1, 0, false), page("a", "", 2, 1, false),
                page("t", "a", 3, 2, true), page("t", "", 2, 9, true));
        TargetPagesMap map = TargetPagesMap.of(E, pages);
        assertEquals(List.of(E + "a"), urls(map.root().children()));
        assertEquals(List.of(E + "t"), urls(map.root().children().get(0).children()));
    }

    @Test
    void withoutTargetsTheMapIsTheRootAlone() {
        TargetPagesMap map = TargetPagesMap.of(E, List.of(page("", null, 1, 0, false), page("a", "", 2, 1, false)));
        assertEquals(0, map.targetCount());
        assertEquals(List.of(), map.root().children());
    }

    @Test
    void theEntryPointMustBeAmongThePages() {
        assertThrows(IllegalArgumentException.class, () -> TargetPagesMap.of(E, List.of(page("a", null, 1, 0, false))));
    }

    @Test
    void aDeepChainDoesNotOverflowTheStack() {
        List<MappedPage> pages = new ArrayList<>();
        pages.add(page("", null, 1, 0, false));
        String parent = "";
        for (int i = 1; i <= 50_000; i++) {
            pages.add(page("p/" + i, parent, i + 1, i, i == 50_000));
            parent = "p/" + i;
        }
        TargetPagesMap map = TargetPagesMap.of(E, pages);
        assertEquals(List.of(E + "p/50000"), urls(map.targets()));
    }
}
