package dev.shapecrawl.events;

/**
 * A job's progress. Topic {@link Topics#CRAWL_STATUS} (compacted), key {@code jobId}: the latest is kept.
 *
 * @param jobId         the job
 * @param phase         the phase now
 * @param requested     fetch requests sent so far, >= 0
 * @param fetched       pages fetched so far (successes and failures), >= 0
 * @param failed        fetches that failed, >= 0
 * @param targets       target pages found so far, >= 0
 * @param mappingFetches pages fetched while mapping, >= 0
 * @param crawlingFetches pages fetched while crawling by the pattern, >= 0
 * @param lastError     the latest error worth a person's attention, or null
 * @param updatedAtMs   when this status was written, epoch ms
 */
public record CrawlStatus(String jobId, Phase phase, long requested, long fetched, long failed, long targets,
                          long mappingFetches, long crawlingFetches, String lastError, long updatedAtMs) {
    public CrawlStatus {
        JobIds.require(jobId);
        Checks.nonNull("phase", phase);
        Checks.nonNegative("requested", requested);
        Checks.nonNegative("fetched", fetched);
        Checks.nonNegative("failed", failed);
        Checks.nonNegative("targets", targets);
        Checks.nonNegative("mappingFetches", mappingFetches);
        Checks.nonNegative("crawlingFetches", crawlingFetches);
        Checks.nonNegative("updatedAtMs", updatedAtMs);
    }
}
