package dev.shapecrawl.core.page;

import dev.shapecrawl.events.Outlink;
import dev.shapecrawl.events.ScopeMode;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LinkExtractorTest {
    private static final String PAGE = "http://www.example.com/catalog/list.php?page=2";
    private static final CrawlScope SCOPE = new CrawlScope(ScopeMode.HOST, "http://www.example.com/");
    private static final LinkExtractor DEFAULTS = new LinkExtractor(PageAnalysisSettings.defaults());

    private static LinkExtractor.Result extract(String html) {
        return DEFAULTS.extract(Jsoup.parse(html, PAGE), SCOPE);
    }

    private static List<String> urls(String html) {
        return extract(html).outlinks().stream().map(Outlink::url).toList();
    }

    @Test
    void resolvesRelativeAndAbsoluteHrefsAgainstThePageUrl() {
        assertEquals(List.of(
                "http://www.example.com/catalog/item.php?id=7",
                "http://www.example.com/about",
                "http://www.example.com/catalog/list.php?page=3",
                "http://www.example.com/",
                "https://other.org/x",
                "http://cdn.example.net/y"), urls("""
                <a href="item.php?id=7">item</a>
                <a href="/about">about</a>
                <a href="?page=3">next</a>
                <a href="../">up</a>
                <a href="https://other.org/x">abs</a>
                <a href="//cdn.example.net/y">protocol-relative</a>"""));
    }

    @Test
    void honoursBaseHrefResolvedAgainstThePageUrl() {
        assertEquals(List.of("http://www.example.com/shop/v2/item.php", "http://www.example.com/root",
                "http://www.example.com/shop/v2/"), urls("""
                <head><base href="/shop/v2/"></head>
                <a href="item.php">item</a><a href="/root">root</a>
                <a href="#reviews">a fragment points to the base, as in a browser</a>"""));
    }

    @Test
    void normalisesUrls() {
        assertEquals(List.of("http://www.example.com/a/c", "https://shop.example.com/"),
                urls("<a href='HTTP://WWW.Example.COM:80/a/./b/../c#frag'>x</a><a href='https://SHOP.example.com:443'>y</a>"));
    }

    @Test
    void dropsWhatCannotBeFetched() {
        assertEquals(List.of("http://www.example.com/catalog/ok"), urls("""
                <a href="javascript:void(0)">js</a><a href="JavaScript:go()">js</a>
                <a href="mailto:shop@example.com">mail</a><a href="tel:+441234">call</a>
                <a href="data:text/html,hi">data</a><a href="ftp://example.com/f">ftp</a>
                <a href="http://exa mple.com/">bad host</a><a>no href</a>
                <a href="ok">ok</a>"""));
    }

    @Test
    void takesAnchorsAreasAndFramesNotResourcesThenTheScripts() {
        assertEquals(List.of("http://www.example.com/frame", "http://www.example.com/a",
                "http://www.example.com/region", "http://www.example.com/app.js"), urls("""
                <head><link rel="stylesheet" href="/s.css"><link rel="next" href="/p3"><script src="/app.js"></script></head>
                <img src="/logo.png"><iframe src="/frame"></iframe>
                <a href="/a">a</a>
                <map name="m"><area shape="rect" coords="0,0,10,10" href="/region" alt="Region"></map>"""));
    }

    @Test
    void aFramesetLeadsToItsFramesNamedByTitleThenName() {
        // javadoc before version 11 opens with a frameset: without its frames, mapping would stop at the entry.
        Document frameset = Jsoup.parse("""
                <html><frameset cols="20%,80%">
                <frame src="overview-frame.html" name="packageListFrame" title="All Packages">
                <frame src="allclasses-frame.html" name="packageFrame">
                <frame src="overview-summary.html" name="classFrame" title="">
                <noframes><a href="overview-summary.html">Non-frame version</a></noframes>
                </frameset></html>""", "http://www.example.com/api/index.html");
        List<Outlink> links = DEFAULTS.extract(frameset, SCOPE).outlinks();
        assertEquals(List.of("http://www.example.com/api/overview-frame.html",
                "http://www.example.com/api/allclasses-frame.html",
                "http://www.example.com/api/overview-summary.html"), links.stream().map(Outlink::url).toList());
        assertEquals(List.of("All Packages", "packageFrame", "classFrame"),
                links.stream().map(Outlink::anchorText).toList());
    }

    @Test
    void skipsLinksToThePageItself() {
        assertEquals(List.of("http://www.example.com/other"), urls("""
                <a href="#top">top</a><a href="">empty</a>
                <a href="http://WWW.EXAMPLE.COM:80/catalog/list.php?page=2#x">self, spelled differently</a>
                <a href="/other">other</a>"""));
    }

    @Test
    void deduplicatesKeepingTheFirstOccurrenceAndItsText() {
        List<Outlink> links = extract("""
                <a href="/a">First</a><a href="/b">B</a><a href="/a#again">Second</a>
                <a href="/c"></a><a href="/c">C text</a>""").outlinks();
        assertEquals(List.of(
                new Outlink("http://www.example.com/a", "First", true),
                new Outlink("http://www.example.com/b", "B", true),
                new Outlink("http://www.example.com/c", "C text", true)), links,
                "a later text only fills an empty one");
    }

    @Test
    void anchorTextIsTheVisibleTextCollapsed() {
        List<Outlink> links = extract("""
                <a href="/1">  Harry
                   <b>Potter</b>\u00a0and the <span>Philosopher's</span><br>Stone <script>var x = 1;</script></a>
                <a href="/2"><div>Block</div><div>text</div></a>""").outlinks();
        assertEquals("Harry Potter and the Philosopher's Stone", links.get(0).anchorText());
        assertEquals("Block text", links.get(1).anchorText());
    }

    @Test
    void anchorTextFallsBackToImageAltThenTitle() {
        List<Outlink> links = extract("""
                <a href="/img" title="The title"><img src="x.png" alt="  The   alt "></a>
                <a href="/img-no-alt" title="Only the title"><img src="x.png"></a>
                <a href="/nothing"><img src="x.png"></a>
                <map><area href="/area" alt="Area alt" title="t"><area href="/area2" title="Area title"></map>""")
                .outlinks();
        assertEquals(List.of("The alt", "Only the title", "", "Area alt", "Area title"),
                links.stream().map(Outlink::anchorText).toList());
    }

    @Test
    void anchorTextIsCapped() {
        LinkExtractor small = new LinkExtractor(PageAnalysisSettings.builder().maxTextChars(10).build());
        Outlink link = small.extract(Jsoup.parse("<a href='/x'>" + "word ".repeat(10_000) + "</a>", PAGE), SCOPE)
                .outlinks().get(0);
        assertEquals("word word", link.anchorText());
    }

    @Test
    void nofollowLinksAreDroppedByDefaultAndKeptWhenConfigured() {
        String html = """
                <a href="/login" rel="nofollow">Log in</a>
                <a href="/ad" rel="sponsored NoFollow">Ad</a>
                <a href="/ugc" rel="ugc">User link</a>
                <a href="/ok">ok</a>""";
        assertEquals(List.of("http://www.example.com/ugc", "http://www.example.com/ok"), urls(html));
        LinkExtractor follow = new LinkExtractor(PageAnalysisSettings.builder().followNofollow(true).build());
        assertEquals(4, follow.extract(Jsoup.parse(html, PAGE), SCOPE).outlinks().size());
    }

    @Test
    void metaRobotsNofollowRemovesEveryLink() {
        assertEquals(List.of(), urls("<meta name='ROBOTS' content='noindex, NOFOLLOW'><a href='/a'>a</a>"));
        assertEquals(List.of(), urls("<meta name='robots' content='none'><a href='/a'>a</a>"));
        assertEquals(List.of("http://www.example.com/a"),
                urls("<meta name='robots' content='noindex,follow'><a href='/a'>a</a>"));
        assertEquals(List.of("http://www.example.com/a"),
                urls("<meta name='googlebot' content='nofollow'><a href='/a'>a</a>"));
        LinkExtractor follow = new LinkExtractor(PageAnalysisSettings.builder().followNofollow(true).build());
        assertEquals(1, follow.extract(Jsoup.parse("<meta name='robots' content='nofollow'><a href='/a'>a</a>", PAGE),
                SCOPE).outlinks().size());
    }

    @Test
    void marksEachLinkInOrOutOfScope() {
        List<Outlink> links = extract("""
                <a href="/in">in</a><a href="https://www.example.com/also-in">https</a>
                <a href="http://blog.example.com/">subdomain</a><a href="http://other.org/">other</a>""").outlinks();
        assertEquals(List.of(true, true, false, false), links.stream().map(Outlink::inScope).toList());
    }

    @Test
    void aPageWithFiftyThousandLinksIsBoundedAndTheRestCounted() {
        StringBuilder html = new StringBuilder();
        for (int i = 0; i < 50_000; i++) {
            html.append("<a href=\"/item/").append(i).append("\">Item ").append(i).append("</a>\n");
        }
        Document doc = Jsoup.parse(html.toString(), PAGE);
        LinkExtractor bounded = new LinkExtractor(PageAnalysisSettings.builder().maxLinks(100).build());
        long start = System.nanoTime();
        LinkExtractor.Result r = bounded.extract(doc, SCOPE);
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertEquals(100, r.outlinks().size());
        assertEquals("http://www.example.com/item/99", r.outlinks().get(99).url());
        assertEquals(49_900, r.dropped());

        // the default bound takes 10,000 of them, quickly
        start = System.nanoTime();
        LinkExtractor.Result all = DEFAULTS.extract(doc, SCOPE);
        long allMs = (System.nanoTime() - start) / 1_000_000;
        assertEquals(10_000, all.outlinks().size());
        assertEquals(40_000, all.dropped());
        // generous: catches a quadratic walk, not a slow machine (typically well under a second each)
        assertTrue(ms < 10_000 && allMs < 10_000, "bounded " + ms + " ms, default " + allMs + " ms");
    }

    @Test
    void duplicatesAndSelfLinksDoNotUseUpTheBound() {
        LinkExtractor two = new LinkExtractor(PageAnalysisSettings.builder().maxLinks(2).build());
        LinkExtractor.Result r = two.extract(Jsoup.parse("""
                <a href="/a">a</a><a href="/a">a</a><a href="#top">self</a><a href="javascript:x()">js</a>
                <a href="/b">b</a><a href="/a">a again</a><a href="/c">c</a><a href="/d">d</a>""", PAGE), SCOPE);
        assertEquals(List.of("http://www.example.com/a", "http://www.example.com/b"),
                r.outlinks().stream().map(Outlink::url).toList());
        assertEquals(2, r.dropped(), "/c and /d: counted from the first new URL that did not fit");
    }

    @Test
    void theCharacterBudgetBoundsLongAbsoluteUrls() {
        // a long page URL turns each short relative href into a long absolute URL
        String longPage = "http://www.example.com/" + "d/".repeat(2_000);
        StringBuilder html = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            html.append("<a href=").append(i).append(">x</a>");
        }
        LinkExtractor budget = new LinkExtractor(PageAnalysisSettings.builder().maxLinkChars(50_000).build());
        LinkExtractor.Result r = budget.extract(Jsoup.parse(html.toString(), longPage), SCOPE);
        int chars = r.outlinks().stream().mapToInt(o -> o.url().length() + o.anchorText().length()).sum();
        assertTrue(chars <= 50_000, "chars " + chars);
        assertEquals(12, r.outlinks().size());
        assertEquals(88, r.dropped());
    }

    @Test
    void refusesADocumentWithoutLocation() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DEFAULTS.extract(Jsoup.parse("<a href='/x'>x</a>"), SCOPE));
        assertTrue(e.getMessage().startsWith("doc:"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> DEFAULTS.extract(Jsoup.parse("", PAGE), null));
    }
}
