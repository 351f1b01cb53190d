package dev.shapecrawl.core.navigation;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * TOKENREGEX (Vidal 2006, Algorithm 6; specification §5.5): one regular expression for the tokens that several
 * URLs have at one position of one level.
 *
 * <ul>
 *   <li>If all non-empty tokens are equal, that token, as a literal ({@code :} stays {@code :}, {@code .}
 *       becomes {@code \.}).</li>
 *   <li>Otherwise the regular expression of the lowest common ancestor of the leaves they hit:
 *       {@code Chaves, Ugher} → ALPHA {@code [a-zA-Z]+}; {@code 8, D} → ALNUM {@code [a-zA-Z0-9]+}.</li>
 *   <li>If some URL has no token at this position (ε, written as the empty string), the result may repeat
 *       zero times: the thesis appends {@code *} (Figure 3.4: {@code _*}, {@code \w*}), the specification's
 *       default, written so the result is a valid Java regular expression: a trailing {@code +} becomes
 *       {@code *} ({@code [a-zA-Z0-9]*}), a longer literal is grouped ({@code (?:page)*};
 *       {@link RegexTree.Node#zeroOrMore()}).</li>
 *   <li>shapecrawl's refinement ({@link #of(List, boolean)} with {@code generaliseOptional}): a column with ε
 *       generalises to the leaf of its tokens even when the present tokens are equal. An optional literal is a
 *       sign of misaligned tokens (the thesis aligns by position only, §9), not of a constant: {@code bop} and
 *       {@code hard-bop} give {@code [a-zA-Z]+-*(?:bop)*}, which misses {@code free-jazz}; generalised,
 *       {@code [a-zA-Z]+-*[a-zA-Z]*}. For a punctuation leaf the two are the same ({@code _*}), so the thesis's
 *       DBLP pattern is unchanged.</li>
 * </ul>
 * Immutable and thread-safe.
 */
public final class TokenRegex {
    private static final TokenRegex STANDARD = new TokenRegex(RegexTree.standard());

    private final RegexTree tree;

    /** @param tree the regex tree whose common ancestors generalise differing tokens */
    public TokenRegex(RegexTree tree) {
        this.tree = Objects.requireNonNull(tree, "tree");
    }

    /** TOKENREGEX over {@link RegexTree#standard()}. */
    public static TokenRegex standard() {
        return STANDARD;
    }

    /**
     * TOKENREGEX(t_1, …, t_n).
     *
     * @param tokens the tokens of one column, one per URL; ε is the empty string
     * @return a Java regular expression matching every token (and the empty string if some token is ε)
     * @throws IllegalArgumentException if there is no non-empty token, or a non-empty one is not exactly one
     *                                  token of the tree ({@link RegexTree#leafOf})
     */
    public String of(List<String> tokens) {
        return of(tokens, false);
    }

    /**
     * TOKENREGEX(t_1, …, t_n), optionally with shapecrawl's refinement for columns with ε (see the class comment).
     *
     * @param tokens             the tokens of one column, one per URL; ε is the empty string
     * @param generaliseOptional whether a column with ε, or of one number, generalises to its leaf even if the
     *                           present tokens agree (numbers are values: {@link RegexText#literalWithNumbers})
     * @return a Java regular expression matching every token (and the empty string if some token is ε)
     * @throws IllegalArgumentException as {@link #of(List)}
     */
    public String of(List<String> tokens, boolean generaliseOptional) {
        String first = null;
        boolean allEqual = true;
        boolean someEmpty = false;
        List<RegexTree.Node> leaves = new ArrayList<>(tokens.size());
        for (String t : tokens) {
            if (t.isEmpty()) {
                someEmpty = true;
                continue;
            }
            leaves.add(tree.leafOf(t));
            if (first == null) {
                first = t;
            } else if (!first.equals(t)) {
                allEqual = false;
            }
        }
        if (first == null) {
            throw new IllegalArgumentException("tokens: at least one must be non-empty, was " + tokens);
        }
        if (allEqual && !(generaliseOptional && (someEmpty || RegexTree.isDigits(first)))) {
            return someEmpty ? RegexText.zeroOrMoreLiteral(first) : RegexText.literal(first);
        }
        RegexTree.Node lca = tree.lowestCommonAncestor(leaves);
        return someEmpty ? lca.zeroOrMore() : lca.regex();
    }
}
