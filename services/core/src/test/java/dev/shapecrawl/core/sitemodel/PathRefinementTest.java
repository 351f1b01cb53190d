package dev.shapecrawl.core.sitemodel;

import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Path refinement on the lattice (seed 001, spec §2.6 and §3.5): more specific where a collection's pages fall into
 * several classes, more general where it holds one link; and the menu subtypes (spec §2.3).
 */
class PathRefinementTest {
    private static final String FIGURE_3_13 = "<html><body>"
            + "<div class=\"List1\"><ul class=\"List1\"><li><a href=\"/1\">1</a></li><li><a href=\"/2\">2</a></li></ul></div>"
            + "<div class=\"List2\"><ul class=\"List1\"><li><a href=\"/3\">3</a></li><li><a href=\"/4\">4</a></li></ul></div>"
            + "<div><ul><li><a href=\"/5\">5</a></li><li><a href=\"/6\">6</a></li><li><a href=\"/7\">7</a></li></ul></div>"
            + "</body></html>";
    private static final String FOUR = "HTML-BODY-DIV[@CLASS]-UL[@CLASS]-LI-A";

    private static SitePage page(String html) {
        return PageParser.parse("http://s.test/", Jsoup.parse(html, "http://s.test/"), SiteModelSettings.defaults());
    }

    private static String u(int i) {
        return "http://s.test/" + i;
    }

    /**
     * The spec's illustration of its [D] re-partition (§3.5, on the DOM of Figure 3.13): url1–url4 form one collection
     * at the default level; when url1 and url3 lead to different classes, the first more specific level (the DIV's
     * value) splits it into the two lists, and no link is lost.
     */
    @Test
    void aCollectionOfTwoClassesSplitsAtTheFirstLevelThatSeparatesThem() {
        SitePage p = page(FIGURE_3_13);
        assertEquals(List.of(u(1), u(2), u(3), u(4)), p.links().get(FOUR));
        Map<PathRefinement.Version, List<String>> parts = PathRefinement.specific(p, PathRefinement.Version.of(FOUR),
                p.links().get(FOUR), Map.of(u(1), 0, u(3), 1)).orElseThrow();
        Map<String, List<String>> byPath = new LinkedHashMap<>();
        parts.forEach((v, urls) -> byPath.put(v.path(), urls));
        assertEquals(Map.of("HTML-BODY-DIV[@CLASS=\"List1\"]-UL[@CLASS]-LI-A", List.of(u(1), u(2)),
                "HTML-BODY-DIV[@CLASS=\"List2\"]-UL[@CLASS]-LI-A", List.of(u(3), u(4))), byPath);
        parts.forEach((v, urls) -> assertEquals(urls, v.select(p), v.path() + " selects its part on the page"));
    }

    @Test
    void aSplitThatKeepsTwoClassesTogetherIsNoRefinement() {
        SitePage p = page(FIGURE_3_13);
        // url1 and url2 differ in class but no attribute tells them apart: the collection stays a menu
        assertEquals(Optional.empty(), PathRefinement.specific(p, PathRefinement.Version.of(FOUR),
                p.links().get(FOUR), Map.of(u(1), 0, u(2), 1)));
    }

    @Test
    void rowIdsAndValuesOfOneLinkEachDoNotMakeLists() {
        StringBuilder rows = new StringBuilder("<html><body><table class=\"t\">");
        for (int i = 1; i <= 6; i++) {
            rows.append("<tr id=\"row_").append(i).append("\"><td class=\"e\"><a href=\"/").append(i).append("\">")
                    .append(i).append("</a></td></tr>");
        }
        SitePage byRow = page(rows.append("</table></body></html>").toString());
        String path = byRow.links().keySet().iterator().next();
        assertEquals(Optional.empty(), PathRefinement.specific(byRow, PathRefinement.Version.of(path),
                byRow.links().get(path), Map.of(u(1), 0, u(6), 1)), "an id selects one element, not a group");

        StringBuilder each = new StringBuilder("<html><body><ul class=\"l\">");
        for (int i = 1; i <= 6; i++) {
            each.append("<li class=\"item-").append(i).append("\"><a href=\"/").append(i).append("\">x</a></li>");
        }
        SitePage single = page(each.append("</ul></body></html>").toString());
        String p2 = single.links().keySet().iterator().next();
        assertEquals(Optional.empty(), PathRefinement.specific(single, PathRefinement.Version.of(p2),
                single.links().get(p2), Map.of(u(1), 0, u(6), 1)), "parts of one link each group nothing");
    }

    @Test
    void aSingleLinkIsGeneralisedToTheTagsThenAlongTheDescendantAxis() {
        SitePage p = page("<html><body><div class=\"logo\"><p><a href=\"/1\">home</a></p></div>"
                + "<div><p><a href=\"/2\">a</a></p></div><div><p><a href=\"/3\">b</a></p></div>"
                + "<section id=\"x\"><p><a href=\"/4\">c</a></p></section></body></html>");
        PathRefinement.Version logo = PathRefinement.Version.of("HTML-BODY-DIV[@CLASS]-P-A");
        assertEquals(List.of(u(1)), logo.select(p));
        PathRefinement.Version tags = PathRefinement.general(p, logo).orElseThrow();
        assertEquals("HTML-BODY-DIV-P-A", tags.path());
        assertEquals(List.of(u(1), u(2), u(3)), tags.select(p));

        PathRefinement.Version alone = PathRefinement.Version.of("HTML-BODY-SECTION[@ID]-P-A");
        PathRefinement.Version axis = PathRefinement.general(p, alone).orElseThrow();
        assertEquals("//P-A", axis.path());
        assertEquals(4, axis.select(p).size());
        assertEquals(Optional.empty(), PathRefinement.general(page("<html><body><a href=\"/1\">x</a></body></html>"),
                PathRefinement.Version.of("HTML-BODY-A")), "nothing more to gather");
    }

