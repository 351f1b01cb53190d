package dev.shapecrawl.testkit.browser;

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
 * skipped. No driver is downloaded: Selenium is given both paths, so its driver manager never runs. The checks
 * throw {@link AssertionError}, as a test's assertions do. A module using this brings Selenium itself (the testkit's
 * dependency on it is optional).
 */
public final class Chromium {
    /** Debian's Chromium. */
    public static final Path BROWSER = Path.of("/usr/bin/chromium");
    /** Debian's chromedriver. */
    public static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    /** The line that installs both, as root. */
    public static final String INSTALL = "apt-get install -y --no-install-recommends chromium chromium-driver";

    private Chromium() {
    }

    /**
     * Installs the two packages if they are missing.
     *
     * @throws IllegalStateException with the line to run, if they are missing and cannot be installed here
     */
    public static synchronized void ensureInstalled() {
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
    public static ChromeDriver start(Path profile) {
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

    /**
     * The browser's log holds no error (JavaScript errors, failed loads). Reading the log empties it.
     *
     * @throws AssertionError listing the errors
     */
    public static void assertNoJavaScriptErrors(ChromeDriver browser) {
        List<String> severe = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue()).map(LogEntry::getMessage).toList();
        if (!severe.isEmpty()) {
            throw new AssertionError("JavaScript errors in the browser: " + severe);
        }
    }

    /**
     * Hooks every way a script payload shows it ran, before any page script runs, in every page this browser opens
     * from now on: {@code alert}, {@code confirm}, {@code prompt} and {@code console.log}/{@code info}/{@code warn}/
     * {@code error} record their first argument in {@code window.__scriptCalls} (the dialogs open nothing).
     * {@link #assertNoScriptRan} reads it.
     */
    public static void hookScriptExecution(ChromeDriver browser) {
        String hook = "window.__scriptCalls = [];"
                + "for (const f of ['alert', 'confirm', 'prompt']) {"
                + "  window[f] = function (m) { window.__scriptCalls.push(f + ': ' + m); return null; }; }"
                + "for (const f of ['log', 'info', 'warn', 'error']) {"
                + "  const original = console[f].bind(console);"
                + "  console[f] = function (...a) { window.__scriptCalls.push('console.' + f + ': ' + a.join(' '));"
                + "    original(...a); }; }";
        browser.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source", hook));
    }

    /**
     * No call that {@link #hookScriptExecution} records carries {@code marker} in the page now shown (in the page,
     * or in any frame of it), and the browser's log does not name it either.
     *
     * @throws AssertionError naming the calls
     */
    @SuppressWarnings("unchecked")
    public static void assertNoScriptRan(ChromeDriver browser, String marker) {
        Object calls = browser.executeScript("const all = [...(window.__scriptCalls || [])];"
                + "for (const f of document.querySelectorAll('iframe')) {"
                + "  try { all.push(...(f.contentWindow.__scriptCalls || [])); } catch (e) { all.push('frame: ' + e); } }"
                + "return all;");
        if (!(calls instanceof List)) {
            throw new AssertionError("the script hook is missing (hookScriptExecution first): " + calls);
        }
        List<String> ran = ((List<Object>) calls).stream().map(String::valueOf).filter(c -> c.contains(marker)).toList();
        List<String> logged = browser.manage().logs().get(LogType.BROWSER).getAll().stream().map(LogEntry::getMessage)
                .filter(m -> m.contains(marker)).toList();
        if (!ran.isEmpty() || !logged.isEmpty()) {
            throw new AssertionError("a script payload ran in the page: " + ran + " " + logged);
        }
    }

    /**
     * axe-core (npm, pinned by services/console/package-lock.json, installed by the build's {@code npm ci}) run in the
     * page: no serious or critical violation of its rules (WCAG 2.x A and AA among them).
     *
     * @param axe axe-core's {@code axe.min.js}
     * @throws AssertionError listing the violations, or when {@code axe} is missing
     */
    @SuppressWarnings("unchecked")
    public static void assertAccessible(ChromeDriver browser, Path axe) throws IOException {
        if (!Files.isRegularFile(axe)) {
            throw new AssertionError(axe + " is missing: the build installs it with npm ci (services/console)");
        }
        browser.executeScript(Files.readString(axe));
        Object result = browser.executeAsyncScript("const done = arguments[arguments.length - 1];"
                + "axe.run(document, {resultTypes: ['violations']})"
                + ".then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length}))))"
                + ".catch(e => done('axe failed: ' + e));");
        if (!(result instanceof List)) {
            throw new AssertionError(String.valueOf(result));
        }
        List<Map<String, Object>> violations = (List<Map<String, Object>>) result;
        List<Map<String, Object>> serious = violations.stream()
                .filter(v -> "serious".equals(v.get("impact")) || "critical".equals(v.get("impact"))).toList();
        if (!serious.isEmpty()) {
            throw new AssertionError("serious or critical accessibility violations: " + serious + " (all: "
                    + violations + ")");
        }
    }

    /** Saves what the browser shows as {@code target/screenshots/<name>} (relative to the module's directory). */
    public static void screenshot(ChromeDriver browser, String name) throws IOException {
        Path dir = Path.of("target/screenshots");
        Files.createDirectories(dir);
        Files.copy(browser.getScreenshotAs(OutputType.FILE).toPath(), dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
    }

    private static File log() throws IOException {
        Path target = Path.of("target");
        Files.createDirectories(target);
        return target.resolve("apt-chromium.log").toFile();
    }

    private static boolean present() {
        return Files.isExecutable(BROWSER) && Files.isExecutable(DRIVER);
    }

    private static void run(List<String> command) {
        try {
            ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log()));
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
