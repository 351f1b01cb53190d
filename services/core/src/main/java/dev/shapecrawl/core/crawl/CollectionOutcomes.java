package dev.shapecrawl.core.crawl;

import java.util.HashMap;
import java.util.Map;

/**
 * What a sampled mapping has learnt of each link collection path so far: of the pages it requested through a path
 * (on any page) and has applied, how many there were and how many were target pages. A path whose first
 * {@link LinkSampling#PER_COLLECTION} applied pages were all other pages is <b>closed</b>: the mapping samples no
 * more links through it, on any page (shapecrawl's rule, beyond seed 001; docs/navigation.md §8).
 *
 * <p>Why: seed 001 samples 3 links of every link collection of every page it expands (Cibecchini 2017, thesis
 * §3.3.1), on the premise that a few URLs characterise a collection. A collection at the same path of another page of
 * the same template is the same class link (thesis §3.3.3: a class link is a path of the source class's pages),
 * and a few of its URLs characterise it just as well. A navigation bar whose links change with the page (a
 * javadoc's "Use", "Tree", "Next package" and "Frames" links) otherwise takes 3 new pages from every page the
 * mapping expands: on junit 4.13.2 86 of the 200 sampled pages were such pages, and the sample is what a first run
 * fetches beyond the targets (issue 19's bound of 1.25 requests per target). A path that led to a target page stays
 * open: the pages of a target list are what the crawl fetches anyway. The mapping counts the names (anchor texts) of
 * its sampled links the same way ({@code CrawlCoordinator#sampledLinkName}), and a crawl the names of a confirmed
 * target page's links ({@link #requested}, {@code CrawlCoordinator#targetLinkName}).
 *
 * <p>Immutable; at most {@link #MAX_PATHS} paths are tracked (a path first met beyond that stays open, so a page
 * with thousands of collections costs no more state and samples as the seed does).
 *
 * @param paths path id ({@link #id}) → its outcome so far; at most {@link #MAX_PATHS} entries
 */
public record CollectionOutcomes(Map<String, Outcome> paths) {
    /** Most paths tracked per mapping: 1,024 (bounds the job state, which is written with every answer). */
    public static final int MAX_PATHS = 1024;
    /** Nothing learnt yet. */
    public static final CollectionOutcomes NONE = new CollectionOutcomes(Map.of());

    /**
     * Of the pages requested through one path and applied: how many, and how many were target pages.
     *
     * @param applied pages applied, >= 0
     * @param targets of those, target pages (the mapping's provisional decision), 0..applied
     */
    public record Outcome(int applied, int targets) {
    }

    public CollectionOutcomes {
        paths = paths == null ? Map.of() : Map.copyOf(paths);
    }

    /**
     * A short, stable id of a link collection path (its {@code String.hashCode} in hex: the job state keeps ids, not
     * paths of a hundred characters; two paths that share an id share an outcome, which at worst closes one early).
     *
     * @param path a link collection's root-to-element path, as {@link dev.shapecrawl.events.PageCollections} keys it
     * @return 1..8 lower-case hex digits
     */
    public static String id(String path) {
        return Integer.toHexString(path.hashCode());
    }

    /**
     * Whether the mapping still samples links through a path: fewer than {@link LinkSampling#PER_COLLECTION} pages
     * requested through it are applied, or one of them was a target page.
     *
     * @param pathId the path's {@link #id}
     */
    public boolean open(String pathId) {
        Outcome o = paths.get(pathId);
        return o == null || o.targets() > 0 || o.applied() < LinkSampling.PER_COLLECTION;
    }

    /**
     * These outcomes with one more page requested through {@code pathId} applied.
     *
     * @param pathId the path's {@link #id}
     * @param target whether the page was a target page
     * @return the updated outcomes; this one when the path is new and {@link #MAX_PATHS} are tracked already
     */
    public CollectionOutcomes applied(String pathId, boolean target) {
        return counted(pathId, 1, target ? 1 : 0);
    }

    /**
     * These outcomes with one more page requested through {@code id}, counted as an other page until it is
     * {@link #found} a target. The crawl's count for a target page's link name
     * ({@code CrawlCoordinator#targetLinkName}): it closes a name on the pages <em>requested</em>, since a crawl asks
     * for all its target pages before the first page their links lead to is answered (a target page's links are
     * taken in turn order, after every page requested before them), so counting answers would close nothing.
     *
     * @param id the name's id ({@link #id})
     * @return the updated outcomes; this one when the id is new and {@link #MAX_PATHS} are tracked already
     */
    public CollectionOutcomes requested(String id) {
        return counted(id, 1, 0);
    }

    /**
     * These outcomes with a page {@link #requested} through {@code id} found a target page: the id is open again.
     *
     * @param id the name's id ({@link #id})
     * @return the updated outcomes; this one when the id is new and {@link #MAX_PATHS} are tracked already
     */
    public CollectionOutcomes found(String id) {
        return counted(id, 0, 1);
    }

    private CollectionOutcomes counted(String id, int pages, int targets) {
        Outcome o = paths.get(id);
        if (o == null && paths.size() >= MAX_PATHS) {
            return this;
        }
        Map<String, Outcome> next = new HashMap<>(paths); // the constructor copies it once more, unordered
        next.put(id, o == null ? new Outcome(pages, targets)
                : new Outcome(o.applied() + pages, o.targets() + targets));
        return new CollectionOutcomes(next);
    }
}
