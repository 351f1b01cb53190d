package dev.shapecrawl.core.navigation;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * TOKENIZE (Vidal 2006, Algorithm 5; specification §5.5): cuts a string into tokens, each time taking the
 * longest string at the front that a leaf of the {@link RegexTree} matches. With the standard tree a token is a
 * run of letters, a run of digits, or one other character: {@code Chaves:Silvio_8} gives
 * {@code [Chaves, :, Silvio, _, 8]}.
 *
 * <p>The leaves cover every character, so every call ends, after at most one step per character. Immutable and
 * thread-safe.
 */
public final class Tokenizer {
    private static final Tokenizer STANDARD = new Tokenizer(RegexTree.standard());

    private final RegexTree tree;

    /** @param tree the regex tree whose leaves cut the tokens */
    public Tokenizer(RegexTree tree) {
        this.tree = Objects.requireNonNull(tree, "tree");
    }

    /** TOKENIZE over {@link RegexTree#standard()}. */
    public static Tokenizer standard() {
        return STANDARD;
    }

    /**
     * TOKENIZE(s).
     *
     * @param s any string; the empty string has no tokens
     * @return the tokens in order; joined they give {@code s} back
     */
    public List<String> tokenize(String s) {
        List<String> tokens = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            int n = tree.leafMatchLength(s, i);
            tokens.add(s.substring(i, i + n));
            i += n;
        }
        return tokens;
    }
}
