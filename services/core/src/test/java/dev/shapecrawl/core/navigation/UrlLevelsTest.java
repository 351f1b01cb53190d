package dev.shapecrawl.core.navigation;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Level splitting, specification §5.3. */
class UrlLevelsTest {

    @Test
    void theDblpAuthorUrlHasSevenLevelsStartingAtTheHost() {
        UrlLevels u = UrlLevels.of("http://informatik.uni-trier.de/~ley/db/indices/a-tree/c/Chaves:Silvio_8.html");
        assertEquals(List.of("informatik.uni-trier.de", "~ley", "db", "indices", "a-tree", "c",
                "Chaves:Silvio_8.html"), u.levels());
        assertEquals(7, u.count());
        assertEquals("informatik.uni-trier.de", u.host());
    }

    @Test
    void theQueryStaysInTheLastLevelEvenWithSlashes() {
        assertEquals(List.of("www.ejazz.com.br", "detalhes-artistas.asp?cd=17"),
                UrlLevels.of("http://www.ejazz.com.br/detalhes-artistas.asp?cd=17").levels());
        assertEquals(List.of("h.test", "s?path=a/b/c"), UrlLevels.of("http://h.test/s?path=a/b/c").levels());
        assertEquals(List.of("h.test", "?page=2"), UrlLevels.of("http://h.test/?page=2").levels());
    }

    @Test
    void theSchemeIsStrippedAndTheFragmentDropped() {
        assertEquals(UrlLevels.of("http://h.test/a/b"), UrlLevels.of("https://h.test/a/b#top"));
        assertEquals(UrlLevels.of("http://h.test/a?q=1"), UrlLevels.of("HTTP://h.test/a?q=1#x"));
        assertEquals(List.of("h.test:8080", "a"), UrlLevels.of("http://h.test:8080/a").levels());
    }

    @Test
    void aTrailingSlashGivesAnEmptyLastLevel() {
        assertEquals(List.of("h.test", "a", "b", ""), UrlLevels.of("http://h.test/a/b/").levels());
        assertEquals(List.of("h.test", "a", "b"), UrlLevels.of("http://h.test/a/b").levels());
        assertEquals(List.of("h.test", ""), UrlLevels.of("http://h.test/").levels());
        assertEquals(List.of("h.test", ""), UrlLevels.of("http://h.test").levels(), "an empty path counts as /");
    }

    @ParameterizedTest
    @ValueSource(strings = {"ftp://h.test/a", "/relative/path", "http:///nohost", "mailto:x@h.test"})
    void refusesWhatIsNotAnAbsoluteHttpUrl(String url) {
        assertThrows(IllegalArgumentException.class, () -> UrlLevels.of(url));
    }
}
