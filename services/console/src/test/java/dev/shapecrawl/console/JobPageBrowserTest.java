package dev.shapecrawl.console;

import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.SiteModelSnapshot;
import dev.shapecrawl.events.TargetPage;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.browser.Chromium;
import dev.shapecrawl.testkit.kafka.EmbeddedKafkaResource;
import dev.shapecrawl.testkit.kafka.TestKafka;
import dev.shapecrawl.testkit.kafka.TopicClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A job's page in real headless Chromium (issue 22): the site model drawn as a graph (every class a node, the
 * target classes marked) with its tables, the similarity histogram with the decision's boundary and the classes just
 * outside it, the navigation pattern, drawn again live when the job changes; and the target pages, on a page of their own, a page at a time. A job of
 * 10,000 targets opens its targets page in under a second, paged (the first visit, on a console whose REST endpoint
 * has not run before). Screenshots go to {@code target/screenshots/} (docs/console.md shows them).
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedKafkaResource.class)
class JobPageBrowserTest extends BrowserTestBase {
    static SiteModelSnapshot model(String job) {
        List<SiteModelSnapshot.PageClass> classes = List.of(
                new SiteModelSnapshot.PageClass(1, 40, List.of("http://site.test/type/A.html"), List.of("link:/html/body/main/dl"),
                        true, 40, 0.95, 0.99, "40 of 40 sampled pages are target pages (threshold 0.9)"),
                new SiteModelSnapshot.PageClass(2, 12, List.of("http://site.test/pkg/summary.html"), List.of("link:/html/body/ul"),
                        false, 0, 0.70, 0.86, "0 of 12 sampled pages are target pages (threshold 0.9)"),
                new SiteModelSnapshot.PageClass(3, 3, List.of("http://site.test/index.html"), List.of(),
                        false, 0, 0.10, 0.40, "0 of 3 sampled pages are target pages (threshold 0.9)"));
        List<SiteModelSnapshot.ClassLink> links = List.of(
                new SiteModelSnapshot.ClassLink(3, 2, "HTML-BODY-UL-LI-A", "LIST"),
                new SiteModelSnapshot.ClassLink(2, 1, "HTML-BODY-MAIN-DL-DT-A", "LIST"),
                new SiteModelSnapshot.ClassLink(1, 3, "HTML-BODY-NAV-A", "MENU"));
        return new SiteModelSnapshot(job, 1, "http://site.test/index.html", 55, 55, classes, links, "DECIDED", 0.9,
                "DECIDED: 40 of 55 mapped pages above a gap at 0.9");
    }

    static NavigationPattern pattern(String job) {
        return new NavigationPattern(job, 1, "http://site.test/index.html", List.of(new NavigationPattern.Branch(List.of(
                new NavigationPattern.Step("LINK", "^http://site\\.test/pkg/[a-z]+\\.html$", null, false,
                        List.of("http://site.test/pkg/summary.html"), List.of()),
                new NavigationPattern.Step("LINK", "^http://site\\.test/type/[A-Z][a-zA-Z]*\\.html$", null, false,
                        List.of("http://site.test/type/A.html"), List.of())), 40)), 40, 1.0, 0.9, "DECIDED");
    }

    static String classified(String job, String url, double similarity) {
        return EventCodec.encode(new PageClassified(job, FetchRequest.get(job, url, Purpose.MAP, 1), url, 200,
                similarity, similarity >= 0.9, null, List.of(), List.of(), null, 100, 10, null, null, null));
    }

    static String target(String job, String url, double similarity) {
        return EventCodec.encode(new TargetPage(job, url, Purpose.CRAWL, similarity, "UTF-8", "<html></html>", null));
    }

