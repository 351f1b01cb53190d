package dev.shapecrawl.core.lists;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jsoup.nodes.Element;

/**
 * A CSS grid laid out as a table ({@link Addition#GRIDS}): an element whose element children are all {@code div}
 * (or all {@code span}) cells, k positions to a row, where each position's cells below the first row share class
 * tokens that no other position's share (javadoc 17+'s {@code div.summary-table}: {@code col-first},
 * {@code col-second}, {@code col-last}). The first k cells are the grid's <em>header</em> when each carries a token
 * that no later cell at its position has ({@code table-header}); otherwise they must be a row like the others. shapecrawl, beyond the seed: SWLE (Agostinho 2015) reads only markup
 * lists and characters, and a grid's rows are neither (docs/lists.md §5).
 *
 * @param period the cells per row, 2..{@value #MAX_PERIOD}
 * @param header whether the first row is a header (names the columns)
 */
record Grid(int period, boolean header) {
    /** The widest row looked for, cells. */
    static final int MAX_PERIOD = 8;
    /** The fewest rows below the header: a grid of fewer is not told from a run of unrelated blocks. */
    static final int MIN_ROWS = 2;

    /**
     * The grid an element lays out, or null if it is none: fewer than {@code 2 × MIN_ROWS} children, children of
     * other tags, no period whose positions have their own tokens, or a period of 2 without a header (two blocks
     * that alternate "odd" and "even" are a list, not a grid). The smallest period that fits wins. Cost: linear in
     * the children's class tokens per period tried.
     */
    static Grid of(Element e) {
        if (e.childNodeSize() < 2 * MIN_ROWS) {
            return null;   // before childrenSize, which builds the list of element children
        }
        int n = e.childrenSize();
        if (n < 2 * MIN_ROWS) {
            return null;
        }
        String tag = e.child(0).normalName();
        if (!tag.equals("div") && !tag.equals("span")) {
            return null;
        }
        List<Set<String>> tokens = new ArrayList<>(n);
        for (Element c : e.children()) {
            if (!c.normalName().equals(tag)) {
                return null;
            }
            tokens.add(c.classNames());
        }
        for (int k = 2; k <= MAX_PERIOD && k * MIN_ROWS <= n; k++) {
            if (n % k != 0) {
                continue;
            }
            List<Set<String>> positions = positions(tokens, k);
            if (positions == null) {
                continue;
            }
            boolean body = true;   // the first row is a row like the others
            for (int p = 0; p < k; p++) {
                body &= tokens.get(p).containsAll(positions.get(p));
            }
            boolean header = header(tokens, k);
            if (!body && !header) {
                continue;
            }
            if (header ? n / k - 1 >= MIN_ROWS : k >= 3 && n / k >= MIN_ROWS) {
                return new Grid(k, header);
            }
        }
        return null;
    }

    /**
     * Each position's own tokens: those every cell at the position has below the first row (which may be a header
     * with classes of its own, javadoc's {@code table-header col-first} over {@code col-constructor-name} cells),
     * less those another position has too; null if a position is left with none.
     */
    private static List<Set<String>> positions(List<Set<String>> tokens, int k) {
        List<Set<String>> out = new ArrayList<>(k);
        for (int p = 0; p < k; p++) {
            Set<String> common = new HashSet<>(tokens.get(p + k));
            for (int i = p + 2 * k; i < tokens.size() && !common.isEmpty(); i += k) {
                common.retainAll(tokens.get(i));
            }
            out.add(common);
        }
        // a token every position has (javadoc's method-summary-table on every cell) says nothing of the column
        Set<String> shared = new HashSet<>();
        for (int p = 0; p < k; p++) {
            for (int q = p + 1; q < k; q++) {
                for (String t : out.get(p)) {
                    if (out.get(q).contains(t)) {
                        shared.add(t);
                    }
                }
            }
        }
        for (Set<String> own : out) {
            own.removeAll(shared);
            if (own.isEmpty()) {
                return null;
            }
        }
        return out;
    }

    /** Whether each of the first k cells has a token no later cell at its position has. */
    private static boolean header(List<Set<String>> tokens, int k) {
        for (int p = 0; p < k; p++) {
            Set<String> own = new HashSet<>(tokens.get(p));
            for (int i = p + k; i < tokens.size() && !own.isEmpty(); i += k) {
                own.removeAll(tokens.get(i));
            }
            if (own.isEmpty()) {
                return false;
            }
        }
        return true;
    }
}
