package dev.shapecrawl.core.fetch;

import java.io.Closeable;
import java.io.IOException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Enforces a wall-clock deadline on reading a response body by closing the body stream from a timer thread when
 * the deadline passes. Closing the JDK HttpClient's {@code ofInputStream()} stream cancels the body
 * subscription and wakes a reader blocked in {@code read()} with an {@link IOException}, which is how a
 * slow-drip server is cut off: the client's own request timeout stops applying once the headers have arrived.
 * After the fact, {@link #fired()} tells a timeout apart from any other I/O failure.
 */
final class ReadDeadline implements AutoCloseable {
    private final AtomicBoolean fired = new AtomicBoolean();
    private final ScheduledFuture<?> task;

    private ReadDeadline(ScheduledExecutorService timer, Closeable target, long delayNanos) {
        ScheduledFuture<?> t = null;
        if (delayNanos <= 0) {
            expire(target);
        } else {
            try {
                t = timer.schedule(() -> expire(target), delayNanos, TimeUnit.NANOSECONDS);
            } catch (RejectedExecutionException e) {
                expire(target); // the timer is shut down: the fetcher is closing, so stop reading now
            }
        }
        this.task = t;
    }

    /** Arms a deadline that closes {@code target} after {@code delayNanos} (at once if <= 0). */
    static ReadDeadline arm(ScheduledExecutorService timer, Closeable target, long delayNanos) {
        return new ReadDeadline(timer, target, delayNanos);
    }

    /** True once the deadline passed and the stream was closed because of it. */
    boolean fired() {
        return fired.get();
    }

    /** Disarms the deadline (the read finished in time). */
    @Override
    public void close() {
        if (task != null) {
            task.cancel(false);
        }
    }

    private void expire(Closeable target) {
        fired.set(true);
        try {
            target.close();
        } catch (IOException | RuntimeException ignored) {
            // closing is best effort; the reader sees the failure either way
        }
    }
}
