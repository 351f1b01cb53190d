package dev.shapecrawl.core.lists;

import java.util.ArrayList;
import java.util.List;

/**
 * SWLE's tokenizer (Agostinho 2015 §4.1; spec §3.2): split at whitespace, then peel every special character off
 * both ends of each piece, one character per token. Special characters inside a word stay in it ({@code What's},
 * {@code e-mail}, {@code R$10,00}). A special character is any code point that is not a letter or digit
 * ({@link Character#isLetterOrDigit(int)}). Pure and stateless.
 */
public final class Tokenizer {
    private Tokenizer() {
    }

    /**
     * Tokenizes a text.
     *
     * @param text any text; null or blank gives an empty list
     * @return the tokens in order; the first token's {@code spaceBefore} is true if the text starts with whitespace
     */
    public static List<Token> tokenize(String text) {
        List<Token> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        int n = text.length();
        int i = 0;
        boolean space = false;
        while (i < n) {
            int cp = text.codePointAt(i);
            if (isSpace(cp)) {
                space = true;
                i += Character.charCount(cp);
                continue;
            }
            int start = i;
            while (i < n && !isSpace(text.codePointAt(i))) {
                i += Character.charCount(text.codePointAt(i));
            }
            addPiece(text.substring(start, i), space, out);
            space = true;
        }
        return out;
    }

    /** True for a separator candidate's code point: neither a letter nor a digit (spec §3.2 [D]). */
    public static boolean isSpecial(int codePoint) {
        return !Character.isLetterOrDigit(codePoint);
    }

    private static boolean isSpace(int cp) {
        return Character.isWhitespace(cp) || Character.isSpaceChar(cp);
    }

    private static void addPiece(String piece, boolean spaceBefore, List<Token> out) {
        int lo = 0;
        int hi = piece.length();
        List<Token> tail = new ArrayList<>();
        boolean first = true;
        while (lo < hi && isSpecial(piece.codePointAt(lo))) {
            int len = Character.charCount(piece.codePointAt(lo));
            out.add(new Token(piece.substring(lo, lo + len), true, first && spaceBefore));
            first = false;
            lo += len;
        }
        while (hi > lo && isSpecial(piece.codePointBefore(hi))) {
            int len = Character.charCount(piece.codePointBefore(hi));
            tail.add(new Token(piece.substring(hi - len, hi), true, false));
            hi -= len;
        }
        if (hi > lo) {
            out.add(new Token(piece.substring(lo, hi), false, first && spaceBefore));
        }
        for (int k = tail.size() - 1; k >= 0; k--) {
            out.add(tail.get(k));
        }
    }
}
