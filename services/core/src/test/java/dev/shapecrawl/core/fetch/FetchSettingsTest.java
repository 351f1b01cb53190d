package dev.shapecrawl.core.fetch;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FetchSettingsTest {

    @Test
    void defaultsAreTheDocumentedOnes() {
        FetchSettings s = FetchSettings.defaults();
        assertEquals("shapecrawl/0.1 (+https://github.com/shapecrawl)", s.userAgent());
        assertEquals("shapecrawl", s.robotsAgentToken());
        assertEquals(1000, s.politenessDelayMs());
        assertEquals(30_000, s.maxCrawlDelayMs());
        assertEquals(3, s.maxAttempts());
        assertEquals(1000, s.retryBaseDelayMs());
        assertEquals(600_000, s.maxRetryAfterMs());
        assertEquals(5, s.maxRedirects());
        assertEquals(10_000, s.connectTimeoutMs());
        assertEquals(30_000, s.readTimeoutMs());
        assertEquals(5_242_880, s.maxBodyBytes());
        assertEquals(64, s.maxConcurrency());
        assertEquals(10_000, s.maxQueuedPerHost());
        assertEquals(86_400_000L, s.robotsCacheTtlMs());
        assertEquals(512_000, s.robotsMaxBytes());
        assertTrue(s.allowedAddresses().isEmpty());
        assertEquals(Set.of("text/html", "application/xhtml+xml", "text/javascript", "application/javascript",
                "application/x-javascript", "application/ecmascript", "text/ecmascript"), s.acceptedContentTypes());
    }

    @Test
    void builderCopiesAndChanges() {
        FetchSettings s = FetchSettings.builder().politenessDelayMs(0).maxAttempts(1).build();
        assertEquals(0, s.politenessDelayMs());
        assertEquals(1, s.maxAttempts());
        assertEquals(s, s.toBuilder().build());
        assertEquals(FetchSettings.defaults().readTimeoutMs(), s.readTimeoutMs());
    }

    @Test
    void invalidValuesAreRefusedNamingTheSetting() {
        assertMessage("maxAttempts", () -> FetchSettings.builder().maxAttempts(0).build());
        assertMessage("politenessDelayMs", () -> FetchSettings.builder().politenessDelayMs(-1).build());
        assertMessage("readTimeoutMs", () -> FetchSettings.builder().readTimeoutMs(0).build());
        assertMessage("maxBodyBytes", () -> FetchSettings.builder().maxBodyBytes(0).build());
        assertMessage("robotsMaxBytes", () -> FetchSettings.builder().robotsMaxBytes(1000).build());
        assertMessage("retryJitter", () -> FetchSettings.builder().retryJitter(1.5).build());
        assertMessage("userAgent", () -> FetchSettings.builder().userAgent("bad\r\nX: y").build());
        assertMessage("userAgent", () -> FetchSettings.builder().userAgent("shape2crawl/1.0").build());
        assertMessage("allowedAddresses", () -> FetchSettings.builder()
                .allowedAddresses(Set.of(AddressClass.PUBLIC)).build());
        assertMessage("acceptedContentTypes", () -> FetchSettings.builder()
                .acceptedContentTypes(Set.of("text/html; charset=utf-8")).build());
    }

    @Test
    void settingsAreImmutable() {
        FetchSettings s = FetchSettings.builder().allowedAddresses(Set.of(AddressClass.LOOPBACK)).build();
        assertThrows(UnsupportedOperationException.class, () -> s.allowedAddresses().add(AddressClass.PRIVATE));
        assertThrows(UnsupportedOperationException.class, () -> s.acceptedContentTypes().add("text/plain"));
    }

    @Test
    void propertiesOverrideDefaultsByKebabCaseName() {
        FetchSettings s = FetchSettings.fromProperties(java.util.Map.of(
                "politeness-delay-ms", " 250 ",
                "allowed-addresses", "loopback, PRIVATE",
                "max-body-bytes", "1_048_576",
                "retry-jitter", "0",
                "accepted-content-types", "text/html"));
        assertEquals(250, s.politenessDelayMs());
        assertEquals(Set.of(AddressClass.LOOPBACK, AddressClass.PRIVATE), s.allowedAddresses());
        assertEquals(1 << 20, s.maxBodyBytes());
        assertEquals(Set.of("text/html"), s.acceptedContentTypes());
        assertEquals(FetchSettings.defaults().readTimeoutMs(), s.readTimeoutMs(), "absent names keep defaults");
        assertTrue(FetchSettings.fromProperties(java.util.Map.of("allowed-addresses", "")).allowedAddresses()
                .isEmpty());
        assertEquals(FetchSettings.defaults(), FetchSettings.fromProperties(java.util.Map.of()));
    }

    @Test
    void badPropertiesAreRefusedNamingTheProperty() {
        assertMessage("politness-delay-ms", () -> FetchSettings.fromProperties(
                java.util.Map.of("politness-delay-ms", "0")));
        assertMessage("read-timeout-ms", () -> FetchSettings.fromProperties(java.util.Map.of("read-timeout-ms",
                "30s")));
        assertMessage("read-timeout-ms", () -> FetchSettings.fromProperties(java.util.Map.of("read-timeout-ms",
                "0")));
        assertMessage("allowed-addresses", () -> FetchSettings.fromProperties(java.util.Map.of(
                "allowed-addresses", "LOCALHOST")));
    }

    private static void assertMessage(String setting, org.junit.jupiter.api.function.Executable build) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, build);
        assertTrue(e.getMessage().startsWith(setting + ":"), () -> "message should name " + setting + ": "
                + e.getMessage());
    }
}
