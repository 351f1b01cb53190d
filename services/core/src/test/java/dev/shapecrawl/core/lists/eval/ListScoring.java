package dev.shapecrawl.core.lists.eval;

import dev.shapecrawl.core.lists.ExtractedList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The seed's metric (Agostinho 2015 §5.3; spec §8.2), made operational. Fixed before any result was looked at.
 *
 * <ul>
 *   <li>Texts are compared as multisets of words: maximal runs of letters and digits, lower-cased. So punctuation
 *       (which SWLE consumes as separators) and cell boundaries do not matter.</li>
 *   <li>An extracted row <em>matches</em> a labelled record when at least 80% of the row's words are in the record
 *       and the row holds at least 50% of the record's words (a row may lose a column to RC pruning).</li>
 *   <li>Rows are matched one to one, in order, to the first unmatched record that they match. An extracted list
 *       <em>refers to</em> the labelled list that more than half of its rows match (the one with most matches; on a
 *       tie, one not yet found, since pages repeat identical lists).</li>
 *   <li>IE-RC (relevant collected): refers to a labelled list and matches at least 50% of its records. Every other
 *       extracted list counts against precision: one that refers to no list (IE-nRC) and one that holds under 50%
 *       (the thesis does not say how it counted those; we count them as wrong).</li>
 *   <li>Recall is over labelled lists that are not tables ({@code kind: table}): SWLE extracts lists (thesis §1.1);
 *       an extracted list that matches a labelled table still counts as correct. Recall with tables is reported too.</li>
 * </ul>
 */
final class ListScoring {
    static final double ROW_PRECISION = 0.8;
    static final double ROW_COVERAGE = 0.5;
    static final double LIST_SHARE = 0.5;

    /** Counts over one or more pages. */
    record Counts(int extracted, int correct, int partial, int unrelated, int labelled, int found,
                  int labelledWithTables, int foundWithTables, int labelledNamed, int foundNamed, int named) {
        static final Counts ZERO = new Counts(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

        Counts plus(Counts o) {
            return new Counts(extracted + o.extracted, correct + o.correct, partial + o.partial,
                    unrelated + o.unrelated, labelled + o.labelled, found + o.found,
                    labelledWithTables + o.labelledWithTables, foundWithTables + o.foundWithTables,
                    labelledNamed + o.labelledNamed, foundNamed + o.foundNamed, named + o.named);
        }

        double precision() {
            return extracted == 0 ? 0 : (double) correct / extracted;
        }

        double recall() {
            return labelled == 0 ? 0 : (double) found / labelled;
        }

        double f1() {
            double p = precision();
            double r = recall();
            return p + r == 0 ? 0 : 2 * p * r / (p + r);
        }

        double recallWithTables() {
            return labelledWithTables == 0 ? 0 : (double) foundWithTables / labelledWithTables;
        }

        String row(String name) {
            return String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %.3f | %.3f | **%.3f** | %.3f |", name,
                    extracted, correct, partial, unrelated, precision(), recall(), f1(), recallWithTables());
        }
    }

    static final String HEADER = "| setting | extracted | IE-RC | partial | IE-nRC | P | R | F1 | R with tables |\n"
            + "|---|---|---|---|---|---|---|---|---|";

    private ListScoring() {
    }

    /** Scores one page's extracted lists against its labels. */
    static Counts score(LabelledPage page, List<ExtractedList> extracted) {
        return score(page, extracted, null);
    }

