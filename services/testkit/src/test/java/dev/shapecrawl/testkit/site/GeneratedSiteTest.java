package dev.shapecrawl.testkit.site;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GeneratedSiteTest {
    private static final Pattern ROW = Pattern.compile("<tr class=\"row\">");

    static Stream<SiteShape> presets() {
        return Stream.of(SiteShape.ejazz(), SiteShape.paginatedCatalogue(), SiteShape.deepHierarchy(),
                SiteShape.dblpAuthors(), SiteShape.mixedDistractors(), SiteShape.farDistractors(), SiteShape.tiny());
    }

    @ParameterizedTest
    @MethodSource("presets")
    void theSameSeedGivesByteIdenticalPagesAndAnotherSeedAnotherSite(SiteShape shape) {
        GeneratedSite site = GeneratedSite.generate(shape);
        assertEquals(site.pages(), GeneratedSite.generate(shape).pages());
        assertEquals(digest(site), digest(GeneratedSite.generate(shape)));
        assertNotEquals(digest(site), digest(GeneratedSite.generate(shape.withSeed(shape.seed() + 1))));
    }

    @Test
    void theTinySiteHasTheSameBytesInEveryRun() {
        // Pinned so that a dependence on the run (hash order, default locale, time) shows; an intended change of
        // the templates or the vocabulary changes it too, and then this value is updated.
        assertEquals("914281de894fc002c55a586267c9853a52696a300767258da56661e4fd3bf5a8", digest(GeneratedSite.generate(SiteShape.tiny())));
    }

    @ParameterizedTest
    @MethodSource("presets")
    void groundTruthMatchesTheShape(SiteShape shape) {
        GeneratedSite site = GeneratedSite.generate(shape);
        List<String> targets = site.targets();
        assertEquals(shape.totalTargets(), targets.size());
        assertEquals(targets.size(), new HashSet<>(targets).size());
        assertEquals(targets, site.urls(PageKind.TARGET));
        assertEquals(List.of("/"), site.urls(PageKind.ENTRY));
        assertEquals(shape.articles(), site.urls(PageKind.ARTICLE).size());
        assertEquals(shape.printViews() ? targets.size() : 0, site.urls(PageKind.PRINT_VIEW).size());
        assertEquals(shape.subsections() > 0 ? shape.sections() : 0, site.urls(PageKind.SECTION).size());
        long firstListPages = site.urls(PageKind.LIST).stream().filter(u -> !u.contains("page=")).count();
        assertEquals(shape.lists(), firstListPages);
        int pagesPerList = (shape.targetsPerList() + shape.pageSize() - 1) / shape.pageSize();
        assertTrue(site.urls(PageKind.LIST).size() >= shape.lists() * pagesPerList);

        assertFalse(site.sampleTargets().isEmpty());
        assertEquals(site.sampleTarget(), site.sampleTargets().get(0));
        assertTrue(targets.containsAll(site.sampleTargets()));
        assertTrue(site.sampleTargets().stream().noneMatch(site.shortcuts()::contains));

        assertEquals(shape.shortcuts(), site.shortcuts().size());
        assertTrue(site.outlinks(site.entry()).containsAll(site.shortcuts()));
        for (String shortcut : site.shortcuts()) {
            assertTrue(isListed(site, shortcut), "shortcut " + shortcut + " is also on a list (§4.3)");
        }
    }

    @ParameterizedTest
    @MethodSource("presets")
    void everyLinkResolvesToAPageOrToAnIntentionallyBrokenEntry(SiteShape shape) {
        GeneratedSite site = GeneratedSite.generate(shape);
        Set<String> linked = new HashSet<>();
        for (String page : site.pages().keySet()) {
            for (String link : site.outlinks(page)) {
                assertTrue(link.startsWith("/"), link + " on " + page);
                assertTrue(site.kind(link).isPresent() || site.brokenLinks().contains(link),
                        link + " on " + page + " resolves");
                linked.add(link);
            }
        }
        assertEquals(shape.brokenLinks(), site.brokenLinks().size());
        for (String broken : site.brokenLinks()) {
            assertTrue(site.kind(broken).isEmpty());
            assertTrue(isListed(site, broken), broken + " is a list entry");
        }
        Set<String> orphans = new TreeSet<>(site.pages().keySet());
        orphans.removeAll(linked);
        assertEquals(Set.of(), orphans, "every page is linked from some page");
    }

    @ParameterizedTest
    @MethodSource("presets")
    void everyTargetIsReachableFromTheEntryWithoutPassingThroughAnotherTarget(SiteShape shape) {
        GeneratedSite site = GeneratedSite.generate(shape);
        Set<String> mapped = SiteGraph.reachable(site, url -> !site.isTarget(url));
        assertTrue(mapped.containsAll(site.targets()));
        Set<String> all = SiteGraph.reachable(site, url -> true);
        assertTrue(all.containsAll(site.pages().keySet()));
    }

    @ParameterizedTest
    @MethodSource("presets")
    void targetsShareOneTemplateButVaryInSize(SiteShape shape) {
        GeneratedSite site = GeneratedSite.generate(shape);
        String detail = "<main class=\"" + shape.urlStyle().vocabulary().entity + "-detail\"";
        Set<Integer> rowCounts = new TreeSet<>();
        boolean nonAscii = false;
        for (Map.Entry<String, String> page : site.pages().entrySet()) {
            boolean target = site.isTarget(page.getKey());
            assertEquals(target, page.getValue().contains(detail), page.getKey());
            if (target) {
                int rows = count(ROW, page.getValue());
                assertTrue(rows >= shape.minRecords() && rows <= shape.maxRecords(), rows + " rows");
                rowCounts.add(rows);
                nonAscii |= page.getValue().chars().anyMatch(c -> c > 127 && c != '–' && c != '›' && c != '©'
                        && c != '·');
                long related = site.outlinks(page.getKey()).stream().filter(site::isTarget).count();
                assertEquals(shape.relatedLinks(), related, "related links of " + page.getKey());
            }
        }
        assertTrue(rowCounts.size() >= Math.min(4, shape.maxRecords() - shape.minRecords() + 1), "" + rowCounts);
        assertTrue(nonAscii, "some names or records are non-ASCII");
    }

    @ParameterizedTest
    @MethodSource("presets")
    void distractorUrlsAreWithinKLevelsOfEveryTargetUrlWhenTheShapeSaysSo(SiteShape shape) {
        GeneratedSite site = GeneratedSite.generate(shape);
        for (String article : site.urls(PageKind.ARTICLE)) {
            for (String target : site.targets()) {
                int d = SiteGraph.differingLevels(article, target);
                if (shape.nearDistractors()) {
                    assertTrue(d >= 1 && d <= SiteShape.K, article + " vs " + target + ": " + d);
                } else {
                    assertEquals(-1, d, article + " has another level count than " + target);
                }
            }
        }
        for (String target : site.targets()) {
            site.outlinks(target).stream().filter(u -> site.kind(u).orElseThrow() == PageKind.PRINT_VIEW)
                    .forEach(print -> assertEquals(1, SiteGraph.differingLevels(print, target)));
        }
        for (String print : site.urls(PageKind.PRINT_VIEW)) {
            for (String target : site.targets()) {
                int d = SiteGraph.differingLevels(print, target);
                assertTrue(d >= 1 && d <= SiteShape.K, print + " vs " + target);
            }
        }
    }

    @Test
    void pathIdUrlsHaveTheDocumentedShapes() {
        GeneratedSite site = GeneratedSite.generate(SiteShape.paginatedCatalogue());
        assertAllMatch(site.targets(), "/artist/\\d+");
        assertAllMatch(site.urls(PageKind.LIST), "/genre/[a-z-]+(\\?page=[2-9])?");
        assertAllMatch(site.urls(PageKind.PRINT_VIEW), "/artist/\\d+\\?print=1");
        assertAllMatch(site.urls(PageKind.ARTICLE), "/news/\\d+");
        assertEquals(List.of("/news/"), site.urls(PageKind.NEWS_INDEX));

        GeneratedSite deep = GeneratedSite.generate(SiteShape.deepHierarchy());
        assertAllMatch(deep.urls(PageKind.SECTION), "/genre/[a-z-]+");
        assertAllMatch(deep.urls(PageKind.LIST), "/genre/[a-z-]+/\\d{4}s(\\?page=2)?");
        assertAllMatch(GeneratedSite.generate(SiteShape.farDistractors()).urls(PageKind.ARTICLE),
                "/press/\\d{4}/\\d{2}/[a-z0-9-]+-\\d+\\.html");
    }

    @Test
    void queryIdUrlsHaveTheEJazzShapes() {
        GeneratedSite site = GeneratedSite.generate(SiteShape.ejazz());
        assertAllMatch(site.targets(), "/detail\\.asp\\?cd=\\d+");
        assertAllMatch(site.urls(PageKind.LIST), "/artistas/default[A-J]\\.asp");
        assertAllMatch(site.urls(PageKind.ARTICLE), "/noticia\\.asp\\?cd=\\d+");

        GeneratedSite deep = GeneratedSite.generate(SiteShape.deepHierarchy().toBuilder()
                .urlStyle(UrlStyle.QUERY_ID).printViews(true).build());
        assertAllMatch(deep.urls(PageKind.LIST), "/artistas/default[A-C]\\.asp\\?era=\\d{4}s(&page=2)?");
        assertAllMatch(deep.urls(PageKind.PRINT_VIEW), "/detail\\.asp\\?cd=\\d+&print=1");
        String page1 = deep.urls(PageKind.LIST).get(0);
        assertTrue(deep.html(page1).orElseThrow().contains("href=\"" + page1.replace("&", "&amp;") + "&amp;page=2\""),
                "hrefs escape '&'");
    }

    @Test
    void nameFileUrlsHaveTheDblpShapes() {
        GeneratedSite site = GeneratedSite.generate(SiteShape.dblpAuthors());
        Pattern target = Pattern.compile("/a-tree/([a-z])/([A-Za-z=]+):([A-Za-z=]+)(_\\d+)?\\.html");
        boolean entity = false;
        boolean homonym = false;
        for (String url : site.targets()) {
            Matcher m = target.matcher(url);
            assertTrue(m.matches(), url);
            assertEquals(m.group(1), m.group(2).substring(0, 1).toLowerCase(), "directory is the initial: " + url);
            entity |= url.contains("=");
            homonym |= m.group(4) != null;
        }
        assertTrue(entity, "DBLP spellings like J=uuml=rgen");
        assertTrue(homonym, "homonyms with _2");
        assertAllMatch(site.urls(PageKind.LIST), "/a-tree/[a-h]/index\\.html");
        assertAllMatch(site.urls(PageKind.ARTICLE), "/a-tree/[a-z]/[A-Z]+:\\d{4}\\.html");
    }

    @Test
    void listPagesFormPageChainsWhosePagerShowsTheWindow() {
        GeneratedSite site = GeneratedSite.generate(SiteShape.paginatedCatalogue());
        List<String> first = site.outlinks("/genre/bebop");
        assertTrue(first.contains("/genre/bebop?page=2"));
        assertFalse(first.contains("/genre/bebop?page=3"), "window 1: page 3 is two hops away");
        assertTrue(site.outlinks("/genre/bebop?page=3").containsAll(List.of("/genre/bebop?page=2",
                "/genre/bebop?page=4")));
        assertEquals(5, site.urls(PageKind.LIST).stream().filter(u -> u.startsWith("/genre/bebop")).count());

        GeneratedSite chain = GeneratedSite.generate(SiteShape.tiny().toBuilder().pageSize(1).pagerWindow(0)
                .build());
        List<String> pages = chain.outlinks("/genre/bebop").stream().filter(u -> u.startsWith("/genre/bebop"))
                .toList();
        assertEquals(List.of("/genre/bebop?page=2"), pages, "window 0: next only");
    }

    private static boolean isListed(GeneratedSite site, String url) {
        return SiteGraph.linkedFrom(site, url).stream()
                .anyMatch(page -> site.kind(page).orElseThrow() == PageKind.LIST);
    }

    private static void assertAllMatch(List<String> urls, String regex) {
        assertFalse(urls.isEmpty(), "no URLs for " + regex);
        urls.forEach(u -> assertTrue(u.matches(regex), u + " matches " + regex));
    }

    private static int count(Pattern p, String text) {
        Matcher m = p.matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    static String digest(GeneratedSite site) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            site.pages().forEach((url, html) -> {
                sha.update(url.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
                sha.update(html.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
            });
            return HexFormat.of().formatHex(sha.digest());
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
