package dev.shapecrawl.events;

/**
 * The state of one sample page of a job as the classifiers see it. Topic {@link Topics#SAMPLE_PAGES}
 * (compacted, internal to the classifier), key {@link #key()}: every classifier instance reads the whole topic
 * so that every instance can classify any page of any job, while the sample's own page (fetched like any other
 * page) reaches only one of them.
 *
 * <p>A sample starts {@code PENDING} (declared by a {@code crawl-sample} event with a URL, page not fetched
 * yet), then becomes {@code READY} (with its HTML) or {@code FAILED} (its fetch failed; {@code reason} says
 * why). An inline-HTML sample is {@code READY} at once.
 *
 * @param jobId    the job
 * @param sampleId the sample's id within the job
 * @param url      the sample's URL (its base URL for inline HTML), or null
 * @param status   PENDING, READY or FAILED
 * @param html     the sample's HTML when READY, else null
 * @param reason   why a FAILED sample failed, else null
 * @param negative true for a negative sample ({@link CrawlSample#negative()}); null or false: positive
 */
public record SamplePage(String jobId, String sampleId, String url, Status status, String html, String reason,
                         Boolean negative) {

    /** Where a sample stands. */
    public enum Status {
        PENDING,
        READY,
        FAILED
    }

    public SamplePage {
        JobIds.require(jobId);
        Checks.nonBlank("sampleId", sampleId);
        Urls.optionalHttp("url", url);
        Checks.nonNull("status", status);
        if (status == Status.READY && html == null) {
            throw new IllegalArgumentException("html: a READY sample carries its HTML");
        }
    }

    /** Whether this is a negative sample ("not like this page"). */
    public boolean negativeSample() {
        return Boolean.TRUE.equals(negative);
    }

    /** The Kafka key: {@code jobId/sampleId}, so compaction keeps the latest state of each sample. */
    public String key() {
        return jobId + "/" + sampleId;
    }
}
