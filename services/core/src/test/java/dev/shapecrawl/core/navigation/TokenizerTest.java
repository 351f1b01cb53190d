package dev.shapecrawl.core.navigation;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The regex tree and TOKENIZE, specification §5.5. */
class TokenizerTest {
    private final Tokenizer tokenizer = Tokenizer.standard();
    private final RegexTree tree = RegexTree.standard();

    @Test
    void theThesisLevelSevenInfixes() {
        assertEquals(List.of("Chaves", ":", "Silvio", "_", "8"), tokenizer.tokenize("Chaves:Silvio_8"));
        assertEquals(List.of("Ugher", ":", "Mangabeira", "_", "D"), tokenizer.tokenize("Ugher:Mangabeira_D"));
        assertEquals(List.of("Mendes", ":", "Sergio"), tokenizer.tokenize("Mendes:Sergio"));
    }

    @Test
    void lettersAndDigitsSplitAndEachOtherCharacterIsOneToken() {
        assertEquals(List.of("page", "12", "of", "3"), tokenizer.tokenize("page12of3"));
        assertEquals(List.of("detalhes", "-", "artistas", ".", "asp", "?", "cd", "=", "17"),
                tokenizer.tokenize("detalhes-artistas.asp?cd=17"));
        assertEquals(List.of("a", "%", "20", "b", "/", "/", "c"), tokenizer.tokenize("a%20b//c"));
        assertEquals(List.of("caf", "\u00e9", "\uD83D\uDE00", "x"), tokenizer.tokenize("caf\u00e9\uD83D\uDE00x"),
                "a non-ASCII character, a surrogate pair included, is one token");
        assertEquals(List.of(), tokenizer.tokenize(""));
    }

    @Test
    void theTokensJoinToTheInput() {
        String s = "Ab12-_~:=?&%+,;@!$*()'[]^\\|x9";
        assertEquals(s, String.join("", tokenizer.tokenize(s)));
    }

    @Test
    void everyTokenHitsExactlyOneLeafWhoseRegexMatchesIt() {
        for (String t : List.of("Chaves", "D", "8", "2006", ".", "-", "_", "~", ":", "=", "?", "&", "%", "+", ",",
                ";", "@", "!", "$", "*", "(", ")", "'", "/", "[", "\u00e9")) {
            RegexTree.Node leaf = tree.leafOf(t);
            assertEquals(1, tree.leaves().stream().filter(l -> t.matches(l.regex())).count(), t);
            assertEquals(true, t.matches(leaf.regex()), t + " ~ " + leaf);
            assertEquals(true, t.matches(tree.root().regex()), "the root's language holds every token: " + t);
        }
    }

    @Test
    void lowestCommonAncestors() {
        assertSame(tree.leafOf("a"), tree.lowestCommonAncestor(List.of(tree.leafOf("a"), tree.leafOf("Zz"))));
        assertEquals("ALNUM", tree.lowestCommonAncestor(List.of(tree.leafOf("8"), tree.leafOf("D"))).name());
        assertEquals("SYMBOL", tree.lowestCommonAncestor(List.of(tree.leafOf("-"), tree.leafOf("_"))).name());
        assertEquals("OTHER", tree.lowestCommonAncestor(List.of(tree.leafOf("/"), tree.leafOf("["))).name(),
                "two characters without a leaf of their own share OTHER");
        assertEquals("ANY", tree.lowestCommonAncestor(List.of(tree.leafOf("a"), tree.leafOf("."))).name());
    }

    @Test
    void leafOfRefusesWhatIsNotOneToken() {
        assertThrows(IllegalArgumentException.class, () -> tree.leafOf(""));
        assertThrows(IllegalArgumentException.class, () -> tree.leafOf("a1"));
        assertThrows(IllegalArgumentException.class, () -> tree.leafOf("--"));
    }
}
