package dev.shapecrawl.testkit.site;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class SiteShapeTest {
    @Test
    void presetsHaveTheDocumentedTargetCounts() {
        assertEquals(150, SiteShape.ejazz().totalTargets());
        assertEquals(180, SiteShape.paginatedCatalogue().totalTargets());
        assertEquals(144, SiteShape.deepHierarchy().totalTargets());
        assertEquals(12, SiteShape.deepHierarchy().lists());
        assertEquals(96, SiteShape.dblpAuthors().totalTargets());
        assertEquals(60, SiteShape.mixedDistractors().totalTargets());
        assertEquals(60, SiteShape.farDistractors().totalTargets());
        assertEquals(10, SiteShape.tiny().totalTargets());
    }

    @Test
    void toBuilderChangesOnlyWhatIsSet() {
        SiteShape shape = SiteShape.ejazz();
        SiteShape other = shape.withSeed(7);
        assertEquals(7, other.seed());
        assertEquals(shape, other.toBuilder().seed(shape.seed()).build());
        assertNotEquals(shape, other);
    }

    @Test
    void rejectsCountsOutOfRange() {
        SiteShape.Builder b = SiteShape.tiny().toBuilder();
        assertThrows(IllegalArgumentException.class, () -> b.sections(0).build());
        assertThrows(IllegalArgumentException.class,
                () -> SiteShape.tiny().toBuilder().urlStyle(UrlStyle.QUERY_ID).sections(27).build());
        assertThrows(IllegalArgumentException.class, () -> SiteShape.tiny().toBuilder().subsections(11).build());
        assertThrows(IllegalArgumentException.class, () -> SiteShape.tiny().toBuilder().records(5, 4).build());
        assertThrows(IllegalArgumentException.class, () -> SiteShape.tiny().toBuilder().shortcuts(11).build());
        assertThrows(IllegalArgumentException.class, () -> SiteShape.tiny().toBuilder().relatedLinks(10).build());
        assertThrows(IllegalArgumentException.class, () -> SiteShape.tiny().toBuilder().pageSize(0).build());
    }
}
