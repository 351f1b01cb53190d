package dev.shapecrawl.core.navigation;

import dev.shapecrawl.events.NavigationPattern;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pattern generation end to end: mapping a site graph (Algorithm 2), generating, and crawling by the result
 * (§7.2). The seed's E-Jazz example (specification §4.3, §5.7, Table 3.1), several branches, loops.
 */
class NavigationPatternGeneratorTest {
    private static final NavigationPatternGenerator SEED =
            new NavigationPatternGenerator(PatternSettings.seedFaithful());
    private static final NavigationPatternGenerator MULTI =
            new NavigationPatternGenerator(PatternSettings.defaults());

    // ---- E-Jazz ---------------------------------------------------------------------------------------------

    private static final String EJ = "http://www.ejazz.com.br/";
    private static final String EJ_ENTRY = EJ + "artistas/default.asp";
    private static final String E1 = "^https?://www\\.ejazz\\.com\\.br/artistas/default[a-zA-Z]+\\.asp$";
    private static final String E2 = "^https?://www\\.ejazz\\.com\\.br/detalhes-artistas\\.asp\\?cd=[0-9]+$";

    private static String artist(int cd) {
        return EJ + "detalhes-artistas.asp?cd=" + cd;
    }

    /**
     * The artists section (0/2) links the artist lists (0/2/i), each list its artists (0/2/i/j); artist 17 is
     * also linked straight from the section, after the lists (the shortcut); a news section leads to no artist.
     * Artists link a related artist, which mapping never follows (targets are not expanded).
     */
    private static SiteGraph ejazz(int lists, int artists) {
        SiteGraph site = new SiteGraph(u -> u.startsWith(EJ + "detalhes-artistas.asp"));
        List<String> fromEntry = new ArrayList<>();
        for (int i = 0; i < lists; i++) {
            fromEntry.add(EJ + "artistas/default" + (char) ('A' + i) + ".asp");
        }
        fromEntry.add(artist(17));
        fromEntry.add(EJ + "noticias/default.asp");
        site.page(EJ_ENTRY, fromEntry.toArray(String[]::new));
        for (int cd = 1; cd <= artists; cd++) {
            site.page(EJ + "artistas/default" + (char) ('A' + (cd - 1) % lists) + ".asp", artist(cd));
            site.page(artist(cd), artist(cd % artists + 1), EJ_ENTRY);
        }
        site.page(EJ + "noticias/default.asp", EJ + "noticias/1.asp", EJ + "noticias/2.asp");
        return site;
    }

    @Test
    void theSeedsEJazzPatternIsTableThreeOne() {
        SiteGraph site = ejazz(26, 149);
        List<MappedPage> pages = site.map(EJ_ENTRY, 6);
        GeneratedPattern p = SEED.generate(EJ_ENTRY, pages);

        assertEquals(149, p.targetsMapped());
        assertEquals(1, p.branches().size(), "one path (Definition 5)");
        NavigationPattern.Branch np = p.branches().get(0);
        assertEquals(List.of(E1, E2), np.steps().stream().map(NavigationPattern.Step::urlRegex).toList());
        assertEquals(148, np.targetCount(), "the shortcut's group B' (1 target) is not chosen");
        assertEquals(148.0 / 149, p.coverage(), 1e-9);
        assertFalse(np.steps().get(0).loop() || np.steps().get(1).loop(), "the seed has no loops");
        assertEquals(List.of(EJ + "artistas/defaultA.asp", EJ + "artistas/defaultB.asp", EJ + "artistas/defaultC.asp"),
                np.steps().get(0).examples(), "three examples, in discovery order");

        // §4.3: at crawl time the list step's pattern matches the shortcut artist on its list page
        Set<String> crawled = site.crawl(EJ_ENTRY, p.branches());
        assertEquals(site.allTargets(), site.targets(crawled), "all 149 artists, the shortcut included");
        assertFalse(crawled.contains(EJ + "noticias/default.asp"));
    }

    @Test
    void groupMakesTheListsNodeAAndTheShortcutItsOwnNodeBPrime() {
        SiteGraph site = ejazz(26, 149);
        TargetPagesMap map = TargetPagesMap.of(EJ_ENTRY, site.map(EJ_ENTRY, 6));
        GroupedNode root = Group.of(PatternSettings.seedFaithful()).apply(map);
        assertEquals(2, root.children().size(), "news pruned from the map: A and B'");
        GroupedNode a = root.children().get(0);
        GroupedNode bPrime = root.children().get(1);
        assertEquals(E1, a.pattern().regex());
        assertEquals(26, a.members().size());
        assertEquals(0, a.targetCount());
        assertEquals(1, bPrime.targetCount());
        assertEquals("^https?://www\\.ejazz\\.com\\.br/detalhes-artistas\\.asp\\?cd=17$", bPrime.pattern().regex());
        assertEquals(1, a.children().size());
        GroupedNode b = a.children().get(0);
        assertEquals(E2, b.pattern().regex());
        assertEquals(148, b.targetCount());
    }

