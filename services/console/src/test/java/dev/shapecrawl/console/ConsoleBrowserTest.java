package dev.shapecrawl.console;

import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.kafka.EmbeddedKafkaResource;
import dev.shapecrawl.testkit.kafka.TestKafka;
import dev.shapecrawl.testkit.kafka.TopicClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The jobs page in real headless Chromium (Debian's, through its chromedriver) against the console on the real test
 * broker (issue 22): it follows a job to its end without a reload; strings from crawled sites and users, hostile
 * ones included, are shown as text and never run; no JavaScript error reaches the browser's log; axe-core finds no
 * serious or critical accessibility violation. The screenshot it
 * takes is {@code target/screenshots/jobs.png} (docs/console.md shows one).
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedKafkaResource.class)
class ConsoleBrowserTest extends BrowserTestBase {
    /** Markup and script a crawled page or a user could put in an error or a URL (the test kit's hostile strings). */
    static final List<String> PAYLOADS = List.of("<img src=x onerror=\"window.__pwned=1;alert(1)\">",
            "<script>window.__pwned=2;alert(2)</script>", "\"><svg onload=\"window.__pwned=3\">",
            "javascript:window.__pwned=4");

    @Test
    void theJobsPageFollowsAJobToItsEndWithoutAReload() throws Exception {
        String job = "browser-" + System.nanoTime();
        try (TopicClient kafka = new TopicClient(TestKafka.bootstrapServers())) {
            kafka.send(Topics.CRAWL_SEEDS, job, JobsResourceTest.seed(job, "http://site.test/index.html"));
            kafka.send(Topics.CRAWL_STATUS, job, JobsResourceTest.status(job, Phase.MAPPING, 5, 1, null));
            hookAlerts();
            browser.get(base.toString());
            awaitRow(job, "MAPPING");
            browser.executeScript("window.__sameDocument = true;");
            kafka.send(Topics.CRAWL_STATUS, job, JobsResourceTest.status(job, Phase.CRAWLING, 30, 12, null));
            awaitRow(job, "CRAWLING");
            kafka.send(Topics.CRAWL_STATUS, job, JobsResourceTest.status(job, Phase.IDLE, 50, 41, null));
            Row row = awaitRow(job, "IDLE");
            assertEquals(Boolean.TRUE, browser.executeScript("return window.__sameDocument === true;"),
                    "the page was not reloaded");
            assertTrue(row.text().contains("41") && row.text().contains("http://site.test/index.html"), row.text());
            assertEquals("50", row.progress());
            Chromium.screenshot(browser, "jobs.png");
            Chromium.assertAccessible(browser);
        }
        assertNoScriptRan();
        Chromium.assertNoJavaScriptErrors(browser);
    }

    @Test
    void hostileStringsAreShownAsTextAndNeverRun() throws Exception {
        String job = "hostile-" + System.nanoTime();
        String error = String.join(" ", PAYLOADS);
        try (TopicClient kafka = new TopicClient(TestKafka.bootstrapServers())) {
            kafka.send(Topics.CRAWL_SEEDS, job, JobsResourceTest.seed(job,
                    "http://site.test/%22%3E%3Cscript%3Ewindow.__pwned=5%3C/script%3E"));
            kafka.send(Topics.CRAWL_STATUS, job, JobsResourceTest.status(job, Phase.FAILED, 1, 0,
                    error));
            hookAlerts();
            browser.get(base.toString());
            Row row = awaitRow(job, "FAILED");
            assertTrue(row.text().contains(PAYLOADS.get(0)) && row.text().contains(PAYLOADS.get(1)),
                    "the payloads are shown as text: " + row.text());
            assertEquals(0L, browser.executeScript("return document.querySelectorAll('#jobs img, #jobs svg, #jobs script').length;"),
                    "no element was made from a payload");
        }
        assertNoScriptRan();
        Chromium.assertNoJavaScriptErrors(browser);
    }

    /** Replaces alert, confirm and prompt with recorders in every document, before the page's own scripts run. */
    private void hookAlerts() {
        browser.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", java.util.Map.of("source",
                "window.__alerts = 0; window.alert = window.confirm = window.prompt = function () { window.__alerts++; };"));
    }

    private void assertNoScriptRan() {
        JavascriptExecutor js = browser;
        assertEquals(0L, js.executeScript("return window.__alerts || 0;"), "an alert was raised");
        assertEquals(null, js.executeScript("return window.__pwned === undefined ? null : window.__pwned;"),
                "a payload ran");
    }

    /** A row of the jobs table as it was at one moment: its text and its progress bar's value. */
    record Row(String text, String progress) {
    }

    /**
     * Waits until the job's row shows {@code phase}, and reads it in one script call: the page re-renders its table
     * on every event, so an element found in one call may be gone in the next.
     */
    private Row awaitRow(String job, String phase) {
        return new WebDriverWait(browser, Duration.ofSeconds(30)).until(d -> {
            @SuppressWarnings("unchecked")
            java.util.Map<String, Object> row = (java.util.Map<String, Object>) browser.executeScript(
                    "const tr = document.querySelector('#jobs tbody tr[data-job=\"' + arguments[0] + '\"]');"
                            + "if (!tr) return null;"
                            + "const bar = tr.querySelector('progress');"
                            + "return {text: tr.innerText, progress: bar ? String(bar.value) : null};", job);
            return row == null || !String.valueOf(row.get("text")).contains(phase) ? null
                    : new Row(String.valueOf(row.get("text")), String.valueOf(row.get("progress")));
        });
    }

}
