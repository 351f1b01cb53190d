package dev.shapecrawl.core.crawl;

import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.SiteModelSnapshot;

/** What {@link CrawlCoordinator} produces; the pattern service forwards each to its topic. */
public interface CrawlOutput {
    /** A page to fetch (topic {@code fetch-requests}). */
    void fetch(FetchRequest request);

    /** A new navigation pattern version (topic {@code navigation-patterns}). */
    void pattern(NavigationPattern pattern);

    /** The site model of a finished mapping (topic {@code site-models}). */
    void model(SiteModelSnapshot model);

    /** The job's status now (topic {@code crawl-status}). */
    void status(CrawlStatus status);
}
