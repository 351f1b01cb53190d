package dev.shapecrawl.classifier;

import dev.shapecrawl.events.PageClassified;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * The classifier's Micrometer meters, at {@code /q/metrics}:
 * <ul>
 *   <li>{@code shapecrawl_classifier_pages_total{outcome}}: pages by outcome, {@code target}, {@code other}
 *       (classified, not a target) or {@code unclassified} (with a reason);</li>
 *   <li>{@code shapecrawl_classifier_seconds}: time to parse, analyse and compare one page (histogram);</li>
 *   <li>{@code shapecrawl_classifier_held_bytes}: bytes of pages held for their job's samples;</li>
 *   <li>{@code shapecrawl_classifier_rejected_total}: malformed events sent to a dead-letter topic.</li>
 * </ul>
 */
@ApplicationScoped
public class ClassifierMetrics {
    private final MeterRegistry registry;
    private final Timer classification;

    ClassifierMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.classification = Timer.builder("shapecrawl.classifier").publishPercentileHistogram()
                .description("Time to parse, analyse and compare one page").register(registry);
    }

    /** Reports the bytes held by {@code source}, read at each scrape. */
    void heldBytesFrom(Supplier<Number> source) {
        registry.gauge("shapecrawl.classifier.held.bytes", source, s -> s.get().doubleValue());
    }

    void classified(PageClassified page, long nanos) {
        String outcome = page.reason() != null ? "unclassified" : page.target() ? "target" : "other";
        registry.counter("shapecrawl.classifier.pages", "outcome", outcome).increment();
        classification.record(Duration.ofNanos(nanos));
    }

    void rejected() {
        registry.counter("shapecrawl.classifier.rejected").increment();
    }
}
