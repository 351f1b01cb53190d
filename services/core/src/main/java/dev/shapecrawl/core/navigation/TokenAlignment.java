package dev.shapecrawl.core.navigation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Lines up the tokens of one level of several URLs into columns, each column becoming one TOKENREGEX
 * (specification §5.4–§5.5).
 *
 * <p><b>The seed</b> aligns by position only ({@link #byPosition}): the j-th token of every URL is column j, a URL
 * with fewer tokens has ε there. The specification lists it as a limitation (§9): one optional token early in a
 * value shifts every later token into the wrong column. On the generated DBLP site ({@code Arstr=ouml=m:Zo=euml=}
 * beside {@code Amzaksen:Oscar}) the columns mixed letters and punctuation, their common ancestor was ANY, and the
 * author step came out as {@code [a-zA-Z]+[^a-zA-Z0-9](?:[a-zA-Z0-9]+|[^a-zA-Z0-9]).*.*…}, which also matched the
 * venue pages ({@code ICDT:2000.html}) beside the authors.
 *
 * <p><b>shapecrawl</b> ({@link #byLeaves}) first cuts every value at its <em>anchors</em>, the punctuation tokens
 * that every value has the same number of times in the same order ({@code :} between last and first name), and
 * aligns the pieces between anchors on their own, so the anchors always line up as literals. Each piece is aligned
 * by the regex-tree leaves of its tokens, as an edit distance
 * (Needleman–Wunsch, progressive): the first URL's tokens are the first columns; each further URL is aligned to
 * the columns so that the cost is least, where a token against a column that already holds a token of the same
 * leaf costs 0, against a column of letters or digits when the token is the other of the two costs 1 (thesis's
 * {@code 8}/{@code D} → {@code [a-zA-Z0-9]}), against any other column {@value #MISMATCH}, and a token or column
 * left without partner (ε) costs 1 for letters and digits, 2 for punctuation (delimiters line up first). Tokens left without partner become new optional columns. The thesis's DBLP
 * example gives the same five columns as by position; the generated authors give
 * {@code [a-zA-Z]+=*[a-zA-Z]*=*[a-zA-Z]*:[a-zA-Z]+=*[a-zA-Z]*=*}, which {@code ICDT:2000} does not match. Ties go to
 * the leftmost match, so the result is deterministic. Cost O(tokens × columns) per URL.
 */
final class TokenAlignment {
    /** The cost of putting a letter or digit token in a punctuation column, or the reverse: never worth it. */
    static final int MISMATCH = 5;

    private static final RegexTree.Node ALPHA = RegexTree.standard().leafOf("a");
    private static final RegexTree.Node DIGIT = RegexTree.standard().leafOf("0");

    private TokenAlignment() {
    }

    /**
     * Columns by position (the seed): column j holds every value's j-th token, ε ({@code ""}) if it has fewer.
     *
     * @param tokens each value's tokens
     * @return the columns, each with one entry per value
     */
    static List<List<String>> byPosition(List<List<String>> tokens) {
        int width = tokens.stream().mapToInt(List::size).max().orElse(0);
        List<List<String>> columns = new ArrayList<>(width);
        for (int j = 0; j < width; j++) {
            List<String> column = new ArrayList<>(tokens.size());
            for (List<String> t : tokens) {
                column.add(j < t.size() ? t.get(j) : "");
            }
            columns.add(column);
        }
        return columns;
    }

    /**
     * Columns by leaf alignment (see the class comment).
     *
     * @param tokens each value's tokens
     * @return the columns, each with one entry per value, ε as {@code ""}
     */
    static List<List<String>> byLeaves(List<List<String>> tokens) {
        // anchors: punctuation every value has, the same number of times; each value is cut at them and the
        // pieces between two anchors are aligned on their own, so the anchors always line up
        Map<String, Integer> counts = null;
        for (List<String> t : tokens) {
            Map<String, Integer> c = new HashMap<>();
            for (String token : t) {
                if (!isAlnum(RegexTree.standard().leafOf(token))) {
                    c.merge(token, 1, Integer::sum);
                }
            }
            if (counts == null) {
                counts = c;
            } else {
                counts.keySet().retainAll(c.keySet());
                Map<String, Integer> finalC = c;
                counts.entrySet().removeIf(e -> !e.getValue().equals(finalC.get(e.getKey())));
            }
        }
        Set<String> anchors = counts == null ? Set.of() : counts.keySet();
        if (anchors.isEmpty()) {
            return aligned(tokens);
        }
        List<List<List<String>>> pieces = new ArrayList<>(); // pieces.get(p).get(v): value v's p-th piece
        List<String> anchorOrder = null;
        for (List<String> t : tokens) {
            List<List<String>> cut = new ArrayList<>();
            List<String> order = new ArrayList<>();
            List<String> piece = new ArrayList<>();
            for (String token : t) {
                if (anchors.contains(token)) {
                    cut.add(piece);
                    order.add(token);
                    piece = new ArrayList<>();
                } else {
                    piece.add(token);
                }
            }
            cut.add(piece);
            if (anchorOrder == null) {
                anchorOrder = order;
            } else if (!anchorOrder.equals(order)) {
                return aligned(tokens); // the anchors come in another order: no common skeleton
            }
            for (int p = 0; p < cut.size(); p++) {
                if (pieces.size() <= p) {
                    pieces.add(new ArrayList<>());
                }
                pieces.get(p).add(cut.get(p));
            }
        }
        List<List<String>> columns = new ArrayList<>();
        for (int p = 0; p < pieces.size(); p++) {
            if (p > 0) {
                columns.add(java.util.Collections.nCopies(tokens.size(), anchorOrder.get(p - 1)));
            }
            if (pieces.get(p).stream().anyMatch(x -> !x.isEmpty())) {
                columns.addAll(aligned(pieces.get(p)));
            }
        }
        return columns;
    }

    /** Progressive edit-distance alignment of the values' tokens (no anchors). */
    private static List<List<String>> aligned(List<List<String>> tokens) {
        RegexTree tree = RegexTree.standard();
        List<List<String>> columns = new ArrayList<>();
        List<List<RegexTree.Node>> leaves = new ArrayList<>(); // the leaves each column holds
        for (int v = 0; v < tokens.size(); v++) {
            List<String> t = tokens.get(v);
            int n = t.size();
            int m = columns.size();
            RegexTree.Node[] leaf = new RegexTree.Node[n];
            for (int i = 0; i < n; i++) {
                leaf[i] = tree.leafOf(t.get(i));
            }
            // cost[i][j]: least cost of aligning the first i tokens with the first j columns
            int[][] cost = new int[n + 1][m + 1];
            for (int i = 0; i <= n; i++) {
                for (int j = 0; j <= m; j++) {
                    if (i == 0 && j == 0) {
                        continue;
                    }
                    int best = Integer.MAX_VALUE;
                    if (i > 0 && j > 0) {
                        best = cost[i - 1][j - 1] + matchCost(leaf[i - 1], leaves.get(j - 1));
                    }
                    if (i > 0) {
                        best = Math.min(best, cost[i - 1][j] + gapCost(leaf[i - 1]));
                    }
                    if (j > 0) {
                        best = Math.min(best, cost[i][j - 1] + gapCost(leaves.get(j - 1).get(0)));
                    }
                    cost[i][j] = best;
                }
            }
            // trace back from the end preferring a column without token, then a match, then a token without column:
            // tokens go as far left as an optimal alignment allows (the thesis's DBLP columns: Mendes:Sergio takes
            // the first three, and the last two are optional)
            List<List<String>> merged = new ArrayList<>();
            List<List<RegexTree.Node>> mergedLeaves = new ArrayList<>();
            int i = n;
            int j = m;
            while (i > 0 || j > 0) {
                if (j > 0 && cost[i][j] == cost[i][j - 1] + gapCost(leaves.get(j - 1).get(0))) {
                    columns.get(j - 1).add("");
                    merged.add(0, columns.get(j - 1));
                    mergedLeaves.add(0, leaves.get(j - 1));
                    j--;
                } else if (i > 0 && j > 0
                        && cost[i][j] == cost[i - 1][j - 1] + matchCost(leaf[i - 1], leaves.get(j - 1))) {
                    columns.get(j - 1).add(t.get(i - 1));
                    leaves.get(j - 1).add(leaf[i - 1]);
                    merged.add(0, columns.get(j - 1));
                    mergedLeaves.add(0, leaves.get(j - 1));
                    i--;
                    j--;
                } else {
                    List<String> column = new ArrayList<>(v + 1);
                    for (int k = 0; k < v; k++) {
                        column.add(""); // earlier values have no token here
                    }
                    column.add(t.get(i - 1));
                    merged.add(0, column);
                    mergedLeaves.add(0, new ArrayList<>(List.of(leaf[i - 1])));
                    i--;
                }
            }
            columns = merged;
            leaves = mergedLeaves;
        }
        return columns;
    }

    /**
     * Leaving a token, or a column, without partner: 1 for letters and digits, 2 for punctuation. Punctuation
     * delimits the parts of a value ({@code :} between last and first name), so it should line up before words do.
     */
    private static int gapCost(RegexTree.Node leaf) {
        return isAlnum(leaf) ? 1 : 2;
    }

    /** 0 if the column holds the token's leaf; 1 for letters against digits or the reverse; else MISMATCH. */
    private static int matchCost(RegexTree.Node leaf, List<RegexTree.Node> column) {
        boolean alnum = isAlnum(leaf);
        int best = MISMATCH;
        for (RegexTree.Node c : column) {
            if (c == leaf) {
                return 0;
            }
            if (alnum && isAlnum(c)) {
                best = 1;
            }
        }
        return best;
    }

    private static boolean isAlnum(RegexTree.Node leaf) {
        return leaf == ALPHA || leaf == DIGIT;
    }
}
