package dev.shapecrawl.core.lists;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A record (thesis: <i>registro</i>; spec §2): the tokens of one text node or of one element whose children were
 * merged, with its text. Immutable.
 */
public final class TextRecord {
    /**
     * The token that parts the cells of a structural record ({@link Addition#CELLS}): a private-use character, so
     * it never collides with page text. It is a separator candidate like any special character.
     */
    public static final String CELL_BOUNDARY = "\uE000";

    /**
     * The longest text an opaque record keeps, characters: its cell is cut there ({@link Addition#CELLS}), so a
     * huge text block costs bounded memory however deep it sits.
     */
    public static final int MAX_OPAQUE_CHARS = 2_000;

    private static final Token BOUNDARY = new Token(CELL_BOUNDARY, true, true);

    /**
     * The token that parts a leading section number from the rest of a record ({@link Addition#NUMBERS}): a
     * private-use character, a separator candidate like any special character; it is never cell text.
     */
    public static final String NUMBER_BOUNDARY = "\uE001";

    private static final Token NUMBER = new Token(NUMBER_BOUNDARY, true, true);

    /**
     * A section number: {@code 12}, {@code 1.1}, {@code 2.3.1}, {@code A.2} (an appendix), as a table of contents
     * or a numbered list writes them before a title, parted from it by a space only.
     */
    private static final Pattern SECTION_NUMBER =
            Pattern.compile("[0-9]{1,4}(\\.[0-9]{1,4}){0,5}|[A-Z](\\.[0-9]{1,4}){1,5}");

    private final List<Token> tokens;
    private final String text;
    private final boolean opaque;
    private final boolean structural;
    private Set<String> separators;

    /**
     * @param tokens the record's tokens, not empty
     * @param text   the record's text, whitespace-normalised and trimmed (its length is what CR measures)
     */
    public TextRecord(List<Token> tokens, String text) {
        this(tokens, text, false, false);
    }

    private TextRecord(List<Token> tokens, String text, boolean opaque, boolean structural) {
        if (tokens.isEmpty()) {
            throw new IllegalArgumentException("a record has at least one token");
        }
        this.tokens = List.copyOf(tokens);
        this.text = text;
        this.opaque = opaque;
        this.structural = structural;
    }

    /** True for a {@linkplain #structural(List) structural} record: a table row or a definition-list entry. */
    boolean isStructural() {
        return structural;
    }

    /**
     * With {@link Addition#CELLS}: a text longer than CR as one content token (no separators), cut at
     * {@link #MAX_OPAQUE_CHARS}. Grouping skips opaque records as the thesis skips null ones; only a structural
     * record takes one in, as a cell.
     */
    static TextRecord opaque(String text) {
        String t = text.length() > MAX_OPAQUE_CHARS ? text.substring(0, MAX_OPAQUE_CHARS) : text;
        return new TextRecord(List.of(new Token(t, false, true)), t, true, false);
    }

    /**
     * With {@link Addition#NUMBERS}: this record with a {@link #NUMBER_BOUNDARY} after a leading section number that
     * only a space parts from the next word ({@code 1.1 The Purpose}); the same record otherwise (no such number, a
     * special character after it as in {@code 1. Introduction}, or an opaque record).
     */
    TextRecord numbered() {
        if (opaque || tokens.size() < 2 || tokens.get(0).special() || tokens.get(1).special()
                || !SECTION_NUMBER.matcher(tokens.get(0).text()).matches()) {
            return this;
        }
        List<Token> out = new ArrayList<>(tokens.size() + 1);
        out.add(tokens.get(0));
        out.add(NUMBER);
        out.addAll(tokens.subList(1, tokens.size()));
        return new TextRecord(out, text, false, structural);
    }

    /** True for an {@linkplain #opaque(String) opaque} record. */
    boolean isOpaque() {
        return opaque;
    }

    /**
     * A structural record ({@link Addition#CELLS}): the cells' tokens parted by {@link #CELL_BOUNDARY}; a null
     * cell is an empty cell, so columns stay aligned. Never cut by CR: the cells are bounded already (a long cell
     * is opaque).
     *
     * @param cells the cells in order, null for an empty one
     * @return the record, or null if every cell is null
     */
    static TextRecord structural(List<TextRecord> cells) {
        List<Token> toks = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        boolean any = false;
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                toks.add(BOUNDARY);
                sb.append(" | ");
            }
            TextRecord c = cells.get(i);
            if (c != null) {
                any = true;
                toks.add(c.tokens.get(0).withSpaceBefore());
                toks.addAll(c.tokens.subList(1, c.tokens.size()));
                sb.append(c.text);
            }
        }
        return any ? new TextRecord(toks, sb.toString(), false, true) : null;
    }

    /**
     * The record of one text node (spec §3.1): null if the text holds no token (whitespace only), so blank text
     * between list items does not break their adjacency.
     */
    public static TextRecord ofText(String text) {
        return ofText(text, false);
    }

    /**
     * Most characters of one text node that are tokenized. A longer text can never be a record of a list (it is
     * far beyond any CR), so it is not tokenized: null, or opaque with {@code opaqueWhenLong}. This bounds the
     * tokens a hostile page can make (a 10 MiB text node would be millions).
     */
    public static final int MAX_TEXT_CHARS = 100_000;

    /** {@link #ofText(String)}, with a text beyond {@link #MAX_TEXT_CHARS} opaque instead of null if asked. */
    static TextRecord ofText(String text, boolean opaqueWhenLong) {
        if (text.length() > MAX_TEXT_CHARS) {
            return opaqueWhenLong ? opaque(normalise(text.substring(0, MAX_OPAQUE_CHARS))) : null;
        }
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
        return merge(records, maxChars, false);
    }

    /**
     * {@link #merge(List, int)}, or with {@code opaqueWhenLong} ({@link Addition#CELLS}) an opaque record where
     * the seed has null: when the text is longer than CR or a part is opaque.
     */
    static TextRecord merge(List<TextRecord> records, int maxChars, boolean opaqueWhenLong) {
        if (opaqueWhenLong && records.size() == 1 && records.get(0).structural) {
            return records.get(0);   // an element around one table row or one dl entry passes it up, not cut by CR
        }
        int chars = records.size() - 1;
        boolean opaquePart = false;
        for (TextRecord r : records) {
            chars += r.text.length();
            opaquePart |= r.opaque;
            if (chars > maxChars && !opaqueWhenLong) {
                return null;
            }
        }
        if (chars > maxChars || opaquePart) {
            return opaqueWhenLong ? opaque(joinTexts(records)) : null;
        }
        if (records.size() == 1) {
            return records.get(0);
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

    private static String joinTexts(List<TextRecord> records) {
        StringBuilder sb = new StringBuilder();
        for (TextRecord r : records) {
            if (sb.length() >= MAX_OPAQUE_CHARS) {
                break;
            }
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(r.text);
        }
        return sb.toString();
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
