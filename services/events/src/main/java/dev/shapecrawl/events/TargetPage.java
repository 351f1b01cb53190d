package dev.shapecrawl.events;

/**
 * A target page with its body, for extraction. Topic {@link Topics#TARGET_PAGES}, key {@code url} (the final
 * URL), so every extraction of one page lands on one partition.
 *
 * @param jobId      the job
 * @param url        the page's final URL
 * @param purpose    MAP or CRAWL (or SAMPLE)
 * @param similarity the similarity that made it a target, 0..1
 * @param charset    the charset the body was decoded with, or null
 * @param body       the HTML
 * @param notModified true when a re-crawl's answer has the content an earlier crawl run wrote the page's records
 *                   from ({@link FetchRequest#knownTargetHash()}: a 304's stored copy, or a whole answer with the
 *                   same body): the page is unchanged since, so it yields no new records (issue 19); null or false
 *                   otherwise, also for a page that is a target only now or has changed
 */
public record TargetPage(String jobId, String url, Purpose purpose, double similarity, String charset,
                         String body, Boolean notModified) {
    public TargetPage {
        JobIds.require(jobId);
        Urls.requireHttp("url", url);
        Checks.nonNull("purpose", purpose);
        Checks.unitInterval("similarity", similarity);
        Checks.nonNull("body", body);
    }

    /** A target page fetched now, or a stored copy ({@link #notModified} null). */
    public TargetPage(String jobId, String url, Purpose purpose, double similarity, String charset, String body) {
        this(jobId, url, purpose, similarity, charset, body, null);
    }

    /** Whether the page is unchanged since the fetch whose records were written (a 304). */
    public boolean unchanged() {
        return Boolean.TRUE.equals(notModified);
    }

    /** The Kafka key: the page URL. */
    public String key() {
        return url;
    }
}
