package dev.shapecrawl.console;

import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.browser.Chromium;
import dev.shapecrawl.testkit.kafka.EmbeddedKafkaResource;
import dev.shapecrawl.testkit.kafka.TestKafka;
import dev.shapecrawl.testkit.kafka.TopicClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.logging.LogType;
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
    @Test
    void theJobsPageFollowsAJobToItsEndWithoutAReload() throws Exception {
        String job = "browser-" + System.nanoTime();
        try (TopicClient kafka = new TopicClient(TestKafka.bootstrapServers())) {
            kafka.send(Topics.CRAWL_SEEDS, job, JobsResourceTest.seed(job, "http://site.test/index.html"));
            kafka.send(Topics.CRAWL_STATUS, job, JobsResourceTest.status(job, Phase.MAPPING, 5, 1, null));
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
            Chromium.assertAccessible(browser, AXE);
        }
        Chromium.assertNoJavaScriptErrors(browser);
    }

    @Test
    void theCrawlFormShowsRefusalsAndOpensThePageOfTheJobItStarts() throws Exception {
        String job = "form-" + System.nanoTime();
        browser.get(base + "new.html");
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));
        browser.findElement(By.id("entry")).sendKeys("http://127.0.0.1:9/index.html");
        browser.findElement(By.id("samples")).sendKeys("http://127.0.0.2:9/a.html");
        browser.findElement(By.id("job")).sendKeys(job);
        Chromium.assertAccessible(browser, AXE);
        Chromium.screenshot(browser, "new.png");
        browser.findElement(By.id("start")).click();
        wait.until(d -> d.findElement(By.id("form-error")).getText().contains("outside the job's scope"));
        // the refusal's 400 is the browser log's only entry (reading the log empties it)
        assertEquals(List.of("400"), browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .map(e -> e.getMessage().replaceAll(".*status of (\\d+).*", "$1")).toList());
        browser.findElement(By.id("samples")).clear();
        browser.findElement(By.id("samples")).sendKeys("http://127.0.0.1:9/a.html");
        browser.findElement(By.id("start")).click();
        wait.until(d -> d.getCurrentUrl().endsWith("job.html?job=" + job));
        wait.until(d -> String.valueOf(browser.executeScript("return document.getElementById('title').textContent;"))
                .equals("Job " + job));
        Chromium.assertNoJavaScriptErrors(browser);
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
