package dev.shapecrawl.console;

import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.SiteModelSnapshot;

/**
 * One job as the jobs page shows it: what {@code shapecrawl jobs} prints, from the job's latest seed, status,
 * pattern and site model (each may be missing: a job is listed from its first event on).
 *
 * @param jobId            the job
 * @param entryUrl         the seed's entry point ("" before the seed is read)
 * @param phase            the status's phase, or {@code PENDING} before the first status
 * @param requested        pages requested in the current run
 * @param fetched          pages fetched in the current run (mapping and crawl)
 * @param failed           pages that failed
 * @param targets          target pages found
 * @param mappingFetches   pages of the last mapping
 * @param crawlingFetches  pages of the last crawl run
 * @param requestsToSite   of those, the requests that reached the site (the rest came from stored copies)
 * @param notModified      {@code 304} answers of the re-crawl
 * @param patternVersion   the navigation pattern's version (0: none yet)
 * @param run              the crawl run (1: the first)
 * @param lastError        the last error, or ""
 * @param updatedAtMs      when the status was written (ms since the epoch; 0 before the first status)
 * @param classes          the site model's page classes (0: no model yet)
 * @param targetClasses    of those, the classes taken for targets
 * @param decision         the target decision's status ("" before the model)
 * @param records          list records extracted, each once ({@code list-records})
 */
public record JobSummary(String jobId, String entryUrl, String phase, long requested, long fetched, long failed,
                         long targets, long mappingFetches, long crawlingFetches, long requestsToSite,
                         long notModified, long patternVersion, long run, String lastError, long updatedAtMs,
                         int classes, long targetClasses, String decision, long records) {

    /** The summary of a job from whatever of its events have been read (null for those not read yet). */
    static JobSummary of(String jobId, CrawlSeed seed, CrawlStatus status, NavigationPattern pattern,
                         SiteModelSnapshot model, long records) {
        String entry = seed != null ? seed.entryUrl() : pattern != null ? pattern.entryUrl() : "";
        int classes = model == null ? 0 : model.classes().size();
        long targetClasses = model == null ? 0 : model.targetClasses();
        String decision = model == null || model.decisionStatus() == null ? "" : model.decisionStatus();
        if (status == null) {
            return new JobSummary(jobId, entry, "PENDING", 0, 0, 0, 0, 0, 0, 0, 0,
                    pattern == null ? 0 : pattern.patternVersion(), 0, "", 0, classes, targetClasses, decision, records);
        }
        return new JobSummary(jobId, entry, status.phase().name(), status.requested(), status.fetched(),
                status.failed(), status.targets(), status.mappingFetches(), status.crawlingFetches(),
                status.siteRequests(), status.mappingNotModified() + status.crawlingNotModified(),
                status.patternVersion(), status.run(), status.lastError() == null ? "" : status.lastError(),
                status.updatedAtMs(), classes, targetClasses, decision, records);
    }
}
