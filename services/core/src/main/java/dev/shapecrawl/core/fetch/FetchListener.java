package dev.shapecrawl.core.fetch;

import dev.shapecrawl.events.PageFetched;

/**
 * Hears about every completed fetch, for metrics (latency histograms, error counters by kind, per-host
 * rates). Called on the fetch worker thread just after the request's stage completes; must be quick and must
 * not block. Exceptions are logged and otherwise ignored.
 */
@FunctionalInterface
public interface FetchListener {
    /** A listener that does nothing. */
    FetchListener NONE = (page, latencyMs) -> {
    };

    /**
     * One request finished (successfully or with a fetch error; not called for requests cancelled by
     * {@link Fetcher#close()}).
     *
     * @param page      the outcome, as returned to the caller
     * @param latencyMs from the {@link Fetcher#fetch} call to completion, queueing, robots.txt and retries
     *                  included, ms
     */
    void onComplete(PageFetched page, long latencyMs);
}
