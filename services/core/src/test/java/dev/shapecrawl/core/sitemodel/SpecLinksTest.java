package dev.shapecrawl.core.sitemodel;

import dev.shapecrawl.events.CrawlSpec;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A spec's class links evaluated on a page (seed 001 §4.3 extractLinks), with the thesis's own XPaths (Appendix A,
 * the olfatheque.com specification): the result list's detail links and the pager's next-page singleton.
 */
class SpecLinksTest {
    static final String PAGE = """
            <html><body>
              <div id="result">
                <div class="item"><div class="card"><h3><a href="/perfume/1">Un</a></h3></div></div>
                <div class="item"><div class="card"><h3><a href="/perfume/2#notes">Deux</a></h3></div></div>
                <div class="item"><div class="card"><h3><a href="/perfume/1">Un again</a></h3></div></div>
                <div><div class="card"><h3><a href="/ad">no class on the item: not selected</a></h3></div></div>
              </div>
              <ul class="pager">
                <li><a href="?p=1">1</a></li>
                <li><span class="active">2</span></li>
                <li><a href="?p=3">3</a></li>
                <li><a href="?p=4">4</a></li>
              </ul>
              <a href="mailto:x@y.test">mail</a>
            </body></html>""";

    static final CrawlSpec.Link DETAILS = new CrawlSpec.Link("perfumes",
            "//div[@id=\"result\"]/div[@class]/div[@class]/h3/a", "perfume", "list");
    static final CrawlSpec.Link NEXT = new CrawlSpec.Link("perfumes",
            "//span[@class=\"active\"]/../following-sibling::li[1]/a", "perfumes", "singleton");

    @Test
    void theSeedsXPathsSelectTheDetailLinksAndTheNextPage() {
        Document doc = Jsoup.parse(PAGE, "http://olfa.test/perfumes?p=2");
        Map<String, List<String>> selected = SpecLinks.select(doc, List.of(DETAILS, NEXT), 100);
        assertEquals(List.of("http://olfa.test/perfume/1", "http://olfa.test/perfume/2"), selected.get(DETAILS.xpath()),
                "resolved, normalised (no fragment), once each, in document order");
        assertEquals(List.of("http://olfa.test/perfumes?p=3"), selected.get(NEXT.xpath()), "the page after the active one");
    }

    @Test
    void boundsAndBadXPaths() {
        Document doc = Jsoup.parse(PAGE, "http://olfa.test/perfumes?p=2");
        assertEquals(Map.of(DETAILS.xpath(), List.of("http://olfa.test/perfume/1")),
                SpecLinks.select(doc, List.of(DETAILS, NEXT), 1), "at most maxLinks URLs in all");
        CrawlSpec.Link mail = new CrawlSpec.Link("perfumes", "//a[starts-with(@href, 'mailto:')]", "x", "singleton");
        assertTrue(SpecLinks.select(doc, List.of(mail), 100).isEmpty(), "not http(s): nothing");
        CrawlSpec.Link broken = new CrawlSpec.Link("perfumes", "//div[@id=", "x", "list");
        assertTrue(SpecLinks.select(doc, List.of(broken), 100).isEmpty(), "an XPath jsoup cannot evaluate: nothing");
        assertTrue(SpecLinks.check("//div[@id=").isPresent());
        assertTrue(SpecLinks.check(NEXT.xpath()).isEmpty());
    }
}
