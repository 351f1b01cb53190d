package dev.shapecrawl.pattern;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.util.Map;

/**
 * The pattern service's settings, prefix {@code shapecrawl.pattern}; defaults and their reasons are in
 * {@code application.properties}, the one place they are written.
 */
@ConfigMapping(prefix = "shapecrawl.pattern")
public interface PatternConfig {
    /**
     * Navigation pattern generation settings, passed through to core's {@code PatternSettings.fromProperties}
     * by their kebab-case names (for example {@code shapecrawl.pattern.generator.k=2}); unknown names fail the
     * start.
     */
    Map<String, String> generator();

    /**
     * Least time between two {@code crawl-status} events of one job while a traversal runs (ms); phase changes
     * are always written at once.
     */
    @WithDefault("500")
    long statusIntervalMs();

    /**
     * How long a mapping with nothing outstanding waits for the form-prober's verdicts on the forms it met (ms,
     * >= 0), counted from the job's last probe result when one came later; then it ends without them (core
     * {@code CrawlCoordinator}).
     */
    long formWaitMs();

    /** How often the form wait is checked, by wall-clock punctuation (ms, >= 1). */
    long clockIntervalMs();

    /**
     * How long the start waits for {@code pages-classified} to exist, whose partition count the repartition topics
     * take (ms, >= 1); then the start fails with an error that names the topic.
     */
    long topicsTimeoutMs();
}
