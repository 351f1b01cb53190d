package dev.shapecrawl.core.navigation;

/**
 * Writing pieces of Java regular expressions by hand, readably: literals escaped one metacharacter at a time
 * (never {@code \Q…\E}, which people cannot read at a glance).
 */
final class RegexText {
    /** The characters that mean something outside a character class in {@link java.util.regex.Pattern}. */
    private static final String METACHARACTERS = "\\^$.|?*+()[]{}";

    private RegexText() {
    }

    /**
     * {@code text} as a regular expression that matches exactly it: every metacharacter behind a backslash,
     * everything else as it is ({@code informatik.uni-trier.de} gives {@code informatik\.uni-trier\.de}).
     */
    static String literal(String text) {
        StringBuilder b = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (METACHARACTERS.indexOf(c) >= 0) {
                b.append('\\');
            }
            b.append(c);
        }
        return b.toString();
    }

    /**
     * {@code text} repeated zero or more times: {@code _} gives {@code _*}, {@code .} gives {@code \.*}, a longer
     * text is grouped so the star applies to all of it ({@code page} gives {@code (?:page)*}).
     *
     * @param text a non-empty literal
     */
    static String zeroOrMoreLiteral(String text) {
        return text.length() == 1 ? literal(text) + "*" : "(?:" + literal(text) + ")*";
    }
}
