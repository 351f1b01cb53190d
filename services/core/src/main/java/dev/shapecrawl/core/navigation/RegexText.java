package dev.shapecrawl.core.navigation;

/**
 * Writing pieces of Java regular expressions by hand, readably: literals escaped one metacharacter at a time
 * (never {@code \Q…\E}, which people cannot read at a glance) and the "zero or more" form of a piece.
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
     * The piece {@code regex} repeated zero or more times, as TOKENREGEX marks a token some URLs lack (Vidal
     * 2006, Algorithm 6; the thesis's Figure 3.4 appends {@code *}, specification §5.5): a trailing {@code +}
     * on a single atom becomes {@code *} ({@code [a-zA-Z]+} → {@code [a-zA-Z]*}), a single atom gets {@code *}
     * ({@code _} → {@code _*}), anything longer is grouped first ({@code page} → {@code (?:page)*}) so the
     * star applies to all of it.
     *
     * @param regex a non-empty regular expression
     */
    static String zeroOrMore(String regex) {
        if (isAtom(regex)) {
            return regex + "*";
        }
        if (regex.endsWith("+") && isAtom(regex.substring(0, regex.length() - 1))) {
            return regex.substring(0, regex.length() - 1) + "*";
        }
        return "(?:" + regex + ")*";
    }

    /**
     * Whether {@code regex} is one atom a quantifier applies to as a whole: one character, one escaped
     * character, one character class or one group. Knows only the shapes this package writes (no nested
     * classes).
     */
    static boolean isAtom(String regex) {
        int n = regex.length();
        if (n == 0) {
            return false;
        }
        char first = regex.charAt(0);
        if (first == '\\') {
            return n == 2;
        }
        if (first == '[') {
            return closingBracket(regex) == n - 1;
        }
        if (first == '(') {
            return closingParen(regex) == n - 1;
        }
        return n == 1 && METACHARACTERS.indexOf(first) < 0;
    }

    /** The index of the {@code ]} closing the class that opens at 0, or -1. */
    private static int closingBracket(String regex) {
        for (int i = 1; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == ']' && i > 1 && !(i == 2 && regex.charAt(1) == '^')) {
                return i;
            }
        }
        return -1;
    }

    /** The index of the {@code )} closing the group that opens at 0, or -1; classes and escapes skipped. */
    private static int closingParen(String regex) {
        int depth = 0;
        boolean inClass = false;
        for (int i = 0; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '\\') {
                i++;
            } else if (inClass) {
                inClass = c != ']';
            } else if (c == '[') {
                inClass = true;
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }
}
