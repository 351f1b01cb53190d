package dev.shapecrawl.core.lists;

import java.util.List;
import org.jsoup.nodes.Element;

/**
 * Candidate lists that the labelling rule says are no lists ({@link Addition#NOT_LISTS}; docs/lists.md §6, "Not a
 * list"): SWLE (Agostinho 2015 §4.3) validates a group by its separators alone, and these pass it. Pure, static.
 */
final class NotLists {
    private NotLists() {
    }

    /**
     * Whether a found list is no list: {@link #tooFewDistinct}, {@link #navigationBlocks} or {@link #wrapped}.
     *
     * @param list      the list, named and pruned
     * @param separated its rows before column pruning, every cell
     * @param container the element whose children are its records (null if not known)
     * @param rl        the fewest records of a list (RL)
     */
    static boolean notAList(ExtractedList list, List<List<String>> separated, Element container, int rl) {
        return tooFewDistinct(list, rl) || navigationBlocks(container) || wrapped(separated);
    }

    /**
     * Fewer than RL distinct rows, or fewer than half of the rows distinct: rows that repeat one text carry no
     * data (a letter bar above and below an index, and the page's navigation line: three rows, two of one text).
     */
    static boolean tooFewDistinct(ExtractedList list, int rl) {
        long distinct = list.rows().stream().distinct().count();
        return distinct < rl || 2 * distinct < list.rows().size();
    }

    /**
     * Whether the container is a navigation landmark ({@code nav}, {@code role="navigation"}) or a child of one (a
     * wrapper): the records are the landmark's own blocks, a menu (Sphinx's sidebar: "Table of contents",
     * "Previous topic", "Next topic", each with a numbered link, so they share a separator). A list deeper inside
     * (the table of contents in a sidebar's block) is read as any other.
     */
    static boolean navigationBlocks(Element container) {
        return container != null && (landmark(container)
                || container.parent() != null && landmark(container.parent()));
    }

    private static boolean landmark(Element e) {
        return e.nameIs("nav") || "navigation".equalsIgnoreCase(e.attr("role"));
    }

    /**
     * Whether the rows are one bracketed expression wrapped across lines: a parenthesis the first row opens is
     * closed only by the last, so no row but the last is complete (Doxygen lays a function's prototype out as a
     * table, a parameter to a row: {@code f (| int a,} / {@code | int b,} / {@code | int c )}). The records of a
     * list are complete each.
     */
    static boolean wrapped(List<List<String>> rows) {
        if (rows.size() < 2) {
            return false;
        }
        int depth = 0;
        for (int i = 0; i < rows.size(); i++) {
            for (String cell : rows.get(i)) {
                for (int c = 0; c < cell.length(); c++) {
                    char ch = cell.charAt(c);
                    depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
                }
            }
            boolean last = i == rows.size() - 1;
            if (last ? depth != 0 : depth <= 0) {
                return false;
            }
        }
        return true;
    }
}
