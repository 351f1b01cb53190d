package dev.shapecrawl.console;

import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.ListRecord;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.TargetPage;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.kafka.EmbeddedKafkaResource;
import dev.shapecrawl.testkit.kafka.TestKafka;
import dev.shapecrawl.testkit.kafka.TopicClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The jobs API on the real test broker: a job's seed and statuses, published as the services publish them, appear
 * in {@code /api/jobs}, and a live view ({@code /api/jobs/events}) gets the next status without asking again.
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedKafkaResource.class)
class JobsResourceTest {
    @TestHTTPResource("/")
    URL base;

    static String seed(String job, String entry) {
        return "{\"type\":\"crawl-seed\",\"version\":1,\"jobId\":\"" + job + "\",\"entryUrl\":\"" + entry + "\"}";
    }

    static String status(String job, Phase phase, long fetched, long targets, String error) {
        return EventCodec.encode(new CrawlStatus(job, phase, 50, fetched, 0, targets, fetched, 0, 0, 0, targets, error,
                System.currentTimeMillis()));
    }

    @Test
    void aJobAppearsWithItsSeedAndStatusAndALiveViewGetsTheNextStatus() throws Exception {
        String job = "console-" + System.nanoTime();
        try (TopicClient kafka = new TopicClient(TestKafka.bootstrapServers())) {
            kafka.send(Topics.CRAWL_SEEDS, job, seed(job, "http://site.test/index.html"));
            kafka.send(Topics.CRAWL_STATUS, job, status(job, Phase.MAPPING, 10, 3, null));
            awaitJob(job, "MAPPING");
            given().get("/api/jobs").then().statusCode(200)
                    .body(containsString("\"entryUrl\":\"http://site.test/index.html\""))
                    .body(containsString("\"targets\":3"));

            HttpClient http = HttpClient.newHttpClient();
            HttpResponse<InputStream> sse = http.send(HttpRequest.newBuilder(URI.create(base + "api/jobs/events"))
                    .header("Accept", "text/event-stream").build(), HttpResponse.BodyHandlers.ofInputStream());
            assertEquals(200, sse.statusCode());
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(sse.body(), StandardCharsets.UTF_8))) {
                String first = nextData(lines);
                assertTrue(first.contains(job) && first.contains("MAPPING"), first);
                kafka.send(Topics.CRAWL_STATUS, job, status(job, Phase.IDLE, 50, 41, "one page failed"));
                CompletableFuture<String> idle = CompletableFuture.supplyAsync(() -> {
                    String data;
                    do {
                        data = nextData(lines);
                    } while (!(data.contains(job) && data.contains("\"phase\":\"IDLE\"")));
                    return data;
                });
                String data = idle.get(30, TimeUnit.SECONDS);
                assertTrue(data.contains("\"targets\":41") && data.contains("one page failed"), data);
            }
        }
    }

    @Test
    void thePageAndItsScriptAreServedAndTheScriptNeverParsesClusterStringsAsHtml() {
        given().get("/").then().statusCode(200).body(containsString("<h2>Jobs</h2>"));
        for (String name : List.of("console.js", "job.js", "targets.js")) {
            String script = given().get("/" + name).then().statusCode(200).extract().asString();
            assertTrue(script.contains("textContent") && !script.contains("innerHTML") && !script.contains("outerHTML")
                    && !script.contains("insertAdjacentHTML") && !script.contains("document.write"),
                    name + " sets text, never HTML");
        }
    }

    /**
     * A re-crawl with a negative sample can drop a page an earlier run took: the targets view and the record
     * downloads (what {@code shapecrawl records} prints) and the records view are the latest run's pages'.
     */
    @Test
    void theTargetsAndTheDownloadsAreTheLatestRunsPages() throws Exception {
        String job = "rerun-" + System.nanoTime();
        String kept = "http://site.test/kept.html";
        String dropped = "http://site.test/dropped.html";
        try (TopicClient kafka = new TopicClient(TestKafka.bootstrapServers())) {
            kafka.send(Topics.CRAWL_SEEDS, job, seed(job, "http://site.test/index.html"));
            kafka.send(Topics.TARGET_PAGES, kept, EventCodec.encode(new TargetPage(job, kept, Purpose.CRAWL, 0.95, "UTF-8", "<html></html>")));
            kafka.send(Topics.TARGET_PAGES, dropped, EventCodec.encode(new TargetPage(job, dropped, Purpose.CRAWL, 0.9, "UTF-8", "<html></html>")));
            kafka.send(Topics.LIST_RECORDS, kept, EventCodec.encode(new ListRecord(job, kept, "l-1", "(,)", 0, List.of("k"), "S2")));
            kafka.send(Topics.LIST_RECORDS, dropped, EventCodec.encode(new ListRecord(job, dropped, "l-1", "(,)", 0, List.of("d"), "S2")));
            Thread.sleep(20); // record timestamps are ms: the second run starts strictly after the first run's pages
            long secondRun = System.currentTimeMillis();
            Thread.sleep(20);
            kafka.send(Topics.TARGET_PAGES, kept, EventCodec.encode(new TargetPage(job, kept, Purpose.CRAWL, 0.95, "UTF-8", "<html></html>")));
            kafka.send(Topics.CRAWL_STATUS, job, EventCodec.encode(new CrawlStatus(job, Phase.IDLE, 2, 2, 0, 1, 0, 2, 1,
                    2, 0, null, System.currentTimeMillis(), 0, 0, 0, 0, secondRun - 60_000, secondRun, secondRun)));
            awaitJob(job, "IDLE");
            // the view reads the topics as they come: wait for the second run's record of the kept page
            String targets = "";
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!targets.contains(kept) && System.nanoTime() < deadline) {
                targets = given().get("/api/jobs/" + job + "/targets").then().statusCode(200).extract().asString();
                Thread.sleep(100);
            }
            assertTrue(targets.contains(kept) && !targets.contains(dropped) && targets.contains("\"total\":1"), targets);
            String records = given().get("/api/jobs/" + job + "/records.jsonl").then().statusCode(200).extract().asString();
            assertTrue(records.contains(kept) && !records.contains(dropped), records);
            String view = given().get("/api/jobs/" + job + "/records").then().statusCode(200).extract().asString();
            assertTrue(view.contains(kept) && !view.contains(dropped) && view.contains("\"total\":1"), view);
        }
    }

    private void awaitJob(String job, String phase) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            List<Map<String, Object>> jobs = given().get("/api/jobs").then().statusCode(200).extract().jsonPath().getList("$");
            if (jobs.stream().anyMatch(j -> job.equals(j.get("jobId")) && phase.equals(j.get("phase")))) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError(job + " did not reach " + phase + " in /api/jobs");
    }

    /** The data of the next server-sent event (its {@code data:} lines joined). */
    private static String nextData(BufferedReader lines) {
        try {
            StringBuilder data = new StringBuilder();
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.startsWith("data:")) {
                    data.append(line.substring(5).trim());
                } else if (line.isEmpty() && data.length() > 0) {
                    return data.toString();
                }
            }
            throw new AssertionError("the event stream ended");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
