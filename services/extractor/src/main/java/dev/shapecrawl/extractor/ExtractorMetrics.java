package dev.shapecrawl.extractor;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * The extractor's Micrometer meters, at {@code /q/metrics}:
 * <ul>
 *   <li>{@code shapecrawl_extractor_pages_total{outcome}}: target pages by outcome, {@code lists} (at least one
 *       record published), {@code none} (no list found), {@code too_large} (body over
 *       {@code max-body-chars}, not parsed) or {@code unchanged} (the site answered a re-crawl's conditional request
 *       with 304: its records were written when it last changed, none are written again);</li>
 *   <li>{@code shapecrawl_extractor_lists_total}: lists with at least one record published;</li>
 *   <li>{@code shapecrawl_extractor_records_total}: list records published;</li>
 *   <li>{@code shapecrawl_extractor_capped_total}: pages whose records were cut at {@code max-records-per-page};</li>
 *   <li>{@code shapecrawl_extractor_dropped_records_total{reason}}: records not published, {@code cap} (beyond
 *       the per-page cap) or {@code too_large} (encoded larger than {@code max-record-bytes});</li>
 *   <li>{@code shapecrawl_extractor_seconds}: time to parse and extract one page (histogram);</li>
 *   <li>{@code shapecrawl_extractor_rejected_total}: malformed events sent to the dead-letter topic;</li>
 *   <li>{@code shapecrawl_extractor_in_flight_bytes}: bodies of pages extracted whose records are not all
 *       acknowledged, bytes (UTF-16), against {@code max-in-flight-bytes} (gauge).</li>
 * </ul>
 */
@ApplicationScoped
public class ExtractorMetrics {
    /** Outcome of a page: records published. */
    static final String LISTS = "lists";
    /** Outcome of a page: no list found. */
    static final String NONE = "none";
    /** Outcome of a page, or reason a record was dropped: over the size limit. */
    static final String TOO_LARGE = "too_large";
    /** Outcome of a page: unchanged since its records were written (a 304), not extracted again. */
    static final String UNCHANGED = "unchanged";
    /** Reason a record was dropped: beyond the per-page cap. */
    static final String CAP = "cap";

    private final MeterRegistry registry;
    private final Timer extraction;

    ExtractorMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.extraction = Timer.builder("shapecrawl.extractor").publishPercentileHistogram()
                .description("Time to parse one target page and extract its lists").register(registry);
        // Registered up front, so a dashboard shows zero instead of no series before the first event.
        for (String outcome : new String[]{LISTS, NONE, TOO_LARGE, UNCHANGED}) {
            registry.counter("shapecrawl.extractor.pages", "outcome", outcome);
        }
        for (String reason : new String[]{CAP, TOO_LARGE}) {
            registry.counter("shapecrawl.extractor.dropped.records", "reason", reason);
        }
        registry.counter("shapecrawl.extractor.lists");
        registry.counter("shapecrawl.extractor.records");
        registry.counter("shapecrawl.extractor.capped");
        registry.counter("shapecrawl.extractor.rejected");
    }

    void inFlightBytesFrom(Supplier<Number> source) {
        registry.gauge("shapecrawl.extractor.in.flight.bytes", source, s -> s.get().doubleValue());
    }

    void extracted(String outcome, int lists, int records, long nanos) {
        registry.counter("shapecrawl.extractor.pages", "outcome", outcome).increment();
        registry.counter("shapecrawl.extractor.lists").increment(lists);
        registry.counter("shapecrawl.extractor.records").increment(records);
        extraction.record(Duration.ofNanos(nanos));
    }

    void tooLarge() {
        registry.counter("shapecrawl.extractor.pages", "outcome", TOO_LARGE).increment();
    }

    void unchanged() {
        registry.counter("shapecrawl.extractor.pages", "outcome", UNCHANGED).increment();
    }

    void capped() {
        registry.counter("shapecrawl.extractor.capped").increment();
    }

    void dropped(String reason, int records) {
        registry.counter("shapecrawl.extractor.dropped.records", "reason", reason).increment(records);
    }

    void rejected() {
        registry.counter("shapecrawl.extractor.rejected").increment();
    }
}
