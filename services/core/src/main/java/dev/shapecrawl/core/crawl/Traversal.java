package dev.shapecrawl.core.crawl;

/**
 * Names one traversal of a job: the {@code n}-th mapping or the {@code n}-th crawl run. URL entries are stored
 * per traversal, so a re-crawl starts with nothing seen and an old traversal can be dropped whole.
 *
 * @param mapping whether this is a mapping (else a crawl by the navigation pattern)
 * @param number  1 for the first of its kind, >= 1
 */
public record Traversal(boolean mapping, long number) {
    public Traversal {
        if (number < 1) {
            throw new IllegalArgumentException("number: must be >= 1, was " + number);
        }
    }

    /** A short stable id for store keys: {@code m3} or {@code c12}. */
    public String id() {
        return (mapping ? "m" : "c") + number;
    }
}
