package dev.shapecrawl.core.navigation;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The regex tree (Vidal 2006, Definition 6, thesis Figure 3.3, adapted from the "delimiters tree" of de Castro
 * Reis et al., SPIRE 2002): a hierarchy of regular expressions where the children of a node split its language
 * into disjoint parts. Its leaves cut URL levels into tokens ({@link Tokenizer}); the lowest common ancestor of
 * the leaves several tokens hit is one regular expression for all of them ({@link TokenRegex}).
 *
 * <p>The thesis's figure is missing from the extracted text; this is the specification's reconstruction
 * (§5.5 [R]), consistent with every worked example:
 * <pre>
 * ANY      (?:[a-zA-Z0-9]+|[^a-zA-Z0-9])   one token of any kind (the union of its children)
 * ├── ALNUM  [a-zA-Z0-9]+                  the thesis prints \w; Java's \w would also take "_"
 * │   ├── ALPHA  [a-zA-Z]+                 a run of letters, either case ("Chaves" is one token)
 * │   └── DIGIT  [0-9]+                    a run of digits
 * └── SYMBOL [^a-zA-Z0-9]                  one other character
 *     ├── one leaf per common URL punctuation character: . - _ ~ : = ? &amp; % + , ; @ ! $ * ( ) '
 *     └── OTHER  any other single character (non-ASCII, or "/" inside a query)
 * </pre>
 * The specification writes the root as {@code .+}; here it is the union of its children's languages, one token,
 * as Definition 6 requires, so a column that mixes letters and punctuation does not turn into "anything,
 * slashes included". A letter is ASCII: non-ASCII characters reach the crawler percent-encoded
 * ({@link dev.shapecrawl.core.page.UrlNormalizer}), so they are {@code %} and digits and letters here.
 *
 * <p>Immutable and thread-safe; {@link #standard()} is the one instance.
 */
public final class RegexTree {
    /** The punctuation characters that get a leaf of their own (specification §5.5). */
    public static final String PUNCTUATION = ".-_~:=?&%+,;@!$*()'";

    private static final RegexTree STANDARD = new RegexTree();

    private final Node any;
    private final Node alnum;
    private final Node alpha;
    private final Node digit;
    private final Node symbol;
    private final Node other;
    private final Map<Character, Node> punctuation = new LinkedHashMap<>();

    private RegexTree() {
        // ANY repeated is "any string": ".*" says so without a starred alternation, which java.util.regex
        // matches by recursion (a stack overflow on a long URL)
        any = new Node("ANY", "(?:[a-zA-Z0-9]+|[^a-zA-Z0-9])", ".*", null);
        alnum = new Node("ALNUM", "[a-zA-Z0-9]+", "[a-zA-Z0-9]*", any);
        alpha = new Node("ALPHA", "[a-zA-Z]+", "[a-zA-Z]*", alnum);
        digit = new Node("DIGIT", "[0-9]+", "[0-9]*", alnum);
        symbol = new Node("SYMBOL", "[^a-zA-Z0-9]", "[^a-zA-Z0-9]*", any);
        for (char c : PUNCTUATION.toCharArray()) {
            String one = String.valueOf(c);
            punctuation.put(c, new Node("'" + c + "'", RegexText.literal(one), RegexText.zeroOrMoreLiteral(one),
                    symbol));
        }
        // '-' last in the class, where it is literal
        String others = "[^a-zA-Z0-9" + PUNCTUATION.replace("-", "") + "-]";
        other = new Node("OTHER", others, others + "*", symbol);
    }

    /** The tree of the specification, §5.5. */
    public static RegexTree standard() {
        return STANDARD;
    }

    /** The root, ANY. */
    public Node root() {
        return any;
    }

    /** Whether {@code token} is a run of digits (the DIGIT leaf's tokens). */
    static boolean isDigits(String token) {
        if (token.isEmpty()) {
            return false;
        }
        for (int i = 0; i < token.length(); i++) {
            if (token.charAt(i) < '0' || token.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** The leaves: ALPHA, DIGIT, one per {@link #PUNCTUATION} character, OTHER. */
    public List<Node> leaves() {
        List<Node> leaves = new ArrayList<>(List.of(alpha, digit));
        leaves.addAll(punctuation.values());
        leaves.add(other);
        return List.copyOf(leaves);
    }

    /**
     * The length of the longest string starting at {@code from} that one leaf matches: the run of letters or of
     * digits there, or one character (a whole surrogate pair) otherwise. The leaves cover every character, so
     * this is at least 1.
     *
     * @throws IndexOutOfBoundsException if {@code from} is not inside {@code s}
     */
    public int leafMatchLength(String s, int from) {
        char c = s.charAt(from);
        if (isAlpha(c) || isDigit(c)) {
            boolean letters = isAlpha(c);
            int end = from + 1;
            while (end < s.length() && (letters ? isAlpha(s.charAt(end)) : isDigit(s.charAt(end)))) {
                end++;
            }
            return end - from;
        }
        return Character.charCount(s.codePointAt(from));
    }

    /**
     * The leaf whose language holds {@code token}.
     *
     * @param token one token as {@link Tokenizer} cuts it (a run of letters, a run of digits or one other
     *              character)
     * @throws IllegalArgumentException if {@code token} is empty or more than one token
     */
    public Node leafOf(String token) {
        if (token.isEmpty() || leafMatchLength(token, 0) != token.length()) {
            throw new IllegalArgumentException("token: not exactly one token: '" + token + "'");
        }
        char c = token.charAt(0);
        if (isAlpha(c)) {
            return alpha;
        }
        if (isDigit(c)) {
            return digit;
        }
        Node leaf = token.length() == 1 ? punctuation.get(c) : null;
        return leaf != null ? leaf : other;
    }

    /**
     * The deepest node that is an ancestor of (or equal to) every node given.
     *
     * @param nodes nodes of this tree, at least one
     * @throws IllegalArgumentException if {@code nodes} is empty
     */
    public Node lowestCommonAncestor(Collection<Node> nodes) {
        Node lca = null;
        for (Node n : nodes) {
            lca = lca == null ? n : lowestCommonAncestor(lca, n);
        }
        if (lca == null) {
            throw new IllegalArgumentException("nodes: at least one is needed");
        }
        return lca;
    }

    private static Node lowestCommonAncestor(Node a, Node b) {
        while (a.depth > b.depth) {
            a = a.parent;
        }
        while (b.depth > a.depth) {
            b = b.parent;
        }
        while (a != b) {
            a = a.parent;
            b = b.parent;
        }
        return a;
    }

    private static boolean isAlpha(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /**
     * A node of the tree: its name and regular expression. Compared by identity (each exists once).
     */
    public static final class Node {
        private final String name;
        private final String regex;
        private final String zeroOrMore;
        private final Node parent;
        private final int depth;

        private Node(String name, String regex, String zeroOrMore, Node parent) {
            this.name = name;
            this.regex = regex;
            this.zeroOrMore = zeroOrMore;
            this.parent = parent;
            this.depth = parent == null ? 0 : parent.depth + 1;
        }

        /** {@code ANY}, {@code ALNUM}, {@code ALPHA}, {@code DIGIT}, {@code SYMBOL}, {@code OTHER} or a quoted character. */
        public String name() {
            return name;
        }

        /** The node's language as a Java regular expression, matching one token (or a run, for ALNUM). */
        public String regex() {
            return regex;
        }

        /**
         * The node's language repeated zero or more times, as TOKENREGEX writes it when some URL lacks the token
         * ({@code [a-zA-Z]*}, {@code _*}; {@code .*} for ANY, the same language as its starred union).
         */
        public String zeroOrMore() {
            return zeroOrMore;
        }

        /** The parent, null for the root. */
        public Node parent() {
            return parent;
        }

        @Override
        public String toString() {
            return name;
        }
    }
}