    @Test
    void theJobPageDrawsTheModelTheHistogramThePatternAndPagesTheTargets() throws Exception {
        String job = "jobpage-" + System.nanoTime();
        try (TopicClient kafka = new TopicClient(TestKafka.bootstrapServers())) {
            kafka.send(Topics.CRAWL_SEEDS, job, JobsResourceTest.seed(job, "http://site.test/index.html"));
            for (int i = 0; i < 55; i++) {
                double similarity = i < 40 ? 0.95 + i * 0.001 : i < 52 ? 0.70 + (i - 40) * 0.01 : 0.1 * (i - 51);
                kafka.send(Topics.PAGES_CLASSIFIED, job, classified(job, "http://site.test/p" + i + ".html", similarity));
            }
            List<java.util.Map.Entry<String, String>> targets = new ArrayList<>();
            for (int i = 0; i < 60; i++) {
                String url = "http://site.test/type/T" + i + ".html";
                targets.add(java.util.Map.entry(url, target(job, url, 0.95)));
            }
            kafka.sendAll(Topics.TARGET_PAGES, targets);
            kafka.send(Topics.NAVIGATION_PATTERNS, job, EventCodec.encode(pattern(job)));
            kafka.send(Topics.SITE_MODELS, job, EventCodec.encode(model(job)));
            kafka.send(Topics.CRAWL_STATUS, job, EventCodec.encode(new CrawlStatus(job, Phase.IDLE, 60, 60, 0, 60, 55,
                    60, 1, 1, 60, null, System.currentTimeMillis())));
            awaitTargets(job, 60);
        }
        browser.get(base + "job.html?job=" + job);
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));
        wait.until(d -> d.findElement(By.id("live")).getText().startsWith("as of"));

        // The graph: one node per class, the target class in the target category, one edge per class link.
        Object nodes = browser.executeScript("const o = echarts.getInstanceByDom(document.getElementById('graph')).getOption();"
                + "return o.series[0].data.map(n => n.name + ':' + n.category);");
        assertEquals(List.of("class 1:0", "class 2:1", "class 3:1"), nodes);
        assertEquals(3L, browser.executeScript("return echarts.getInstanceByDom(document.getElementById('graph')).getOption().series[0].links.length;"));
        List<WebElement> classRows = browser.findElements(By.cssSelector("#classes tbody tr"));
        assertEquals(3, classRows.size());
        assertTrue(classRows.get(0).getText().contains("target (40)") && classRows.get(1).getText().contains("no"),
                classRows.get(0).getText());
        // The histogram: every mapped page counted, the boundary drawn, the nearest class outside it named.
        assertEquals(55L, browser.executeScript("const o = echarts.getInstanceByDom(document.getElementById('histogram')).getOption();"
                + "return o.series[0].data.concat(o.series[1].data).reduce((a, b) => a + b, 0);"));
        assertEquals("boundary 0.900", browser.executeScript("return echarts.getInstanceByDom(document.getElementById('histogram'))"
                + ".getOption().series[0].markLine.label.formatter;"));
        String boundary = browser.findElement(By.id("boundary")).getText();
        assertTrue(boundary.contains("55 mapped pages") && boundary.contains("Just outside: class 2 (12 pages, up to 0.860)"), boundary);
        // The pattern's steps.
        String steps = browser.findElement(By.id("pattern")).getText();
        assertTrue(steps.contains("Branch 1 (40 targets)") && steps.contains("^http://site\\.test/type/[A-Z][a-zA-Z]*\\.html$"), steps);
        Chromium.assertAccessible(browser, AXE);
        Chromium.screenshot(browser, "job.png");

        // Live: a re-crawl's status reaches the open page, which draws the job again without a reload.
        browser.executeScript("window.__sameDocument = true;");
        try (TopicClient kafka = new TopicClient(TestKafka.bootstrapServers())) {
            kafka.send(Topics.CRAWL_STATUS, job, EventCodec.encode(new CrawlStatus(job, Phase.CRAWLING, 70, 20, 0, 60,
                    55, 20, 1, 2, 0, null, System.currentTimeMillis())));
        }
        wait.until(d -> d.findElement(By.id("summary")).getText().contains("CRAWLING"));
        assertEquals(Boolean.TRUE, browser.executeScript("return window.__sameDocument === true;"), "the page was not reloaded");
        browser.executeScript("document.getElementById('histogram').scrollIntoView();");
        Chromium.screenshot(browser, "histogram.png");
        Chromium.assertNoJavaScriptErrors(browser);

        // The targets, on their own page: 50 at a time, then the next page, then a search.
        WebElement link = browser.findElement(By.id("targets-link"));
        assertEquals("All 60 target pages", link.getText());
        link.click();
        wait.until(d -> d.findElement(By.id("live")).getText().startsWith("as of"));
        assertEquals(50, browser.findElements(By.cssSelector("#targets tbody tr")).size());
        assertEquals("class 1", browser.findElement(By.cssSelector("#targets tbody tr td:nth-child(4)")).getText(),
                "a crawled target is in the model's only target class");
        browser.findElement(By.id("next")).click();
        wait.until(d -> d.findElements(By.cssSelector("#targets tbody tr")).size() == 10);
        assertTrue(browser.findElement(By.id("targets-caption")).getText().startsWith("60 target pages, 51–60 shown"));
        browser.findElement(By.id("q")).sendKeys("T5");
        browser.findElement(By.cssSelector("#target-search button")).click();
        wait.until(d -> d.findElement(By.id("targets-caption")).getText().startsWith("11 target pages"));
        Chromium.assertAccessible(browser, AXE);
        Chromium.assertNoJavaScriptErrors(browser);
    }

    @Test
    void aJobOfTenThousandTargetsOpensItsTargetsInUnderASecond() throws Exception {
        String job = "big-" + System.nanoTime();
        try (TopicClient kafka = new TopicClient(TestKafka.bootstrapServers())) {
            kafka.send(Topics.CRAWL_SEEDS, job, JobsResourceTest.seed(job, "http://site.test/index.html"));
            List<java.util.Map.Entry<String, String>> targets = new ArrayList<>();
            for (int i = 0; i < 10_000; i++) {
                String url = "http://site.test/type/T" + i + ".html";
                targets.add(java.util.Map.entry(url, target(job, url, 0.95)));
            }
            kafka.sendAll(Topics.TARGET_PAGES, targets);
            awaitTargets(job, 10_000);
        }
        browser.get(base + "targets.html?job=" + job);
        new WebDriverWait(browser, Duration.ofSeconds(30))
                .until(d -> d.findElement(By.id("live")).getText().startsWith("as of"));
        // From the start of the navigation to the first page of targets in the table, as the browser measured it.
        Object ms = browser.executeScript("return window.__targetsShownAt;");
        System.out.println("JobPageBrowserTest: 10,000 targets shown " + ms + " ms after the navigation started");
        assertTrue(((Number) ms).doubleValue() < 1000, "the targets took " + ms + " ms to show");
        assertEquals(50, browser.findElements(By.cssSelector("#targets tbody tr")).size());
        assertTrue(browser.findElement(By.id("targets-caption")).getText().startsWith("10000 target pages, 1–50 shown"));
        Chromium.assertNoJavaScriptErrors(browser);
    }

    private static void awaitTargets(String job, int n) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            var r = given().get("/api/jobs/" + job + "/targets?limit=1");
            if (r.statusCode() == 200 && r.jsonPath().getInt("total") == n) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError(job + ": the console did not read " + n + " targets");
    }

}
