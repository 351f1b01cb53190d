package dev.shapecrawl.events;

/**
 * When and how long a fetch took.
 *
 * @param startedAtMs  wall-clock start of the final attempt, epoch milliseconds
 * @param durationMs   from the first byte sent to the last byte read of the final attempt, redirects included, ms
 * @param queuedMs     time the request waited in its host's politeness queue, ms
 */
public record Timings(long startedAtMs, long durationMs, long queuedMs) {
    public Timings {
        Checks.nonNegative("startedAtMs", startedAtMs);
        Checks.nonNegative("durationMs", durationMs);
        Checks.nonNegative("queuedMs", queuedMs);
    }
}
