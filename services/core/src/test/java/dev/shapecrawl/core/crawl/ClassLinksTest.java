package dev.shapecrawl.core.crawl;

import dev.shapecrawl.core.navigation.MappedPage;
import dev.shapecrawl.core.navigation.LinkPosition;
import dev.shapecrawl.core.navigation.PatternMatcher;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.PageCollections;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
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
        assertTrue(matcher.next(hub, odd, null, List.of(LinkPosition.at("PAGER"))).contains(0, 1), "by the class link");
        assertFalse(matcher.next(hub, odd, null, List.of(LinkPosition.at("MENU"))).contains(0, 1), "not at another path");
        assertTrue(matcher.next(hub, odd).isEmpty(), "not by its URL");
    }

    /**
     * gtk-doc's table of contents, in small: one collection at the default level ({@code …-SPAN[@CLASS]-A}) holds the
     * reference pages ({@code span class="refentrytitle"}) and the chapters ({@code span class="chapter"}), and a
     * second one, the parts, holds only pages that are not targets. The mapping fetched a reference page and a
     * chapter from the first and a part from the second. The chapters' value-level group and the parts' collection,
     * every mapped page of which is not a target, are excluded: neither their class link nor the URL regex follows
     * them, while the reference pages' group is followed whatever their URL.
     */
    @Test
    void theTargetStepExcludesGroupsWhoseMappedPagesAreNoTargets() {
        String toc = "HTML-BODY-DL-DT-SPAN[@CLASS]-A";
        String parts = "HTML-BODY-DL-DD-A";
        List<String> urls = List.of(S + "/t/1", S + "/ch/1", S + "/GFile", S + "/t/9");
        Map<String, List<String>> links = new LinkedHashMap<>(); // document order, as the parser keeps it
        links.put(toc, urls);
        links.put(parts, List.of(S + "/t/100", S + "/t/101"));
        PageCollections entry = new PageCollections(links, Map.of(), Map.of(toc, new PageCollections.LinkValues(List.of("refentrytitle"),
                        Map.of(0, List.of("refentrytitle", "chapter", "refentrytitle", "chapter")))));
        List<NavigationPattern.Branch> oneStep = List.of(new NavigationPattern.Branch(List.of(
                new NavigationPattern.Step("LINK", "^http://s\\.test/t/[0-9]+$", null, false, List.of())), 1));
        List<MappedPage> pages = List.of(
                new MappedPage(S + "/t/1", ENTRY, 2, 1, true),
                new MappedPage(S + "/ch/1", ENTRY, 2, 2, false),
                new MappedPage(S + "/t/100", ENTRY, 2, 3, false));

        NavigationPattern.Step step = ClassLinks.annotate(oneStep, ENTRY, pages,
                url -> ENTRY.equals(url) ? Optional.of(entry) : Optional.empty()).get(0).steps().get(0);
        assertEquals(List.of(toc), step.linkPaths(), "the table of contents is the target step's class link");
        assertEquals(List.of("HTML-BODY-DL-DT-SPAN[@CLASS=\"chapter\"]-A", parts), step.excludedLinkPaths(),
                "the chapters' group and the parts' collection, whose mapped pages are no targets, are excluded");

        PatternMatcher matcher = PatternMatcher.of(List.of(new NavigationPattern.Branch(List.of(step), 1)));
        assertTrue(matcher.excludesAny(), "so the crawl reads its links' value-level paths");
        Map<String, List<LinkPosition>> at = ClassLinks.pathsByUrl(entry, matcher.excludesAny());
        assertTrue(matcher.next(matcher.start(), S + "/GFile", null, at.get(S + "/GFile")).contains(0, 1),
                "a reference page the regex does not take, by its group");
        assertTrue(matcher.next(matcher.start(), S + "/t/9", null, at.get(S + "/t/9")).isEmpty(),
                "a link of the chapters' group, even where its URL matches the regex");
        assertTrue(matcher.next(matcher.start(), S + "/t/101", null, at.get(S + "/t/101")).isEmpty(),
                "a link of the parts' collection, even where its URL matches the regex");
        assertFalse(matcher.next(matcher.start(), S + "/t/9", null, List.of(LinkPosition.at(toc))).isEmpty(),
                "a link whose page did not record its values is followed by the collection's path");
        assertFalse(matcher.next(matcher.start(), S + "/t/101", null,
                        List.of(LinkPosition.at(parts), LinkPosition.at("HTML-BODY-P-A"))).isEmpty(),
                "a link that also stands in a collection the mapping did not judge is followed by its URL");
    }

    private static PageCollections links(Map<String, List<String>> links) {
        return new PageCollections(links, Map.of());
    }
}
