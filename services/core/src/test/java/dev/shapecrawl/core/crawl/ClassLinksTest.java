package dev.shapecrawl.core.crawl;

import dev.shapecrawl.core.navigation.MappedPage;
import dev.shapecrawl.core.navigation.PatternMatcher;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.PageCollections;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Class links of a sampled mapping's pattern ({@link ClassLinks}) and how the crawl follows them
 * ({@link PatternMatcher}): a hub step takes a collection all of whose mapped links lead to it (a list of hubs, a
 * pagination bar on the hub pages themselves when the step loops), never a menu that also led elsewhere; the target
 * step takes a collection any of whose mapped links led to a target.
 */
class ClassLinksTest {
    static final String S = "http://s.test";
    static final String ENTRY = S + "/";

    /** Hubs {@code /h/N} (looping through {@code ?page=N}), targets {@code /t/N}; the regexes a sample might learn. */
    static final List<NavigationPattern.Branch> BRANCHES = List.of(new NavigationPattern.Branch(List.of(
            new NavigationPattern.Step("LINK", "^http://s\\.test/h/[0-9]+(\\?page=[0-9]+)?$", null, true, List.of()),
            new NavigationPattern.Step("LINK", "^http://s\\.test/t/[0-9]+$", null, false, List.of())), 2));

    @Test
    void hubStepsTakeListsOfHubsAndTheirOwnPagerAndTheTargetStepItsLists() {
        List<MappedPage> pages = List.of(
                new MappedPage(ENTRY, null, 1, 0, false),
                new MappedPage(S + "/h/1", ENTRY, 2, 1, false),
                new MappedPage(S + "/h/9", ENTRY, 2, 2, false),
                new MappedPage(S + "/about", ENTRY, 2, 3, false),
                new MappedPage(S + "/t/1", S + "/h/1", 3, 4, true),
                new MappedPage(S + "/h/1?page=2", S + "/h/1", 3, 5, false));
        Map<String, PageCollections> kept = Map.of(
                ENTRY, links(Map.of(
                        "HUBS", List.of(S + "/h/1", S + "/h/5", S + "/h/9"),         // every mapped link a hub
                        "MENU", List.of(S + "/h/1", S + "/about"))),                  // a hub and another kind
                S + "/h/1", links(Map.of(
                        "ITEMS", List.of(S + "/t/1", S + "/t/2", S + "/t/3"),
                        "PAGER", List.of(S + "/h/1?page=2", S + "/h/1?page=3"))));

        List<NavigationPattern.Branch> annotated = ClassLinks.annotate(BRANCHES, ENTRY, pages.subList(1, pages.size()),
                url -> Optional.ofNullable(kept.get(url)));

        List<NavigationPattern.Step> steps = annotated.get(0).steps();
        assertEquals(List.of("HUBS", "PAGER"), steps.get(0).linkPaths().stream().sorted().toList(),
                "the hub step: the entry's list of hubs and the hubs' own pager, not the menu");
        assertEquals(List.of("ITEMS"), steps.get(1).linkPaths(), "the target step: the hub's item list");
    }

    @Test
    void aLoopStepFollowsALinkAtItsClassLinkWhateverItsUrl() {
        List<NavigationPattern.Branch> branches = List.of(new NavigationPattern.Branch(List.of(
                BRANCHES.get(0).steps().get(0).withLinkPaths(List.of("PAGER")),
                BRANCHES.get(0).steps().get(1)), 2));
        PatternMatcher matcher = PatternMatcher.of(branches);
        PatternMatcher.States hub = matcher.next(matcher.start(), S + "/h/1");
        assertTrue(hub.contains(0, 1), "a hub by its URL");

        // a next page whose URL the loop's regex, learnt from a few hubs, does not take
        String odd = S + "/h/hard-bop?page=2";
        assertTrue(matcher.next(hub, odd, null, List.of("PAGER")).contains(0, 1), "by the class link");
        assertFalse(matcher.next(hub, odd, null, List.of("MENU")).contains(0, 1), "not at another path");
        assertTrue(matcher.next(hub, odd).isEmpty(), "not by its URL");
    }

    private static PageCollections links(Map<String, List<String>> links) {
        return new PageCollections(links, Map.of());
    }
}
