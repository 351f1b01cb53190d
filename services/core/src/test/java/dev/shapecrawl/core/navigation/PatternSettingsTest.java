package dev.shapecrawl.core.navigation;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PatternSettingsTest {

    @Test
    void presets() {
        PatternSettings d = PatternSettings.defaults();
        assertEquals(new PatternSettings(2, false, true, 16, 0.99, true, true, true), d);
        PatternSettings seed = PatternSettings.seedFaithful();
        assertEquals(1, seed.maxBranches());
        assertFalse(seed.loops());
        assertFalse(seed.sharedLevel());
        assertFalse(seed.refinedPatterns());
        assertEquals(2, seed.k());
    }

    @Test
    void fromPropertiesOverridesByKebabCaseName() {
        PatternSettings s = PatternSettings.fromProperties(Map.of("k", " 3 ", "strict-grouping", "true",
                "loops", "FALSE", "max-branches", "1_0", "min-coverage", "0.95", "shared-level", "false",
                "refined-patterns", "false", "separate-roles", "false"));
        assertEquals(new PatternSettings(3, true, false, 10, 0.95, false, false, false), s);
        assertEquals(PatternSettings.defaults(), PatternSettings.fromProperties(Map.of()));
    }

    @Test
    void refusesUnknownNamesAndBadValues() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PatternSettings.fromProperties(Map.of("max-branch", "3")));
        assertTrue(e.getMessage().startsWith("max-branch: unknown"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PatternSettings.fromProperties(Map.of("k", "two")));
        assertThrows(IllegalArgumentException.class, () -> new PatternSettings(-1, false, true, 16, 0.99, true, true, true));
        assertThrows(IllegalArgumentException.class, () -> new PatternSettings(2, false, true, 0, 0.99, true, true, true));
        assertThrows(IllegalArgumentException.class, () -> new PatternSettings(2, false, true, 16, 0, true, true, true));
        assertThrows(IllegalArgumentException.class, () -> new PatternSettings(2, false, true, 16, 1.01, true, true, true));
        assertThrows(IllegalArgumentException.class, () -> new PatternSettings(2, false, true, 16, Double.NaN, true, true, true));
    }
}
