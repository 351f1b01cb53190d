package dev.shapecrawl.core.page;

import dev.shapecrawl.events.Outlink;
import dev.shapecrawl.events.ScopeMode;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScriptLinksTest {
    private static final String SCRIPT = "http://docs.example.com/api/menudata.js";
    private static final CrawlScope SCOPE = new CrawlScope(ScopeMode.HOST, "http://docs.example.com/");

    private static List<String> urls(String script) {
        return ScriptLinks.extract(script, SCRIPT, SCOPE, PageAnalysisSettings.defaults()).outlinks().stream()
                .map(Outlink::url).toList();
    }

    /** A Doxygen menu (its menudata.js, shortened): the indexes its main page links only from here. */
    @Test
    void readsTheIndexesOfADoxygenMenu() {
        String menu = """
                /*
                 @licstart  The following is the entire license notice for the JavaScript code in this file.
                 Copyright (C) 1997-2020 by Dimitri van Heesch; it's MIT-licensed, don't worry
                 @licend
                */
                var menudata={children:[
                {text:"Main Page",url:"index.html"},
                {text:"Classes",url:"annotated.html",children:[
                {text:"Class List",url:"annotated.html"},
                {text:"Class Index",url:"classes.html"},
                {text:"Class Members",url:"functions.html",children:[
                {text:"a",url:"functions.html#index_a"},
                {text:"b",url:"functions_b.html#index_b"}]}]},
                {text:"Files",url:"files.html"}]}
                """;
        assertEquals(List.of("http://docs.example.com/api/index.html", "http://docs.example.com/api/annotated.html",
                "http://docs.example.com/api/classes.html", "http://docs.example.com/api/functions.html",
                "http://docs.example.com/api/functions_b.html", "http://docs.example.com/api/files.html"),
                urls(menu), "the licence's apostrophes open no string; a fragment's page is its page, once");
    }

    @Test
    void takesOnlyLiteralsThatAreAPagesAddress() {
        assertEquals(List.of("http://docs.example.com/api/scala/Any.html", "http://docs.example.com/search.php?q=",
                "http://docs.example.com/guide/a-b.htm", "http://other.org/x.aspx"), urls("""
                var index = {"scala": [{"trait": "scala\\/Any.html"}]};   // Scaladoc escapes its slashes
                go('/search.php?q=');
                var ext = ".html";                    // Sphinx's file suffix: no name before the extension
                var img = "images/logo.png", sel = "div.content a", mime = "text/html";
                var msg = "see page.html for details"; // white space: prose, not an address
                var t = `${root}/x.html`;             // a template that computes its address
                link("../guide/a-b.htm"); open('http://other.org/x.aspx');
                var esc = "tab\\there.html";          // an escape other than a quote or a slash
                """));
    }

    @Test
    void aQuoteInARegularExpressionEndsAtTheLineEnd() {
        assertEquals(List.of("http://docs.example.com/api/next.html"), urls("""
                var re = /it's/;
                var next = "next.html";
                """));
    }

    @Test
    void marksScopeAndLeavesOutTheScriptItself() {
        List<Outlink> out = ScriptLinks.extract("x('menudata.js'); y('a.html'); z('http://elsewhere.org/b.html')",
                SCRIPT, SCOPE, PageAnalysisSettings.defaults()).outlinks();
        assertEquals(2, out.size(), "menudata.js names no page (and is the script itself): " + out);
        assertTrue(out.get(0).inScope());
        assertFalse(out.get(1).inScope());
        assertEquals("", out.get(0).anchorText());
        assertNull(out.get(0).script(), "a page a script names is a link, not a script");
    }

    @Test
    void boundedByTheLinkSettings() {
        StringBuilder script = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            script.append("p(\"page").append(i).append(".html\");\n");
        }
        LinkExtractor.Result r = ScriptLinks.extract(script.toString(), SCRIPT, SCOPE,
                PageAnalysisSettings.builder().maxLinks(10).build());
        assertEquals(10, r.outlinks().size());
        assertEquals(40, r.dropped());
    }

    @Test
    void aHostileScriptIsReadInOnePass() {
        // a 4 MB run of quotes, backslashes and comment openers: linear, nothing taken
        String hostile = "\"\\'/*`${".repeat(500_000);
        assertEquals(List.of(), urls(hostile));
        assertEquals(List.of(), urls("\"" + "a".repeat(ScriptLinks.MAX_LITERAL_CHARS + 10) + ".html\""),
                "a literal longer than the limit is not an address");
    }

    @Test
    void scriptsArePageOutlinksMarkedAsSuchAfterTheLinksOrNotAtAll() {
        String html = """
                <head><script src="jquery.js"></script><script src="menudata.js"></script>
                <script>initMenu('',true)</script></head>
                <body><a href="page.html">page</a><a href="menudata.js">the menu, linked</a></body>""";
        String page = "http://docs.example.com/api/index.html";
        List<Outlink> on = new LinkExtractor(PageAnalysisSettings.defaults()).extract(Jsoup.parse(html, page), SCOPE)
                .outlinks();
        assertEquals(List.of("http://docs.example.com/api/page.html", "http://docs.example.com/api/menudata.js",
                "http://docs.example.com/api/jquery.js"), on.stream().map(Outlink::url).toList());
        assertEquals(List.of(false, false, true), on.stream().map(Outlink::isScript).toList(),
                "a script that is also a link's target stays the link");
        List<Outlink> off = new LinkExtractor(PageAnalysisSettings.builder().scriptLinks(false).build())
                .extract(Jsoup.parse(html, page), SCOPE).outlinks();
        assertEquals(2, off.size());
        assertTrue(off.stream().noneMatch(Outlink::isScript));
    }

    @Test
    void knowsAScriptByItsMediaType() {
        assertTrue(ScriptLinks.isScript("text/javascript"));
        assertTrue(ScriptLinks.isScript("Application/JavaScript"));
        assertFalse(ScriptLinks.isScript("text/html"));
        assertFalse(ScriptLinks.isScript(null));
        assertThrows(IllegalArgumentException.class, () -> ScriptLinks.extract(null, SCRIPT, SCOPE,
                PageAnalysisSettings.defaults()));
    }
}
