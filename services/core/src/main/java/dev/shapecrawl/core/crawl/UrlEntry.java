package dev.shapecrawl.core.crawl;

import java.util.ArrayList;
import java.util.List;

/**
 * What a job knows of one URL in one traversal (a mapping or a crawl run): the breadth-first tree's parent and
 * depth, the discovery order, whether the request is answered, and the outcome.
 *
 * @param depth     link distance from the entry point (the entry is 0), >= 0
 * @param parentUrl the page that first linked to this URL (the BFS tree's parent), null for the entry point
 * @param order     discovery sequence within the job, unique and increasing; ties in pattern learning are broken
 *                  by it (Vidal 2006, specification §5.2, §5.6)
 * @param done      whether the page's classification has arrived
 * @param target    whether the page was classified as a target page (only meaningful when {@code done})
 * @param states    in a crawl-spec job, the page class a class link gave the URL (seed 001 §4.2); otherwise
 *                  the pattern states the page was reached in, as encoded by
 *                  {@link dev.shapecrawl.core.navigation.PatternMatcher}; empty while mapping
 * @param referrers while mapping: other expanded pages that link to this URL, besides the parent, in the order
 *                  met, at most {@value #MAX_REFERRERS} ({@link dev.shapecrawl.core.navigation.MappedPage#referrers()})
 * @param formId    the form whose submission this is (the key is then
 *                  {@link dev.shapecrawl.core.forms.FormSubmissions#key}), or null for a URL reached by a link
 * @param similarity the page's similarity to the nearest sample, 0..1, once answered and classified; null
 *                  otherwise (a failed fetch, a non-HTML page, a redirect's final URL). The site-wide target
 *                  decision at the end of a mapping is made over these (issue 18)
 * @param negativeSimilarity the page's similarity to the nearest negative sample, 0..1, when the job has one and
 *                  the page was classified; null otherwise
 * @param via       while a sampled mapping: the id ({@link CollectionOutcomes#id}) of the link collection path the
 *                  URL was sampled through, whose outcome its answer counts for; null otherwise (the entry point, a
 *                  sample's neighbour, a full mapping, a crawl, entries written before it)
 * @param viaName   the id ({@link CollectionOutcomes#id}) of the name (anchor text) of the link the URL was taken
 *                  through, whose outcome its answer counts for: in a sampled mapping a sampled link's, in a crawl a
 *                  confirmed target page's link's; null otherwise (a link with no text, the entry point, a sample's
 *                  neighbour, a full mapping, a hub's link in a crawl)
 */
public record UrlEntry(int depth, String parentUrl, long order, boolean done, boolean target, String states,
                       List<String> referrers, String formId, Double similarity, Double negativeSimilarity,
                       String via, String viaName) {
    /**
     * The most referrers kept per URL. Coverage needs one referrer that a branch reaches (a list that names the
     * target), and a page linked from every page of a site (its navigation) must not grow an entry per page.
     */
    public static final int MAX_REFERRERS = 8;

    public UrlEntry {
        if (depth < 0) {
            throw new IllegalArgumentException("depth: must be >= 0, was " + depth);
        }
        states = states == null ? "" : states;
        referrers = referrers == null ? List.of() : List.copyOf(referrers);
    }

    /**
     * A URL just requested through a link whose collection path and name count what it leads to ({@code via},
     * {@code viaName}: their ids, or null).
     */
    public static UrlEntry requested(int depth, String parentUrl, long order, String states, String via,
                                     String viaName) {
        return new UrlEntry(depth, parentUrl, order, false, false, states, List.of(), null, null, null, via, viaName);
    }

    /** A form submission just requested: the result page of form {@code formId} submitted on {@code parentUrl}. */
    public static UrlEntry submitted(int depth, String parentUrl, long order, String states, String formId) {
        return new UrlEntry(depth, parentUrl, order, false, false, states, List.of(), formId, null, null, null, null);
    }

    /** This entry reached in {@code states} (encoded as {@link dev.shapecrawl.core.navigation.PatternMatcher} does). */
    public UrlEntry withStates(String states) {
        return new UrlEntry(depth, parentUrl, order, done, target, states, referrers, formId, similarity,
                negativeSimilarity, via, viaName);
    }

    /** This entry with its answer recorded: the page's provisional target flag and its similarities (or null). */
    public UrlEntry answered(boolean isTarget, Double similarity, Double negativeSimilarity) {
        return new UrlEntry(depth, parentUrl, order, true, isTarget, states, referrers, formId, similarity,
                negativeSimilarity, via, viaName);
    }

    /**
     * This entry with {@code url} among its referrers; this same entry if {@code url} is the parent, is already
     * there, or there is no room left.
     */
    public UrlEntry withReferrer(String url) {
        if (url.equals(parentUrl) || referrers.size() >= MAX_REFERRERS || referrers.contains(url)) {
            return this;
        }
        List<String> more = new ArrayList<>(referrers);
        more.add(url);
        return new UrlEntry(depth, parentUrl, order, done, target, states, more, formId, similarity,
                negativeSimilarity, via, viaName);
    }
}
