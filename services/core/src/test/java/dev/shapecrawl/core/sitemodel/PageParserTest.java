package dev.shapecrawl.core.sitemodel;

import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Link and text collections of a page at the default path level (spec §3.1), and the bounds on hostile pages. */
class PageParserTest {
    static final SiteModelSettings S = SiteModelSettings.defaults();

    @Test
    void collectionsAtTheDefaultLevel() {
        String html = "<html><body><ul class=\"nav\"><li><a href=\"/a\">A</a></li><li><a href=\"/b#x\">B</a></li>"
                + "<li><a href=\"javascript:void(0)\">J</a></li><li><a href=\"#top\">T</a></li>"
                + "<li><a href=\"mailto:x@s.test\">M</a></li><li><a href=\"/a\">A again</a></li></ul>"
                + "<p id=\"price\">19.99</p><p id=\"price\">" + "x".repeat(64) + "</p>"
                + "<script>var s = 'not text';</script></body></html>";
        SitePage page = PageParser.parse("http://s.test/p", Jsoup.parse(html, "http://s.test/p"), S);

        assertEquals(Map.of("HTML-BODY-UL[@CLASS]-LI-A", List.of("http://s.test/a", "http://s.test/b")), page.links(),
                "fragments dropped, javascript:, mailto: and fragment-only links left out, a URL once");
        assertEquals(List.of("19.99"), page.texts().get("HTML-BODY-P[@ID]"), "a text of 64 characters is not < 64");
        assertTrue(page.texts().keySet().stream().noneMatch(p -> p.contains("SCRIPT")));
        assertEquals(List.of("A", "B", "J", "T", "M", "A again"), page.texts().get("HTML-BODY-UL[@CLASS]-LI-A"));
    }

    @Test
    void aHostilePageIsBounded() {
        StringBuilder many = new StringBuilder("<html><body>");
        for (int i = 0; i < 100_000; i++) {
            many.append("<a href=\"/l").append(i).append("\">").append(i).append("</a>");
        }
        SitePage links = PageParser.parse("http://s.test/", Jsoup.parse(many.toString(), "http://s.test/"), S);
        assertEquals(S.maxLinksPerPage(), links.urlCount());
        assertEquals(S.maxTextsPerPage(), links.texts().values().stream().mapToInt(List::size).sum());

        String deep = "<div>".repeat(200_000) + "<a href=\"/deep\">deep</a>" + "</div>".repeat(200_000);
        SitePage nested = PageParser.parse("http://s.test/", Jsoup.parse(deep, "http://s.test/"), S);
        assertEquals(0, nested.urlCount(), "elements below depth " + PageParser.MAX_DEPTH + " are left out");
    }

    @Test
    void longUrlsAndPathsAreBoundedInCharactersToo() {
        StringBuilder html = new StringBuilder("<html><body>");
        String longPath = "x".repeat(4_000);
        for (int i = 0; i < 5_000; i++) {
            html.append("<a href=\"/").append(longPath).append(i).append("\">").append(i).append("</a>");
        }
        SitePage page = PageParser.parse("http://s.test/", Jsoup.parse(html.toString(), "http://s.test/"), S);
        long chars = 0;
        for (Map.Entry<String, List<String>> e : page.links().entrySet()) {
            chars += e.getKey().length() + e.getValue().stream().mapToLong(String::length).sum();
        }
        for (Map.Entry<String, List<String>> e : page.texts().entrySet()) {
            chars += e.getKey().length() + e.getValue().stream().mapToLong(String::length).sum();
        }
        assertTrue(chars <= S.maxCollectionChars(), chars + " characters kept");
        assertTrue(page.urlCount() > 400 && page.urlCount() < 5_000, "links kept up to the bound: " + page.urlCount());
    }
}
