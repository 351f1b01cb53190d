package dev.shapecrawl.core.forms;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Text-box values after Vidal 2006 §4.2 (spec §6.4 step 4): the {@code n} (15 in the thesis, which "always included
 * suitable query terms") least frequent terms of the sample pages together with the page holding the form — terms
 * representative of the site's topic.
 *
 * <p>Where the thesis is silent (spec §6.4 [R]): visible text; split on non-letters (accented letters kept); tokens
 * shorter than 3 characters, pure numbers and English/Portuguese stopwords dropped; counted case-sensitively over
 * all pages combined (the thesis's example terms keep their capitals); ascending count, ties to the first
 * occurrence (sample pages first, then the form page).
 */
public final class LeastFrequentTerms {
    /** A small stopword list for the two languages of the seeds' sites (English test sites, Brazilian ones). */
    static final Set<String> STOPWORDS = Set.of(
            "the", "and", "for", "with", "from", "that", "this", "are", "was", "were", "you", "your", "our", "not",
            "but", "all", "any", "can", "has", "have", "had", "its", "per", "page", "next", "more", "search",
            "uma", "um", "com", "para", "por", "que", "dos", "das", "nos", "nas", "uns", "umas", "ser", "sao",
            "são", "não", "nao", "mais", "como", "pelo", "pela", "seu", "sua", "entre", "sobre", "ate", "até");

    private LeastFrequentTerms() {
    }

    /**
     * The least frequent terms.
     *
     * @param pages the sample pages' visible texts, then the form page's; not null
     * @param n     how many terms, >= 1 (the thesis uses 15)
     * @return at most {@code n} terms, rarest first
     * @throws IllegalArgumentException if {@code n < 1}
     */
    public static List<String> of(List<String> pages, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("n: must be >= 1, was " + n);
        }
        Map<String, Integer> count = new LinkedHashMap<>();
        for (String page : pages) {
            for (String t : page.split("[^\\p{L}]+")) {
                if (t.length() >= 3 && !STOPWORDS.contains(t.toLowerCase(Locale.ROOT))) {
                    count.merge(t, 1, Integer::sum);
                }
            }
        }
        List<String> order = new ArrayList<>(count.keySet());
        Map<String, Integer> first = new HashMap<>();
        for (int i = 0; i < order.size(); i++) {
            first.put(order.get(i), i);
        }
        order.sort((a, b) -> {
            int c = Integer.compare(count.get(a), count.get(b));
            return c != 0 ? c : Integer.compare(first.get(a), first.get(b));
        });
        return List.copyOf(order.subList(0, Math.min(n, order.size())));
    }
}
