package dev.shapecrawl.events;

/** Why a page is fetched; carried from the fetch request through every event about that page. */
public enum Purpose {
    /** A user's sample page of a job. */
    SAMPLE,
    /** Breadth-first mapping of the site (Vidal 2006, Algorithm 1). */
    MAP,
    /** A form submission made to probe a search form (Moraes 2013). */
    PROBE,
    /** Pattern-driven crawling by the navigation pattern (Vidal 2006, §7). */
    CRAWL
}
