package dev.shapecrawl.core.crawl;

import dev.shapecrawl.events.PageClassified;

/**
 * What one discovery order of a traversal brings when its turn comes: {@link CrawlCoordinator} applies answers in
 * the order it made the requests, so an answer that arrives before an earlier one waits here, in the
 * {@link CrawlStore}, until every earlier order has been applied.
 *
 * @param page the classified page answering the request with this order, or null for an order that names a URL
 *             marked seen without a request of its own (a redirect's final URL): nothing to apply, the turn passes
 */
public record ParkedAnswer(PageClassified page) {
    /** The turn of a URL that was never requested. */
    public static ParkedAnswer nothing() {
        return new ParkedAnswer(null);
    }
}
