package dev.shapecrawl.classifier;

import dev.shapecrawl.core.classify.PageClassifier;
import dev.shapecrawl.core.page.CrawlScope;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.SamplePage;
import dev.shapecrawl.events.ScopeMode;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.messaging.Inbound;
import dev.shapecrawl.messaging.HeldBodies;
import dev.shapecrawl.messaging.Outbound;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.Startup;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.annotations.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.reactive.messaging.Acknowledgment;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The classifier's Kafka adapter: consumes {@code pages-fetched}, classifies each page with the core
 * {@link PageClassifier} against its job's samples ({@link JobViews}), and produces {@code pages-classified}
 * for every page and {@code target-pages} for target pages. A fetched sample page also resolves its sample in
 * {@code sample-pages}.
 *
 * <p>A page whose job is not ready (samples not resolved yet) is held, unacknowledged, and classified once the
 * job is ready: never against a partial sample set. Held pages are bounded by their size
 * ({@code shapecrawl.classifier.max-held-bytes}); beyond, consumption pauses. Delivery is at least once: a page's
 * offset is acknowledged after its events are acknowledged; a crash redoes the unacknowledged window, which
 * yields the same events (classification is deterministic).
 */
@Startup
@ApplicationScoped
public class PageConsumer {
    /** Incoming channel, named as its topic. */
    public static final String PAGES = Topics.PAGES_FETCHED;

    private static final Logger LOG = Logger.getLogger(PageConsumer.class);

    private final JobViews views;
    private final PageClassifier classifier;
    private final ClassifierMetrics metrics;
    private final MutinyEmitter<String> classified;
    private final MutinyEmitter<String> targets;
    private final MutinyEmitter<String> samplePages;
    private final HeldBodies held;
    private final ExecutorService work;

    PageConsumer(JobViews views, PageClassifier classifier, ClassifierMetrics metrics,
                 @Channel(Topics.PAGES_CLASSIFIED) MutinyEmitter<String> classified,
                 @Channel(Topics.TARGET_PAGES) MutinyEmitter<String> targets,
                 @Channel(Topics.SAMPLE_PAGES) MutinyEmitter<String> samplePages,
                 @ConfigProperty(name = "shapecrawl.classifier.max-held-bytes") long maxHeldBytes,
                 @ConfigProperty(name = "shapecrawl.classifier.threads") int threads) {
        if (maxHeldBytes < 1024 || threads < 1) {
            throw new IllegalArgumentException("shapecrawl.classifier.max-held-bytes must be >= 1024 and "
                    + "shapecrawl.classifier.threads >= 1");
        }
        this.views = views;
        this.classifier = classifier;
        this.metrics = metrics;
        this.classified = classified;
        this.targets = targets;
        this.samplePages = samplePages;
        this.held = new HeldBodies(maxHeldBytes);
        metrics.heldBytesFrom(held::heldBytes);
        this.work = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "classifier-work");
            t.setDaemon(true);
            return t;
        });
    }

    void stop(@Observes ShutdownEvent event) throws InterruptedException {
        work.shutdown();
        work.awaitTermination(10, TimeUnit.SECONDS);
    }

    /**
     * Admits one page: decodes it (or dead-letters it), waits for room in the held-bytes budget, and starts its
     * classification. Runs in offset order on a worker thread, so a full budget pauses consumption.
     */
    @Incoming(PAGES)
    @Blocking
    @Acknowledgment(Acknowledgment.Strategy.MANUAL)
    public CompletionStage<Void> onPage(Message<String> message) throws InterruptedException {
        Optional<PageFetched> decoded = Inbound.decode(message, EventType.PAGE_FETCHED, metrics::rejected);
        if (decoded.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        PageFetched page = decoded.get();
        int cost = held.holdPage(message.getPayload(), page.body());
        String jobId = page.request().jobId();
        CompletableFuture<Void> sampleResolved = page.request().purpose() == Purpose.SAMPLE
                ? resolveSample(page) : CompletableFuture.completedFuture(null);
        sampleResolved
                .thenCompose(v -> views.whenReady(jobId))
                .thenApplyAsync(job -> classify(page, job), work)
                .thenCompose(this::publish)
                .whenComplete((v, failure) -> {
                    held.release(cost);
                    if (failure == null) {
                        message.ack();
                    } else {
                        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                                ? failure.getCause() : failure;
                        LOG.errorf(cause, "page %s could not be classified", page.request().url());
                        message.nack(cause);
                    }
                });
        return CompletableFuture.completedFuture(null);
    }

    private PageClassifier.Outcome classify(PageFetched page, JobViews.Job job) {
        long start = System.nanoTime();
        PageClassifier.Outcome outcome = answer(classifier, page, () -> job.model() == null
                ? classifier.unclassifiable(page, job.notReadyReason())
                : classifier.classify(page, job.model(), scope(job.seed(), page),
                job.seed() == null ? null : job.seed().spec()));
        metrics.classified(outcome.classified(), System.nanoTime() - start);
        return outcome;
    }

    /**
     * The page's classification, or, when classifying it fails (a fault of ours, or the heap running out on it),
     * its classification as unclassifiable with the failure as the reason. Every page gets an answer: the pattern
     * service waits for one per page it requested, so a page dead-lettered instead would hold its job forever.
     */
    static PageClassifier.Outcome answer(PageClassifier classifier, PageFetched page,
                                         Supplier<PageClassifier.Outcome> classify) {
        try {
            return classify.get();
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            LOG.errorf(e, "page %s could not be classified; it is answered as unclassifiable", page.request().url());
            return classifier.unclassifiable(page, "classification failed: " + e);
        }
    }

    /** A fetched sample page resolves every sample of its job declared at its URL. */
    private CompletableFuture<Void> resolveSample(PageFetched page) {
        String jobId = page.request().jobId();
        return views.whenSampleDeclared(jobId, page.request().url()).thenCompose(declared -> {
            List<CompletableFuture<Void>> sent = new ArrayList<>();
            for (JobViews.Sample s : declared) {
                SamplePage resolved = page.hasBody()
                        ? new SamplePage(jobId, s.sampleId(), s.url(), SamplePage.Status.READY, page.body(), null,
                        s.negative())
                        : new SamplePage(jobId, s.sampleId(), s.url(), SamplePage.Status.FAILED, null,
                        page.error() == null ? "no HTML body" : page.error().kind() + ": " + page.error().message(),
                        s.negative());
                sent.add(Outbound.send(samplePages, resolved.key(), resolved));
            }
            if (declared.isEmpty()) {
                LOG.warnf("sample page %s of job %s matches no declared sample", page.request().url(), jobId);
            }
            return CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new));
        });
    }

    private CompletableFuture<Void> publish(PageClassifier.Outcome outcome) {
        PageClassified c = outcome.classified();
        CompletableFuture<Void> page = Outbound.send(classified, c.jobId(), c,
                Map.of(PageClassified.FORMS_HEADER, String.valueOf(c.forms().size())));
        return outcome.target()
                .map(t -> CompletableFuture.allOf(page, Outbound.send(targets, t.key(), t)))
                .orElse(page);
    }

    /** The job's scope; without a seed, the page's own host. */
    private static CrawlScope scope(CrawlSeed seed, PageFetched page) {
        return seed == null ? new CrawlScope(ScopeMode.HOST, page.finalUrl()) : CrawlScope.of(seed);
    }
}
