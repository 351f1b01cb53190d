package dev.shapecrawl.extractor;

import dev.shapecrawl.core.lists.ExtractedList;
import dev.shapecrawl.core.lists.SwleExtractor;
import dev.shapecrawl.core.lists.SwleSettings;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.ListRecord;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.TargetPage;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.kafka.EmbeddedKafkaResource;
import dev.shapecrawl.testkit.kafka.TestKafka;
import dev.shapecrawl.testkit.kafka.TopicClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The extractor service with the real (embedded) broker: target pages in, list records out, checked cell by cell;
 * a page delivered twice yields the same keys and ids; an unchanged page (a 304) yields none; a malformed event is dead-lettered and the next page is
 * still extracted; hostile pages finish without error. Every URL is on a reserved {@code .test} host: no traffic
 * leaves loopback (the service fetches nothing).
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedKafkaResource.class)
class ExtractorKafkaTest {
    static final String SITE = "http://lists.example.test/";
    static final Duration WAIT = Duration.ofSeconds(90);
    static final String SETTINGS = SwleSettings.defaults().name();

    /** The thesis's cartoon list (Agostinho 2015, Figure 2): 10 items, Gertie lacks a producer. */
    static final String[] CARTOONS = {
        "\"What's Opera, Doc?\" — Chuck Jones, Warner Bros., 1957",
        "\"Duck Amuck\" — Chuck Jones, Warner Bros., 1953",
        "\"The Band Concert\" — Wilfred Jackson, Disney, 1935",
        "\"Duck Dodgers in the 24½th Century\" — Chuck Jones, Warner Bros., 1953",
        "\"One Froggy Evening\" — Chuck Jones, Warner Bros., 1955",
        "\"Gertie the Dinosaur\" — Winsor McCay, 1914",
        "\"Red Hot Riding Hood\" — Tex Avery, Metro-Goldwyn-Mayer, 1943",
        "\"Porky in Wackyland\" — Bob Clampett, Warner Bros., 1938",
        "\"Gerald McBoing-Boing\" — Robert Cannon, UPA (Columbia Pictures), 1951",
        "\"King Size Canary\" — Tex Avery, Metro-Goldwyn-Mayer, 1947",
    };
    static final String CARTOON_PAGE = "<html><head><title>Cartoons</title></head><body><h1>The 50 greatest</h1><ol>"
            + items("li", CARTOONS) + "</ol><p>Source: Jerry Beck, 1994.</p></body></html>";
    static final String TWO_LISTS_PAGE = "<html><body><h1>Staff</h1><div><ul>"
            + items("li", "Ana Silva - Lisboa", "Bruno Costa - Porto", "Carla Dias - Braga", "Diego Lima - Faro")
            + "</ul></div><p>Opening hours</p><div><table>"
            + items("tr", "<td>Mon: 8am</td>", "<td>Tue: 9am</td>", "<td>Wed: 10am</td>", "<td>Thu: 8am</td>")
            + "</table></div></body></html>";

    static TopicClient kafka;

    @BeforeAll
    static void start() {
        kafka = new TopicClient(TestKafka.bootstrapServers());
    }

    @AfterAll
    static void stop() {
        kafka.close();
    }

