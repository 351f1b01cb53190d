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
 */
public record TargetPage(String jobId, String url, Purpose purpose, double similarity, String charset,
                         String body) {
    public TargetPage {
        JobIds.require(jobId);
        Urls.requireHttp("url", url);
        Checks.nonNull("purpose", purpose);
        Checks.unitInterval("similarity", similarity);
        Checks.nonNull("body", body);
    }

    /** The Kafka key: the page URL. */
    public String key() {
        return url;
    }
}
