package dev.shapecrawl.core.lists;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Separation of records into attributes and column pruning (Agostinho 2015 §4.2.4; spec §4.4). The thesis's
 * printed Algorithm 2 never advances its separator index; this is the corrected greedy, leftmost, left-to-right
 * matching of the spec (§4.4 [R]).
 */
final class Separation {
    private Separation() {
    }

    /**
     * Cuts a record's tokens at the separators {@code sep}, matched greedily in order.
     *
     * @return {@code sep.size() + 1} cells, or null if the separators are not all found in order
     */
    static List<List<Token>> separate(List<Token> tokens, List<String> sep) {
        List<List<Token>> cells = new ArrayList<>(sep.size() + 1);
        List<Token> cur = new ArrayList<>();
        int idx = 0;
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.text().equals(sep.get(idx))) {
                cells.add(cur);
                cur = new ArrayList<>();
                if (++idx == sep.size()) {
                    cells.add(new ArrayList<>(tokens.subList(i + 1, tokens.size())));
                    return cells;
                }
            } else {
                cur.add(t);
            }
        }
        return null;
    }

    /** A cell's text: its tokens joined with one space where the source had whitespace (spec §4.4 [D]). */
    static String cellText(List<Token> cell) {
        StringBuilder sb = new StringBuilder();
        for (Token t : cell) {
            if (t.text().equals(TextRecord.CELL_BOUNDARY) || t.text().equals(TextRecord.NUMBER_BOUNDARY)) {
                continue;   // a boundary that is not one of the list's separators is no text
            }
            if (sb.length() > 0 && t.spaceBefore()) {
                sb.append(' ');
            }
            sb.append(t.text());
        }
        return sb.toString().strip();
    }

    /**
     * The columns kept after pruning (spec §4.4): first every column empty in all rows goes, then every column
     * whose most frequent value (empty counts as a value) fills more than {@code rc} of the rows.
     *
     * @param rows         the rows' cell texts, all of the same width
     * @param rc           RC, 0..1
     * @param constantOnly {@link Addition#DATA_COLUMNS}: only a column with one value in every row is removed
     * @return the indexes of the kept columns, ascending
     */
    static List<Integer> keptColumns(List<List<String>> rows, double rc, boolean constantOnly) {
        List<Integer> kept = new ArrayList<>();
        int width = rows.get(0).size();
        for (int c = 0; c < width; c++) {
            boolean allEmpty = true;
            Map<String, Integer> counts = new HashMap<>();
            int top = 0;
            for (List<String> row : rows) {
                String v = row.get(c);
                allEmpty &= v.isEmpty();
                top = Math.max(top, counts.merge(v, 1, Integer::sum));
            }
            boolean repeated = constantOnly ? top == rows.size() : (double) top / rows.size() > rc;
            if (!allEmpty && !repeated) {
                kept.add(c);
            }
        }
        return kept;
    }
}
