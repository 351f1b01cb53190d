package dev.shapecrawl.core.page;

import dev.shapecrawl.events.FormInfo;
import dev.shapecrawl.events.FormInfo.Field;
import dev.shapecrawl.events.FormInfo.Option;
import dev.shapecrawl.events.HttpMethod;
import dev.shapecrawl.events.Outlink;
import dev.shapecrawl.events.ScopeMode;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PageAnalyzerTest {
    private static final String PAGE = "http://www.example.com/search/advanced.html";
    private static final CrawlScope SCOPE = new CrawlScope(ScopeMode.HOST, "http://www.example.com/");

    private static String resource(String name) throws IOException {
        try (InputStream in = PageAnalyzerTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("missing test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void contentHashAndByteSizeOfAKnownBody() {
        String body = "<html><body><p>Caf\u00e9 \u2615</p></body></html>";
        PageAnalysis a = new PageAnalyzer().analyze(Jsoup.parse(body, PAGE), body, SCOPE);
        // computed independently (Python hashlib over the UTF-8 bytes); é is 2 bytes, ☕ is 3
        assertEquals("87d5b0756859f8941820ba0c8b376faba767b823ad2290d1fc331f42f750393e", a.contentHash());
        assertEquals(42, a.byteSize());
        assertEquals(39, body.length(), "characters, not bytes");
    }

    @Test
    void anEmptyBodyHasTheHashOfNothing() {
        PageAnalysis a = new PageAnalyzer().analyze(Jsoup.parse("", PAGE), "", SCOPE);
        assertEquals("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", a.contentHash());
        assertEquals(0, a.byteSize());
        assertEquals(List.of(), a.outlinks());
        assertEquals(List.of(), a.forms());
    }

    @Test
    void analysesARealisticSearchPage() throws IOException {
        String body = resource("music-store-search.html");
        Document doc = Jsoup.parse(body, PAGE);
        String before = doc.outerHtml();
        PageAnalysis a = new PageAnalyzer().analyze(doc, body, SCOPE);
        assertEquals(before, doc.outerHtml(), "the shared document is not modified");

        assertEquals(List.of(
                new Outlink("http://www.example.com/", "Example Music Store", true),
                new Outlink("http://www.example.com/catalog/", "Catalog", true),
                new Outlink("http://www.example.com/catalog/new-releases.html", "New releases", true),
                new Outlink("https://blog.example.com/", "Blog", false),
                new Outlink("http://www.example.com/catalog/?sort=artist&dir=asc", "whole catalog", true),
                new Outlink("http://www.example.com/about.html", "About us", true),
                new Outlink("https://www.example.org/partners", "Partners", false),
                new Outlink("http://www.example.com/static/app.js", "", true, true)), a.outlinks(),
                "no nofollow, javascript:, mailto: or self link; /catalog/#top is /catalog/; the page's script last");

        assertEquals(List.of(new FormInfo("http://www.example.com/cgi-bin/search.cgi", HttpMethod.GET,
                "application/x-www-form-urlencoded", List.of(
                new Field("hidden", "lang", List.of(), "en", "", false),
                new Field("text", "artist", List.of(), "", "Artist", false),
                new Field("text", "album", List.of(), "", "Album title", false),
                new Field("select", "genre", List.of(new Option("", "Any genre"), new Option("jazz", "Jazz"),
                        new Option("blues", "Blues"), new Option("rock", "Rock")), "blues", "Genre", false),
                new Field("radio", "format", List.of(new Option("cd", "CD"), new Option("lp", "Vinyl"),
                        new Option("mp3", "Download")), "cd", "Format", false),
                new Field("checkbox", "instock", List.of(new Option("1", "In stock only")), null, "In stock only",
                        false),
                new Field("submit", "go", List.of(), "Search", "Search", false)))), a.forms());
        assertEquals(0, a.linksDropped());
        assertEquals(0, a.formsDropped());
        assertEquals(body.getBytes(StandardCharsets.UTF_8).length, a.byteSize());
    }

    @Test
    void reportsWhatTheBoundsDropped() {
        String body = "<a href=/1>1</a><a href=/2>2</a><a href=/3>3</a><form></form><form></form><form></form>";
        PageAnalyzer analyzer = new PageAnalyzer(PageAnalysisSettings.builder().maxLinks(1).maxForms(1).build());
        PageAnalysis a = analyzer.analyze(Jsoup.parse(body, PAGE), body, SCOPE);
        assertEquals(1, a.outlinks().size());
        assertEquals(2, a.linksDropped());
        assertEquals(1, a.forms().size());
        assertEquals(2, a.formsDropped());
    }

    @Test
    void refusesMissingArgumentsAndADocumentWithoutLocation() {
        PageAnalyzer analyzer = new PageAnalyzer();
        Document doc = Jsoup.parse("<p>x</p>", PAGE);
        assertThrows(IllegalArgumentException.class, () -> analyzer.analyze(null, "", SCOPE));
        assertThrows(IllegalArgumentException.class, () -> analyzer.analyze(doc, null, SCOPE));
        assertThrows(IllegalArgumentException.class, () -> analyzer.analyze(doc, "", null));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> analyzer.analyze(Jsoup.parse("<p>x</p>"), "<p>x</p>", SCOPE));
        assertTrue(e.getMessage().contains("Jsoup.parse(body, pageUrl)"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new PageAnalyzer(null));
    }

    @Test
    void theRecordValidates() {
        String hash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
        assertThrows(IllegalArgumentException.class, () -> new PageAnalysis(List.of(), List.of(), "ABC", 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new PageAnalysis(List.of(), List.of(), hash, -1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new PageAnalysis(List.of(), List.of(), hash, 0, -1, 0));
        assertThrows(IllegalArgumentException.class, () -> new PageAnalysis(null, List.of(), hash, 0, 0, 0));
    }
}
