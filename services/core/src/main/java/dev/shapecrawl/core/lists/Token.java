package dev.shapecrawl.core.lists;

/**
 * One token of a record (SWLE spec §3.2): a word, or a single special character peeled off a word's edge.
 *
 * @param text        the token's characters, never empty
 * @param special     true if every character is special (not a letter or digit); such a token is one character
 *                    (one code point) long and is a separator candidate
 * @param spaceBefore true if whitespace preceded the token in the source text; used only to rebuild cell text
 *                    ("Warner Bros." rather than "Warner Bros .", spec §3.2 [D])
 */
public record Token(String text, boolean special, boolean spaceBefore) {
    public Token {
        if (text == null || text.isEmpty()) {
            throw new IllegalArgumentException("token text must not be empty");
        }
    }

    /** This token with {@link #spaceBefore()} set. */
    Token withSpaceBefore() {
        return spaceBefore ? this : new Token(text, special, true);
    }
}
