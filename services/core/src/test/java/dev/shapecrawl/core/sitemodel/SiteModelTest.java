package dev.shapecrawl.core.sitemodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A page not sampled into the model given its class against the class schemas (spec §4.2 [D]). */
class SiteModelTest {
    private static SitePage page(String url, String... linkPaths) {
        Map<String, List<String>> links = new LinkedHashMap<>();
        for (String p : linkPaths) {
            links.put(p, List.of("http://s.test/x"));
        }
        return new SitePage(url, links, Map.of("/html/body/h1", List.of(url)));
    }

    private static final PageClass LISTS = new PageClass(List.of(page("http://s.test/l1", "/nav/a", "/ul/li/a"),
            page("http://s.test/l2", "/nav/a", "/ul/li/a", "/div/a")));
    private static final PageClass DETAILS = new PageClass(List.of(page("http://s.test/d1", "/nav/a", "/dl/dd/a"),
            page("http://s.test/d2", "/nav/a", "/dl/dd/a", "/p/a")));
    private static final SiteModel MODEL = new SiteModel(List.of(LISTS, DETAILS), List.of(), 4);

    @Test
    void anUnsampledPageGoesToTheClassWhoseSchemaIsNearest() {
        assertEquals(1, MODEL.nearestClass(page("http://s.test/d9", "/nav/a", "/dl/dd/a")),
                "shares /nav/a and /dl/dd/a with the details' schema: distance 2/4 against 4/5 from the lists'");
        assertEquals(0, MODEL.nearestClass(page("http://s.test/l9", "/nav/a", "/ul/li/a", "/div/a")));
        assertEquals(0, MODEL.nearestClass(page("http://s.test/z", "/footer/a")),
                "equally far from both (distance 1): the class listed first");
    }

    @Test
    void aSampledPageKeepsItsClassWhateverItsSchema() {
        assertEquals(1, MODEL.nearestClass(page("http://s.test/d2", "/ul/li/a", "/div/a")));
    }

    @Test
    void manyPagesAgainstSchemasComputedOnce() {
        var schemas = MODEL.pathSchemas();
        assertEquals(2, schemas.size());
        assertEquals(1, MODEL.nearestClass(page("http://s.test/d8", "/dl/dd/a", "/p/a"), schemas));
    }

    @Test
    void aModelWithoutClassesClassifiesNoPage() {
        SiteModel empty = new SiteModel(List.of(), List.of(), 0);
        assertThrows(IllegalStateException.class, () -> empty.nearestClass(page("http://s.test/a", "/a")));
    }
}
