package dev.shapecrawl.core.lists;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A record (thesis: <i>registro</i>; spec §2): the tokens of one text node or of one element whose children were
 * merged, with its text. Immutable.
 */
public final class TextRecord {
    private final List<Token> tokens;
    private final String text;
    private Set<String> separators;

    /**
     * @param tokens the record's tokens, not empty
     * @param text   the record's text, whitespace-normalised and trimmed (its length is what CR measures)
     */
    public TextRecord(List<Token> tokens, String text) {
        if (tokens.isEmpty()) {
            throw new IllegalArgumentException("a record has at least one token");
        }
        this.tokens = List.copyOf(tokens);
        this.text = text;
    }

    /**
     * The record of one text node (spec §3.1): null if the text holds no token (whitespace only), so blank text
     * between list items does not break their adjacency.
     */
    public static TextRecord ofText(String text) {
        List<Token> toks = Tokenizer.tokenize(text);
        return toks.isEmpty() ? null : new TextRecord(toks, normalise(text));
    }

    /**
     * The thesis's {@code compile} (spec §4.0): the children's tokens concatenated in order, their texts joined by
     * one space; null if that text is longer than {@code maxChars} (CR; "exceeds CR" means null). The first token
     * of every child after the first gets {@code spaceBefore}.
     *
     * @param records  the children's records, not empty
     * @param maxChars CR, characters
     */
    public static TextRecord merge(List<TextRecord> records, int maxChars) {
        if (records.size() == 1) {
            TextRecord only = records.get(0);
            return only.text.length() > maxChars ? null : only;
        }
        int chars = records.size() - 1;
        for (TextRecord r : records) {
            chars += r.text.length();
            if (chars > maxChars) {
                return null;
            }
        }
        List<Token> toks = new ArrayList<>();
        StringBuilder sb = new StringBuilder(chars);
        for (TextRecord r : records) {
            if (!toks.isEmpty()) {
                toks.add(r.tokens.get(0).withSpaceBefore());
                toks.addAll(r.tokens.subList(1, r.tokens.size()));
                sb.append(' ');
            } else {
                toks.addAll(r.tokens);
            }
            sb.append(r.text);
        }
        return new TextRecord(toks, sb.toString());
    }

    /** The tokens, in order. */
    public List<Token> tokens() {
        return tokens;
    }

    /** The text, whitespace-normalised and trimmed. */
    public String text() {
        return text;
    }

    /**
     * The distinct separator candidates of this record in order of first appearance (level 0 of the derivation,
     * spec §4.1): the special tokens, or every token when {@code specialOnly} is false.
     */
    Set<String> separatorSet(boolean specialOnly) {
        if (specialOnly && separators != null) {
            return separators;
        }
        Set<String> set = new LinkedHashSet<>();
        for (Token t : tokens) {
            if (t.special() || !specialOnly) {
                set.add(t.text());
            }
        }
        Set<String> result = Collections.unmodifiableSet(set);
        if (specialOnly) {
            separators = result;
        }
        return result;
    }

    static String normalise(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        boolean space = false;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (Character.isWhitespace(cp) || Character.isSpaceChar(cp)) {
                space = true;
            } else {
                if (space && sb.length() > 0) {
                    sb.append(' ');
                }
                space = false;
                sb.appendCodePoint(cp);
            }
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return text;
    }
}
