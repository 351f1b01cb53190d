package dev.shapecrawl.console;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.FormProbeState;
import dev.shapecrawl.events.FormTemplate;
import dev.shapecrawl.events.HttpMethod;
import dev.shapecrawl.events.ListRecord;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.RecordExport;
import dev.shapecrawl.events.SiteModelSnapshot;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.browser.Chromium;
import dev.shapecrawl.testkit.hostile.HostileSite;
import dev.shapecrawl.testkit.kafka.EmbeddedKafkaResource;
import dev.shapecrawl.testkit.kafka.TestKafka;
import dev.shapecrawl.testkit.kafka.TopicClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every string a crawled site controls, shown by the console as text and never run (issue 22): the test kit's
 * hostile site's script payloads ({@link HostileSite#SCRIPT_PAYLOADS}) in a job's entry point, last error, site
 * model (example pages, reasons, link paths), navigation pattern (regexes, examples), target URLs, list records
 * (column names and cells) and form probes. Every page of the console is opened with {@code alert}, {@code confirm},
 * {@code prompt} and {@code console.*} hooked; the test fails on any call carrying the payloads' marker, and on any
 * JavaScript error. The records view shows the payloads as the very strings they are, one table at a time, and its
 * downloads are {@link RecordExport}'s files of those records (the CLI's byte-for-byte equality is LocalRuntimeIT's).
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedKafkaResource.class)
class HostileContentBrowserTest extends BrowserTestBase {
    private static final List<String> PAYLOADS = HostileSite.SCRIPT_PAYLOADS;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A URL on the site that carries a payload (encoded: a URL cannot hold most of them raw). */
    static String url(String path, String payload) {
        return "http://site.test/" + path + "?q=" + URLEncoder.encode(payload, StandardCharsets.UTF_8);
    }

