package dev.shapecrawl.console;

import dev.shapecrawl.testkit.browser.Chromium;
import io.quarkus.test.common.http.TestHTTPResource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.chrome.ChromeDriver;

import java.net.URL;
import java.nio.file.Path;

/** What the console's browser tests share: the console's address and a fresh headless Chromium per test. */
abstract class BrowserTestBase {
    /** axe-core, installed by the build's {@code npm ci} (this module's package-lock.json). */
    static final Path AXE = Path.of("node_modules/axe-core/axe.min.js");
    @TestHTTPResource("/")
    URL base;
    @TempDir
    Path profile;
    ChromeDriver browser;

    @BeforeEach
    void openBrowser() {
        browser = Chromium.start(profile);
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }
}
