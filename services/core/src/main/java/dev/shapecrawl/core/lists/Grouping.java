package dev.shapecrawl.core.lists;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * SWLE's grouping of one element's child records (Agostinho 2015 §4.2; spec §4.1–§4.5): derivation, record
 * clustering, validation and separation. Stateless.
 */
final class Grouping {
    /**
     * The share of sibling records that must hold a character for it to be one of their separators
     * ({@link Addition#SIBLINGS}), 0..1. At 0.5 a character inside half of the values joins the separators and
     * splits the list (the thesis's cartoon list: the "." of "Bros." in 5 of 10 records); 0.8 keeps the seed's
     * examples and measured best on the labelled set (docs/lists.md). Overridable for measurement only.
     */
    static final double SIBLING_SEPARATOR_SHARE = Double.parseDouble(System.getProperty("swle.siblingShare", "0.8"));

    private Grouping() {
    }

    /**
     * Finds the lists among an element's child records.
     *
     * @param records   the element's non-null child records, in document order
     * @param settings  the settings
     * @param container the element's path (for {@link ExtractedList#container()}), asked for only when a list is
     *                  found: computing it walks the element's ancestors and siblings
     * @param sink      receives the lists found, in order
     * @return true if at least one list was found (the element then returns null upward, spec §4.0)
     */
    static boolean group(List<TextRecord> records, SwleSettings settings, Supplier<String> container,
                         List<FoundList> sink) {
        int n = records.size();
        if (n < settings.rl() || n - settings.nd() <= 0) {
            return false;
        }
        List<Set<String>> level = new ArrayList<>(n);
        for (TextRecord r : records) {
            Set<String> s = r.separatorSet(settings.separatorsSpecialOnly());
            level.add(s.isEmpty() ? null : s);
        }
        for (int d = 0; d < settings.nd(); d++) {
            List<Set<String>> next = new ArrayList<>(level.size() - 1);
            for (int j = 0; j + 1 < level.size(); j++) {
                next.add(meet(level.get(j), level.get(j + 1)));
            }
            level = next;
        }
        boolean emitted = false;
        int ordinal = 0;
        for (int a = 0; a < level.size(); ) {
            if (level.get(a) == null) {
                a++;
                continue;
            }
            int b = a;
            while (b + 1 < level.size() && level.get(b + 1) != null) {
                b++;
            }
            FoundList list = validateAndSeparate(records.subList(a, b + settings.nd() + 1),
                    union(level.subList(a, b + 1)), settings, container, ordinal, false);
            if (list != null) {
                sink.add(list);
                ordinal++;
                emitted = true;
            }
            a = b + 1;
        }
        return emitted;
    }

    /**
     * With {@link Addition#SIBLINGS}: all of an element's records, which come from child elements of one tag,
     * tried as one group. The separator set is every separator candidate that at least {@link #SIBLING_SEPARATOR_SHARE} of the records hold
     * (derivation would instead split the list wherever ND+1 neighbours share no character); for structural
     * records (table rows, definition-list entries) it is the cell boundary alone, since the cells are the
     * columns. Validation asks that at least IP of the records separate completely under the standard identity's
     * separators (the seed asks the same share to have exactly that identity, which extra punctuation inside values
     * breaks); separation is the seed's.
     *
     * @param structural true if the records are structural ({@link Addition#CELLS})
     * @return true if the records form a list (added to {@code sink})
     */
    static boolean groupSiblings(List<TextRecord> records, boolean structural, SwleSettings settings,
                                 Supplier<String> container, List<FoundList> sink) {
        if (records.size() < settings.rl()) {
            return false;
        }
        Set<String> separatorSet = new LinkedHashSet<>();
        if (structural) {
            separatorSet.add(TextRecord.CELL_BOUNDARY);
        } else {
            Map<String, Integer> holders = new LinkedHashMap<>();
            for (TextRecord r : records) {
                for (String sep : r.separatorSet(settings.separatorsSpecialOnly())) {
                    holders.merge(sep, 1, Integer::sum);
                }
            }
            holders.forEach((sep, n) -> {
                if (n >= SIBLING_SEPARATOR_SHARE * records.size()) {
                    separatorSet.add(sep);
                }
            });
            if (separatorSet.isEmpty()) {
                return false;
            }
        }
        FoundList list = validateAndSeparate(records, separatorSet, settings, container, 0, true);
        if (list == null) {
            return false;
        }
        sink.add(list);
        return true;
    }

    /** A derivation node of two nodes: their intersection, or null (NULL) if either is null or it is empty. */
    private static Set<String> meet(Set<String> x, Set<String> y) {
        if (x == null || y == null) {
            return null;
        }
        Set<String> m = new LinkedHashSet<>(x);
        m.retainAll(y);
        return m.isEmpty() ? null : m;
    }

    private static Set<String> union(List<Set<String>> nodes) {
        Set<String> s = new LinkedHashSet<>();
        nodes.forEach(s::addAll);
        return s;
    }

    /** Validation (spec §4.3) and separation with column pruning (§4.4) of one similar-record group. */
    private static FoundList validateAndSeparate(List<TextRecord> members, Set<String> separatorSet,
                                                     SwleSettings settings, Supplier<String> container,
                                                     int ordinal,
                                                     boolean bySeparation) {
        if (members.size() < settings.rl()) {
            return null;
        }
        Map<String, Integer> ids = new HashMap<>();
        List<String> idText = new ArrayList<>();
        for (TextRecord m : members) {
            for (Token t : m.tokens()) {
                if (separatorSet.contains(t.text()) && !ids.containsKey(t.text())) {
                    ids.put(t.text(), idText.size());
                    idText.add(t.text());
                }
            }
        }
        Map<Identity, Integer> counts = new LinkedHashMap<>();
        for (TextRecord m : members) {
            counts.merge(Identity.of(m, ids, idText), 1, Integer::sum);
        }
        Identity standard = null;
        int best = 0;
        for (Map.Entry<Identity, Integer> e : counts.entrySet()) {
            // by separation (siblings), an identity with one attribute slot (a term without definition) cannot
            // be the standard one; the records that have it still separate, with an empty cell
            if (e.getValue() > best && (!bySeparation || e.getKey().generics() >= 2)) {   // strict: ties keep the earliest first occurrence (spec §4.3 [D])
                standard = e.getKey();
                best = e.getValue();
            }
        }
        if (standard == null || (!bySeparation && (double) best / members.size() < settings.ip())
                || standard.generics() < 2) {
            return null;
        }
        List<String> sep = standard.separators();
        List<List<String>> rows = new ArrayList<>();
        for (TextRecord m : members) {
            List<List<Token>> cells = Separation.separate(m.tokens(), sep);
            if (cells != null) {
                rows.add(cells.stream().map(Separation::cellText).toList());
            }
        }
        if (rows.size() < settings.rl() || (bySeparation && (double) rows.size() / members.size() < settings.ip())) {
            return null;
        }
        List<Integer> kept = Separation.keptColumns(rows, settings.rc(), settings.has(Addition.DATA_COLUMNS));
        if (kept.size() < 2) {
            return null;
        }
        List<List<String>> pruned = rows.stream().map(r -> kept.stream().map(r::get).toList()).toList();
        return new FoundList(new ExtractedList(container.get(), ordinal, standard.render(), sep, kept, pruned), rows);
    }
}
