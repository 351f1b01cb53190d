package dev.shapecrawl.core.forms;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Text-box values after Moraes 2013 §4.2 (eq. 4.1, Figure 4.3; Madhavan-style): the top-{@code p} tokens of the
 * "text-field selection base" — document 0 the visible text of the form page, then the data region of each
 * order-1 selection result page — by {@code r_t = cf_t · log(N / df_t)}, with {@code cf_t} the occurrences in all
 * documents, {@code N} the number of documents and {@code df_t} the documents holding {@code t}. With one document
 * ({@code N = 1}: a form of text fields only) the thesis ranks by {@code cf_t} alone. One list serves every text
 * field of the form.
 *
 * <p>Where the thesis is silent (spec §3.3 recommendation, §7 item 9): lower case, split on characters that are not
 * letters or digits, tokens of fewer than 2 characters dropped, stopwords kept, ties to the first occurrence.
 * Beyond the formula: with {@code N > 1} tokens scoring 0 (present in every document, like column headers repeated
 * on every result page) are dropped, since the idf factor exists to rule them out.
 */
public final class TfIdfTokens {
    private TfIdfTokens() {
    }

    /**
     * The top tokens.
     *
     * @param documents the form page's text first, then data-region texts; not null
     * @param p         how many tokens, >= 1 (the thesis uses 50)
     * @return at most {@code p} tokens, best first
     * @throws IllegalArgumentException if {@code p < 1}
     */
    public static List<String> top(List<String> documents, int p) {
        if (p < 1) {
            throw new IllegalArgumentException("p: must be >= 1, was " + p);
        }
        Map<String, Integer> cf = new LinkedHashMap<>(); // insertion order = first occurrence, for ties
        Map<String, Integer> df = new HashMap<>();
        for (String doc : documents) {
            Set<String> inDoc = new HashSet<>();
            for (String t : tokens(doc)) {
                cf.merge(t, 1, Integer::sum);
                if (inDoc.add(t)) {
                    df.merge(t, 1, Integer::sum);
                }
            }
        }
        int n = documents.size();
        List<String> order = new ArrayList<>(cf.keySet());
        Map<String, Integer> first = new HashMap<>();
        for (int i = 0; i < order.size(); i++) {
            first.put(order.get(i), i);
        }
        Map<String, Double> score = new HashMap<>();
        for (String t : order) {
            score.put(t, n <= 1 ? cf.get(t) : cf.get(t) * Math.log((double) n / df.get(t)));
        }
        return order.stream()
                .filter(t -> n <= 1 || score.get(t) > 0)
                .sorted((a, b) -> {
                    int c = Double.compare(score.get(b), score.get(a));
                    return c != 0 ? c : Integer.compare(first.get(a), first.get(b));
                })
                .limit(p)
                .toList();
    }

    /** The tokens of {@code text}: lower case, split on non-letters/digits, at least 2 characters. */
    static List<String> tokens(String text) {
        List<String> out = new ArrayList<>();
        for (String t : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (t.length() >= 2) {
                out.add(t);
            }
        }
        return out;
    }
}
