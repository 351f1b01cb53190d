package dev.shapecrawl.core.lists;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * One list SWLE extracted from a page (spec §7.3): a matrix of rows (records) and columns (attributes), named
 * where the page names them (shapecrawl, beyond the seed, whose columns are unlabelled).
 *
 * @param container   where the list sits: the path of its container element from {@code body}, each step
 *                    {@code tag[i]} with {@code i} the element's index among its parent's element children, e.g.
 *                    {@code body[0]/div[2]/ul[0]}; for a list merged across sibling containers, the first one's
 * @param ordinal     the list's index among the lists found in the same container (two groups of one element
 *                    split by a null node, spec §5.3), from 0
 * @param identity    the standard identity, rendered: separators and {@code *} for each attribute slot, e.g.
 *                    {@code * - * ( * )}
 * @param separators  the separators rows were cut at, in order (SEP, spec §4.4)
 * @param keptColumns which of the {@code separators.size() + 1} columns survived pruning, ascending
 * @param rows        the rows, each with {@code keptColumns.size()} cells; at least RL rows
 * @param fields      the columns' names, one per kept column, each once: the page's own where it names the column
 *                    (a header row, a repeated label: see {@code FieldNames}), otherwise positional ({@code c1},
 *                    {@code c2}… by the column's slot in the identity, so the same on every page of one identity)
 * @throws IllegalArgumentException if {@code fields} is not one distinct name per kept column
 */
public record ExtractedList(String container, int ordinal, String identity, List<String> separators,
                            List<Integer> keptColumns, List<List<String>> rows, List<String> fields) {
    public ExtractedList {
        separators = List.copyOf(separators);
        keptColumns = List.copyOf(keptColumns);
        rows = rows.stream().map(List::copyOf).toList();
        fields = fields == null ? positional(keptColumns) : List.copyOf(fields);
        if (fields.size() != keptColumns.size() || fields.stream().distinct().count() != fields.size()) {
            throw new IllegalArgumentException("fields: one distinct name per kept column (" + keptColumns.size()
                    + "), was " + fields);
        }
    }

    /** The prefix of a positional field name. */
    public static final String POSITIONAL_PREFIX = "c";

    /**
     * Positional names for kept columns.
     *
     * @param keptColumns the kept columns' slots, from 0
     * @return {@code c<slot+1>} for each
     */
    public static List<String> positional(List<Integer> keptColumns) {
        return keptColumns.stream().map(slot -> POSITIONAL_PREFIX + (slot + 1)).toList();
    }

    /** A list with positional field names ({@link #positional}). */
    public ExtractedList(String container, int ordinal, String identity, List<String> separators,
                         List<Integer> keptColumns, List<List<String>> rows) {
        this(container, ordinal, identity, separators, keptColumns, rows, null);
    }

    /** The number of columns after pruning. */
    public int columnCount() {
        return keptColumns.size();
    }

    /**
     * The list's id: 16 hex digits of SHA-256 over container, ordinal and identity. The same page extracted again
     * with the same settings gives the same id, so consumers can deduplicate; the page URL is not part of it
     * (records are keyed by page URL).
     */
    public String id() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] digest = sha.digest((container + "\n" + ordinal + "\n" + identity).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }
}
