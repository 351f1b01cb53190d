package dev.shapecrawl.pattern;

import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The pattern service's Micrometer meters, at {@code /q/metrics}:
 * <ul>
 *   <li>{@code shapecrawl_pattern_unknown_job_events_total{topic}}: events that name a job the receiving stream
 *       task holds no state for (a classified page answers no request of this task; a form verdict is kept for a
 *       mapping of that job that may still start). Each is also logged with its job, topic and partition; pages
 *       are dead-lettered. Above zero means events of one job reached two tasks, or a job's state was lost;</li>
 *   <li>{@code shapecrawl_pattern_dead_letters_total{topic}}: events sent to {@code dead-letter-topic-<topic>}.</li>
 * </ul>
 */
@ApplicationScoped
public class PatternMetrics {
    private final MeterRegistry registry;

    PatternMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    void unknownJob(String topic) {
        registry.counter("shapecrawl.pattern.unknown.job.events", "topic", topic).increment();
    }

    void deadLettered(String topic) {
        registry.counter("shapecrawl.pattern.dead.letters", "topic", topic).increment();
    }
}
