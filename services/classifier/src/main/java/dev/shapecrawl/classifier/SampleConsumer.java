package dev.shapecrawl.classifier;

import dev.shapecrawl.events.CrawlSample;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.SamplePage;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.messaging.Inbound;
import dev.shapecrawl.messaging.Outbound;
import io.quarkus.runtime.Startup;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.annotations.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Acknowledgment;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Declares each user sample ({@code crawl-samples}) to every classifier instance through {@code sample-pages}:
 * inline HTML is READY at once; a URL is PENDING until its page is fetched ({@link PageConsumer}). A malformed
 * sample goes to {@code dead-letter-topic-crawl-samples} with the reason.
 */
@Startup
@ApplicationScoped
public class SampleConsumer {
    /** Incoming channel, named as its topic. */
    public static final String SAMPLES = Topics.CRAWL_SAMPLES;
    /** How long a sample waits at startup for the job views to catch up, ms. */
    static final long CATCH_UP_WAIT_MS = 60_000;

    private final JobViews views;
    private final MutinyEmitter<String> samplePages;
    private final ClassifierMetrics metrics;

    SampleConsumer(JobViews views, @Channel(Topics.SAMPLE_PAGES) MutinyEmitter<String> samplePages,
                   ClassifierMetrics metrics) {
        this.views = views;
        this.samplePages = samplePages;
        this.metrics = metrics;
    }

    @Incoming(SAMPLES)
    @Blocking
    @Acknowledgment(Acknowledgment.Strategy.MANUAL)
    public CompletionStage<Void> onSample(Message<String> message) throws InterruptedException {
        Optional<CrawlSample> decoded = Inbound.decode(message, EventType.CRAWL_SAMPLE, metrics::rejected);
        if (decoded.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        CrawlSample sample = decoded.get();
        // Decide against the whole history of sample-pages, not a partial one.
        views.awaitCaughtUp(CATCH_UP_WAIT_MS);
        SamplePage next = sample.html() != null
                ? new SamplePage(sample.jobId(), sample.sampleId(), sample.url(), SamplePage.Status.READY,
                sample.html(), null, sample.negative())
                : new SamplePage(sample.jobId(), sample.sampleId(), sample.url(), SamplePage.Status.PENDING, null, null,
                sample.negative());
        Optional<JobViews.Sample> current = views.sample(sample.jobId(), sample.sampleId());
        if (next.status() == SamplePage.Status.PENDING && current.isPresent()
                && current.get().status() != SamplePage.Status.PENDING && sample.url().equals(current.get().url())) {
            // A replay of a sample already resolved: declaring it PENDING again would hold the job's pages for a
            // page nobody will fetch again.
            return message.ack();
        }
        CompletableFuture<Void> sent = Outbound.send(samplePages, next.key(), next);
        return sent.thenCompose(v -> message.ack());
    }
}
