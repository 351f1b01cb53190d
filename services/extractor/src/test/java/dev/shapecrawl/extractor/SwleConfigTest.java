package dev.shapecrawl.extractor;

import dev.shapecrawl.core.lists.SwleExtractor;
import dev.shapecrawl.core.lists.SwleSettings;
import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SWLE settings pass through by prefix, from properties and environment variables alike, and fail loudly. */
class SwleConfigTest {

    static SmallRyeConfig config(Map<String, String> properties, Map<String, String> env) {
        return new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(properties, "test", 250))
                .withSources(new EnvConfigSource(env, 300))
                .build();
    }

    @Test
    void withoutSettingsTheExtractorUsesTheCoreDefaults() {
        SwleExtractor x = new SwleConfig().extractor(config(Map.of("unrelated.key", "x"), Map.of()));
        assertEquals(SwleSettings.defaults(), x.settings());
        assertEquals("S2+br+split+cells+siblings+nocode+datacols+inline+grids+numbers+blocks+nested+entries+terms+rowgroups+cycles+notlists", x.settings().name());
    }

    @Test
    void propertiesAndEnvironmentVariablesReachTheSettingsByTheirShortNames() {
        SmallRyeConfig config = config(Map.of("shapecrawl.extractor.swle.setting", "S1", "unrelated.key", "x"),
                Map.of("SHAPECRAWL_EXTRACTOR_SWLE_ADDITIONS", "br,cells", "SHAPECRAWL_EXTRACTOR_SWLE_CR", "120"));
        Map<String, String> props = SwleConfig.swleProperties(config);
        assertEquals(Map.of("setting", "S1", "additions", "br,cells", "cr", "120"), props);
        SwleSettings s = new SwleConfig().extractor(config).settings();
        assertEquals(120, s.cr());
        assertTrue(s.has(dev.shapecrawl.core.lists.Addition.BR_LINES));
        assertEquals("RL3-ND2-CR120-IP0.5-RC0.8+br+cells", s.name());
    }

    @Test
    void aMisspelledOrInvalidSettingIsRefusedLoudly() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SwleConfig()
                .extractor(config(Map.of("shapecrawl.extractor.swle.br-line", "true"), Map.of())));
        assertTrue(e.getMessage().contains("br-line"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new SwleConfig()
                .extractor(config(Map.of("shapecrawl.extractor.swle.rl", "2"), Map.of())));
        assertTrue(e.getMessage().contains("RL"), e.getMessage());
    }
}
