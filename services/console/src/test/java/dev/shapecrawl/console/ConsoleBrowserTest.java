package dev.shapecrawl.console;

import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.kafka.EmbeddedKafkaResource;
import dev.shapecrawl.testkit.kafka.TestKafka;
import dev.shapecrawl.testkit.kafka.TopicClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.logging.Level;

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
class ConsoleBrowserTest {
    /** Markup and script a crawled page or a user could put in an error or a URL (the test kit's hostile strings). */
    static final List<String> PAYLOADS = List.of("<img src=x onerror=\"window.__pwned=1;alert(1)\">",
            "<script>window.__pwned=2;alert(2)</script>", "\"><svg onload=\"window.__pwned=3\">",
            "javascript:window.__pwned=4");

    @TestHTTPResource("/")
    URL base;
    @TempDir
    Path profile;
    ChromeDriver browser;

    @BeforeEach
    void open() {
        browser = Chromium.start(profile);
    }

    @AfterEach
    void close() {
        if (browser != null) {
            browser.quit();
        }
    }

    @Test
    void theJobsPageFollowsAJobToItsEndWithoutAReload() throws Exception {
        String job = "browser-" + System.nanoTime();
        try (TopicClient kafka = new TopicClient(TestKafka.bootstrapServers())) {
            kafka.send(Topics.CRAWL_SEEDS, job, JobsResourceTest.seed(job, "http://site.test/index.html"));
            kafka.send(Topics.CRAWL_STATUS, job, JobsResourceTest.status(job, Phase.MAPPING, 5, 1, null));
            hookAlerts();
            browser.get(base.toString());
            WebElement row = awaitRow(job, "MAPPING");
            browser.executeScript("window.__sameDocument = true;");
            kafka.send(Topics.CRAWL_STATUS, job, JobsResourceTest.status(job, Phase.CRAWLING, 30, 12, null));
            awaitRow(job, "CRAWLING");
            kafka.send(Topics.CRAWL_STATUS, job, JobsResourceTest.status(job, Phase.IDLE, 50, 41, null));
            row = awaitRow(job, "IDLE");
            assertEquals(Boolean.TRUE, browser.executeScript("return window.__sameDocument === true;"),
                    "the page was not reloaded");
            assertTrue(row.getText().contains("41") && row.getText().contains("http://site.test/index.html"), row.getText());
            WebElement bar = row.findElement(By.tagName("progress"));
            assertEquals("50", bar.getAttribute("value"));
            screenshot("jobs.png");
            assertAccessible();
        }
        assertNoScriptRan();
        assertNoJavaScriptErrors();
    }

    /**
     * axe-core (npm, pinned by services/console/package-lock.json, installed by the build's {@code npm ci}) run in the
     * page: no serious or critical violation of its rules (WCAG 2.x A and AA among them).
     */
    @SuppressWarnings("unchecked")
    private void assertAccessible() throws Exception {
        Path axe = Path.of("node_modules/axe-core/axe.min.js");
        assertTrue(Files.isRegularFile(axe), axe + " is missing: the build installs it with npm ci (services/console)");
        browser.executeScript(Files.readString(axe));
        Object result = browser.executeAsyncScript("const done = arguments[arguments.length - 1];"
                + "axe.run(document, {resultTypes: ['violations']})"
                + ".then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length}))))"
                + ".catch(e => done('axe failed: ' + e));");
        assertTrue(result instanceof List, String.valueOf(result));
        List<java.util.Map<String, Object>> violations = (List<java.util.Map<String, Object>>) result;
        List<java.util.Map<String, Object>> serious = violations.stream()
                .filter(v -> "serious".equals(v.get("impact")) || "critical".equals(v.get("impact"))).toList();
        assertEquals(List.of(), serious, "serious or critical accessibility violations (all: " + violations + ")");
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
            WebElement row = awaitRow(job, "FAILED");
            assertTrue(row.getText().contains(PAYLOADS.get(0)) && row.getText().contains(PAYLOADS.get(1)),
                    "the payloads are shown as text: " + row.getText());
            assertEquals(0L, browser.executeScript("return document.querySelectorAll('#jobs img, #jobs svg, #jobs script').length;"),
                    "no element was made from a payload");
        }
        assertNoScriptRan();
        assertNoJavaScriptErrors();
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

    private void assertNoJavaScriptErrors() {
        List<LogEntry> severe = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue()).toList();
        assertEquals(List.of(), severe.stream().map(LogEntry::getMessage).toList(), "JavaScript errors in the browser");
    }

    private WebElement awaitRow(String job, String phase) {
        return new WebDriverWait(browser, Duration.ofSeconds(30)).until(d -> {
            List<WebElement> rows = d.findElements(By.cssSelector("#jobs tbody tr[data-job='" + job + "']"));
            return rows.isEmpty() || !rows.get(0).getText().contains(phase) ? null : rows.get(0);
        });
    }

    private void screenshot(String name) throws Exception {
        Path dir = Path.of("target/screenshots");
        Files.createDirectories(dir);
        Files.copy(browser.getScreenshotAs(OutputType.FILE).toPath(), dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
    }
}
