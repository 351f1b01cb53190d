package dev.shapecrawl.core.forms;

/**
 * M, the number of records a full result page shows (Moraes 2013 §4.3: measured by a submission that returns many
 * records, e.g. the form with every field blank/default).
 *
 * <p>The estimate is {@code max(broad, largest page seen)} (spec §3.4 recommendation): it falls back to the
 * largest order-1 page when the broad submission fails (a mandatory field, spec §7 item 4), and grows if a larger
 * page is ever seen. Verdicts are computed with the current M when a template's candidates are generated.
 *
 * @param broad   records on the broad submission's page, >= 0 (0 if it failed or was empty)
 * @param maxSeen the most records seen on any probe's page, >= 0
 */
public record PageCapacity(int broad, int maxSeen) {
    /** @throws IllegalArgumentException on a negative count */
    public PageCapacity {
        if (broad < 0 || maxSeen < 0) {
            throw new IllegalArgumentException("counts must be >= 0, were " + broad + ", " + maxSeen);
        }
    }

    /** No observation yet. */
    public static PageCapacity unknown() {
        return new PageCapacity(0, 0);
    }

    /** This capacity after a page with {@code records} records. */
    public PageCapacity seen(int records) {
        return records > maxSeen ? new PageCapacity(broad, records) : this;
    }

    /** M, at least 1 (with nothing seen yet every non-empty page counts as full). */
    public int m() {
        return Math.max(1, Math.max(broad, maxSeen));
    }
}
