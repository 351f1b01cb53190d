package dev.shapecrawl.fetcher;

import dev.shapecrawl.core.fetch.FetchListener;
import dev.shapecrawl.events.PageFetched;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The fetcher's Micrometer meters, exported at {@code /q/metrics}:
 * <ul>
 *   <li>{@code shapecrawl_fetcher_fetches_total{outcome}}: fetches by outcome ({@code ok} or the error kind,
 *       lower-case), and {@code reused}: answers from the page store, the site not contacted;</li>
 *   <li>{@code shapecrawl_fetcher_body_bytes}: body bytes read per fetch (summary);</li>
 *   <li>{@code shapecrawl_fetcher_latency_seconds}: fetch latency, queueing excluded (histogram);</li>
 *   <li>{@code shapecrawl_fetcher_rejected_total}: malformed requests sent to the dead-letter topic;</li>
 *   <li>{@code shapecrawl_fetcher_host_queue_depth{host}}: requests waiting per host, for the
 *       {@value #TOP_HOSTS} deepest queues (bounded cardinality), refreshed at most once a second.</li>
 * </ul>
 */
@ApplicationScoped
public class FetcherMetrics implements FetchListener {
    /** How many hosts the queue-depth gauge shows at most; more would make the series unbounded. */
    static final int TOP_HOSTS = 50;
    private static final long REFRESH_NANOS = Duration.ofSeconds(1).toNanos();

    private final MeterRegistry registry;
    private final DistributionSummary bytes;
    private final Timer latency;
    private final Counter rejected;
    private final MultiGauge queueDepth;
    private volatile Supplier<Map<String, Integer>> depths = Map::of;
    private volatile long lastRefresh;

    FetcherMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.bytes = DistributionSummary.builder("shapecrawl.fetcher.body").baseUnit("bytes")
                .description("Body bytes read per fetch").register(registry);
        this.latency = Timer.builder("shapecrawl.fetcher.latency").publishPercentileHistogram()
                .description("Fetch latency from first byte sent to last byte read, queueing excluded")
                .register(registry);
        this.rejected = Counter.builder("shapecrawl.fetcher.rejected")
                .description("Malformed fetch requests sent to the dead-letter topic").register(registry);
        this.queueDepth = MultiGauge.builder("shapecrawl.fetcher.host.queue.depth")
                .description("Requests waiting in a host's politeness queue (deepest hosts only)").register(registry);
    }

    /** Where the per-host queue depths come from (the fetch engine). */
    void queueDepthsFrom(Supplier<Map<String, Integer>> source) {
        this.depths = source;
    }

    @Override
    public void onComplete(PageFetched page, long latencyMs) {
        if (Boolean.TRUE.equals(page.reused())) {
            registry.counter("shapecrawl.fetcher.fetches", "outcome", "reused").increment();
            return; // no bytes read, no latency: the site was not contacted
        }
        String outcome = page.error() == null ? "ok" : page.error().kind().name().toLowerCase(Locale.ROOT);
        registry.counter("shapecrawl.fetcher.fetches", "outcome", outcome).increment();
        bytes.record(page.contentBytes());
        latency.record(Duration.ofMillis(latencyMs));
        refreshQueueDepths();
    }

    /** Counts a request rejected as malformed. */
    void rejected() {
        rejected.increment();
    }

    private void refreshQueueDepths() {
        long now = System.nanoTime();
        if (now - lastRefresh < REFRESH_NANOS) {
            return;
        }
        lastRefresh = now;
        queueDepth.register(depths.get().entrySet().stream()
                .filter(e -> e.getValue() > 0)
                .sorted(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder()))
                .limit(TOP_HOSTS)
                .map(e -> MultiGauge.Row.of(Tags.of("host", e.getKey()), e.getValue()))
                .toList(), true);
    }
}
