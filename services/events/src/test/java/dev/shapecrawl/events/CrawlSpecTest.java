package dev.shapecrawl.events;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Crawl specs (seed 001 §4.2, Appendix A): their checks, class assignment, the export of a model, the JSON. */
class CrawlSpecTest {
    static final CrawlSpec.Link HOME_TO_LISTS = new CrawlSpec.Link("home", "//nav/a", "list", "menu");
    static final CrawlSpec.Link HOME_TO_NEWS = new CrawlSpec.Link("home", "//nav/a", "news", "menu");
    static final CrawlSpec.Link LIST_TO_ITEMS = new CrawlSpec.Link("list", "//ol/li/a", "item", "list");
    static final CrawlSpec.Link NEXT = new CrawlSpec.Link("list",
            "//span[@class=\"active\"]/../following-sibling::li[1]/a", "list", "singleton");

    static CrawlSpec spec() {
        return new CrawlSpec("home", List.of("item"), List.of(HOME_TO_LISTS, HOME_TO_NEWS, LIST_TO_ITEMS, NEXT));
    }

    @Test
    void aUrlGetsItsLinksDestinationOrTheAlternativesOfItsXPath() {
        CrawlSpec spec = spec();
        assertEquals("item", spec.classFrom(LIST_TO_ITEMS));
        assertEquals("list", spec.classFrom(NEXT), "the seed's next-page singleton: a self-loop");
        assertEquals("list|news", spec.classFrom(HOME_TO_NEWS), "a menu to two classes leaves the page's to decide");
        assertEquals(List.of(LIST_TO_ITEMS, NEXT), spec.linksFrom("list"));
        assertEquals(List.of(LIST_TO_ITEMS, NEXT), spec.linksFrom("list|news"), "alternatives: the links of each");
        assertTrue(spec.isTarget("item"));
    }

    @Test
    void aSpecThatCannotBeCrawledIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new CrawlSpec("item", List.of("item"), List.of(
                HOME_TO_LISTS)), "no class link leaves the start class");
        assertThrows(IllegalArgumentException.class, () -> new CrawlSpec("home", List.of("home"), List.of(
                HOME_TO_LISTS)), "no class link leads to the target class");
        assertThrows(IllegalArgumentException.class, () -> new CrawlSpec("home", List.of(), List.of(HOME_TO_LISTS),
                true), "a crawl of a class names it");
        assertTrue(new CrawlSpec("home", List.of(), List.of(HOME_TO_LISTS)).targetClasses().isEmpty(),
                "a crawl decided by the threshold needs none");
        assertThrows(IllegalArgumentException.class, () -> new CrawlSpec.Link("a", "//form", "b", "form"),
                "form class links are not crawled yet");
        assertThrows(IllegalArgumentException.class, () -> new CrawlSpec.Link("a|b", "//a", "c", "list"));
    }

    @Test
    void aModelExportsWithTheEntrysClassFirstAndTheTargetClassNamedSo() throws IOException {
        SiteModelSnapshot model;
        try (InputStream in = SiteModelSnapshot.class.getResourceAsStream(
                "/dev/shapecrawl/events/examples/site-model.json")) {
            model = EventCodec.decode(EventType.SITE_MODEL, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        CrawlSpec spec = CrawlSpec.of(model);
        assertEquals(List.of("class1-target"), spec.targetClasses());
        assertEquals(spec.links().get(0).source(), spec.startClass());
        assertTrue(spec.links().stream().allMatch(l -> l.xpath().startsWith("/")), spec.links().toString());
    }

    @Test
    void anExportedXPathStartsAtItsLastElementWithAnId() {
        assertEquals("//div[@id]/div[@class]/div[@class]/a[@title]", CrawlSpec.anchored(
                "/html[@lang]/body[@class]/main[@role]/div[@id]/div[@id]/div[@class]/div[@class]/a[@title]"));
        assertEquals("//ul[@id=\"a/b\"]/li/a", CrawlSpec.anchored("/html/body/ul[@id=\"a/b\"]/li/a"),
                "a slash inside a value is not a step");
        assertEquals("/html/body/div[@class]/a", CrawlSpec.anchored("/html/body/div[@class]/a"), "no id: as it is");
        assertEquals("/html/body/a[@id]", CrawlSpec.anchored("/html/body/a[@id]"), "the link itself is no anchor");
        assertEquals("//ul/li/a", CrawlSpec.anchored("//ul/li/a"), "already relative");
    }

    @Test
    void aSeedWithASpecAndARequestWithItsClassRoundTrip() {
        CrawlSeed seed = CrawlSeed.of("j", "http://a.test/").withSpec(spec());
        String json = EventCodec.encode(seed);
        assertEquals(seed, EventCodec.decode(EventType.CRAWL_SEED, json));
        CrawlSpec oneClass = new CrawlSpec("home", List.of("item"), spec().links(), true);
        CrawlSeed byClass = CrawlSeed.of("j", "http://a.test/").withSpec(oneClass);
        assertTrue(EventCodec.decode(EventType.CRAWL_SEED, EventCodec.encode(byClass)).spec().trustsClasses());
        assertEquals(spec(), new CrawlSpec("home", List.of("item"), spec().links(), false), "false is the default");
        CrawlSeed none = CrawlSeed.of("j", "http://a.test/").withSpec(new CrawlSpec("home", List.of(), spec().links()));
        assertEquals(none, EventCodec.decode(EventType.CRAWL_SEED, EventCodec.encode(none)),
                "no target class: the services take it (the threshold decides)");
        assertNull(EventCodec.decode(EventType.CRAWL_SEED, EventCodec.encode(CrawlSeed.of("j", "http://a.test/")))
                .spec());
        FetchRequest r = FetchRequest.get("j", "http://a.test/l", Purpose.CRAWL, 1).withPageClass("list|news");
        assertEquals(r, EventCodec.decode(EventType.FETCH_REQUEST, EventCodec.encode(r)));
        assertEquals(FetchRequest.get("j", "http://a.test/l", Purpose.CRAWL, 1).id(), r.id(), "not part of the id");
        InvalidEventException bad = assertThrows(InvalidEventException.class, () -> EventCodec.decode(
                EventType.CRAWL_SEED, json.replace("\"menu\"", "\"form\"")));
        assertTrue(bad.getMessage().contains("subtype"), bad.getMessage());
    }
}
