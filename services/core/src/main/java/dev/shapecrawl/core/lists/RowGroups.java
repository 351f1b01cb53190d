package dev.shapecrawl.core.lists;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.jsoup.nodes.Element;

/**
 * A table whose records take several rows each ({@link Addition#ROW_GROUPS}): after at most
 * {@value #MAX_LEAD} leading rows (a section heading), a run of groups of k rows in which each position has its
 * own row shape, the same in every group. Doxygen's member declarations are such a table: per member a row of
 * type and name ({@code td.memItemLeft}, {@code td.memItemRight}), a row of the brief description
 * ({@code td.mdescLeft}, {@code td.mdescRight}) and a separator row ({@code td.memSeparator}). Read row by row,
 * the rows alternate between two shapes and no run of them is a list of members. shapecrawl, beyond the seed:
 * SWLE (Agostinho 2015) reads one record per markup item (docs/lists.md §3).
 *
 * <p>A row's shape is its cells' tags, class attributes and column spans, so a table whose rows all have one shape
 * (most data tables) has no groups, and the rows' own classes (often "odd"/"even", or an id per member) do not
 * count.
 *
 * @param period the rows per record, 2..{@value #MAX_PERIOD}
 * @param lead   the rows before the first group, 0..{@value #MAX_LEAD}, read as single rows
 * @param groups the number of groups in the run, at least {@value #MIN_GROUPS}; rows after it are single rows
 */
record RowGroups(int period, int lead, int groups) {
    /** The most rows per record looked for. */
    static final int MAX_PERIOD = 4;
    /** The most leading rows (headings) before the first group. */
    static final int MAX_LEAD = 2;
    /** The fewest groups: as for {@link Grid#MIN_ROWS}, fewer are not told from unrelated rows. */
    static final int MIN_GROUPS = 2;

    /**
     * The row groups an element's rows form, or null if none: the element's children must all be {@code tr}. The
     * grouping that covers the most rows wins, the smallest period first. Cost: the rows' cells once, then linear
     * in the rows per period and lead tried (at most 9).
     *
     * @param e any element (a {@code tbody} in practice: the parser puts one around a table's rows)
     * @return the groups, or null
     */
    static RowGroups of(Element e) {
        if (e.childNodeSize() < MIN_GROUPS * 2) {
            return null;   // before childrenSize, which builds the list of element children
        }
        int n = e.childrenSize();
        if (n < MIN_GROUPS * 2) {
            return null;
        }
        List<String> shapes = new ArrayList<>(n);
        for (Element row : e.children()) {
            if (!row.nameIs("tr")) {
                return null;
            }
            shapes.add(shape(row));
            if (shapes.size() == MAX_LEAD + MAX_PERIOD && oneShape(shapes.subList(MAX_LEAD, shapes.size()))) {
                return null;   // no run from a lead of at most MAX_LEAD can have positions of their own
            }
        }
        RowGroups best = null;
        for (int k = 2; k <= MAX_PERIOD; k++) {
            for (int lead = 0; lead <= MAX_LEAD && lead + k * MIN_GROUPS <= n; lead++) {
                int g = run(shapes, k, lead);
                if (g >= MIN_GROUPS && (best == null || g * k > best.groups * best.period)) {
                    best = new RowGroups(k, lead, g);
                }
            }
        }
        return best;
    }

    private static boolean oneShape(List<String> shapes) {
        for (String s : shapes) {
            if (!s.equals(shapes.get(0))) {
                return false;
            }
        }
        return true;
    }

    /** The number of whole groups of k rows from {@code lead} on that repeat the first group's shapes. */
    private static int run(List<String> shapes, int k, int lead) {
        if (new HashSet<>(shapes.subList(lead, lead + k)).size() < k) {
            return 0;   // two positions of one shape: rows of one kind, not a record in parts
        }
        return Periods.repeats(shapes, lead, k);
    }

    /** The row's cells as {@code td.a b^2|td.c}: tag, class attribute as written, column span when above 1. */
    private static String shape(Element row) {
        StringBuilder sb = new StringBuilder();
        for (Element cell : row.children()) {
            if (!sb.isEmpty()) {
                sb.append('|');
            }
            sb.append(cell.normalName());
            String classes = cell.attr("class");
            if (!classes.isEmpty()) {
                sb.append('.').append(classes);
            }
            String span = cell.attr("colspan").strip();
            if (!span.isEmpty() && !span.equals("1")) {
                sb.append('^').append(span);
            }
        }
        return sb.toString();
    }

    /** Whether the row at this index (0-based among the element's rows) is in the run of groups. */
    boolean grouped(int row) {
        return row >= lead && row < lead + groups * period;
    }

    /** Whether the row at this index ends a group. */
    boolean endsGroup(int row) {
        return grouped(row) && (row - lead) % period == period - 1;
    }
}
