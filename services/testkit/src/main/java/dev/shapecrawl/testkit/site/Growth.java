package dev.shapecrawl.testkit.site;

import java.util.List;

/**
 * What one {@link GeneratedSite#grow(int, int)} added, for the re-crawl protocol of specification §7.3 and §8.6:
 * learn a navigation pattern, grow the site, crawl again and count the new targets found. All URLs are
 * root-relative, in creation order.
 *
 * @param listedTargets   new targets appended to lists (extending their {@code page=N} chains when a last page
 *                        was full): a crawler following a learned list pattern should collect them
 * @param unlistedTargets new targets linked only from one new article, not from any list or section: reachable
 *                        in mapping, but not along the list path, so a navigation pattern through the lists
 *                        misses them (the single-path limitation, specification §5.6 and §9)
 * @param newPages        every page that did not exist before: the targets, their print views, new list pages,
 *                        the new article
 * @param changedPages    existing pages whose HTML changed (list pages, the entry's latest news, the news index)
 */
public record Growth(List<String> listedTargets, List<String> unlistedTargets, List<String> newPages,
                     List<String> changedPages) {
    /** Copies every list. */
    public Growth {
        listedTargets = List.copyOf(listedTargets);
        unlistedTargets = List.copyOf(unlistedTargets);
        newPages = List.copyOf(newPages);
        changedPages = List.copyOf(changedPages);
    }
}
