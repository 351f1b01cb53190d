package dev.shapecrawl.core.lists;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A record's identity within a similar-record group (Agostinho 2015 §4.2.2; spec §4.2): each token of the group's
 * separator set S becomes its ID, and every maximal run of other tokens becomes one generic placeholder G. Two
 * records with equal identities have the same separators in the same quantity and order.
 */
final class Identity {
    /** The generic placeholder. */
    static final int G = -1;

    private final int[] symbols;
    private final List<String> idText;

    private Identity(int[] symbols, List<String> idText) {
        this.symbols = symbols;
        this.idText = idText;
    }

    /**
     * The identity of one record.
     *
     * @param record the record
     * @param ids    the group's separator IDs, by token text (from S, numbered by first appearance)
     * @param idText the token text of each ID
     */
    static Identity of(TextRecord record, Map<String, Integer> ids, List<String> idText) {
        int[] buf = new int[record.tokens().size()];
        int n = 0;
        for (Token t : record.tokens()) {
            Integer id = ids.get(t.text());
            int sym = id == null ? G : id;
            if (sym == G && n > 0 && buf[n - 1] == G) {
                continue;
            }
            buf[n++] = sym;
        }
        return new Identity(Arrays.copyOf(buf, n), idText);
    }

    /** The number of generic placeholders, i.e. the attribute slots (validation 2 wants at least 2). */
    int generics() {
        int g = 0;
        for (int s : symbols) {
            if (s == G) {
                g++;
            }
        }
        return g;
    }

    /** The separators in order, repetitions included: the list SEP that separation cuts records by. */
    List<String> separators() {
        List<String> sep = new ArrayList<>();
        for (int s : symbols) {
            if (s != G) {
                sep.add(idText.get(s));
            }
        }
        return sep;
    }

    /** The identity as text: the separators' characters and {@code *} for G, joined by spaces. */
    String render() {
        StringBuilder sb = new StringBuilder();
        for (int s : symbols) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(s == G ? "*" : idText.get(s).equals(TextRecord.CELL_BOUNDARY) ? "‖"
                    : idText.get(s).equals(TextRecord.NUMBER_BOUNDARY) ? "#" : idText.get(s));
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Identity other && Arrays.equals(symbols, other.symbols);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(symbols);
    }

    @Override
    public String toString() {
        return render();
    }
}
