package dev.shapecrawl.fetcher;

import dev.shapecrawl.core.fetch.AddressClass;
import dev.shapecrawl.core.fetch.FetchSettings;
import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Engine settings pass through by prefix, from properties and from environment variables alike. */
class FetchEngineTest {

    static SmallRyeConfig config(Map<String, String> properties, Map<String, String> env) {
        return new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(properties, "test", 250))
                .withSources(new EnvConfigSource(env, 300))
                .build();
    }

    @Test
    void propertiesAndEnvironmentVariablesReachTheEngineByTheirShortNames() {
        SmallRyeConfig config = config(
                Map.of("shapecrawl.fetcher.engine.politeness-delay-ms", "250", "unrelated.key", "x"),
                Map.of("SHAPECRAWL_FETCHER_ENGINE_ALLOWED_ADDRESSES", "LOOPBACK",
                        "SHAPECRAWL_FETCHER_ENGINE_MAX_ATTEMPTS", "5"));
        Map<String, String> props = FetchEngine.engineProperties(config);
        assertEquals("250", props.get("politeness-delay-ms"));
        assertEquals("LOOPBACK", props.get("allowed-addresses"));
        assertEquals("5", props.get("max-attempts"));
        assertTrue(props.keySet().stream().noneMatch(k -> k.contains("unrelated")), props.toString());

        FetchSettings settings = FetchSettings.fromProperties(props);
        assertEquals(250, settings.politenessDelayMs());
        assertEquals(5, settings.maxAttempts());
        assertEquals(Set.of(AddressClass.LOOPBACK), settings.allowedAddresses());
    }

    @Test
    void aMisspelledSettingIsRefusedLoudly() {
        SmallRyeConfig config = config(Map.of("shapecrawl.fetcher.engine.politeness-dely-ms", "0"), Map.of());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FetchSettings.fromProperties(FetchEngine.engineProperties(config)));
        assertTrue(e.getMessage().contains("politeness-dely-ms"), e.getMessage());
    }

    @Test
    void thePageSizeCheckCountsUtf8BytesOnlyWhenItMustAndThenExactly() {
        assertFalse(FetchRequestConsumer.utf8LengthMayExceed("abc", 9));
        assertFalse(FetchRequestConsumer.utf8LengthMayExceed("abcd", 4));
        assertTrue(FetchRequestConsumer.utf8LengthMayExceed("abcde", 4));
        assertFalse(FetchRequestConsumer.utf8LengthMayExceed("\u00e9\u00e9", 4), "two 2-byte chars fit in 4");
        assertTrue(FetchRequestConsumer.utf8LengthMayExceed("\u20ac\u20ac", 5), "two 3-byte chars need 6");
    }
}
