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
     * Whether a found list is no list: {@link #tooFewDistinct}, {@link #navigationBlocks}, {@link #wrapped} or,
     * unless it is a table, {@link #singleValues}.
     *
     * @param list      the list, named and pruned
     * @param separated its rows before column pruning, every cell
     * @param container the element whose children are its records (null if not known)
     * @param rl        the fewest records of a list (RL)
     */
    static boolean notAList(ExtractedList list, List<List<String>> separated, Element container, int rl) {
        return tooFewDistinct(list, rl) || navigationBlocks(container) || wrapped(separated)
                || !isTable(list, container) && singleValues(separated);
    }

    /**
     * Whether the list is a table, whose rows are records by its columns even where most of a column is empty
     * (javadoc's constructors and enum constants without a description): its page names the columns (a header), or
     * its records are a table's rows.
     */
    static boolean isTable(ExtractedList list, Element container) {
        return !list.fields().equals(ExtractedList.positional(list.keptColumns()))
                || container != null && FieldNames.tableOf(container) != null;
    }

    /**
     * Fewer than half of the rows hold two values or more (cells that are not blank): items of a single value each,
     * which §6 says are no list, tables aside ({@link #isTable}). rustdoc's section headings, each followed by its
     * block of items: the blocks are lists of their own, so a heading is all its item's text holds.
     */
    static boolean singleValues(List<List<String>> rows) {
        int several = 0;
        for (List<String> row : rows) {
            int values = 0;
            for (String cell : row) {
                if (!cell.isBlank() && ++values == 2) {
                    several++;
                    break;
                }
            }
        }
        return 2 * several < rows.size();
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
