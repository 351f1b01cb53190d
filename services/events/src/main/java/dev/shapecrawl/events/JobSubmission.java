package dev.shapecrawl.events;

import java.util.ArrayList;
import java.util.List;

/**
 * The events that publish a crawl job, in the order they are sent: its samples ({@code s1}, {@code s2}, … on
 * {@link Topics#CRAWL_SAMPLES}), its negative samples ({@code n1}, {@code n2}, …: pages not of the kind wanted,
 * issue 18), then its seed on {@link Topics#CRAWL_SEEDS} naming exactly those ids ({@link CrawlSeed#sampleIds()}, so
 * no page is classified against part of them, and samples of an earlier run under other ids no longer count), all
 * keyed by the job id. {@code shapecrawl crawl} and the console's crawl form both send these (issue 22).
 *
 * @param messages the events, in sending order
 */
public record JobSubmission(List<Message> messages) {
    /**
     * One event to send.
     *
     * @param topic the topic
     * @param key   the Kafka key (the job id)
     * @param value the encoded event (JSON)
     */
    public record Message(String topic, String key, String value) {
    }

    public JobSubmission {
        messages = List.copyOf(messages);
    }

    /**
     * The events of a job.
     *
     * @param seed         the seed (its sample ids are replaced by those of {@code sampleUrls} and
     *                     {@code negativeUrls})
     * @param sampleUrls   the sample pages' URLs, at least one
     * @param negativeUrls pages not of the kind wanted, possibly none
     * @throws IllegalArgumentException for no sample or a URL that is not absolute http(s)
     */
    public static JobSubmission of(CrawlSeed seed, List<String> sampleUrls, List<String> negativeUrls) {
        if (sampleUrls == null || sampleUrls.isEmpty()) {
            throw new IllegalArgumentException("samples: at least one sample page");
        }
        List<Message> out = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        samples(seed.jobId(), "s", sampleUrls, null, out, ids);
        samples(seed.jobId(), "n", negativeUrls == null ? List.of() : negativeUrls, true, out, ids);
        out.add(new Message(Topics.CRAWL_SEEDS, seed.jobId(), EventCodec.encode(seed.withSampleIds(ids))));
        return new JobSubmission(out);
    }

    private static void samples(String jobId, String prefix, List<String> urls, Boolean negative, List<Message> out,
                                List<String> ids) {
        for (int i = 0; i < urls.size(); i++) {
            CrawlSample sample = new CrawlSample(jobId, prefix + (i + 1), urls.get(i), null, negative);
            out.add(new Message(Topics.CRAWL_SAMPLES, jobId, EventCodec.encode(sample)));
            ids.add(sample.sampleId());
        }
    }
}
