package dev.shapecrawl.cli;

import dev.shapecrawl.testkit.browser.Chromium;
import dev.shapecrawl.testkit.hostile.HostileSite;
import dev.shapecrawl.testkit.site.GeneratedSite;
import dev.shapecrawl.testkit.site.SiteShape;
import dev.shapecrawl.testkit.web.TestWebServer;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A crawl started from the console's form in real headless Chromium, on a runtime {@code up} started (issue 22): the
 * form publishes the job and opens its page; the page follows the job to the end of its crawl without a reload; the
 * site model's graph shows the classes with the target class marked; and the record downloads the page links are
 * byte for byte what {@code shapecrawl records} prints. Run by {@link LocalRuntimeIT} inside its runtime.
 */
final class ConsoleFormCrawl {
    private ConsoleFormCrawl() {
    }

    static void crawlFromTheForm(String consoleUrl, String bootstrap, Path profile) throws Exception {
        String job = "it-form";
        GeneratedSite site = GeneratedSite.generate(SiteShape.tiny());
        ChromeDriver browser = Chromium.start(profile);
        try (TestWebServer web = site.start()) {
            browser.get(consoleUrl + "new.html");
            browser.findElement(By.id("entry")).sendKeys(web.baseUrl() + site.entry());
            browser.findElement(By.id("samples")).sendKeys(web.baseUrl() + site.sampleTarget());
            browser.findElement(By.id("job")).sendKeys(job);
            browser.findElement(By.id("start")).click();
            WebDriverWait wait = new WebDriverWait(browser, Duration.ofMinutes(5));
            wait.until(d -> d.getCurrentUrl().endsWith("job.html?job=" + job));
            browser.executeScript("window.__sameDocument = true;");
            // live: the phase goes from PENDING or MAPPING to IDLE on this page, never reloaded
            wait.until(d -> String.valueOf(browser.executeScript("return document.getElementById('summary').innerText;"))
                    .contains("IDLE"));
            assertEquals(Boolean.TRUE, browser.executeScript("return window.__sameDocument === true;"), "not reloaded");

            // the graph: one node per class of the table, the target class marked
            wait.until(d -> ((Number) browser.executeScript("const c = echarts.getInstanceByDom(document.getElementById('graph'));"
                    + "return c && c.getOption().series.length ? c.getOption().series[0].data.length : 0;")).intValue() > 0);
            @SuppressWarnings("unchecked")
            List<Long> categories = (List<Long>) browser.executeScript("return echarts.getInstanceByDom("
                    + "document.getElementById('graph')).getOption().series[0].data.map(n => n.category);");
            long rows = (Long) browser.executeScript("return document.querySelectorAll('#classes tbody tr').length;");
            assertEquals(rows, categories.size(), "a node per class");
            assertTrue(categories.contains(0L), "a target class is marked: " + categories);

            // the downloads the page links: what the CLI prints (read both until the records stop arriving)
            for (String format : List.of("jsonl", "csv")) {
                String href = String.valueOf(browser.executeScript(
                        "return document.getElementById('download-" + format + "').href;"));
                String downloaded = null;
                String printed = null;
                long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                while (System.nanoTime() < deadline) {
                    String before = cli(job, format, bootstrap);
                    downloaded = get(href);
                    printed = cli(job, format, bootstrap);
                    if (before.equals(printed) && printed.equals(downloaded)) {
                        break;
                    }
                    Thread.sleep(1_000);
                }
                assertEquals(printed, downloaded, format + ": the console's download is the CLI's output");
                assertTrue(printed.lines().count() > 1, format + ": records were extracted: " + printed);
            }
            browser.executeScript("document.getElementById('records-heading').scrollIntoView();");
            Chromium.screenshot(browser, "records.png");
            Chromium.assertNoJavaScriptErrors(browser);
        } finally {
            browser.quit();
        }
    }

    /**
     * The test kit's hostile site's script pages crawled through the whole pipeline ({@code crawl --wait}: their index
     * the entry, an item page the sample), then the console's pages of that job opened with every script hook in place: the payloads
     * the site put in its title, its list's cells and its links' paths reach the console as URLs and records, and
     * none runs.
     */
    static void crawlTheHostileSite(String consoleUrl, String bootstrap, Path profile) throws Exception {
        String job = "it-hostile";
        ChromeDriver browser = Chromium.start(profile);
        try (HostileSite site = HostileSite.start()) {
            CliArgumentsTest.Result crawl = CliArgumentsTest.run("crawl", "--wait", "--job", job, "--bootstrap-servers",
                    bootstrap, "--timeout-minutes", "3", "--entry", site.url(HostileSite.SCRIPT),
                    "--sample", site.url(HostileSite.SCRIPT_ITEM + 0));
            assertTrue(crawl.out().contains("job " + job), crawl.toString());
            String records = cli(job, "csv", bootstrap);
            assertTrue(records.contains(HostileSite.SCRIPT_PAYLOADS.get(0)), "the payloads reached the records: " + records + "\n" + crawl);
            Chromium.hookScriptExecution(browser);
            WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(60));
            browser.get(consoleUrl);
            wait.until(d -> (Boolean) browser.executeScript(
                    "return document.querySelector('#jobs tbody tr[data-job=\"" + job + "\"]') !== null;"));
            Chromium.assertNoScriptRan(browser, HostileSite.SCRIPT_MARKER);
            browser.get(consoleUrl + "job.html?job=" + job);
            wait.until(d -> String.valueOf(browser.executeScript("return document.getElementById('records-caption').textContent;"))
                    .startsWith("Table "));
            String shown = String.valueOf(browser.executeScript("return document.getElementById('records').textContent;"));
            assertTrue(shown.contains(HostileSite.SCRIPT_PAYLOADS.get(0)), "the payloads shown as text: " + shown);
            Chromium.assertNoScriptRan(browser, HostileSite.SCRIPT_MARKER);
            browser.get(consoleUrl + "targets.html?job=" + job);
            wait.until(d -> String.valueOf(browser.executeScript("return document.getElementById('live').textContent;"))
                    .startsWith("as of"));
            Chromium.assertNoScriptRan(browser, HostileSite.SCRIPT_MARKER);
            Chromium.assertNoJavaScriptErrors(browser);
        } finally {
            browser.quit();
        }
    }

    private static String cli(String job, String format, String bootstrap) {
        CliArgumentsTest.Result r = CliArgumentsTest.run("records", "--job", job, "--format", format,
                "--bootstrap-servers", bootstrap);
        assertEquals(0, r.code(), r.toString());
        return r.out();
    }

    private static String get(String url) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        assertEquals(200, r.statusCode(), url);
        return r.body();
    }
}
