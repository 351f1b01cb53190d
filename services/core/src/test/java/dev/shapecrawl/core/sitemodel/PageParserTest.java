package dev.shapecrawl.core.sitemodel;

import dev.shapecrawl.events.PageCollections;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
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
    void theBodysClassIsThePagesMarker() {
        SitePage marked = PageParser.parse("http://s.test/p", Jsoup.parse(
                "<html><body class=\" rustdoc\n  struct \"><p>x</p></body></html>", "http://s.test/p"), S);
        assertEquals("rustdoc struct", marked.marker(), "white space collapsed");
        assertEquals("rustdoc struct", marked.collections().marker(), "and carried by the event");
        SitePage plain = PageParser.parse("http://s.test/q", Jsoup.parse("<html><body><p>x</p></body></html>",
                "http://s.test/q"), S);
        assertNull(plain.marker(), "no class, no marker");
        SitePage huge = PageParser.parse("http://s.test/r", Jsoup.parse("<html><body class=\"" + "k".repeat(100_000)
                + "\"></body></html>", "http://s.test/r"), S);
        assertEquals(PageCollections.MAX_MARKER_CHARS, huge.marker().length(), "a hostile marker is cut");
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
        long chars = chars(page.links()) + chars(page.texts());
        assertTrue(chars <= S.maxCollectionChars(), chars + " characters kept");
        assertTrue(page.urlCount() > 400 && page.urlCount() < 5_000, "links kept up to the bound: " + page.urlCount());
    }

    /**
     * The attribute values path refinement reads (spec §3.5) are kept where the links differ in them, and count
     * against the same character bound: 10,000 anchors with a distinct 1,000-character class each keep what fits.
     */
    @Test
    void attributeValuesAreKeptWhereLinksDifferAndBoundedToo() {
        SitePage small = PageParser.parse("http://s.test/", Jsoup.parse("<html><body><ul class=\"l\">"
                + "<li class=\"a\"><a href=\"/1\">1</a></li><li class=\"b\"><a href=\"/2\">2</a></li></ul>"
                + "</body></html>", "http://s.test/"), S);
        var values = small.values().get("HTML-BODY-UL[@CLASS]-LI[@CLASS]-A");
        assertEquals(List.of("l", "a"), values.first());
        assertEquals(Map.of(1, List.of("a", "b")), values.varying(), "only the step whose values differ");

        StringBuilder html = new StringBuilder("<html><body><div class=\"list\">");
        for (int i = 0; i < 10_000; i++) {
            html.append("<a class=\"").append(i).append("x".repeat(1_000)).append("\" href=\"/").append(i)
                    .append("\">").append(i).append("</a>");
        }
        SitePage page = PageParser.parse("http://s.test/", Jsoup.parse(html.toString(), "http://s.test/"), S);
        long chars = chars(page.links()) + chars(page.texts());
        for (var v : page.values().values()) {
            chars += v.first().stream().mapToLong(String::length).sum();
            chars += v.varying().values().stream().flatMap(List::stream).mapToLong(String::length).sum();
        }
        assertEquals(10_000, page.urlCount(), "the links fit");
        assertTrue(page.values().isEmpty(), "10 MB of distinct values do not fit: the collection cannot be refined");
        assertTrue(chars <= S.maxCollectionChars(), chars + " characters kept");
    }

    /** The characters of a page's collections: paths and what they hold. */
    private static long chars(Map<String, List<String>> collections) {
        long chars = 0;
        for (Map.Entry<String, List<String>> e : collections.entrySet()) {
            chars += e.getKey().length() + e.getValue().stream().mapToLong(String::length).sum();
        }
        return chars;
    }
}
