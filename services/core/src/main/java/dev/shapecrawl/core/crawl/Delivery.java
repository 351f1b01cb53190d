package dev.shapecrawl.core.crawl;

/**
 * What became of an event handed to {@link CrawlCoordinator}: taken by a job the coordinator holds, or naming a job
 * it has no state for. The coordinator never drops the second kind silently: it answers it, and the adapter counts
 * it, logs it with its topic and partition, and dead-letters what can never be applied (issue 17: a job whose events
 * are split over two tasks by two partitioners hung with no sign of why).
 */
public enum Delivery {
    /**
     * The job is known: the event was applied, kept for later, or recognised as a harmless duplicate (a redelivery,
     * a late answer of an ended traversal).
     */
    ACCEPTED,
    /**
     * No job of that id is held here: a classified page answers a request no job on this store made, so it can never
     * be applied; a form verdict is kept for a mapping of that job that may still start.
     */
    UNKNOWN_JOB
}
