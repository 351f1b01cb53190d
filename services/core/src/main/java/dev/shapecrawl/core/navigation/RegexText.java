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
     * {@code text} as a regular expression in which every run of digits matches any number and everything else
     * matches itself ({@code page=2} gives {@code page=[0-9]+}, {@code 2006} gives {@code [0-9]+}): numbers in URLs
     * are values (ids, page numbers, years), so a number every mapped URL happens to share is no constant of
     * the pattern (shapecrawl's refined URL patterns, {@link UrlPattern#ofLevels(java.util.List, boolean)}).
     */
    static String literalWithNumbers(String text) {
        StringBuilder b = new StringBuilder(text.length() + 8);
        int n = text.length();
        for (int i = 0, j; i < n; i = j) {
            boolean digits = isDigit(text.charAt(i));
            for (j = i + 1; j < n && isDigit(text.charAt(j)) == digits; j++) {
                // the run of digits, or of other characters, that starts at i
            }
            b.append(digits ? "[0-9]+" : literal(text.substring(i, j)));
        }
        return b.toString();
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
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
