package dev.shapecrawl.core.navigation;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** URLsim, specification §5.3. */
class UrlSimilarityTest {
    private static final String DBLP = "http://informatik.uni-trier.de/~ley/db/indices/a-tree/";
    private final UrlSimilarity sim = UrlSimilarity.defaults();

    @Test
    void kIsTwoByDefault() {
        assertEquals(2, sim.k());
    }

    @Test
    void upToKLevelsMayDiffer() {
        assertTrue(sim.similar(DBLP + "c/Chaves:Silvio_8.html", DBLP + "c/Chaves:Silvio_8.html"), "0 levels");
        assertTrue(sim.similar(DBLP + "c/Chaves:Silvio_8.html", DBLP + "c/Costa:Ana.html"), "1 level");
        assertTrue(sim.similar(DBLP + "c/Chaves:Silvio_8.html", DBLP + "m/Mendes:Sergio.html"), "2 levels");
        assertFalse(sim.similar("http://h.test/a/b/c/d", "http://h.test/x/y/z/d"), "3 levels > K");
        assertTrue(new UrlSimilarity(3).similar("http://h.test/a/b/c/d", "http://h.test/x/y/z/d"), "K = 3");
        assertFalse(new UrlSimilarity(0).similar("http://h.test/a/1", "http://h.test/a/2"), "K = 0: equal only");
    }

    @Test
    void aFlatSitesPagesOneTokenApartAreSimilar() {
        // Doxygen writes every page at the root, a class page's name one letter run (Xerces-C's API docs)
        UrlSimilarity sim = new UrlSimilarity(UrlSimilarity.DEFAULT_K, true);
        assertTrue(sim.similar("http://h.test/classXMLString.html", "http://h.test/classAttributeList.html"));
        assertFalse(sim.similar("http://h.test/classXMLString.html", "http://h.test/XMLString_8hpp.html"),
                "a file page has more tokens");
        assertFalse(sim.similar("http://h.test/list?page=3", "http://h.test/item?id=7"), "three tokens apart");
        assertFalse(sim.similar("http://h.test/genre/bop", "http://h.test/artist/123"), "two levels, two tokens");
    }

    @Test
    void theLevelCountMustBeEqual() {
        assertFalse(sim.similar("http://h.test/a/b", "http://h.test/a/b/c"));
        assertFalse(sim.similar("http://h.test/a/b", "http://h.test/a/b/"), "a trailing slash is a level");
        assertFalse(sim.similar("http://www.ejazz.com.br/artistas/defaultA.asp",
                "http://www.ejazz.com.br/detalhes-artistas.asp?cd=17"));
    }

    @Test
    void theFirstLevelMustBeEqual() {
        assertFalse(sim.similar("http://a.test/x/1", "http://b.test/x/1"), "even with K levels to spare");
        assertTrue(sim.similar("http://a.test/x/1", "https://a.test/x/2"), "the scheme is not a level");
    }

    @Test
    void itIsNotTransitive() {
        String a = "http://h.test/1/1/1/1";
        String b = "http://h.test/2/2/1/1";
        String c = "http://h.test/2/2/2/2";
        assertTrue(sim.similar(a, b));
        assertTrue(sim.similar(b, c));
        assertFalse(sim.similar(a, c));
    }

    @Test
    void kMustNotBeNegative() {
        assertThrows(IllegalArgumentException.class, () -> new UrlSimilarity(-1));
    }
}