    @Test
    void withSeveralBranchesTheShortcutIsLeftOutWhenTheListsReach99Percent() {
        SiteGraph site = ejazz(26, 149);
        GeneratedPattern p = MULTI.generate(EJ_ENTRY, site.map(EJ_ENTRY, 6));
        assertEquals(1, p.branches().size(), "148/149 >= 0.99: no branch for the shortcut");
        assertEquals(List.of(E1, E2), p.branches().get(0).steps().stream().map(NavigationPattern.Step::urlRegex).toList());
        assertEquals(148.0 / 149, p.coverage(), 1e-9);
    }

    @Test
    void withSeveralBranchesTheShortcutOfASmallSiteBecomesAOneStepBranch() {
        SiteGraph site = ejazz(5, 20);
        List<MappedPage> pages = site.map(EJ_ENTRY, 6);

        GeneratedPattern seed = SEED.generate(EJ_ENTRY, pages);
        assertEquals(19.0 / 20, seed.coverage(), 1e-9);

        GeneratedPattern p = MULTI.generate(EJ_ENTRY, pages);
        assertEquals(2, p.branches().size(), "19/20 < 0.99: the shortcut is needed to reach 99%");
        assertEquals(List.of(E1, E2), p.branches().get(0).steps().stream().map(NavigationPattern.Step::urlRegex).toList());
        assertEquals(19, p.branches().get(0).targetCount());
        NavigationPattern.Step shortcut = p.branches().get(1).steps().get(0);
        assertEquals(1, p.branches().get(1).steps().size());
        assertEquals("^https?://www\\.ejazz\\.com\\.br/detalhes-artistas\\.asp\\?cd=[0-9]+$", shortcut.urlRegex(),
                "one URL, its number generalised: the entry's other featured artists later match too");
        assertEquals(List.of(artist(17)), shortcut.examples());
        assertEquals(1, p.branches().get(1).targetCount());
        assertEquals(1.0, p.coverage());
        assertEquals(site.allTargets(), site.targets(site.crawl(EJ_ENTRY, p.branches())));
    }

    // ---- several branches ------------------------------------------------------------------------------------

    private static final String SH = "http://shop.test/";

    /**
     * Three ways to products of one shape: 60 through brand lists, 30 through category hubs, 10 through a deals
     * page; products link each other (not followed while mapping).
     */
    private static SiteGraph threeWays() {
        SiteGraph site = new SiteGraph(u -> u.startsWith(SH + "product/"));
        site.page(SH, SH + "brands/b1.html", SH + "brands/b2.html", SH + "brands/b3.html", SH + "cat/1/",
                SH + "cat/2/", SH + "deals/today/list.html", SH + "help/faq.html");
        int product = 1;
        for (int b = 1; b <= 3; b++) {
            for (int i = 0; i < 20; i++) {
                site.page(SH + "brands/b" + b + ".html", SH + "product/" + product++ + "/view");
            }
        }
        for (int c = 1; c <= 2; c++) {
            for (int i = 0; i < 15; i++) {
                site.page(SH + "cat/" + c + "/", SH + "product/" + product++ + "/info/spec");
            }
        }
        for (int i = 0; i < 10; i++) {
            site.page(SH + "deals/today/list.html", SH + "product/" + product++ + "/deal/x/y");
        }
        return site;
    }

    @Test
    void severalBranchesCoverAtLeast99PercentOfTheMappedTargets() {
        SiteGraph site = threeWays();
        List<MappedPage> pages = site.map(SH, 6);

        GeneratedPattern seed = SEED.generate(SH, pages);
        assertEquals(1, seed.branches().size());
        assertEquals(0.6, seed.coverage(), 1e-9, "the seed keeps the brand lists only");

        GeneratedPattern p = MULTI.generate(SH, pages);
        assertEquals(100, p.targetsMapped());
        assertTrue(p.coverage() >= 0.99, "coverage " + p.coverage());
        assertEquals(List.of(60L, 30L, 10L), p.branches().stream().map(NavigationPattern.Branch::targetCount).toList(),
                "most targets first");
        assertEquals("^https?://shop\\.test/brands/b[0-9]+\\.html$", p.branches().get(0).steps().get(0).urlRegex());
        assertEquals("^https?://shop\\.test/cat/[0-9]+/$", p.branches().get(1).steps().get(0).urlRegex());
        assertEquals(site.allTargets(), site.targets(site.crawl(SH, p.branches())));
        assertFalse(site.crawl(SH, p.branches()).contains(SH + "help/faq.html"));
    }

