package dev.shapecrawl.events;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EventCodecTest {

    static Stream<EventType<?>> types() {
        return EventType.all().stream();
    }

    static String example(EventType<?> type) throws IOException {
        try (InputStream in = EventCodecTest.class.getClassLoader().getResourceAsStream(type.exampleResource())) {
            if (in == null) {
                throw new AssertionError("no example for " + type);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("types")
    void exampleIsValidAgainstItsSchemaAndRoundTrips(EventType<?> type) throws IOException {
        String json = example(type);
        JsonNode node = EventCodec.mapper().readTree(json);
        assertEquals(0, EventCodec.schema(type).validate(node).size(), () -> "schema violations of the " + type
                + " example: " + EventCodec.schema(type).validate(node));

        Object event = EventCodec.decode(type, json);
        String encoded = EventCodec.encode(event);
        assertEquals(event, EventCodec.decode(type, encoded));
        assertEquals(node, EventCodec.mapper().readTree(encoded), "encoding the decoded example gives the example");
        assertEquals(0, EventCodec.schema(type).validate(EventCodec.mapper().readTree(encoded)).size());
    }

    /** Issue 18: a request that accepts a stored copy, and the answer that says it is one, pass their schemas. */
    @Test
    void aReusableRequestAndAReusedAnswerRoundTrip() throws IOException {
        FetchRequest request = FetchRequest.get("j1", "http://a.test/x", Purpose.MAP, 1).withReuseSince(1_700L);
        PageFetched answer = new PageFetched(request, request.url(), List.of(request.url()), 200, "text/html", "UTF-8",
                "<p>x</p>", false, 8, 1, new Timings(1_800, 5, 0), null, true);
        for (Object event : List.of(request, answer)) {
            String json = EventCodec.encode(event);
            EventType<?> type = event == request ? EventType.FETCH_REQUEST : EventType.PAGE_FETCHED;
            assertEquals(0, EventCodec.schema(type).validate(EventCodec.mapper().readTree(json)).size(), json);
            assertEquals(event, EventCodec.decode(type, json));
        }
        assertTrue(EventCodec.encode(answer).contains("\"reused\":true"));
        assertEquals(request.id(), request.withReuseSince(null).id(), "not part of the request's identity");
        assertThrows(IllegalArgumentException.class, () -> request.withReuseSince(-1L));
    }

    @Test
    void everyTypeHasExactlyOneTopic() {
        for (EventType<?> type : EventType.all()) {
            assertEquals(1, Topics.all().stream().filter(t -> t.eventType().equals(type)).count(), type.name());
        }
        assertEquals("dead-letter-topic-fetch-requests", Topics.deadLetter(Topics.FETCH_REQUESTS));
        assertEquals("compact", Topics.named(Topics.NAVIGATION_PATTERNS).orElseThrow().cleanupPolicy());
        assertEquals("delete", Topics.named(Topics.PAGES_FETCHED).orElseThrow().cleanupPolicy());
    }

    static Stream<Arguments> malformedFetchRequests() {
        String ok = "\"type\":\"fetch-request\",\"version\":1,\"jobId\":\"j1\",\"purpose\":\"MAP\"";
        return Stream.of(
                Arguments.of("not JSON", "this is not json", "not JSON"),
                Arguments.of("empty", "", "empty event"),
                Arguments.of("array", "[1,2]", "not a JSON object"),
                Arguments.of("no type", "{\"version\":1,\"url\":\"http://a.test/\"}", "missing 'type'"),
                Arguments.of("unknown type", "{\"type\":\"page-fetched\",\"version\":1}", "unknown type 'page-fetched'"),
                Arguments.of("no version", "{\"type\":\"fetch-request\"}", "missing 'version'"),
                Arguments.of("unknown version", "{\"type\":\"fetch-request\",\"version\":7}", "unsupported version 7"),
                Arguments.of("no url", "{" + ok + "}", "url"),
                Arguments.of("javascript url", "{" + ok + ",\"url\":\"javascript:alert(1)\"}",
                        "unsupported scheme 'javascript'"),
                Arguments.of("file url", "{" + ok + ",\"url\":\"file:///etc/passwd\"}", "unsupported scheme 'file'"),
                Arguments.of("unparseable url", "{" + ok + ",\"url\":\"http://exa mple.test/\"}", "unparseable URL"),
                Arguments.of("relative url", "{" + ok + ",\"url\":\"/index.html\"}", "not absolute"),
                Arguments.of("no host", "{" + ok + ",\"url\":\"http:///x\"}", "no host"),
                Arguments.of("depth as string", "{" + ok + ",\"url\":\"http://a.test/\",\"depth\":\"1\"}", "depth"),
                Arguments.of("negative depth", "{" + ok + ",\"url\":\"http://a.test/\",\"depth\":-1}", "depth"),
                Arguments.of("unknown purpose", "{\"type\":\"fetch-request\",\"version\":1,\"jobId\":\"j\","
                        + "\"url\":\"http://a.test/\",\"purpose\":\"STEAL\"}", "purpose"),
                Arguments.of("bad job id", "{\"type\":\"fetch-request\",\"version\":1,\"jobId\":\"a b/c\","
                        + "\"url\":\"http://a.test/\",\"purpose\":\"MAP\"}", "jobId"),
                Arguments.of("form on GET", "{" + ok + ",\"url\":\"http://a.test/\",\"form\":[{\"name\":\"q\","
                        + "\"value\":\"x\"}]}", "GET request carries its form values in the URL"),
                Arguments.of("url with credentials", "{" + ok + ",\"url\":\"http://u:p@a.test/\"}", "credentials"),
                Arguments.of("url with a user name", "{" + ok + ",\"url\":\"http://u@a.test/\"}", "credentials"),
                Arguments.of("parent url with credentials", "{" + ok + ",\"url\":\"http://a.test/\","
                        + "\"parentUrl\":\"http://u:p@a.test/\"}", "parentUrl: URL carries credentials"),
                Arguments.of("ipv6 zone id", "{" + ok + ",\"url\":\"http://[fe80::1%eth0]/\"}", "zone id"),
                Arguments.of("two events", "{" + ok + ",\"url\":\"http://a.test/\"}{" + ok
                        + ",\"url\":\"http://b.test/\"}", "not JSON"),
                Arguments.of("trailing garbage", "{" + ok + ",\"url\":\"http://a.test/\"} garbage", "not JSON"));
    }

    @Test
    void aNumberWhereTextIsExpectedIsRefusedEvenWhereTheSchemaDoesNotTypeIt() {
        // page-fetched's schema requires request.jobId but does not type it; the codec refuses the coercion itself.
        String page = EventCodec.encode(new PageFetched(FetchRequest.get("j", "http://a.test/", Purpose.MAP, 0),
                "http://a.test/", List.of("http://a.test/"), 200, "text/html", null, "<p>x</p>", false, 8, 1,
                new Timings(1, 1, 0), null));
        InvalidEventException e = assertThrows(InvalidEventException.class, () -> EventCodec.decode(
                EventType.PAGE_FETCHED, page.replace("\"jobId\":\"j\"", "\"jobId\":12345")));
        assertTrue(e.getMessage().contains("at request.jobId"), e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedFetchRequests")
    void malformedEventsAreRejectedWithAReason(String name, String json, String reason) {
        InvalidEventException e = assertThrows(InvalidEventException.class,
                () -> EventCodec.decode(EventType.FETCH_REQUEST, json));
        assertTrue(e.getMessage().contains(reason), () -> "reason '" + e.getMessage() + "' lacks '" + reason + "'");
    }

    @Test
    void unknownFieldsAreIgnoredForForwardCompatibility() {
        FetchRequest r = EventCodec.decode(EventType.FETCH_REQUEST, "{\"type\":\"fetch-request\",\"version\":1,"
                + "\"jobId\":\"j\",\"url\":\"http://A.test/x\",\"purpose\":\"CRAWL\",\"addedLater\":{\"x\":1}}");
        assertEquals(FetchRequest.get("j", "http://A.test/x", Purpose.CRAWL, 0), r);
        assertEquals("a.test", r.key());
    }

    @Test
    void requestIdentityIsDeterministicAndCoversEveryField() {
        FetchRequest a = FetchRequest.get("j", "http://a.test/x", Purpose.MAP, 1);
        assertEquals(a.id(), FetchRequest.get("j", "http://a.test/x", Purpose.MAP, 1).id());
        assertEquals(a.id(), EventCodec.decode(EventType.FETCH_REQUEST, EventCodec.encode(a)).id());
        assertNotEquals(a.id(), new FetchRequest("j", "http://a.test/x", HttpMethod.GET, List.of(), Purpose.MAP, 1,
                null, 1, null).id());
        assertNotEquals(a.id(), FetchRequest.get("j", "http://a.test/x", Purpose.CRAWL, 1).id());
        FetchRequest post = new FetchRequest("j", "http://a.test/x", HttpMethod.POST,
                List.of(new FormField("q", "a")), Purpose.PROBE, 1, null, 0, null);
        assertNotEquals(post.id(), new FetchRequest("j", "http://a.test/x", HttpMethod.POST,
                List.of(new FormField("q", "b")), Purpose.PROBE, 1, null, 0, null).id());
    }

    @Test
    void encodingOmitsNullsAndPutsTheEnvelopeFirst() {
        String json = EventCodec.encode(FetchRequest.get("j", "http://a.test/", Purpose.SAMPLE, 0));
        assertTrue(json.startsWith("{\"type\":\"fetch-request\",\"version\":1,"), json);
        assertTrue(!json.contains("parentUrl"), json);
    }

    @Test
    void aSampleNeedsAUrlOrHtml() {
        InvalidEventException e = assertThrows(InvalidEventException.class, () -> EventCodec.decode(
                EventType.CRAWL_SAMPLE, "{\"type\":\"crawl-sample\",\"version\":1,\"jobId\":\"j\",\"sampleId\":\"s\"}"));
        assertTrue(e.getMessage().startsWith("schema crawl-sample.v1"), e.getMessage());
        CrawlSample inline = EventCodec.decode(EventType.CRAWL_SAMPLE,
                "{\"type\":\"crawl-sample\",\"version\":1,\"jobId\":\"j\",\"sampleId\":\"s\",\"html\":\"<p>x</p>\"}");
        assertEquals("<p>x</p>", inline.html());
    }

    @Test
    void seedDefaultsAreApplied() {
        CrawlSeed seed = EventCodec.decode(EventType.CRAWL_SEED,
                "{\"type\":\"crawl-seed\",\"version\":1,\"jobId\":\"j\",\"entryUrl\":\"https://a.test/\"}");
        assertEquals(ScopeMode.HOST, seed.scope());
        assertEquals(CrawlSeed.DEFAULT_MAX_PAGES, seed.maxPages());
        assertEquals(CrawlSeed.DEFAULT_MAX_DEPTH, seed.maxDepth());
        assertFalse(seed.followsScripts(), "scripts are not followed unless the seed says so");
    }

    /** Scripts: a seed that follows them and a script outlink round-trip; a link and a plain seed write no flag. */
    @Test
    void scriptFlagsRoundTripAndAreAbsentWhenOff() throws IOException {
        CrawlSeed seed = EventCodec.decode(EventType.CRAWL_SEED, "{\"type\":\"crawl-seed\",\"version\":1,"
                + "\"jobId\":\"j\",\"entryUrl\":\"https://a.test/\",\"scriptLinks\":true}");
        assertTrue(seed.followsScripts());
        assertTrue(EventCodec.encode(seed).contains("\"scriptLinks\":true"));
        String plain = EventCodec.encode(CrawlSeed.of("j", "https://a.test/"));
        assertFalse(plain.contains("scriptLinks"), plain);
        assertFalse(CrawlSeed.of("j", "https://a.test/").withScriptLinks(true).withMapping(MappingMode.FULL, null)
                .withSampleIds(List.of("s")).withSpec(null).scriptLinks() == null, "every with… keeps the flag");
        assertThrows(InvalidEventException.class, () -> EventCodec.decode(EventType.CRAWL_SEED,
                "{\"type\":\"crawl-seed\",\"version\":1,\"jobId\":\"j\",\"entryUrl\":\"https://a.test/\","
                        + "\"scriptLinks\":\"yes\"}"));

        Outlink script = new Outlink("https://a.test/menu.js", "", true, true);
        Outlink link = new Outlink("https://a.test/a.html", "A", true);
        assertEquals("{\"url\":\"https://a.test/a.html\",\"anchorText\":\"A\",\"inScope\":true}",
                EventCodec.mapper().writeValueAsString(link));
        assertEquals(script, EventCodec.mapper().readValue(EventCodec.mapper().writeValueAsString(script), Outlink.class));
        assertTrue(script.isScript());
        assertFalse(link.isScript());
    }
}
