package dev.shapecrawl.core.sitemodel;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The worked examples of seed 001 (Cibecchini 2017) as the specification gives them: the p1–p4 schemas and class
 * schemas (spec §2.2, §2.4, thesis §3.2), the lattice of Figure 3.13 (spec §2.6), the distance and its strict
 * threshold (spec §2.8, §3.6), the path weights (spec §2.7) and the two MDL decisions (spec §3.6).
 */
class SiteModelWorkedExamplesTest {
    static final SiteModelSettings S = SiteModelSettings.defaults();

    static SitePage links(String url, Map<String, List<String>> links) {
        return new SitePage(url, links, Map.of());
    }

    static SitePage texts(String url, Map<String, List<String>> texts) {
        return new SitePage(url, Map.of(), texts);
    }

    /** A page whose schema is the given link paths (no URLs: the worked MDL example leaves the URL term out). */
    static SitePage paths(String url, String... paths) {
        Map<String, List<String>> links = new LinkedHashMap<>();
        for (String p : paths) {
            links.put(p, List.of());
        }
        return links(url, links);
    }

    static final SitePage P1 = links("p1", Map.of("HTML-TABLE-TR-TD-A", List.of("urlB1", "urlB2"),
            "HTML-UL-LI-A", List.of("urlC1", "urlC4")));
    static final SitePage P2 = links("p2", Map.of("HTML-TABLE-TR-TD-A", List.of("urlB3", "urlB4", "urlB2"),
            "HTML-B-A", List.of("urlB1"), "HTML-UL-LI-A", List.of("urlC2")));
    static final SitePage P3 = texts("p3", Map.of("HTML-DIV-SPAN", List.of("Prezzo", "Titolo"),
            "HTML-UL-LI", List.of("19.99", "Il Trono di Spade")));
    static final SitePage P4 = texts("p4", Map.of("HTML-DIV-SPAN", List.of("Prezzo", "Titolo"),
            "HTML-UL-LI", List.of("7.99", "Il Signore degli Anelli")));

    @Test
    void pageSchemasAreTheirPaths() {
        assertEquals(Set.of(SchemaPath.link("HTML-TABLE-TR-TD-A"), SchemaPath.link("HTML-UL-LI-A")), P1.schema());
        assertEquals(Set.of(SchemaPath.link("HTML-TABLE-TR-TD-A"), SchemaPath.link("HTML-B-A"),
                SchemaPath.link("HTML-UL-LI-A")), P2.schema());
        assertEquals(Set.of(SchemaPath.text("HTML-DIV-SPAN"), SchemaPath.text("HTML-UL-LI")), P3.schema());
        assertEquals(P3.schema(), P4.schema(), "schema(p3) = schema(p4): texts do not count in a page schema");
        assertEquals(4, P1.urlCount(), "|URLs(p)| counts every collection's URLs");
        assertEquals(5, P2.urlCount());
    }

    @Test
    void classSchemasUniteLinkPathsAndKeepOnlyInvariantTexts() {
        assertEquals(Set.of(SchemaPath.link("HTML-TABLE-TR-TD-A"), SchemaPath.link("HTML-UL-LI-A"),
                SchemaPath.link("HTML-B-A")), PageClass.of(P1, P2).schema());
        assertEquals(Set.of(SchemaPath.text("HTML-DIV-SPAN", List.of("Prezzo", "Titolo"))),
                PageClass.of(P3, P4).schema(), "HTML-UL-LI carries data that varies: out");
        assertEquals(Set.of(), PageClass.of(P3).schema(), "a class of one page has no text path");
    }

    /**
     * Figure 3.13: seven links; level 1 selects all, levels 2 and 3 the four under a classed DIV and UL, levels 4
     * and 5 the two of {@code List1}; level 3 is the default.
     */
    @Test
    void theLatticeOfFigure313() {
        Document doc = Jsoup.parse("<html><body>"
                + "<div class=\"List1\"><ul class=\"List1\"><li><a href=\"/1\">1</a></li><li><a href=\"/2\">2</a>"
                + "</li></ul></div>"
                + "<div class=\"List2\"><ul class=\"List2\"><li><a href=\"/3\">3</a></li><li><a href=\"/4\">4</a>"
                + "</li></ul></div>"
                + "<div><ul><li><a href=\"/5\">5</a></li><li><a href=\"/6\">6</a></li><li><a href=\"/7\">7</a>"
                + "</li></ul></div></body></html>", "http://s.test/");
        doc.select("body").unwrap(); // the figure's paths go HTML-DIV-…: no BODY step
        List<Element> anchors = doc.select("a");
        ElementPath url1 = ElementPath.of(anchors.get(0));
        assertEquals(List.of("HTML-DIV-UL-LI-A", "HTML-DIV[@CLASS]-UL-LI-A", "HTML-DIV[@CLASS]-UL[@CLASS]-LI-A",
                "HTML-DIV[@CLASS=\"List1\"]-UL[@CLASS]-LI-A", "HTML-DIV[@CLASS=\"List1\"]-UL[@CLASS=\"List1\"]-LI-A"),
                List.of(url1.at(1), url1.at(2), url1.at(3), url1.at(4), url1.at(5)));
        assertEquals(3, url1.defaultLevel());
        assertEquals(url1.at(3), url1.defaultPath());
        assertEquals(List.of("//DIV-UL-LI-A", "//UL-LI-A", "//LI-A", "//A"),
                List.of(url1.at(0), url1.at(-1), url1.at(-2), url1.at(-3)), "tags removed from the root side");
        assertThrows(IllegalArgumentException.class, () -> url1.at(6));

        int[][] selected = {{1, 7}, {2, 4}, {3, 4}, {4, 2}, {5, 2}};
        for (int[] row : selected) {
            String path = url1.at(row[0]);
            List<Integer> urls = new ArrayList<>();
            for (int i = 0; i < anchors.size(); i++) {
                ElementPath other = ElementPath.of(anchors.get(i));
                if (other.at(Math.min(row[0], other.maxLevel())).equals(path)) {
                    urls.add(i + 1);
                }
            }
            assertEquals(row[1], urls.size(), "level " + row[0] + " selects " + urls);
            assertEquals(1, urls.get(0));
        }
    }