    @Test
    void branchesStopOnceTheCoverageIsReachedOrAtTheCap() {
        SiteGraph site = threeWays();
        List<MappedPage> pages = site.map(SH, 6);
        GeneratedPattern ninety = new NavigationPatternGenerator(new PatternSettings(2, false, true, 16, 0.9, true, true, true))
                .generate(SH, pages);
        assertEquals(2, ninety.branches().size(), "60 + 30 reach 90%");
        assertEquals(0.9, ninety.coverage(), 1e-9);
        GeneratedPattern capped = new NavigationPatternGenerator(new PatternSettings(2, false, true, 2, 0.99, true, true, true))
                .generate(SH, pages);
        assertEquals(2, capped.branches().size());
        assertEquals(0.9, capped.coverage(), 1e-9, "the coverage tells that the cap cut the choice short");
    }

    @Test
    void theResultDoesNotDependOnTheOrderPagesAreGivenIn() {
        List<MappedPage> pages = new ArrayList<>(threeWays().map(SH, 6));
        GeneratedPattern first = MULTI.generate(SH, pages);
        Random random = new Random(7);
        for (int i = 0; i < 5; i++) {
            Collections.shuffle(pages, random);
            assertEquals(first, MULTI.generate(SH, pages));
        }
    }

    @Test
    void noTargetMeansNoBranch() {
        SiteGraph site = new SiteGraph(u -> false).page(SH, SH + "a", SH + "b");
        GeneratedPattern p = MULTI.generate(SH, site.map(SH, 6));
        assertTrue(p.branches().isEmpty());
        assertEquals(0, p.targetsMapped());
        assertEquals(0.0, p.coverage());
    }

    // ---- loops -----------------------------------------------------------------------------------------------

    /** A list paginated by {@code ?page=N}, each page linking five items and the next page. */
    private static SiteGraph paginated(int pageCount) {
        SiteGraph site = new SiteGraph(u -> u.startsWith(SH + "items/"));
        site.page(SH, SH + "list?page=1", SH + "help/faq.html");
        int item = 1;
        for (int pg = 1; pg <= pageCount; pg++) {
            for (int i = 0; i < 5; i++) {
                site.page(SH + "list?page=" + pg, SH + "items/" + item++ + ".html");
            }
            if (pg < pageCount) {
                site.page(SH + "list?page=" + pg, SH + "list?page=" + (pg + 1));
            }
        }
        return site;
    }

    @Test
    void aPaginationChainBecomesOneLoopStep() {
        SiteGraph site = paginated(8);
        GeneratedPattern p = MULTI.generate(SH, site.map(SH, 20));
        assertEquals(40, p.targetsMapped());
        assertEquals(1, p.branches().size());
        List<NavigationPattern.Step> steps = p.branches().get(0).steps();
        assertEquals(2, steps.size(), "eight levels of pages folded into one");
        assertEquals("^https?://shop\\.test/list\\?page=[0-9]+$", steps.get(0).urlRegex());
        assertTrue(steps.get(0).loop());
        assertEquals(List.of(SH + "list?page=1", SH + "list?page=2", SH + "list?page=3"), steps.get(0).examples());
        assertEquals("^https?://shop\\.test/items/[0-9]+\\.html$", steps.get(1).urlRegex());
        assertFalse(steps.get(1).loop(), "targets are not paginated here");
        assertEquals(1.0, p.coverage());
    }

    @Test
    void aLoopCrawlsPagesBeyondTheDepthSeenWhileMapping() {
        SiteGraph mapped = paginated(3);
        GeneratedPattern p = MULTI.generate(SH, mapped.map(SH, 20));
        SiteGraph grown = paginated(30); // the site grew after mapping
        Set<String> crawled = grown.crawl(SH, p.branches());
        assertEquals(150, grown.targets(crawled).size(), "all 30 pages' items");

        GeneratedPattern seed = SEED.generate(SH, mapped.map(SH, 20));
        assertEquals(5, grown.targets(grown.crawl(SH, seed.branches())).size(),
                "the seed's single path stops at one list page (ties: the shortest path)");
    }