    @Test
    void pagesWithKnownListsYieldTheirRowsAndAPageWithoutListsNone() {
        String job = "lists";
        page(job, "cartoons.html", CARTOON_PAGE);
        page(job, "staff.html", TWO_LISTS_PAGE);
        page(job, "about.html", "<html><body><h1>About</h1><p>We make crawlers. Write to us.</p></body></html>");
        // The same URL as about.html, sent after it, another job: once its records are out, about.html is done.
        page("lists-sentinel", "about.html", CARTOON_PAGE);

        List<ConsumerRecord<String, String>> out = recordsUntil(rs -> count(rs, "lists-sentinel", SITE + "about.html") >= 9
                && count(rs, job, SITE + "cartoons.html") >= 9 && count(rs, job, SITE + "staff.html") >= 8);

        List<ConsumerRecord<String, String>> cartoons = of(out, job, SITE + "cartoons.html");
        assertEquals(9, cartoons.size(), "Gertie (no producer) is not a row");
        ExtractedList expected = new SwleExtractor(SwleSettings.defaults()).extract(CARTOON_PAGE).get(0);
        for (int i = 0; i < 9; i++) {
            ConsumerRecord<String, String> r = cartoons.get(i);
            ListRecord rec = decode(r);
            assertEquals(SITE + "cartoons.html", r.key(), "keyed by page URL");
            assertEquals(i, rec.rowIndex(), "rows in order on one partition");
            assertEquals(expected.id(), rec.listId());
            assertEquals("\" * \" — * , * , *", rec.listIdentity());
            assertEquals(SETTINGS, rec.settings());
            assertEquals(4, rec.cells().size(), rec.cells().toString());
        }
        assertEquals(List.of("What's Opera, Doc?", "Chuck Jones", "Warner Bros.", "1957"), decode(cartoons.get(0)).cells());
        assertEquals(List.of("Red Hot Riding Hood", "Tex Avery", "Metro-Goldwyn-Mayer", "1943"),
                decode(cartoons.get(5)).cells(), "Gertie skipped");
        assertEquals(List.of("King Size Canary", "Tex Avery", "Metro-Goldwyn-Mayer", "1947"), decode(cartoons.get(8)).cells());

        List<ListRecord> staff = of(out, job, SITE + "staff.html").stream().map(ExtractorKafkaTest::decode).toList();
        Map<String, List<ListRecord>> byList = staff.stream()
                .collect(Collectors.groupingBy(ListRecord::listIdentity));
        assertEquals(Set.of("* - *", "* : *"), byList.keySet());
        assertEquals(List.of(List.of("Ana Silva", "Lisboa"), List.of("Bruno Costa", "Porto"),
                List.of("Carla Dias", "Braga"), List.of("Diego Lima", "Faro")),
                byList.get("* - *").stream().map(ListRecord::cells).toList());
        assertEquals(List.of(List.of("Mon", "8am"), List.of("Tue", "9am"), List.of("Wed", "10am"), List.of("Thu", "8am")),
                byList.get("* : *").stream().map(ListRecord::cells).toList());
        assertEquals(2, staff.stream().map(ListRecord::listId).distinct().count(), "two lists, two ids");

        assertEquals(0, count(out, job, SITE + "about.html"), "a page without lists yields no records");

        given().get("/q/metrics").then().statusCode(200)
                .body(containsString("shapecrawl_extractor_pages_total{outcome=\"lists\"}"))
                .body(containsString("shapecrawl_extractor_pages_total{outcome=\"none\"}"))
                .body(containsString("shapecrawl_extractor_records_total"))
                .body(containsString("shapecrawl_extractor_lists_total"))
                .body(containsString("shapecrawl_extractor_in_flight_bytes"));
        given().get("/q/health/ready").then().statusCode(200);
    }

    @Test
    void thePageDeliveredTwiceYieldsIdenticalKeysAndIds() {
        String job = "replay";
        page(job, "twice.html", TWO_LISTS_PAGE);
        page(job, "twice.html", TWO_LISTS_PAGE);
        List<ConsumerRecord<String, String>> out = of(recordsUntil(rs -> count(rs, job, SITE + "twice.html") >= 16),
                job, SITE + "twice.html");
        assertEquals(16, out.size());
        List<ConsumerRecord<String, String>> first = out.subList(0, 8);
        List<ConsumerRecord<String, String>> second = out.subList(8, 16);
        for (int i = 0; i < 8; i++) {
            assertEquals(first.get(i).key(), second.get(i).key());
            assertEquals(decode(first.get(i)).id(), decode(second.get(i)).id());
            assertEquals(first.get(i).value(), second.get(i).value(), "the same event, byte for byte");
        }
        assertEquals(8, out.stream().map(r -> decode(r).id()).distinct().count(), "deduplicated by id: 8 records");
    }

