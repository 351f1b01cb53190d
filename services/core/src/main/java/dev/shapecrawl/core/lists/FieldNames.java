package dev.shapecrawl.core.lists;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.jsoup.nodes.Element;

/**
 * Names of a list's columns (issue 20; shapecrawl, beyond the seed, whose columns are unlabelled: Agostinho 2015
 * §4.2.4). A column is named by the page where the page names it, in this order:
 * <ol>
 *   <li><b>Named parts</b> of reference entries ({@link EntryItems}, {@link Addition#ENTRIES}): the sub-headings and
 *       labels that name an entry's parts name the columns of the list the entries form; their unnamed slots
 *       fall through to the rules below.</li>
 *   <li><b>A header row</b> over the list's cells: a table's {@code thead} row, or its first row when its cells
 *       with text are {@code th}s or wholly bold and the row below is not; a {@link Grid}'s header. A column the
 *       header names is kept even where column pruning dropped it (one value in every row is still data). A header cell names the columns its cell was cut into (the second one
 *       {@code name_2}, …); a header whose cell count differs from the list's names nothing. The one cell of a
 *       one-column table of blocks ({@link BlockItems#soleCellOfBlocks}) names its blocks' columns. The header row,
 *       where grouping took it in as the list's first row, is dropped from the rows: it is the names, not a
 *       record (docs/lists.md §6, tables).</li>
 *   <li><b>A repeated label</b>: the column just before is the same text in every row and ends at a {@code :} (a
 *       {@code Price: 12} in each item); the label, without its colon, names the column after it.</li>
 *   <li><b>Positional</b> otherwise: {@code c} and the column's slot in the list's identity, from 1 ({@code c1},
 *       {@code c3}…). The identity fixes the slots, so the name is the same on every page where a list of that
 *       identity occurs, and a consumer can build one table per list identity.</li>
 * </ol>
 * Names are trimmed, whitespace collapsed, cut at {@value #MAX_NAME_CHARS} characters, and made distinct with
 * {@code _2}, {@code _3}… Pure functions; thread-safe.
 */
public final class FieldNames {
    /** The prefix of a positional name ({@link ExtractedList#POSITIONAL_PREFIX}). */
    public static final String POSITIONAL_PREFIX = ExtractedList.POSITIONAL_PREFIX;
    /** The longest name kept, characters: a "header" longer than this is text, not a name. */
    public static final int MAX_NAME_CHARS = 100;
    /** The widest header read, cells (a {@code colspan} counts its columns). */
    static final int MAX_HEADER_CELLS = 64;

    private FieldNames() {
    }

    /**
     * The list, named from the page around it.
     *
     * @param found     the list as grouping found it (rows before pruning included)
     * @param container the element whose children's records made the list, or null (positional names only)
     * @return the list with its {@link ExtractedList#fields()}, its header row dropped where it held one
     */
    static FoundList name(FoundList found, Element container) {
        return name(found, container, List.of());
    }

    /**
     * The list, named from the page around it or by the names of the entries it was read from.
     *
     * @param found     the list as grouping found it (rows before pruning included)
     * @param container the element whose children's records made the list, or null (positional names only)
     * @param entries   the slot names of the {@link EntryItems} groups under the container ("" for an unnamed slot);
     *                  the one with a slot per cell of the list names it, before any header row
     * @return the list with its {@link ExtractedList#fields()}, its header row dropped where it held one
     */
    static FoundList name(FoundList found, Element container, List<List<String>> entries) {
        ExtractedList list = found.list();
        int cellCount = 1 + (int) list.separators().stream().filter(TextRecord.CELL_BOUNDARY::equals).count();
        List<String> header = entries.stream().filter(names -> names.size() == cellCount).findFirst()
                .orElseGet(() -> container == null ? null : header(container));
        if (header != null && header.size() != cellCount) {
            header = null;
        }
        List<List<String>> separated = found.separated();
        List<List<String>> rows = list.rows();
        if (header != null && !separated.isEmpty() && letters(String.join("", separated.get(0)))
                .equals(letters(String.join("", header)))) {
            separated = separated.subList(1, separated.size());
            rows = rows.subList(1, rows.size());
        }
        int[] cellOf = cells(list.separators());
        List<Integer> kept = list.keptColumns();
        if (header != null) {
            // a column the page names is data, even with one value in every row (a table's "Type" column of
            // booleans): pruning took it for decoration (datacols), the header says otherwise
            TreeSet<Integer> all = new TreeSet<>(kept);
            for (int slot = 0; slot < cellOf.length; slot++) {
                boolean firstOfCell = slot == 0 || cellOf[slot] != cellOf[slot - 1];
                if (firstOfCell && !clean(header.get(cellOf[slot])).isEmpty()) {
                    all.add(slot);
                }
            }
            if (all.size() != kept.size()) {
                List<Integer> restored = List.copyOf(all);
                kept = restored;
                rows = separated.stream().map(r -> restored.stream().map(r::get).toList()).toList();
            }
        }
        List<String> names = new ArrayList<>(kept.size());
        Set<String> used = new HashSet<>();
        int lastCell = -1;
        int inCell = 0;
        for (int slot : kept) {
            String name = null;
            if (header != null) {
                int cell = cellOf[slot];
                inCell = cell == lastCell ? inCell + 1 : 1;
                lastCell = cell;
                String h = clean(header.get(cell));
                name = h.isEmpty() ? null : inCell == 1 ? h : h + "_" + inCell;
            }
            if (name == null) {
                name = label(separated, list.separators(), slot);
            }
            if (name == null) {
                name = POSITIONAL_PREFIX + (slot + 1);
            }
            names.add(distinct(name, used));
        }
        ExtractedList named = new ExtractedList(list.container(), list.ordinal(), list.identity(), list.separators(),
                kept, rows, names);
        return new FoundList(named, separated);
    }