    /**
     * Scores one page's extracted lists against its labels, and tells each labelled list that no extracted list
     * collected (with the best share of its records one list matched), for diagnosis.
     */
    static Counts score(LabelledPage page, List<ExtractedList> extracted,
                        java.util.function.BiConsumer<LabelledPage.LabelledList, String> missed) {
        List<List<Map<String, Integer>>> labelled = new ArrayList<>();
        for (LabelledPage.LabelledList l : page.lists()) {
            labelled.add(l.records().stream().map(r -> words(String.join(" ", r))).toList());
        }
        boolean[] found = new boolean[labelled.size()];
        ExtractedList[] foundBy = new ExtractedList[labelled.size()];
        int correct = 0;
        int partial = 0;
        int unrelated = 0;
        for (ExtractedList e : extracted) {
            List<Map<String, Integer>> rowWords = e.rows().stream().map(r -> words(String.join(" ", r))).toList();
            int bestList = -1;
            int bestMatches = 0;
            for (int li = 0; li < labelled.size(); li++) {
                int m = matches(rowWords, labelled.get(li));
                // ties (pages repeat identical lists: a book's table of contents and each chapter's) go to a list
                // not yet found, so one list is not credited for its twins
                if (m > bestMatches || (m == bestMatches && m > 0 && found[bestList] && !found[li])) {
                    bestMatches = m;
                    bestList = li;
                }
            }
            if (bestList < 0 || bestMatches * 2 <= e.rows().size()) {
                unrelated++;
                if (missed != null) {
                    missed.accept(null, "EXTRA " + e.rows().size() + " rows " + e.identity() + " "
                            + String.join(" | ", e.rows().get(0)));
                }
            } else if (bestMatches >= LIST_SHARE * labelled.get(bestList).size()) {
                correct++;
                if (!found[bestList]) {
                    foundBy[bestList] = e;
                }
                found[bestList] = true;
            } else {
                partial++;
                if (missed != null) {
                    missed.accept(null, "PART " + e.rows().size() + " rows, " + bestMatches + " of "
                            + labelled.get(bestList).size() + " of " + page.lists().get(bestList).name());
                }
            }
        }
        int lists = 0;
        int foundLists = 0;
        int foundAll = 0;
        for (int li = 0; li < labelled.size(); li++) {
            boolean table = page.lists().get(li).table();
            if (!table) {
                lists++;
                foundLists += found[li] ? 1 : 0;
            }
            foundAll += found[li] ? 1 : 0;
        }
        if (missed != null) {
            for (int li = 0; li < labelled.size(); li++) {
                if (!found[li]) {
                    int best = 0;
                    for (ExtractedList e : extracted) {
                        best = Math.max(best, matches(e.rows().stream().map(r -> words(String.join(" ", r))).toList(),
                                labelled.get(li)));
                    }
                    missed.accept(page.lists().get(li), best + " of " + labelled.get(li).size() + " records in one list");
                }
            }
        }
        int labelledNamed = 0;
        int foundNamed = 0;
        int named = 0;
        for (int li = 0; li < labelled.size(); li++) {
            LabelledPage.LabelledList l = page.lists().get(li);
            if (l.named()) {
                labelledNamed++;
                if (found[li]) {
                    foundNamed++;
                    boolean match = namesMatch(l.fields(), foundBy[li].fields());
                    named += match ? 1 : 0;
                    if (!match && missed != null) {
                        missed.accept(null, "NAMES " + l.name() + ": labelled " + l.fields() + ", extracted "
                                + foundBy[li].fields());
                    }
                }
            }
        }
        return new Counts(extracted.size(), correct, partial, unrelated, lists, foundLists, labelled.size(), foundAll,
                labelledNamed, foundNamed, named);
    }

    /**
     * Whether every name the page gives is among the extracted list's field names (docs/lists.md §6): case,
     * surrounding spaces, inner runs of spaces and a trailing colon ignored.
     */
    static boolean namesMatch(List<String> labelled, List<String> extracted) {
        java.util.Set<String> have = new java.util.HashSet<>();
        extracted.forEach(n -> have.add(nameKey(n)));
        return labelled.stream().filter(n -> n != null && !n.isBlank()).allMatch(n -> have.contains(nameKey(n)));
    }

    private static String nameKey(String name) {
        String t = name.replace('\u00a0', ' ').replaceAll("\\s+", " ").strip().toLowerCase(Locale.ROOT);
        return t.endsWith(":") ? t.substring(0, t.length() - 1).strip() : t;
    }

    /** How many of the list's rows match distinct records of one labelled list, one to one, in order. */
    private static int matches(List<Map<String, Integer>> rows, List<Map<String, Integer>> records) {
        boolean[] taken = new boolean[records.size()];
        int n = 0;
        for (Map<String, Integer> rw : rows) {
            for (int i = 0; i < records.size(); i++) {
                if (!taken[i] && rowMatches(rw, records.get(i))) {
                    taken[i] = true;
                    n++;
                    break;
                }
            }
        }
        return n;
    }

    static boolean rowMatches(Map<String, Integer> row, Map<String, Integer> record) {
        int rowTotal = total(row);
        int recordTotal = total(record);
        if (rowTotal == 0 || recordTotal == 0) {
            return false;
        }
        int common = 0;
        for (Map.Entry<String, Integer> w : row.entrySet()) {
            common += Math.min(w.getValue(), record.getOrDefault(w.getKey(), 0));
        }
        return common >= ROW_PRECISION * rowTotal && common >= ROW_COVERAGE * recordTotal;
    }

    private static int total(Map<String, Integer> words) {
        int t = 0;
        for (int c : words.values()) {
            t += c;
        }
        return t;
    }

    /** The multiset of words (runs of letters and digits, lower-cased) of a text. */
    static Map<String, Integer> words(String text) {
        Map<String, Integer> out = new HashMap<>();
        StringBuilder w = new StringBuilder();
        for (int i = 0; i <= text.length(); ) {
            int cp = i < text.length() ? text.codePointAt(i) : ' ';
            if (Character.isLetterOrDigit(cp)) {
                w.appendCodePoint(Character.toLowerCase(cp));
            } else if (w.length() > 0) {
                out.merge(w.toString(), 1, Integer::sum);
                w.setLength(0);
            }
            i += i < text.length() ? Character.charCount(cp) : 1;
        }
        return out;
    }
}