    /** Issue 19: a target page the site answered 304 in a re-crawl yields no records; its changed twin does. */
    @Test
    void anUnchangedPageOfARecrawlYieldsNoRecords() {
        String job = "recrawl";
        String url = SITE + "unchanged.html";
        TargetPage unchanged = new TargetPage(job, url, Purpose.CRAWL, 0.9, "UTF-8", CARTOON_PAGE, true);
        kafka.send(Topics.TARGET_PAGES, unchanged.key(), EventCodec.encode(unchanged));
        // the same URL after it (one partition, consumed after it), fetched whole: its records mark the end
        page(job + "-changed", "unchanged.html", CARTOON_PAGE);
        List<ConsumerRecord<String, String>> out = recordsUntil(rs -> count(rs, job + "-changed", url) >= 9);
        assertEquals(0, count(out, job, url), "no records for the unchanged page");
        given().get("/q/metrics").then().statusCode(200)
                .body(containsString("shapecrawl_extractor_pages_total{outcome=\"unchanged\"} 1.0"));
    }

    @Test
    void aMalformedEventIsDeadLetteredAndTheNextPageStillExtracted() {
        String url = SITE + "after-bad.html";
        // Same key as the good page after it: one partition, so the good page is consumed after the bad one.
        kafka.send(Topics.TARGET_PAGES, url, "{\"type\":\"target-page\",\"version\":1,\"jobId\":\"bad\"}");
        kafka.send(Topics.TARGET_PAGES, url, "not json at all");
        page("after-bad", "after-bad.html", CARTOON_PAGE);

        List<ConsumerRecord<String, String>> dead = kafka.readUntil(Topics.deadLetter(Topics.TARGET_PAGES),
                rs -> rs.stream().filter(r -> url.equals(r.key())).count() >= 2, WAIT);
        List<String> reasons = dead.stream().filter(r -> url.equals(r.key()))
                .map(r -> TopicClient.header(r, "dead-letter-reason")).toList();
        assertTrue(reasons.get(0).contains("schema target-page.v1"), reasons.get(0));
        assertTrue(reasons.get(1).contains("not JSON"), reasons.get(1));
        assertEquals(9, of(recordsUntil(rs -> count(rs, "after-bad", url) >= 9), "after-bad", url).size());
        given().get("/q/metrics").then().statusCode(200)
                .body(containsString("shapecrawl_extractor_rejected_total"));
    }