    /** Categories nested three deep, ids as numbers; each category links two products and its subcategories. */
    private static SiteGraph categories() {
        SiteGraph site = new SiteGraph(u -> u.startsWith(SH + "p/"));
        site.page(SH, SH + "c/1", SH + "c/2", SH + "about");
        int product = 1;
        List<String> level = List.of("1", "2");
        for (int depth = 1; depth <= 3; depth++) {
            List<String> next = new ArrayList<>();
            for (String c : level) {
                site.page(SH + "c/" + c, SH + "p/" + product++ + "/view.html", SH + "p/" + product++ + "/view.html");
                if (depth < 3) {
                    site.page(SH + "c/" + c, SH + "c/" + c + "1", SH + "c/" + c + "2");
                    next.add(c + "1");
                    next.add(c + "2");
                }
            }
            level = next;
        }
        return site;
    }

    @Test
    void aHubToHubChainBecomesOneLoopStep() {
        SiteGraph site = categories();
        GeneratedPattern p = MULTI.generate(SH, site.map(SH, 20));
        assertEquals(28, p.targetsMapped());
        assertEquals(1, p.branches().size());
        List<NavigationPattern.Step> steps = p.branches().get(0).steps();
        assertEquals(List.of("^https?://shop\\.test/c/[0-9]+$", "^https?://shop\\.test/p/[0-9]+/view\\.html$"),
                steps.stream().map(NavigationPattern.Step::urlRegex).toList());
        assertTrue(steps.get(0).loop());
        assertEquals(1.0, p.coverage());

        GeneratedPattern seed = SEED.generate(SH, site.map(SH, 20));
        assertEquals(4, seed.branches().get(0).steps().size(), "three category levels, then products");
        assertEquals(16.0 / 28, seed.coverage(), 1e-9, "the deepest level's products only");
    }

    @Test
    void aChainOfSingleHubsFoldsByShape() {
        // one hub per level: no group pattern to match yet, so the shape rule decides
        SiteGraph site = new SiteGraph(u -> u.contains("/doc/"));
        site.page(SH, SH + "hub/17");
        site.page(SH + "hub/17", SH + "doc/a.html", SH + "hub/4");
        site.page(SH + "hub/4", SH + "doc/b.html", SH + "hub/230");
        site.page(SH + "hub/230", SH + "doc/c.html");
        GeneratedPattern p = MULTI.generate(SH, site.map(SH, 20));
        List<NavigationPattern.Step> steps = p.branches().get(0).steps();
        assertEquals("^https?://shop\\.test/hub/[0-9]+$", steps.get(0).urlRegex());
        assertTrue(steps.get(0).loop());
        assertEquals(1.0, p.coverage());
    }

    @Test
    void aVeryDeepChainIsLearnedWithoutQuadraticCost() {
        // 20,000 list pages one below the other, an item on each: paths of the map are not copied per node
        SiteGraph site = new SiteGraph(u -> u.startsWith(SH + "items/"));
        site.page(SH, SH + "list?page=1");
        for (int pg = 1; pg <= 20_000; pg++) {
            site.page(SH + "list?page=" + pg, SH + "items/" + pg + ".html", SH + "list?page=" + (pg + 1));
        }
        List<MappedPage> pages = site.map(SH, 20_001);
        GeneratedPattern multi = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> MULTI.generate(SH, pages));
        assertEquals(1.0, multi.coverage());
        assertEquals(2, multi.branches().get(0).steps().size());
        GeneratedPattern seed = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> SEED.generate(SH, pages));
        assertEquals(2, seed.branches().get(0).steps().size(), "ties: the shortest path, the first page's items");
        assertEquals(19_999, seed.targetsMapped(), "the last list page is at the depth limit, not expanded");
        assertEquals(1.0 / 19_999, seed.coverage(), 1e-12);
    }

    @Test
    void pagesOfDifferentKindsAreNotFolded() {
        // two words change from /section/books to /list/a: different kinds, even though both are letters
        SiteGraph site = new SiteGraph(u -> u.contains("/doc/"));
        site.page(SH, SH + "section/books");
        site.page(SH + "section/books", SH + "list/a");
        site.page(SH + "list/a", SH + "doc/1.html", SH + "doc/2.html");
        GeneratedPattern p = MULTI.generate(SH, site.map(SH, 20));
        List<NavigationPattern.Step> steps = p.branches().get(0).steps();
        assertEquals(3, steps.size());
        assertTrue(steps.stream().noneMatch(NavigationPattern.Step::loop));
    }
}
