package dev.shapecrawl.core.page;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PageAnalysisSettingsTest {

    @Test
    void defaultsAreTheDocumentedOnes() {
        PageAnalysisSettings s = PageAnalysisSettings.defaults();
        assertEquals(10_000, s.maxLinks());
        assertEquals(4_000_000, s.maxLinkChars());
        assertFalse(s.followNofollow());
        assertEquals(200, s.maxTextChars());
        assertEquals(100, s.maxForms());
        assertEquals(500, s.maxFieldsPerForm());
        assertEquals(1_000, s.maxOptionsPerField());
        assertEquals(s, new PageAnalyzer().settings());
    }

    @Test
    void builderCopiesAndChanges() {
        PageAnalysisSettings s = PageAnalysisSettings.builder().maxLinks(0).followNofollow(true).maxForms(0).build();
        assertEquals(0, s.maxLinks());
        assertTrue(s.followNofollow());
        assertEquals(s, s.toBuilder().build());
    }

    @Test
    void invalidValuesAreRefusedByName() {
        assertMessage("maxLinks", () -> PageAnalysisSettings.builder().maxLinks(-1).build());
        assertMessage("maxLinkChars", () -> PageAnalysisSettings.builder().maxLinkChars(0).build());
        assertMessage("maxTextChars", () -> PageAnalysisSettings.builder().maxTextChars(0).build());
        assertMessage("maxTextChars", () -> PageAnalysisSettings.builder().maxTextChars(100_001).build());
        assertMessage("maxForms", () -> PageAnalysisSettings.builder().maxForms(-1).build());
        assertMessage("maxFieldsPerForm", () -> PageAnalysisSettings.builder().maxFieldsPerForm(0).build());
        assertMessage("maxOptionsPerField", () -> PageAnalysisSettings.builder().maxOptionsPerField(0).build());
    }

    @Test
    void fromProperties() {
        PageAnalysisSettings s = PageAnalysisSettings.fromProperties(Map.of("max-links", " 5_000 ",
                "follow-nofollow", "TRUE", "max-options-per-field", "50"));
        assertEquals(5_000, s.maxLinks());
        assertTrue(s.followNofollow());
        assertEquals(50, s.maxOptionsPerField());
        assertEquals(PageAnalysisSettings.DEFAULT_MAX_FORMS, s.maxForms());
        assertMessage("max-linx", () -> PageAnalysisSettings.fromProperties(Map.of("max-linx", "1")));
        assertMessage("max-links", () -> PageAnalysisSettings.fromProperties(Map.of("max-links", "many")));
        assertMessage("max-links", () -> PageAnalysisSettings.fromProperties(Map.of("max-links", "99999999999")));
        assertMessage("follow-nofollow", () -> PageAnalysisSettings.fromProperties(Map.of("follow-nofollow", "yes")));
        assertMessage("maxForms", () -> PageAnalysisSettings.fromProperties(Map.of("max-forms", "-2")));
    }

    private static void assertMessage(String prefix, Runnable r) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertTrue(e.getMessage().startsWith(prefix + ":"), e.getMessage());
    }
}
