package dev.shapecrawl.core.crawl;

import dev.shapecrawl.core.navigation.LinkPosition;
import dev.shapecrawl.core.navigation.MappedPage;
import dev.shapecrawl.core.navigation.PatternMatcher;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.PageCollections;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The groups of links a first crawl can do without ({@link HubCover}), on a javadoc in small: the entry point links to
 * a complete list of the targets ({@code /all}, javadoc's {@code allclasses-frame.html}) and to four package lists
 * ({@code /p/N}), each listing some of them; the mapping read the complete list and two package lists.
 */
class HubCoverTest {
    static final String S = "http://s.test";
    static final String ENTRY = S + "/";

    /** A hub step for both kinds of list (looping: a list may link to another list), then the targets. */
    static final List<NavigationPattern.Branch> BRANCHES = List.of(new NavigationPattern.Branch(List.of(
            new NavigationPattern.Step("LINK", "^http://s\\.test/(all|p/[0-9]+)$", null, true, List.of()),
            new NavigationPattern.Step("LINK", "^http://s\\.test/t/[0-9]+$", null, false, List.of())), 2));

    static final List<MappedPage> PAGES = List.of(
            new MappedPage(S + "/all", ENTRY, 2, 1, false),
            new MappedPage(S + "/p/1", ENTRY, 2, 2, false),
            new MappedPage(S + "/p/2", ENTRY, 2, 3, false),
            new MappedPage(S + "/t/1", S + "/all", 3, 4, true),
            new MappedPage(S + "/t/3", S + "/p/2", 3, 5, true));

    /** The site: the package lists list {@code p1} and {@code p2}, {@code /p/1} also lists {@code more}. */
    private static Map<String, PageCollections> site(List<String> p1, List<String> p2, List<String> more) {
        Map<String, List<String>> entry = new LinkedHashMap<>();
        entry.put("ALL", List.of(S + "/all"));
        entry.put("PACKAGES", List.of(S + "/p/1", S + "/p/2", S + "/p/3", S + "/p/4"));
        Map<String, List<String>> first = new LinkedHashMap<>();
        first.put("PACKAGE-ITEMS", p1);
        if (!more.isEmpty()) {
            first.put("SUBPACKAGES", more);
        }
        return Map.of(
                ENTRY, new PageCollections(entry, Map.of()),
                S + "/all", new PageCollections(Map.of("ALL-ITEMS", targets(1, 8)), Map.of()),
                S + "/p/1", new PageCollections(first, Map.of()),
                S + "/p/2", new PageCollections(Map.of("PACKAGE-ITEMS", p2), Map.of()));
    }

    private static List<String> cover(Map<String, PageCollections> site) {
        return HubCover.exclude(BRANCHES, ENTRY, PAGES, url -> Optional.ofNullable(site.get(url)));
    }

    @Test
    void thePackageListsGoWhereTheCompleteListHoldsWhatTheyList() {
        List<String> excluded = cover(site(targets(1, 2), targets(3, 4), List.of()));

        assertEquals(List.of("PACKAGES"), excluded,
                "the links to the package lists, which list nothing the complete list does not"
                        + " (their items cost no request finding no target, so they are not tried)");
        PatternMatcher matcher = PatternMatcher.of(BRANCHES, excluded);
        assertTrue(matcher.next(matcher.start(), S + "/p/3", null, List.of(LinkPosition.at("PACKAGES"))).isEmpty(),
                "a package list the mapping did not read is not fetched");
        PatternMatcher.States all = matcher.next(matcher.start(), S + "/all", null, List.of(LinkPosition.at("ALL")));
        assertFalse(all.isEmpty(), "the complete list is");
        assertTrue(matcher.atTarget(matcher.next(all, S + "/t/8", null, List.of(LinkPosition.at("ALL-ITEMS")))),
                "and so are its targets, the ones the mapping did not read too");
    }

    @Test
    void aListThatHoldsATargetNoOtherListHoldsStays() {
        List<String> p2 = new ArrayList<>(targets(3, 4));
        p2.add(S + "/t/9"); // not in the complete list
        assertEquals(List.of(), cover(site(targets(1, 2), p2, List.of())),
                "every list is needed: the complete one for the targets the mapping did not read, the packages for t/9");
    }

    @Test
    void aListThatLeadsToListsTheMappingDidNotReadStays() {
        assertEquals(List.of(), cover(site(targets(1, 2), targets(3, 4), List.of(S + "/p/10"))),
                "/p/1 leads to /p/10, a list no one read, so the package lists stay; nor does the link to it go, since"
                        + " the mapping read no list of that group");
    }

    @Test
    void aTargetNoCompleteListNamesIsNoLoss() {
        List<String> p2 = new ArrayList<>(targets(3, 5));
        p2.add(S + "/t/9"); // not in the complete list: a link to a page the site does not have
        List<MappedPage> pages = List.of(
                new MappedPage(S + "/all", ENTRY, 2, 1, false),
                new MappedPage(S + "/p/1", ENTRY, 2, 2, false),
                new MappedPage(S + "/p/2", ENTRY, 2, 3, false),
                new MappedPage(S + "/t/1", S + "/all", 3, 4, true),
                new MappedPage(S + "/t/3", S + "/p/2", 3, 5, true),
                new MappedPage(S + "/t/4", S + "/p/2", 3, 6, true),
                new MappedPage(S + "/t/5", S + "/p/2", 3, 7, true));
        Map<String, PageCollections> site = site(targets(1, 2), p2, List.of());

        assertEquals(List.of("PACKAGES"), HubCover.exclude(BRANCHES, ENTRY, pages, url -> Optional.ofNullable(
                        site.get(url))),
                "/all names every mapped target, 3 of which the mapping met elsewhere: it is complete, and t/9, which"
                        + " only a package list names, is not taken for a target the crawl must keep reaching");
        assertEquals(List.of(), cover(site),
                "with one mapped target met elsewhere (PAGES), /all is not known complete, and the package lists stay");
    }

    /**
     * RDoc in small: every page's navigation lists classes and modules in one markup ({@code NAV}), and the table of
     * contents lists the classes apart ({@code CLASSES}); the target step's regex takes both kinds. The mapping read
     * {@code modules} module pages through the navigation alone, none of them a target.
     */
    static final List<NavigationPattern.Branch> TOC_BRANCHES = List.of(
            new NavigationPattern.Branch(List.of(
                    new NavigationPattern.Step("LINK", "^http://s\\.test/toc$", null, false, List.of()),
                    new NavigationPattern.Step("LINK", "^http://s\\.test/[a-z]/[0-9]+$", null, false, List.of())), 2),
            new NavigationPattern.Branch(List.of(
                    new NavigationPattern.Step("LINK", "^http://s\\.test/[a-z]/[0-9]+$", null, false, List.of())), 1));

    private static List<String> navigation(int modules) {
        List<String> nav = new ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            nav.add(S + "/c/" + i);
            nav.add(S + "/m/" + i);
        }
        List<String> classes = nav.stream().filter(u -> u.contains("/c/")).toList();
        Map<String, List<String>> entry = new LinkedHashMap<>();
        entry.put("TOC", List.of(S + "/toc"));
        entry.put("NAV", nav);
        Map<String, PageCollections> kept = Map.of(
                ENTRY, new PageCollections(entry, Map.of()),
                S + "/toc", new PageCollections(Map.of("CLASSES", classes), Map.of()));
        List<MappedPage> pages = new ArrayList<>(List.of(
                new MappedPage(S + "/toc", ENTRY, 2, 1, false),
                new MappedPage(S + "/c/1", ENTRY, 2, 2, true)));
        for (int i = 1; i <= modules; i++) {
            pages.add(new MappedPage(S + "/m/" + i, ENTRY, 2, 2 + i, false));
        }
        return HubCover.exclude(TOC_BRANCHES, ENTRY, pages, url -> Optional.ofNullable(kept.get(url)));
    }

    @Test
    void aListOfTwoKindsGoesWhenThePagesReadThroughItAloneWereThreeOfTheOtherKind() {
        List<String> excluded = navigation(3);

        assertTrue(excluded.contains("NAV"),
                "its unread links not in the table of contents are taken to be modules, as the three it read");
        PatternMatcher matcher = PatternMatcher.of(TOC_BRANCHES, excluded);
        assertFalse(matcher.atTarget(matcher.next(matcher.start(), S + "/m/6", null, List.of(LinkPosition.at("NAV")))),
                "so a module the mapping did not read is not fetched");
    }

    @Test
    void aListOfTwoKindsStaysWhenTooFewPagesWereReadThroughItAlone() {
        assertFalse(navigation(2).contains("NAV"),
                "two module pages are not enough to say what its other links are");
    }

    @Test
    void aPatternWithAFormStepIsLeftAsItIs() {
        List<NavigationPattern.Branch> withForm = List.of(new NavigationPattern.Branch(List.of(
                new NavigationPattern.Step("FORM", "^http://s\\.test/search.*$", "f1", false, List.of()),
                BRANCHES.get(0).steps().get(1)), 1));

        assertEquals(List.of(), HubCover.exclude(withForm, ENTRY, PAGES,
                url -> Optional.ofNullable(site(targets(1, 2), targets(3, 4), List.of()).get(url))));
    }

    private static List<String> targets(int from, int to) {
        List<String> out = new ArrayList<>();
        for (int i = from; i <= to; i++) {
            out.add(S + "/t/" + i);
        }
        return out;
    }
}
