package dev.shapecrawl.core.forms;

/**
 * The verdict on one submitted instance from its first result page (Moraes 2013 §4.3, spec §4.3). Only FULL is
 * informative; the other three put the instance on the prune list, because a more specific query (the same values
 * plus more) can only return a subset of what this one returned: an error again, nothing, or records already on
 * this under-full page.
 */
public enum Verdict {
    /** The server or application answered with an error. */
    ERROR,
    /** No record matched. */
    EMPTY,
    /** {@code 0 < records < M}: the whole result set is on this page. */
    UNDERFULL,
    /** {@code records ≥ M}: more records than fit on a page, so refinements can find new ones. */
    FULL;

    /**
     * Classifies a result page (spec §7 item 3: a page holding exactly M records is taken as full, the
     * recommendation {@code informative ⇔ !error ∧ records ≥ M}).
     *
     * @param error   the page is an error page
     * @param records records extracted, >= 0
     * @param m       M, records per full result page, >= 1
     * @throws IllegalArgumentException if {@code records < 0} or {@code m < 1}
     */
    public static Verdict of(boolean error, int records, int m) {
        if (records < 0 || m < 1) {
            throw new IllegalArgumentException("records must be >= 0 and M >= 1, were " + records + ", " + m);
        }
        if (error) {
            return ERROR;
        }
        return records == 0 ? EMPTY : records < m ? UNDERFULL : FULL;
    }

    /** True for FULL. */
    public boolean informative() {
        return this == FULL;
    }
}
