package dev.shapecrawl.core.navigation;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** TOKENREGEX, specification §5.5, Figure 3.4's columns. */
class TokenRegexTest {
    private final TokenRegex tr = TokenRegex.standard();

    @Test
    void theThesisColumns() {
        assertEquals("[a-zA-Z]+", tr.of(List.of("Chaves", "Ugher", "Mendes")));
        assertEquals(":", tr.of(List.of(":", ":", ":")));
        assertEquals("[a-zA-Z]+", tr.of(List.of("Silvio", "Mangabeira", "Sergio")));
        assertEquals("_*", tr.of(List.of("_", "_", "")));
        assertEquals("[a-zA-Z0-9]*", tr.of(List.of("8", "D", "")), "the thesis's \\w*; ALNUM, made optional");
    }

    @Test
    void equalTokensAreQuotedLiterals() {
        assertEquals("\\.", tr.of(List.of(".", ".")));
        assertEquals("\\?", tr.of(List.of("?")));
        assertEquals("\\+", tr.of(List.of("+", "+")));
        assertEquals("asp", tr.of(List.of("asp", "asp")));
    }

    @Test
    void epsilonMakesTheWholeTokenOptional() {
        assertEquals("(?:page)*", tr.of(List.of("page", "", "page")));
        assertEquals("\\.*", tr.of(List.of("", ".")));
        assertEquals("[0-9]*", tr.of(List.of("1", "", "22")));
        assertEquals("[^a-zA-Z0-9]*", tr.of(List.of("-", "", "_")));
        assertEquals(".*", tr.of(List.of("a", "", ".")), "ANY repeated: any string, without a starred alternation");
        for (String regex : List.of(tr.of(List.of("page", "")), tr.of(List.of("a", "", ".")))) {
            assertTrue(Pattern.matches(regex, ""), regex);
        }
    }

    @Test
    void differingKindsGeneraliseToTheirCommonAncestor() {
        assertEquals("[0-9]+", tr.of(List.of("1", "22", "333")));
        assertEquals("[a-zA-Z0-9]+", tr.of(List.of("x", "7")));
        assertEquals("[^a-zA-Z0-9]", tr.of(List.of("-", "_")));
        assertEquals("[^a-zA-Z0-9._~:=?&%+,;@!$*()'-]", tr.of(List.of("[", "]")), "two OTHER characters");
        String any = tr.of(List.of("a", "."));
        assertTrue(Pattern.matches(any, "a") && Pattern.matches(any, "."), any);
    }

    @Test
    void refusesAColumnWithoutTokens() {
        assertThrows(IllegalArgumentException.class, () -> tr.of(List.of("", "")));
        assertThrows(IllegalArgumentException.class, () -> tr.of(List.of("ab12")), "two tokens");
    }
}