    @Test
    void theDistanceIsTheSymmetricDifferenceOverTheUnionAndTheMergeIsStrict() {
        assertEquals(1.0 / 3, SchemaDistance.between(Set.of("s", "a1", "a2"), Set.of("s", "a1")), 1e-12);
        assertEquals(0, SchemaDistance.between(Set.of(), Set.of()));
        assertEquals(1, SchemaDistance.between(Set.of("a"), Set.of("b")));
        assertEquals(1.0 / 3, SchemaDistance.between(Set.of("s", "a1"), Set.of("s", "a1", "a2")), 1e-12,
                "symmetric: the smaller set may come first");
        assertEquals(0.75, SchemaDistance.between(Set.of("s", "a"), Set.of("s", "b", "c")), 1e-12,
                "3 of the 4 paths outside the intersection");
        assertEquals(0, SchemaDistance.between(Set.of("s", "a"), Set.of("a", "s")));

        SitePage six = paths("six", "a", "b", "c", "d", "e", "f");
        SitePage fiveOfSix = paths("five-of-six", "a", "b", "c", "d", "e");
        assertEquals(1, Candidates.select(List.of(six, fiveOfSix), 0.2).size(), "1/6 < 0.2: one candidate");
        SitePage five = paths("five", "a", "b", "c", "d", "e");
        SitePage fourOfFive = paths("four-of-five", "a", "b", "c", "d");
        assertEquals(2, Candidates.select(List.of(five, fourOfFive), 0.2).size(), "1/5 is not < 0.2");
    }

    @Test
    void candidatesAttractSmallGroupsIntoTheLargest() {
        List<SitePage> pages = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            pages.add(paths("big" + i, "a", "b", "c", "d", "e", "f"));
        }
        pages.add(paths("variant", "a", "b", "c", "d", "e", "f", "g"));
        pages.add(paths("other", "x", "y"));
        List<PageClass> candidates = Candidates.select(pages, 0.2);
        assertEquals(List.of(4, 1), candidates.stream().map(PageClass::size).toList());
        assertEquals("other", candidates.get(1).pages().get(0).url());
    }

    /** Spec §2.7: site paths weigh 1, class paths little, in (0, 1]. */
    @Test
    void weightsSeparateSiteClassAndPagePaths() {
        PageClass a = PageClass.of(paths("p1", "s", "a1", "a2"), paths("p2", "s", "a1", "a2"));
        PageClass c = PageClass.of(paths("p3", "s", "b1"));
        List<PageClass> model = List.of(a, c);
        assertEquals(1.0, Mdl.weight(SchemaPath.link("s"), a, model), 1e-12, "a site path: idf 0");
        assertEquals(1 / (Math.log(1.5) + 1), Mdl.weight(SchemaPath.link("a1"), a, model), 1e-12);
        assertEquals(1 / (Math.log(3) + 1), Mdl.weight(SchemaPath.link("b1"), c, model), 1e-12);
    }

    /**
     * Spec §3.6: A = {p1, p2} with p1 = p2 = {s, a1, a2}. p3 = {s, b1} becomes a new class (8.96 against 11.85);
     * p3 = {s, a1} joins A (9.63 against 10.65). URL term left out, as in the spec.
     */
    @Test
    void theTwoMdlDecisionsOfTheWorkedExample() {
        PageClass a = PageClass.of(paths("p1", "s", "a1", "a2"), paths("p2", "s", "a1", "a2"));

        PageClass other = PageClass.of(paths("p3", "s", "b1"));
        assertEquals(8.96, Mdl.cost(List.of(a, other), S, false), 0.01);
        assertEquals(11.85, Mdl.cost(List.of(a.union(other)), S, false), 0.01);
        List<PageClass> next = Mdl.update(List.of(a), other, S);
        assertEquals(2, next.size(), "a new class");
        assertSame(other, next.get(1));

        PageClass like = PageClass.of(paths("p3", "s", "a1"));
        assertEquals(10.65, Mdl.cost(List.of(a, like), S, false), 0.01);
        assertEquals(9.63, Mdl.cost(List.of(a.union(like)), S, false), 0.01);
        assertEquals(List.of(a.union(like)), Mdl.update(List.of(a), like, S), "merged into A");
    }

    @Test
    void theUrlTermCountsEveryUrlOfEveryPage() {
        PageClass c = PageClass.of(P1, P2);
        assertEquals(Mdl.cost(List.of(c), S, false) + 9, Mdl.cost(List.of(c), S, true), 1e-9);
    }
}
