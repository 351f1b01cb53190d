package dev.shapecrawl.core.crawl;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which links of a page a sampled mapping requests: seed 001's per-collection sample (Cibecchini 2017, thesis
 * §3.3.1; spec §2.10 and §3.3, {@code pickNonConsecutive}). A link collection is the set of anchors at one
 * root-to-element path of the page ({@code PageCollections}); a few URLs characterise a whole collection, so only
 * {@link #PER_COLLECTION} of each are taken.
 *
 * <ul>
 *   <li><b>Which links of a collection:</b> evenly spaced among the collection's eligible links (first, middle,
 *       last for three), the spec's recommendation [D] for the "3 non-consecutive links" the thesis leaves open
 *       (spec §8 item 4). Evenly spaced links of an alphabetical list differ in their first letters, which is what
 *       lets the navigation pattern's URL regexes generalise from them (a run of consecutive links gave
 *       {@code A[a-zA-Z]*}-like steps that missed the rest of the list: docs/navigation.md).</li>
 *   <li><b>Which collections first:</b> the largest first (dense navigation, spec §3.7, the strategy of the
 *       seed's experiments), ties in document order, so that the budget goes to the lists of a page before its
 *       menus.</li>
 *   <li><b>Menus:</b> the thesis downloads a collection in full once the pages it leads to fall into different
 *       classes. Here a collection that leads to pages of several kinds is sampled like the rest; what the
 *       first sample misses is reached by the crawl, which follows the pattern's URL regexes to every page of the
 *       kinds the sample saw. Menus in full were measured and not taken (docs/navigation.md §8): fewer requests on
 *       the javadoc sites, but a larger sample on which the site-wide target decision turned ambiguous.</li>
 *   <li><b>The samples' lists</b> (shapecrawl's, beyond the seed): in a collection that holds a positive sample's
 *       URL, the sample and the links on either side of it are taken too ({@link #besideSamples}). Three links of
 *       each collection can miss a small kind altogether: gtk-doc's GIO manual lists its 9 command-line manual pages
 *       among 229 pages, and a sample of 200 met none of them, so the target decision had nothing of the sample's
 *       kind to decide on (docs/navigation.md §8). A list names its entries in groups, so a sample's neighbours in
 *       it are the likeliest pages of its kind.</li>
 *   <li><b>Closed paths</b> (shapecrawl's, beyond the seed): a collection path whose first three sampled pages, on
 *       whatever pages they were met, were all other pages than targets gives no more links
 *       ({@link CollectionOutcomes}): the same class link seen again, typically a navigation bar whose links change
 *       with the page. The samples' lists are read whatever their path.</li>
 * </ul>
 * Pure and deterministic: the same page, the same samples and the same known URLs give the same choice, whatever
 * the timing (the coordinator applies answers in request order).
 */
public final class LinkSampling {
    /** Links taken from each link collection: 3 (seed 001 §3.3.1, footnote 3; spec §2.10). */
    public static final int PER_COLLECTION = 3;

    private LinkSampling() {
    }

    /**
     * The links to request from one page.
     *
     * @param collections   the page's link collections: path → URLs in document order, without repeats
     * @param eligible      whether a URL may be requested (in scope, not seen yet in the traversal)
     * @param perCollection links taken from each collection, >= 1
     * @return the chosen URLs, each once, largest collection first, each collection's in document order
     * @throws IllegalArgumentException if {@code perCollection} < 1
     */
    public static List<String> choose(Map<String, List<String>> collections, Predicate<String> eligible,
                                      int perCollection) {
        return List.copyOf(choose(collections, eligible, path -> true, perCollection).keySet());
    }

    /**
     * The links to request from one page, each with the path of the collection it is taken from.
     *
     * @param collections   the page's link collections: path → URLs in document order, without repeats
     * @param eligible      whether a URL may be requested (in scope, not seen yet in the traversal)
     * @param open          whether links are still sampled through a collection path ({@link CollectionOutcomes});
     *                      a closed path's collection gives none
     * @param perCollection links taken from each collection, >= 1
     * @return chosen URL → the path it was taken from, largest collection first, each collection's in document
     *         order; a URL in several collections is taken from the largest
     * @throws IllegalArgumentException if {@code perCollection} < 1
     */
    public static Map<String, String> choose(Map<String, List<String>> collections, Predicate<String> eligible,
                                             Predicate<String> open, int perCollection) {
        if (perCollection < 1) {
            throw new IllegalArgumentException("perCollection: must be >= 1, was " + perCollection);
        }
        List<Map.Entry<String, List<String>>> bySize = new ArrayList<>(collections.entrySet());
        bySize.sort(Comparator.comparingInt((Map.Entry<String, List<String>> c) -> c.getValue().size()).reversed());
        Map<String, String> chosen = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> collection : bySize) { // stable sort: ties in document order
            if (!open.test(collection.getKey())) {
                continue;
            }
            List<String> candidates = collection.getValue().stream()
                    .filter(u -> !chosen.containsKey(u) && eligible.test(u)).toList();
            for (String url : evenlySpaced(candidates, perCollection)) {
                chosen.put(url, collection.getKey());
            }
        }
        return chosen;
    }

    /**
     * The links next to the samples: in every collection that holds a sample URL, the sample itself and the eligible
     * links just before and after it, in document order.
     *
     * @param collections the page's link collections: path → URLs in document order, without repeats
     * @param samples     the positive samples' URLs, in the collections' (normalised) form
     * @param eligible    whether a URL may be requested (in scope, not seen yet in the traversal)
     * @return the chosen URLs, each once; empty when no collection holds a sample
     */
    public static List<String> besideSamples(Map<String, List<String>> collections, Set<String> samples,
                                             Predicate<String> eligible) {
        if (samples.isEmpty()) {
            return List.of();
        }
        Set<String> chosen = new LinkedHashSet<>();
        for (List<String> collection : collections.values()) {
            for (int i = 0; i < collection.size(); i++) {
                if (!samples.contains(collection.get(i))) {
                    continue;
                }
                for (int j = Math.max(0, i - 1); j <= Math.min(collection.size() - 1, i + 1); j++) {
                    if (eligible.test(collection.get(j))) {
                        chosen.add(collection.get(j));
                    }
                }
            }
        }
        return List.copyOf(chosen);
    }

    /**
     * At most {@code n} elements of {@code list}, evenly spaced from its first to its last: all of a list of at most
     * {@code n}; otherwise the elements at {@code round(i·(k−1)/(n−1))}, i = 0..n−1 (the first alone for n = 1).
     */
    static <T> List<T> evenlySpaced(List<T> list, int n) {
        int k = list.size();
        if (k <= n) {
            return list;
        }
        if (n == 1) {
            return List.of(list.get(0));
        }
        List<T> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(list.get((int) Math.round((double) i * (k - 1) / (n - 1))));
        }
        return out;
    }
}