    @Test
    void noPayloadRunsAnywhereAndTheRecordsShowThemAsText() throws Exception {
        String job = "hostile-" + System.nanoTime();
        String payload = PAYLOADS.get(0);
        List<ListRecord> records = new ArrayList<>();
        for (int i = 0; i < PAYLOADS.size(); i++) {
            // the payloads as the column names (a page's table header) and as the cells
            records.add(ListRecord.named(job, url("type/A.html", PAYLOADS.get(i)), "l-" + i, "* ‖ *", 0,
                    List.of(PAYLOADS.get(i), "cell " + PAYLOADS.get(i)), "S2", List.of(payload, PAYLOADS.get(1))));
        }
        try (TopicClient kafka = new TopicClient(TestKafka.bootstrapServers())) {
            kafka.send(Topics.CRAWL_SEEDS, job, JobsResourceTest.seed(job, url("index.html", payload)));
            for (int i = 0; i < PAYLOADS.size(); i++) {
                String u = url("type/T" + i + ".html", PAYLOADS.get(i));
                kafka.send(Topics.TARGET_PAGES, u, JobPageBrowserTest.target(job, u, 0.95));
            }
            for (ListRecord r : records) {
                kafka.send(Topics.LIST_RECORDS, job, EventCodec.encode(r)); // one partition: the order sent
            }
            kafka.send(Topics.SITE_MODELS, job, EventCodec.encode(model(job)));
            kafka.send(Topics.NAVIGATION_PATTERNS, job, EventCodec.encode(pattern(job)));
            kafka.send(Topics.FORM_TEMPLATES, job, EventCodec.encode(form(job)));
            kafka.send(Topics.FORM_PROBE_STATE, job + "/f-000000000001", EventCodec.encode(probe(job)));
            kafka.send(Topics.CRAWL_STATUS, job, EventCodec.encode(new CrawlStatus(job, Phase.FAILED, 9, 9, 1, 8, 9, 0, 0,
                    1, 8, String.join(" ", PAYLOADS), System.currentTimeMillis())));
            awaitRecords(job, records.size());
        }
        Chromium.hookScriptExecution(browser);
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));

        browser.get(base.toString());
        wait.until(d -> d.findElements(By.cssSelector("#jobs tbody tr[data-job='" + job + "']")).size() == 1);
        String row = text("#jobs tbody tr[data-job='" + job + "']");
        assertTrue(row.contains(PAYLOADS.get(3)), "the last error is shown as text: " + row);
        assertEquals(0L, browser.executeScript("return document.querySelectorAll('main img, main svg, main script, main iframe').length;"),
                "no element was made from a payload");
        Chromium.assertNoScriptRan(browser, HostileSite.SCRIPT_MARKER);

        browser.get(base + "job.html?job=" + job);
        wait.until(d -> d.findElement(By.id("live")).getText().startsWith("as of"));
        wait.until(d -> d.findElements(By.cssSelector("#records tbody tr")).size() == PAYLOADS.size());
        // the records' columns and cells are the payloads, as text
        assertEquals(List.of("Page", "List", "Row", payload, PAYLOADS.get(1)), texts("#records thead th"));
        List<String> cells = texts("#records tbody tr:first-child td");
        assertEquals(PAYLOADS.get(0), cells.get(3));
        assertEquals("cell " + PAYLOADS.get(0), cells.get(4));
        assertEquals(1, new Select(browser.findElement(By.id("records-table"))).getOptions().size(), "one table");
        browser.executeScript("document.getElementById('records-heading').scrollIntoView();");
        Chromium.screenshot(browser, "hostile-records.png");
        // the form probes, payloads included, as text
        String forms = text("#forms");
        assertTrue(forms.contains("INFORMATIVE (ITP)") && forms.contains("{" + payload + "} informative ×12"), forms);
        String classes = text("#classes");
        assertTrue(classes.contains(PAYLOADS.get(4)), classes);
        // the graph's tooltips go through the page's escaping: hover every node and edge
        browser.executeScript("const c = echarts.getInstanceByDom(document.getElementById('graph'));"
                + "for (let i = 0; i < 2; i++) c.dispatchAction({type: 'showTip', seriesIndex: 0, dataIndex: i});"
                + "c.dispatchAction({type: 'showTip', seriesIndex: 0, dataType: 'edge', dataIndex: 0});");
        Thread.sleep(300); // the tooltip is drawn after the action
        assertEquals(0L, browser.executeScript("return document.querySelectorAll('main img, main script, main iframe, main details').length;"),
                "no element was made from a payload");
        Chromium.assertNoScriptRan(browser, HostileSite.SCRIPT_MARKER);
        Chromium.assertNoJavaScriptErrors(browser);

        // the downloads: RecordExport's files of the job's records
        StringBuilder csv = new StringBuilder();
        RecordExport.writeCsv(records, csv);
        assertEquals(csv.toString(), given().get("/api/jobs/" + job + "/records.csv").then().statusCode(200)
                .header("Content-Disposition", "attachment; filename=\"" + job + ".csv\"").extract().asString());
        StringBuilder jsonl = new StringBuilder();
        records.forEach(r -> jsonl.append(RecordExport.jsonlLine(EventCodec.encode(r))));
        assertEquals(jsonl.toString(), given().get("/api/jobs/" + job + "/records.jsonl").then().statusCode(200)
                .extract().asString());
        given().get("/api/jobs/" + job + "/records.xml").then().statusCode(404);

        browser.get(base + "targets.html?job=" + job);
        wait.until(d -> d.findElements(By.cssSelector("#targets tbody tr")).size() == PAYLOADS.size());
        browser.findElement(By.id("q")).sendKeys(payload);
        browser.findElement(By.cssSelector("#target-search button")).click();
        wait.until(d -> d.findElement(By.id("targets-caption")).getText().startsWith("0 target pages"));
        Chromium.assertNoScriptRan(browser, HostileSite.SCRIPT_MARKER);
        Chromium.assertNoJavaScriptErrors(browser);

        // The check can fail: the same payload put into the page as HTML runs, and is caught.
        browser.executeScript("document.body.insertAdjacentHTML('beforeend', arguments[0]);", PAYLOADS.get(1));
        wait.until(d -> ((Number) browser.executeScript("return window.__scriptCalls.length;")).intValue() > 0);
        assertThrows(AssertionError.class, () -> Chromium.assertNoScriptRan(browser, HostileSite.SCRIPT_MARKER));
    }

    /** An element's text, read in one step in the page (the live views redraw their rows). */
    private String text(String selector) {
        return String.valueOf(browser.executeScript("return document.querySelector(arguments[0]).innerText;", selector));
    }

    /** The texts of every element matching, read in one step in the page ({@code textContent}, as set). */
    @SuppressWarnings("unchecked")
    private List<String> texts(String selector) {
        return (List<String>) browser.executeScript(
                "return [...document.querySelectorAll(arguments[0])].map(e => e.textContent);", selector);
    }

    static SiteModelSnapshot model(String job) {
        List<SiteModelSnapshot.PageClass> classes = List.of(
                new SiteModelSnapshot.PageClass(1, 8, List.of(url("type/A.html", PAYLOADS.get(2))),
                        List.of("link:" + PAYLOADS.get(0)), true, 8, 0.95, 0.99, PAYLOADS.get(4)),
                new SiteModelSnapshot.PageClass(2, 3, List.of(url("index.html", PAYLOADS.get(5))), List.of(),
                        false, 0, 0.10, 0.40, PAYLOADS.get(6)));
        List<SiteModelSnapshot.ClassLink> links = List.of(
                new SiteModelSnapshot.ClassLink(2, 1, PAYLOADS.get(1), "LIST"));
        return new SiteModelSnapshot(job, 1, url("index.html", PAYLOADS.get(0)), 11, 11, classes, links, "DECIDED",
                0.9, PAYLOADS.get(7));
    }

    static NavigationPattern pattern(String job) {
        return new NavigationPattern(job, 1, url("index.html", PAYLOADS.get(0)), List.of(new NavigationPattern.Branch(
                List.of(new NavigationPattern.Step("LINK", PAYLOADS.get(0), null, false,
                        List.of(url("type/A.html", PAYLOADS.get(1))), List.of())), 8)), 8, 1.0, 0.9, "DECIDED");
    }

    static FormTemplate form(String job) {
        return new FormTemplate(job, "f-000000000001", url("search.html", PAYLOADS.get(0)),
                url("results.html", PAYLOADS.get(1)), HttpMethod.GET, List.of(), List.of(PAYLOADS.get(0)),
                List.of(Map.of(PAYLOADS.get(0), PAYLOADS.get(2))), "ITP", 12, 3, 40, FormTemplate.Outcome.INFORMATIVE,
                null);
    }

    static FormProbeState probe(String job) {
        ObjectNode state = JSON.createObjectNode(); // the parts of the core ProbeState the console reads
        state.putObject("settings");
        state.putObject("form");
        state.put("phase", "DONE");
        ObjectNode run = state.putArray("runs").addObject();
        run.putObject("template").putArray("fields").add(PAYLOADS.get(0));
        run.put("submitted", 12).put("informative", true).put("gated", false);
        state.putArray("log");
        return new FormProbeState(job, "f-000000000001", url("search.html", PAYLOADS.get(0)), 1, state);
    }

    private static void awaitRecords(String job, int n) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            var r = given().get("/api/jobs/" + job + "/records?limit=1");
            if (r.statusCode() == 200 && r.jsonPath().getLong("total") == n
                    && given().get("/api/jobs/" + job).jsonPath().getInt("forms[0].templates.size()") == 1) {
                return; // the last topics written are read too
            }
            Thread.sleep(200);
        }
        throw new AssertionError(job + ": the console did not read " + n + " records and the form probe");
    }
}