    /** The cell (0-based) each slot of a row lies in: the cell boundaries among the separators before it. */
    private static int[] cells(List<String> separators) {
        int[] out = new int[separators.size() + 1];
        for (int i = 0; i < separators.size(); i++) {
            out[i + 1] = out[i] + (TextRecord.CELL_BOUNDARY.equals(separators.get(i)) ? 1 : 0);
        }
        return out;
    }

    /** The repeated label that names {@code slot}: the slot before, one text in every row, ending at a colon. */
    private static String label(List<List<String>> rows, List<String> separators, int slot) {
        if (slot == 0 || rows.isEmpty()) {
            return null;
        }
        String first = rows.get(0).get(slot - 1);
        for (List<String> row : rows) {
            if (!row.get(slot - 1).equals(first)) {
                return null;
            }
        }
        String text = clean(first);
        boolean colon = ":".equals(separators.get(slot - 1)) || text.endsWith(":");
        text = text.endsWith(":") ? text.substring(0, text.length() - 1).trim() : text;
        return colon && !text.isEmpty() && text.length() <= MAX_NAME_CHARS ? text : null;
    }

    /** The header cells' texts over a table's or a grid's rows, or null where there is no header. */
    static List<String> header(Element container) {
        Grid grid = container.nameIs("div") || container.nameIs("span") ? Grid.of(container) : null;
        if (grid != null) {
            if (!grid.header()) {
                return null;
            }
            List<String> names = new ArrayList<>(grid.period());
            for (int i = 0; i < grid.period(); i++) {
                names.add(container.child(i).text());
            }
            return names;
        }
        Element table = tableOf(container);
        if (table == null) {
            return null;
        }
        Element headerRow = null;
        for (Element part : table.children()) {
            if (part.nameIs("thead") && part != container) {
                for (Element tr : part.children()) {
                    if (tr.nameIs("tr")) {
                        headerRow = tr;   // the last row of the head: the one above the cells
                    }
                }
            }
        }
        if (headerRow == null) {
            headerRow = headerAtTop(table);
        }
        return headerRow == null ? null : cellTexts(headerRow);
    }

    /** The table whose rows a container holds: the table itself, or the table of its body, head or foot; else null. */
    static Element tableOf(Element container) {
        return container.nameIs("table") ? container
                : container.parent() != null && container.parent().nameIs("table")
                && (container.nameIs("tbody") || container.nameIs("thead") || container.nameIs("tfoot"))
                ? container.parent() : null;
    }

    private static Element headerAtTop(Element table) {
        List<Element> trs = new ArrayList<>(2);
        for (Element part : table.children()) {
            List<Element> rows = part.nameIs("tr") ? List.of(part)
                    : part.nameIs("tbody") || part.nameIs("thead") ? part.children() : List.of();
            for (Element tr : rows) {
                if (tr.nameIs("tr") && trs.size() < 2) {
                    trs.add(tr);
                }
            }
        }
        // only the table's first row can be its header, and a row like the one below it is a row
        return trs.isEmpty() || !headingRow(trs.get(0)) || trs.size() > 1 && headingRow(trs.get(1)) ? null : trs.get(0);
    }

    /**
     * Whether a row reads as column headings: at least two cells with text, each a {@code th} or a cell whose whole
     * text is bold ({@code b}/{@code strong}, old HTML's header row); empty cells (a corner) may sit between.
     */
    private static boolean headingRow(Element tr) {
        int named = 0;
        for (Element cell : tr.children()) {
            if (!cell.nameIs("th") && !cell.nameIs("td")) {
                return false;
            }
            String text = cell.text().strip();
            if (text.isEmpty()) {
                continue;
            }
            if (!cell.nameIs("th")) {
                StringBuilder bold = new StringBuilder();
                cell.select("b, strong").forEach(b -> bold.append(b.text()));
                if (!letters(bold.toString()).equals(letters(text))) {
                    return false;
                }
            }
            named++;
        }
        return named >= 2;
    }

    private static List<String> cellTexts(Element tr) {
        List<String> names = new ArrayList<>();
        if (tr.childrenSize() == 1 && BlockItems.soleCellOfBlocks(tr.child(0))) {
            // the header of a one-column table of blocks names the blocks ("Column Type" / "Description")
            tr.child(0).children().forEach(block -> names.add(block.text()));
            return names;
        }
        for (Element cell : tr.children()) {
            if (!cell.nameIs("th") && !cell.nameIs("td")) {
                continue;
            }
            int span = 1;
            try {
                span = Math.max(1, Integer.parseInt(cell.attr("colspan").trim()));
            } catch (NumberFormatException e) {
                // no colspan, or not a number: one column, as browsers read it
            }
            for (int i = 0; i < span && names.size() < MAX_HEADER_CELLS; i++) {
                names.add(cell.text());
            }
        }
        return names;
    }

    private static String clean(String s) {
        String t = s.replace('\u00a0', ' ').replaceAll("\\s+", " ").trim();
        return t.length() > MAX_NAME_CHARS ? "" : t;
    }

    private static String letters(String s) {
        return s.replaceAll("[^\\p{L}\\p{N}]", "").toLowerCase(Locale.ROOT);
    }

    private static String distinct(String name, Set<String> used) {
        String out = name;
        for (int i = 2; !used.add(out); i++) {
            out = name + "_" + i;
        }
        return out;
    }
}
