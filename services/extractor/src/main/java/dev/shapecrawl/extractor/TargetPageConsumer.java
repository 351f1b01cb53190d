package dev.shapecrawl.extractor;

import dev.shapecrawl.core.lists.ExtractedList;
import dev.shapecrawl.core.lists.SwleExtractor;
import dev.shapecrawl.core.tree.HtmlTrees;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.ListRecord;
import dev.shapecrawl.events.TargetPage;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.messaging.Inbound;
import dev.shapecrawl.messaging.Outbound;
import io.quarkus.runtime.Startup;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.annotations.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.reactive.messaging.Acknowledgment;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

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
 * <p>Pages are extracted one at a time per consumer, in offset order (CPU-bound work on a worker thread; scale by
 * partitions and instances). Work per page is bounded: a body over {@code max-body-chars} is not parsed (counted,
 * logged, acknowledged with no records); the parser is depth-limited ({@link HtmlTrees#parse}); at most
 * {@code max-records-per-page} records are published per page (the first ones, in extraction order, so a replay
 * cuts at the same place); a record encoded larger than {@code max-record-bytes} is dropped (the
 * {@code list-records} topic takes 1 MiB messages). A malformed event goes to {@code dead-letter-topic-target-pages}
 * with its reason; so does a page whose extraction throws or whose records the broker refuses. A page the site
 * answered {@code 304 Not Modified} in a re-crawl ({@link TargetPage#notModified()}) is acknowledged with no records:
 * they were written when the page last changed.
 */
@Startup
@ApplicationScoped
public class TargetPageConsumer {
    /** Incoming channel, named as its topic. */
    public static final String PAGES = Topics.TARGET_PAGES;
    /** Outgoing channel, named as its topic. */
    public static final String RECORDS = Topics.LIST_RECORDS;
    /**
     * Records sent before waiting for their acknowledgements: bounds what is in flight per page, below the
     * emitter's buffer, so a page of thousands of rows cannot overflow it.
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

    /**
     * @param maxBodyChars      longest body extracted, characters, &gt;= 1
     * @param maxRecordsPerPage most records published per page, &gt;= 1
     * @param maxRecordBytes    largest record published, bytes of UTF-8 key and value, &gt;= 1024
     * @throws IllegalArgumentException on a bound out of range (fails the start)
     */
    TargetPageConsumer(SwleExtractor extractor, ExtractorMetrics metrics,
                       @Channel(RECORDS) @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 2 * SEND_WINDOW)
                       MutinyEmitter<String> records,
                       @ConfigProperty(name = "shapecrawl.extractor.max-body-chars") int maxBodyChars,
                       @ConfigProperty(name = "shapecrawl.extractor.max-records-per-page") int maxRecordsPerPage,
                       @ConfigProperty(name = "shapecrawl.extractor.max-record-bytes") int maxRecordBytes) {
        if (maxBodyChars < 1 || maxRecordsPerPage < 1 || maxRecordBytes < 1024) {
            throw new IllegalArgumentException("shapecrawl.extractor.max-body-chars and max-records-per-page must be"
                    + " >= 1 and max-record-bytes >= 1024; were " + maxBodyChars + ", " + maxRecordsPerPage + ", "
                    + maxRecordBytes);
        }
        this.extractor = extractor;
        this.metrics = metrics;
        this.records = records;
        this.settingsName = extractor.settings().name();
        this.maxBodyChars = maxBodyChars;
        this.maxRecordsPerPage = maxRecordsPerPage;
        this.maxRecordBytes = maxRecordBytes;
        LOG.infof("extracting with %s; max-body-chars %d, max-records-per-page %d, max-record-bytes %d",
                settingsName, maxBodyChars, maxRecordsPerPage, maxRecordBytes);
    }

    /**
     * Extracts one target page and publishes its records; the returned stage completes once the page is
     * acknowledged (or nacked to the dead-letter topic), so the next page waits for it.
     */
    @Incoming(PAGES)
    @Blocking
    @Acknowledgment(Acknowledgment.Strategy.MANUAL)
    public CompletionStage<Void> onPage(Message<String> message) {
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
        List<String> encoded;
        try {
            encoded = extract(page);
        } catch (RuntimeException e) {
            // A defect of the core on this page, not of the service: dead-letter the page with the reason, go on.
            LOG.errorf(e, "page %s could not be extracted", page.url());
            return message.nack(e);
        }
        return publish(page.key(), encoded).handle((v, failure) -> failure).thenCompose(failure -> {
            if (failure == null) {
                return message.ack();
            }
            // The reason in the dead-letter header is the broker's, not the future's wrapper.
            Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                    ? failure.getCause() : failure;
            LOG.errorf(cause, "records of page %s could not be published", page.url());
            return message.nack(cause);
        });
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

    /** Sends the records under {@code key}, {@value #SEND_WINDOW} at a time; completes when all are acknowledged. */
    private CompletableFuture<Void> publish(String key, List<String> encoded) {
        CompletableFuture<Void> done = CompletableFuture.completedFuture(null);
        for (int from = 0; from < encoded.size(); from += SEND_WINDOW) {
            List<String> window = encoded.subList(from, Math.min(encoded.size(), from + SEND_WINDOW));
            done = done.thenCompose(v -> CompletableFuture.allOf(window.stream()
                    .map(json -> Outbound.send(records, key, json)).toArray(CompletableFuture[]::new)));
        }
        return done;
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