    @Test
    void hostilePagesFinishWithoutErrorAndWithinTheBounds() {
        Map<String, String> hostile = new HashMap<>();
        hostile.put("huge.html", "<html><body><p>" + "lorem ipsum dolor, ".repeat(10 * 1024 * 1024 / 19 + 1)
                + "</p></body></html>"); // 10 MiB of text: over max-body-chars, not parsed
        hostile.put("deep.html", "<div>".repeat(100_000) + "a - b" + "</div>".repeat(100_000));
        hostile.put("textless.html", "<div><span></span><img src=x><br></div>".repeat(50_000));
        // Rows of over 1 MiB each: 600 cells of about 1,900 characters (a long cell is cut at 2,000, so only many
        // of them make a row this big); over max-record-bytes, dropped.
        StringBuilder giant = new StringBuilder("<table>");
        for (int i = 0; i < 4; i++) {
            giant.append("<tr>");
            for (int c = 0; c < 600; c++) {
                giant.append("<td>").append("y".repeat(1_900)).append(i).append('c').append(c).append("</td>");
            }
            giant.append("</tr>");
        }
        hostile.put("giant-rows.html", giant.append("</table>").toString());
        StringBuilder many = new StringBuilder("<ol>");
        for (int i = 0; i < 10_500; i++) {
            many.append("<li>Row ").append(i).append(" - Town ").append(i % 97).append("</li>");
        }
        hostile.put("many-rows.html", many.append("</ol>").toString());

        long start = System.nanoTime();
        for (Map.Entry<String, String> e : hostile.entrySet()) {
            page("hostile", e.getKey(), e.getValue());
            // Same URL, after it (same partition): its records prove the hostile page is done.
            page("hostile-sentinel", e.getKey(), CARTOON_PAGE);
        }
        List<ConsumerRecord<String, String>> out = recordsUntil(rs -> hostile.keySet().stream()
                .allMatch(name -> count(rs, "hostile-sentinel", SITE + name) >= 9));
        System.out.printf("five hostile pages extracted in %d ms%n", (System.nanoTime() - start) / 1_000_000);

        for (String name : List.of("huge.html", "deep.html", "textless.html", "giant-rows.html")) {
            assertEquals(0, count(out, "hostile", SITE + name), name);
        }
        List<ListRecord> many10k = of(out, "hostile", SITE + "many-rows.html").stream()
                .map(ExtractorKafkaTest::decode).toList();
        assertEquals(10_000, many10k.size(), "capped at max-records-per-page");
        assertEquals(List.of("Row 0", "Town 0"), many10k.get(0).cells());
        assertEquals(9_999, many10k.get(9_999).rowIndex(), "the first rows, in order");

        Set<String> deadKeys = kafka.readFor(Topics.deadLetter(Topics.TARGET_PAGES), Duration.ofSeconds(1)).stream()
                .map(ConsumerRecord::key).filter(Objects::nonNull) // the bad-input table's keyless rows share it
                .collect(Collectors.toCollection(TreeSet::new));
        for (String name : hostile.keySet()) {
            assertFalse(deadKeys.contains(SITE + name), name + " was dead-lettered");
        }
        given().get("/q/metrics").then().statusCode(200)
                .body(containsString("shapecrawl_extractor_pages_total{outcome=\"too_large\"} 1.0"))
                .body(containsString("shapecrawl_extractor_capped_total 1.0"))
                .body(containsString("shapecrawl_extractor_dropped_records_total{reason=\"cap\"} 500.0"))
                .body(containsString("shapecrawl_extractor_dropped_records_total{reason=\"too_large\"} 4.0"));
    }

    static void page(String job, String name, String body) {
        TargetPage p = new TargetPage(job, SITE + name, Purpose.CRAWL, 0.9, "UTF-8", body);
        kafka.send(Topics.TARGET_PAGES, p.key(), EventCodec.encode(p));
    }

    static List<ConsumerRecord<String, String>> recordsUntil(Predicate<List<ConsumerRecord<String, String>>> done) {
        return kafka.readUntil(Topics.LIST_RECORDS, done, WAIT);
    }

    static ListRecord decode(ConsumerRecord<String, String> r) {
        return EventCodec.decode(EventType.LIST_RECORD, r.value());
    }

    /** The records of one job and page, in partition order (one page's records share a partition). */
    static List<ConsumerRecord<String, String>> of(List<ConsumerRecord<String, String>> records, String job, String url) {
        List<ConsumerRecord<String, String>> out = new ArrayList<>();
        for (ConsumerRecord<String, String> r : records) {
            if (url.equals(r.key())) {
                ListRecord rec = decode(r);
                if (rec.jobId().equals(job)) {
                    out.add(r);
                }
            }
        }
        return out;
    }

    /** {@code of(...).size()}, without decoding: called at every poll while thousands of records arrive. */
    static long count(List<ConsumerRecord<String, String>> records, String job, String url) {
        String jobField = "\"jobId\":\"" + job + "\"";
        return records.stream().filter(r -> url.equals(r.key()) && r.value().contains(jobField)).count();
    }

    static String items(String tag, String... texts) {
        StringBuilder sb = new StringBuilder();
        for (String t : texts) {
            sb.append('<').append(tag).append('>').append(t).append("</").append(tag).append('>');
        }
        return sb.toString();
    }
}