    @Test
    void valuesAreWrittenEscapedAndIdsByNameOnly() {
        assertEquals("HTML-DIV[@ID]-UL[@CLASS=\"a \\\"b\\\"\"]-LI-A",
                PathRefinement.withValues("HTML-DIV[@ID]-UL[@CLASS]-LI-A", List.of("", "a \"b\"")));
        assertEquals(List.of("HTML", "DIV", "UL", "LI", "A"), PathRefinement.tags("HTML-DIV[@ID]-UL[@CLASS]-LI-A"));
    }

    @Test
    void aMenuIsFixedWhenEveryPageOfItsClassHasTheSameLinksThere() {
        String nav = "<html><body><ul class=\"nav\"><li><a href=\"/1\">a</a></li><li><a href=\"/2\">b</a></li></ul>";
        SitePage one = page(nav + "<p>one</p></body></html>");
        SitePage two = PageParser.parse("http://s.test/two", Jsoup.parse(nav + "<p>two</p></body></html>",
                "http://s.test/"), SiteModelSettings.defaults());
        PathRefinement.Version menu = PathRefinement.Version.of("HTML-BODY-UL[@CLASS]-LI-A");
        assertEquals(ClassLink.Anchor.FIXED, ModelInference.anchor(PageClass.of(one, two), menu));
        SitePage other = PageParser.parse("http://s.test/other", Jsoup.parse("<html><body><ul class=\"nav\"><li>"
                + "<a href=\"/1\">a</a></li><li><a href=\"/9\">z</a></li></ul></body></html>", "http://s.test/"),
                SiteModelSettings.defaults());
        assertEquals(ClassLink.Anchor.VARIABLE, ModelInference.anchor(PageClass.of(one, other), menu));
    }

    /**
     * A list of two kinds of pages told apart by its items' class: after sampling, the class links name each kind's
     * items (the default); refining while sampling (the thesis's loop) gives the same class links and fetches fewer
     * of the list's pages, since the list is not fetched whole as a menu.
     */
    @Test
    void aListOfTwoKindsBecomesTwoListClassLinks() {
        Map<String, String> site = new HashMap<>();
        StringBuilder index = new StringBuilder("<html><body><div class=\"list\">");
        for (int i = 1; i <= 10; i++) {
            index.append("<div class=\"kind-a\"><a href=\"/a").append(i).append("\">a</a></div>");
            index.append("<div class=\"kind-b\"><a href=\"/b").append(i).append("\">b</a></div>");
            site.put("http://s.test/a" + i, "<html><body><h1>A " + i + "</h1><table class=\"fields\"><tr><td>x</td>"
                    + "</tr></table><p class=\"a-only\">text</p></body></html>");
            site.put("http://s.test/b" + i, "<html><body><h2>B " + i + "</h2><ol class=\"steps\"><li>one</li>"
                    + "<li>two</li></ol><span class=\"b-only\">b</span></body></html>");
        }
        site.put("http://s.test/", index.append("</div></body></html>").toString());
        java.util.concurrent.atomic.AtomicInteger fetches = new java.util.concurrent.atomic.AtomicInteger();
        java.util.function.Function<String, Optional<SitePage>> fetch = url -> {
            fetches.incrementAndGet();
            return Optional.ofNullable(site.get(url)).map(html -> PageParser.parse(url, Jsoup.parse(html, url),
                    SiteModelSettings.defaults()));
        };
        SiteModel links = ModelInference.infer("http://s.test/", fetch, SiteModelSettings.defaults());
        int fetchedWhole = fetches.getAndSet(0);
        SiteModel sampling = ModelInference.infer("http://s.test/", fetch,
                SiteModelSettings.defaults().withRefinement(SiteModelSettings.Refinement.SAMPLING));
        int fetchedRefining = fetches.get();
        for (SiteModel m : List.of(links, sampling)) {
            int entry = m.classOf("http://s.test/").orElseThrow();
            int a = m.classOf("http://s.test/a1").orElseThrow();
            int b = m.classOf("http://s.test/b1").orElseThrow();
            assertTrue(a != b && a != entry && b != entry, "three classes: " + m.classes().size());
            assertTrue(m.links().contains(new ClassLink(entry,
                    "HTML-BODY-DIV[@CLASS=\"list\"]-DIV[@CLASS=\"kind-a\"]-A", ClassLink.Type.LIST, a)), m.links().toString());
            assertTrue(m.links().contains(new ClassLink(entry,
                    "HTML-BODY-DIV[@CLASS=\"list\"]-DIV[@CLASS=\"kind-b\"]-A", ClassLink.Type.LIST, b)), m.links().toString());
            assertTrue(m.links().stream().noneMatch(l -> l.source() == entry && l.type() == ClassLink.Type.MENU),
                    "no menu is left: " + m.links());
        }
        assertEquals(21, fetchedWhole, "a menu is fetched whole");
        assertTrue(fetchedRefining < fetchedWhole, "refined lists are sampled: " + fetchedRefining);
        assertTrue(IntStream.rangeClosed(1, 10).allMatch(i -> links.classOf("http://s.test/a" + i).isPresent()));
    }
}
