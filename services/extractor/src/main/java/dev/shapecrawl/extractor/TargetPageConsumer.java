package dev.shapecrawl.extractor;

import dev.shapecrawl.core.lists.ExtractedList;
import dev.shapecrawl.core.lists.SwleExtractor;
import dev.shapecrawl.core.tree.HtmlTrees;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.ListRecord;
import dev.shapecrawl.events.TargetPage;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.messaging.HeldBodies;
import dev.shapecrawl.messaging.Inbound;
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
import org.eclipse.microprofile.reactive.messaging.OnOverflow;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The extractor's Kafka adapter: consumes {@code target-pages}, runs the core {@link SwleExtractor} on each
 * page's body, and publishes one {@code list-records} event per row, keyed by the page URL.
 *
 * <p><b>Delivery: at least once, with idempotent ids.</b> A page's offset is acknowledged only after every record
 * it produced is acknowledged by the broker ({@code acks=all}, idempotent producer). A crash redoes the
 * unacknowledged pages, and extraction is deterministic (same body, same settings: same lists, same
 * {@link ExtractedList#id()}, same rows in the same order), so a redelivered page yields records with the same
 * keys and {@link ListRecord#id()}s, which consumers deduplicate. No Kafka transactions: they would buy nothing a
 * consumer deduplicating by id does not already have.
 *
 * <p>Pages are taken in offset order and extracted on {@code threads} threads of the service's own (CPU-bound work;
 * scale further by partitions and instances). A page goes to the thread its key hashes to, so two deliveries or
 * versions of one page are extracted and their records sent in offset order, as Kafka orders a key; pages of other keys
 * go side by side. No page waits for the acknowledgements of the one before: waiting cost a producer round trip per
 * page, most of the extractor's time on the demo (docs/benchmarks.md). What is in flight is bounded twice: records sent
 * and not acknowledged ({@value #SEND_WINDOW}, half the emitter's buffer), and the bodies of pages taken and not yet
 * acknowledged ({@code max-in-flight-bytes}, {@link HeldBodies}); a full bound pauses consumption. Offsets are
 * committed only up to the first page not acknowledged (the connector's {@code throttled} strategy), so a crash still
 * redoes every page whose records are not all written. Work per page is bounded: a body over {@code max-body-chars} is
 * not parsed (counted, logged, acknowledged with no records); the parser is depth-limited ({@link HtmlTrees#parse}); at
 * most {@code max-records-per-page} records are published per page (the first ones, in extraction order, so a replay
 * cuts at the same place); a record encoded larger than {@code max-record-bytes} is dropped (the {@code list-records}
 * topic takes 1 MiB messages). A malformed event goes to {@code dead-letter-topic-target-pages} with its reason; so
 * does a page whose extraction throws or whose records the broker refuses. A page of a re-crawl unchanged since an
 * earlier run wrote its records ({@link TargetPage#notModified()}: a {@code 304 Not Modified}, or the same body) is
 * acknowledged with no records: they were written when the page last changed.
 */
@Startup
@ApplicationScoped
public class TargetPageConsumer {
    /** Incoming channel, named as its topic. */
    public static final String PAGES = Topics.TARGET_PAGES;
    /** Outgoing channel, named as its topic. */
    public static final String RECORDS = Topics.LIST_RECORDS;
    /**
     * Records sent and not yet acknowledged, at most: the emitter's buffer is twice this, so no page, however many
     * rows it has, can overflow it.
     */
    static final int SEND_WINDOW = 500;

    private static final Logger LOG = Logger.getLogger(TargetPageConsumer.class);

    private final SwleExtractor extractor;
    private final ExtractorMetrics metrics;
    private final MutinyEmitter<String> records;
    private final String settingsName;
    private final int maxBodyChars;
    private final int maxRecordsPerPage;
    private final int maxRecordBytes;
    private final HeldBodies held;
    private final Semaphore unacknowledged = new Semaphore(SEND_WINDOW);
    private final ExecutorService[] lanes;

    /**
     * @param maxBodyChars      longest body extracted, characters, &gt;= 1
     * @param maxRecordsPerPage most records published per page, &gt;= 1
     * @param maxRecordBytes    largest record published, bytes of UTF-8 key and value, &gt;= 1024
     * @param maxInFlightBytes  bodies of pages taken whose records are not all acknowledged, bytes in memory
     *                          (UTF-16), &gt;= 1024
     * @param threads           threads that extract pages, &gt;= 1; a page's key picks its thread
     * @throws IllegalArgumentException on a bound out of range (fails the start)
     */
    TargetPageConsumer(SwleExtractor extractor, ExtractorMetrics metrics,
                       @Channel(RECORDS) @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 2 * SEND_WINDOW)
                       MutinyEmitter<String> records,
                       @ConfigProperty(name = "shapecrawl.extractor.max-body-chars") int maxBodyChars,
                       @ConfigProperty(name = "shapecrawl.extractor.max-records-per-page") int maxRecordsPerPage,
                       @ConfigProperty(name = "shapecrawl.extractor.max-record-bytes") int maxRecordBytes,
                       @ConfigProperty(name = "shapecrawl.extractor.max-in-flight-bytes") long maxInFlightBytes,
                       @ConfigProperty(name = "shapecrawl.extractor.threads") int threads) {
        if (maxBodyChars < 1 || maxRecordsPerPage < 1 || maxRecordBytes < 1024 || maxInFlightBytes < 1024
                || threads < 1) {
            throw new IllegalArgumentException("shapecrawl.extractor.max-body-chars, max-records-per-page and threads"
                    + " must be >= 1, max-record-bytes and max-in-flight-bytes >= 1024; were " + maxBodyChars + ", "
                    + maxRecordsPerPage + ", " + threads + ", " + maxRecordBytes + ", " + maxInFlightBytes);
        }
        this.extractor = extractor;
        this.metrics = metrics;
        this.records = records;
        this.settingsName = extractor.settings().name();
        this.maxBodyChars = maxBodyChars;
        this.maxRecordsPerPage = maxRecordsPerPage;
        this.maxRecordBytes = maxRecordBytes;
        this.held = new HeldBodies(maxInFlightBytes);
        metrics.inFlightBytesFrom(held::heldBytes);
        this.lanes = new ExecutorService[threads];
        for (int i = 0; i < threads; i++) {
            lanes[i] = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "extractor-work");
                t.setDaemon(true);
                return t;
            });
        }
        LOG.infof("extracting with %s on %d threads; max-body-chars %d, max-records-per-page %d, max-record-bytes %d",
                settingsName, threads, maxBodyChars, maxRecordsPerPage, maxRecordBytes);
    }

    void stop(@Observes ShutdownEvent event) throws InterruptedException {
        for (ExecutorService lane : lanes) {
            lane.shutdown();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (ExecutorService lane : lanes) {
            lane.awaitTermination(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        }
    }

    /**
     * Takes one target page: decodes it (or dead-letters it), waits for room in the in-flight budget, and starts its
     * extraction. The page is acknowledged (or nacked to the dead-letter topic) once all its records are
     * acknowledged by the broker. Runs in offset order on a worker thread, so a full budget pauses consumption.
     *
     * @throws InterruptedException if interrupted while the in-flight budget is full (the page is redelivered)
     */
    @Incoming(PAGES)
    @Blocking
    @Acknowledgment(Acknowledgment.Strategy.MANUAL)
    public CompletionStage<Void> onPage(Message<String> message) throws InterruptedException {
        Optional<TargetPage> decoded = Inbound.decode(message, EventType.TARGET_PAGE, metrics::rejected);
        if (decoded.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        TargetPage page = decoded.get();
        if (page.unchanged()) {
            // a re-crawl's 304: the page's records were written when it last changed; writing them again would
            // hand consumers duplicates (issue 19)
            metrics.unchanged();
            return message.ack();
        }
        if (page.body().length() > maxBodyChars) {
            metrics.tooLarge();
            LOG.warnf("page %s: body of %d characters exceeds max-body-chars %d; not extracted",
                    page.url(), page.body().length(), maxBodyChars);
            return message.ack();
        }
        int cost = held.holdPage(message.getPayload(), page.body());
        ExecutorService lane = lanes[Math.floorMod(page.key().hashCode(), lanes.length)];
        CompletableFuture.supplyAsync(() -> extract(page), lane)
                .thenCompose(encoded -> publish(page.key(), encoded))
                .whenComplete((v, failure) -> {
                    held.release(cost);
                    if (failure == null) {
                        message.ack();
                        return;
                    }
                    // A defect of the core on this page or a refusal of the broker, not of the service: dead-letter
                    // the page with the reason (the cause, not the future's wrapper), go on.
                    Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                            ? failure.getCause() : failure;
                    LOG.errorf(cause, "page %s: records not extracted or not written", page.url());
                    message.nack(cause);
                });
        return CompletableFuture.completedFuture(null);
    }

    /** Runs SWLE on the page and returns its records, encoded, within the bounds; updates the meters. */
    private List<String> extract(TargetPage page) {
        long start = System.nanoTime();
        List<ExtractedList> lists = extractor.extract(HtmlTrees.parse(page.body(), page.url()));
        List<String> out = new ArrayList<>();
        int listsOut = 0;
        int rows = 0;
        int tooLarge = 0;
        for (ExtractedList list : lists) {
            String listId = list.id();
            int before = out.size();
            for (int i = 0; i < list.rows().size(); i++) {
                if (++rows > maxRecordsPerPage) {
                    continue; // counted only: the cap is reported with the page's total below
                }
                String json = EventCodec.encode(ListRecord.named(page.jobId(), page.url(), listId, list.identity(), i,
                        list.rows().get(i), settingsName, list.fields()));
                if (utf8Bytes(page.key()) + utf8Bytes(json) > maxRecordBytes) {
                    tooLarge++;
                } else {
                    out.add(json);
                }
            }
            listsOut += out.size() > before ? 1 : 0;
        }
        if (rows > maxRecordsPerPage) {
            metrics.capped();
            metrics.dropped(ExtractorMetrics.CAP, rows - maxRecordsPerPage);
            LOG.warnf("page %s yields %d records in %d lists; published the first %d (max-records-per-page)",
                    page.url(), rows, lists.size(), maxRecordsPerPage);
        }
        if (tooLarge > 0) {
            metrics.dropped(ExtractorMetrics.TOO_LARGE, tooLarge);
            LOG.warnf("page %s: dropped %d records larger than max-record-bytes %d", page.url(), tooLarge,
                    maxRecordBytes);
        }
        metrics.extracted(out.isEmpty() ? ExtractorMetrics.NONE : ExtractorMetrics.LISTS, listsOut, out.size(),
                System.nanoTime() - start);
        return out;
    }

    /**
     * Sends the records under {@code key}, in order, each once a place among the {@value #SEND_WINDOW}
     * unacknowledged ones is free (waiting on this thread); completes when all are acknowledged, exceptionally if
     * one is refused or the thread is interrupted.
     */
    private CompletableFuture<Void> publish(String key, List<String> encoded) {
        CompletableFuture<?>[] sent = new CompletableFuture<?>[encoded.size()];
        for (int i = 0; i < sent.length; i++) {
            try {
                unacknowledged.acquire();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return CompletableFuture.allOf(Arrays.copyOf(sent, i))
                        .thenCompose(v -> CompletableFuture.failedFuture(e));
            }
            sent[i] = Outbound.send(records, key, encoded.get(i)).whenComplete((v, f) -> unacknowledged.release());
        }
        return CompletableFuture.allOf(sent);
    }

    private static int utf8Bytes(String s) {
        // Exact without copying the string twice for ASCII, the common case; the rare non-ASCII one is encoded.
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return s.getBytes(StandardCharsets.UTF_8).length;
            }
        }
        return s.length();
    }
}
