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
 * @param patternVersion the version of the job's latest navigation pattern, 0 before the first
 * @param run           the crawl run by the pattern: 0 while the first mapping runs, then 1, 2, … for each crawl
 *                      (a re-published seed starts the next run)
 * @param newTargets    target pages found in this run that no earlier run of the job had found, >= 0
 * @param lastError     the latest error worth a person's attention, or null
 * @param updatedAtMs   when this status was written, epoch ms
 * @param mappingReused  of {@code mappingFetches}, the answers the fetcher gave from its stored copies without
 *                       contacting the site (a mapping asked again with other samples), >= 0
 * @param crawlingReused of {@code crawlingFetches}, the answers from the fetcher's stored copies (the first crawl run
 *                       after a mapping reads the mapping's pages: one fetch per URL per run, issue 19), >= 0
 * @param crawlingNotModified of {@code crawlingFetches}, conditional requests the site answered {@code 304 Not
 *                       Modified} (a re-crawl of unchanged pages), >= 0
 * @param mappingNotModified of {@code mappingFetches}, conditional requests the site answered {@code 304} (a mapping
 *                       of pages the fetcher still holds from an earlier one), >= 0
 * @param mappingStartedMs when the last mapping started, epoch ms; 0 when unknown
 * @param crawlStartedMs when the current (or last) crawl run started, epoch ms; 0 before the first
 * @param runStartedMs  when the job's latest run started, epoch ms: the seed's start of it, whether the run began by
 *                      mapping the site (a first run, a remap, a mapping with added samples) or by crawling with the
 *                      stored pattern (a re-crawl); 0 when unknown (statuses written before it). The target pages
 *                      the latest run found are the ones written to {@link Topics#TARGET_PAGES} since then
 */
public record CrawlStatus(String jobId, Phase phase, long requested, long fetched, long failed, long targets,
                          long mappingFetches, long crawlingFetches, long patternVersion, long run, long newTargets,
                          String lastError, long updatedAtMs, long mappingReused, long crawlingReused,
                          long crawlingNotModified, long mappingNotModified, long mappingStartedMs,
                          long crawlStartedMs, long runStartedMs) {
    public CrawlStatus {
        JobIds.require(jobId);
        Checks.nonNull("phase", phase);
        Checks.nonNegative("requested", requested);
        Checks.nonNegative("fetched", fetched);
        Checks.nonNegative("failed", failed);
        Checks.nonNegative("targets", targets);
        Checks.nonNegative("mappingFetches", mappingFetches);
        Checks.nonNegative("crawlingFetches", crawlingFetches);
        Checks.nonNegative("patternVersion", patternVersion);
        Checks.nonNegative("run", run);
        Checks.nonNegative("newTargets", newTargets);
        Checks.nonNegative("updatedAtMs", updatedAtMs);
        Checks.nonNegative("mappingReused", mappingReused);
        Checks.nonNegative("crawlingReused", crawlingReused);
        Checks.nonNegative("crawlingNotModified", crawlingNotModified);
        Checks.nonNegative("mappingNotModified", mappingNotModified);
        Checks.nonNegative("mappingStartedMs", mappingStartedMs);
        Checks.nonNegative("crawlStartedMs", crawlStartedMs);
        Checks.nonNegative("runStartedMs", runStartedMs);
    }


    /** A status without stored-copy and 304 counts and phase start times (all 0). */
    public CrawlStatus(String jobId, Phase phase, long requested, long fetched, long failed, long targets,
                       long mappingFetches, long crawlingFetches, long patternVersion, long run, long newTargets,
                       String lastError, long updatedAtMs) {
        this(jobId, phase, requested, fetched, failed, targets, mappingFetches, crawlingFetches, patternVersion, run,
                newTargets, lastError, updatedAtMs, 0, 0, 0, 0, 0, 0, 0);
    }

    /**
     * Pages per second of the phase this status is in (MAPPING: the mapping's answers since it started; CRAWLING or
     * after: the crawl run's since it started, up to this status), or empty when its start is unknown or no time
     * has passed.
     */
    public java.util.OptionalDouble pagesPerSecond() {
        boolean mapping = phase == Phase.MAPPING || phase == Phase.PATTERN || run == 0;
        long start = mapping ? mappingStartedMs : crawlStartedMs;
        long pages = mapping ? mappingFetches : crawlingFetches;
        if (start <= 0 || updatedAtMs <= start) {
            return java.util.OptionalDouble.empty();
        }
        return java.util.OptionalDouble.of(pages * 1000.0 / (updatedAtMs - start));
    }

    /** Requests that reached the site (mapping and crawl run): the answers less those from stored copies. */
    public long siteRequests() {
        return mappingFetches + crawlingFetches - mappingReused - crawlingReused;
    }
}
