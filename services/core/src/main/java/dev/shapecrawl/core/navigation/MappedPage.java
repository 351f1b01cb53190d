package dev.shapecrawl.core.navigation;

import dev.shapecrawl.events.Urls;

import java.util.List;

/**
 * One page the mapping requested (Vidal 2006, Algorithm 2; specification §4.2): where the breadth-first search
 * first found it and whether the classifier took it for a target page.
 *
 * @param url       the page's URL (the requested one), absolute http(s), in
 *                  {@link dev.shapecrawl.core.page.UrlNormalizer}'s form
 * @param parentUrl the page that first linked to it (its parent in the breadth-first tree), null for the entry
 *                  point
 * @param level     the thesis's level: 1 for the entry point, a page found on a level-{@code n} page is at level
 *                  {@code n + 1}; >= 1
 * @param order     discovery order, unique within a mapping, increasing; GROUP visits pages in this order and
 *                  pattern choice breaks ties by it (specification §5.2, §5.6); >= 0
 * @param target    whether the page is structurally similar to the sample (a target page)
 * @param referrers other mapped pages that link to it, besides the parent, in discovery order; a bounded sample
 *                  (the coordinator keeps a few), empty if unknown. Used for coverage ({@link Reach}); the map's
 *                  tree still uses the parent alone, as the seed's does
 * @param formId    for a form submission's result page, the id of the form submitted on the parent page (its
 *                  {@code url} is then the submission's key, see {@link dev.shapecrawl.core.forms.FormSubmissions});
 *                  null for a page reached by a link. GROUP keeps form nodes apart from link nodes and from other
 *                  forms' (Vidal 2006 §4.4, specification §6.6)
 */
public record MappedPage(String url, String parentUrl, int level, long order, boolean target, List<String> referrers,
                         String formId) {

    /** @throws IllegalArgumentException naming the field, if a URL is not http(s), or level or order is out of range */
    public MappedPage {
        Urls.requireHttp("url", url);
        Urls.optionalHttp("parentUrl", parentUrl);
        if (level < 1) {
            throw new IllegalArgumentException("level: must be >= 1, was " + level);
        }
        if (order < 0) {
            throw new IllegalArgumentException("order: must be >= 0, was " + order);
        }
        referrers = referrers == null ? List.of() : List.copyOf(referrers);
    }

    /** A page reached by a link. */
    public MappedPage(String url, String parentUrl, int level, long order, boolean target, List<String> referrers) {
        this(url, parentUrl, level, order, target, referrers, null);
    }

    /** A page reached by a link, without known referrers (the seed's map: the breadth-first parent only). */
    public MappedPage(String url, String parentUrl, int level, long order, boolean target) {
        this(url, parentUrl, level, order, target, List.of(), null);
    }
}
