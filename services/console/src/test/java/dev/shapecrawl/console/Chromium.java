package dev.shapecrawl.console;

import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;

/**
 * Debian's Chromium and chromedriver for the console's browser tests (issue 22). They are installed here when they
 * are missing and this JVM may (root, apt-get); otherwise the tests fail with the line that installs them: never
 * skipped. No driver is downloaded: Selenium is given both paths, so its driver manager never runs.
 */
final class Chromium {
    static final Path BROWSER = Path.of("/usr/bin/chromium");
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    static final String INSTALL = "apt-get install -y --no-install-recommends chromium chromium-driver";

    private Chromium() {
    }

    /**
     * Installs the two packages if they are missing.
     *
     * @throws IllegalStateException with the line to run, if they are missing and cannot be installed here
     */
    static synchronized void ensureInstalled() {
        if (present()) {
            return;
        }
        boolean root = "root".equals(System.getProperty("user.name"));
        if (root && Files.isExecutable(Path.of("/usr/bin/apt-get"))) {
            run(List.of("/usr/bin/apt-get", "install", "-y", "--no-install-recommends", "chromium", "chromium-driver"));
            if (!present()) {
                run(List.of("/usr/bin/apt-get", "update"));
                run(List.of("/usr/bin/apt-get", "install", "-y", "--no-install-recommends", "chromium", "chromium-driver"));
            }
        }
        if (!present()) {
            throw new IllegalStateException("the console's browser tests need Debian's Chromium and chromedriver ("
                    + BROWSER + ", " + DRIVER + "); install them as root: " + INSTALL);
        }
    }

    /**
     * A headless Chromium with a fresh profile, its console log kept (for the JavaScript-error checks), and the
     * flags without which it calls out to Google's services on start (refused on this closed network).
     */
    static ChromeDriver start(Path profile) {
        ensureInstalled();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BROWSER.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1400,900", "--user-data-dir=" + profile);
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }

    /** The browser's log holds no error (JavaScript errors, failed loads). */
    static void assertNoJavaScriptErrors(ChromeDriver browser) {
        List<String> severe = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue()).map(LogEntry::getMessage).toList();
        org.junit.jupiter.api.Assertions.assertEquals(List.of(), severe, "JavaScript errors in the browser");
    }

    /**
     * axe-core (npm, pinned by services/console/package-lock.json, installed by the build's {@code npm ci}) run in the
     * page: no serious or critical violation of its rules (WCAG 2.x A and AA among them).
     */
    @SuppressWarnings("unchecked")
    static void assertAccessible(ChromeDriver browser) throws IOException {
        Path axe = Path.of("node_modules/axe-core/axe.min.js");
        org.junit.jupiter.api.Assertions.assertTrue(Files.isRegularFile(axe),
                axe + " is missing: the build installs it with npm ci (services/console)");
        browser.executeScript(Files.readString(axe));
        Object result = browser.executeAsyncScript("const done = arguments[arguments.length - 1];"
                + "axe.run(document, {resultTypes: ['violations']})"
                + ".then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length}))))"
                + ".catch(e => done('axe failed: ' + e));");
        org.junit.jupiter.api.Assertions.assertTrue(result instanceof List, String.valueOf(result));
        List<Map<String, Object>> violations = (List<Map<String, Object>>) result;
        List<Map<String, Object>> serious = violations.stream()
                .filter(v -> "serious".equals(v.get("impact")) || "critical".equals(v.get("impact"))).toList();
        org.junit.jupiter.api.Assertions.assertEquals(List.of(), serious,
                "serious or critical accessibility violations (all: " + violations + ")");
    }

    /** Saves what the browser shows as {@code target/screenshots/<name>}. */
    static void screenshot(ChromeDriver browser, String name) throws IOException {
        Path dir = Path.of("target/screenshots");
        Files.createDirectories(dir);
        Files.copy(browser.getScreenshotAs(OutputType.FILE).toPath(), dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
    }

    private static boolean present() {
        return Files.isExecutable(BROWSER) && Files.isExecutable(DRIVER);
    }

    private static void run(List<String> command) {
        try {
            ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(new File("target/apt-chromium.log")));
            pb.environment().put("DEBIAN_FRONTEND", "noninteractive");
            Process p = pb.start();
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
            }
        } catch (IOException e) {
            throw new IllegalStateException("could not run " + command + ": " + e.getMessage() + "; install them as root: "
                    + INSTALL, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while installing Chromium", e);
        }
    }
}
