package dev.shapecrawl.core.similarity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SimilaritiesTest {

    @Test
    void findsMeasuresByName() {
        assertInstanceOf(RtdmPlainSimilarity.class, Similarities.named("rtdm-plain"));
        assertInstanceOf(RtdmTemplateSimilarity.class, Similarities.named("rtdm-template"));
        assertEquals("rtdm-template", Similarities.named(Similarities.DEFAULT_NAME).name());
        assertEquals("rtdm-template", Similarities.defaultSimilarity().name());
        assertEquals(List.of("rtdm-plain", "rtdm-template"), Similarities.names());
    }

    @Test
    void rejectsUnknownNamesListingTheKnownOnes() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> Similarities.named("rtdm-fancy"));
        assertTrue(unknown.getMessage().contains("'rtdm-fancy'"), unknown.getMessage());
        assertTrue(unknown.getMessage().contains("known: rtdm-plain, rtdm-template"), unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Similarities.named("RTDM-PLAIN"));
        assertThrows(IllegalArgumentException.class, () -> Similarities.named(null));
    }
}
