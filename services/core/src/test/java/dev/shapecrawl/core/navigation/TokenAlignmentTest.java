package dev.shapecrawl.core.navigation;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TokenAlignmentTest {

    private static List<List<String>> tokens(String... values) {
        return java.util.Arrays.stream(values).map(v -> Tokenizer.standard().tokenize(v)).toList();
    }

    @Test
    void thesisDblpColumnsAreTheSameByLeavesAsByPosition() {
        List<List<String>> t = tokens("Chaves:Silvio_8", "Ugher:Mangabeira_D", "Mendes:Sergio");
        assertEquals(TokenAlignment.byPosition(t), TokenAlignment.byLeaves(t));
    }

    @Test
    void anOptionalTokenEarlyDoesNotShiftTheRest() {
        // by position, '=' of the first value faces ':' of the second, and every later column mixes kinds
        List<List<String>> t = tokens("Brstr=ouml=m:Zo", "Amzaksen:Oscar");
        List<List<String>> columns = TokenAlignment.byLeaves(t);
        assertEquals(List.of(List.of("Brstr", "Amzaksen"), List.of("=", ""), List.of("ouml", ""), List.of("=", ""),
                List.of("m", ""), List.of(":", ":"), List.of("Zo", "Oscar")), columns);
        String level = UrlPattern.level(List.of("Brstr=ouml=m:Zo.html", "Amzaksen:Oscar.html"));
        assertEquals("[a-zA-Z]+=*[a-zA-Z]*=*[a-zA-Z]*:[a-zA-Z]+\\.html", level);
        UrlPattern p = UrlPattern.of(List.of("http://h.test/a/Brstr=ouml=m:Zo.html", "http://h.test/a/Amzaksen:Oscar.html"));
        assertTrue(p.matches("http://h.test/a/Mendes:Sergio.html"));
        assertFalse(p.matches("http://h.test/a/ICDT:2000.html"), "a venue page beside the authors");
    }

    @Test
    void anchorsInAnotherOrderFallBackToOneAlignment() {
        List<List<String>> t = tokens("a-b_c", "a_b-c");
        List<List<String>> columns = TokenAlignment.byLeaves(t);
        columns.forEach(c -> assertEquals(2, c.size()));
        assertTrue(UrlPattern.of(List.of("http://h.test/a-b_c", "http://h.test/a_b-c")).matches("http://h.test/a-b_c"));
    }
}
