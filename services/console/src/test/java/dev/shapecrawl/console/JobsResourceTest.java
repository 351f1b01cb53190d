package dev.shapecrawl.console;

import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.Phase;
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
