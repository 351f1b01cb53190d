package dev.shapecrawl.messaging;

import java.util.concurrent.Semaphore;

/**
 * A memory budget for pages a consumer holds while their work or their outgoing events are pending: each page
 * costs the characters it keeps on the heap (its event as received, which the message keeps until it is
 * acknowledged, and its decoded body) at two bytes a character (UTF-16), counted in KiB. {@link #hold} blocks the
 * consuming thread while the budget is spent, which pauses consumption in offset order: the back-pressure of a
 * consumer that acknowledges pages asynchronously.
 *
 * <p>A page larger than the whole budget costs the whole budget, so it is held alone rather than never.
 * Thread-safe.
 */
public final class HeldBodies {
    private static final int KIB = 1024;

    private final int maxKib;
    private final Semaphore free;

    /**
     * @param maxBytes the budget, bytes, &gt;= 1024
     * @throws IllegalArgumentException on a smaller budget
     */
    public HeldBodies(long maxBytes) {
        if (maxBytes < KIB) {
            throw new IllegalArgumentException("a held-bytes budget must be >= 1024 bytes; was " + maxBytes);
        }
        this.maxKib = (int) Math.min(Integer.MAX_VALUE, maxBytes / KIB);
        this.free = new Semaphore(maxKib);
    }

    /**
     * Waits for room for a page that keeps {@code bodyChars} characters on the heap (its event and its decoded
     * body; 0 for none) and takes it.
     *
     * @return the page's cost, KiB, to hand back to {@link #release}
     * @throws InterruptedException if the thread is interrupted while waiting (nothing is taken)
     */
    public int hold(long bodyChars) throws InterruptedException {
        int cost = (int) Math.max(1, Math.min(maxKib, 2 * bodyChars / KIB));
        free.acquire(cost);
        return cost;
    }

    /**
     * Waits for room for a page as a consumer holds it until it is acknowledged: the event as received (the message
     * keeps it) and its decoded body, and takes it.
     *
     * @param event the event's text as received
     * @param body  the decoded page body, or null for a page without one
     * @return the page's cost, KiB, to hand back to {@link #release}
     * @throws InterruptedException if the thread is interrupted while waiting (nothing is taken)
     */
    public int holdPage(String event, String body) throws InterruptedException {
        return hold((long) event.length() + (body == null ? 0 : body.length()));
    }

    /** Gives back what {@link #hold} took for one page. */
    public void release(int cost) {
        free.release(cost);
    }

    /** Bytes held now (a gauge's source): a multiple of 1024. */
    public long heldBytes() {
        return (long) (maxKib - free.availablePermits()) * KIB;
    }
}
