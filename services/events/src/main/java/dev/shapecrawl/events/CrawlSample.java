package dev.shapecrawl.events;

/**
 * One sample page of a job: a page of the kind the user wants. Topic {@link Topics#CRAWL_SAMPLES}, key
 * {@code jobId}. Either {@code url} (the system fetches it) or {@code html} (inline; {@code url}, if given, is
 * its base URL) must be present.
 *
 * @param jobId    the job, see {@link JobIds}
 * @param sampleId the sample's id within the job, not blank (a later event with the same id replaces it)
 * @param url      the sample's URL, absolute http(s); required when {@code html} is null
 * @param html     the sample's HTML, or null
 * @param negative true for a <em>negative</em> sample: a page <em>not</em> of the kind wanted ("not like this
 *                 page"), which resolves an AMBIGUOUS target decision (issue 18): a page at least as similar to a
 *                 negative sample as to every positive one is never a target; null or false: a positive sample
 */
public record CrawlSample(String jobId, String sampleId, String url, String html, Boolean negative) {
    public CrawlSample {
        JobIds.require(jobId);
        Checks.nonBlank("sampleId", sampleId);
        Urls.optionalHttp("url", url);
        if (url == null && (html == null || html.isBlank())) {
            throw new IllegalArgumentException("url: a sample needs a url or inline html");
        }
    }
}
