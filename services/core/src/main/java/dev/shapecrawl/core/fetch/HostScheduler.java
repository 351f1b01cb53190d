package dev.shapecrawl.core.fetch;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

/**
 * Runs tasks one host at a time with a politeness gap, many hosts in parallel, at most {@code maxConcurrency}
 * tasks at once overall; a host that asks no politeness gap runs up to {@code maxPerHost} tasks at once.
 *
 * <p>Per host: a FIFO queue, the tasks running, how many may run at once, and a "not before" instant. A task runs
 * on the worker executor when its host has room, its not-before instant has passed and a global permit is free.
 * When it is done with the host it calls {@link Slot#release(long)} with the delay the host needs before its next
 * request, or {@link Slot#requeue(long)} to go back to the head of the queue after a delay (a retry, or the page
 * request after a robots.txt request). A host starts with room for one task; a release with no delay opens it to
 * {@code maxPerHost} (issue 19: at politeness 0 one request in flight per host left the pipeline idle between
 * responses), and any delay (a politeness gap, a Crawl-delay, a retry's back-off) closes it to one again, so the
 * gap between the end of one response and the next request holds whenever a host asks for one. Waiting costs no thread: a host with a future not-before instant has one
 * timer on the shared {@link ScheduledExecutorService}; a host whose turn has come but finds no global permit
 * waits in a FIFO of hosts. Idle hosts are forgotten once their not-before instant has passed.
 *
 * <p>All state is guarded by one lock. Critical sections are a few queue operations; tasks themselves run
 * outside the lock.
 */
final class HostScheduler {

    /** A unit of work for one host. */
    interface Task {
        /**
         * Does the work on a worker thread. Must end with exactly one call of {@link Slot#release} or
         * {@link Slot#requeue} (if it throws instead, the slot is released with no delay).
         *
         * @param waitedNanos time since the task was queued (or requeued), ns
         */
        void run(Slot slot, long waitedNanos);

        /** The task will never run: the scheduler shut down while it was waiting. */
        void abandon();
    }

    private record Entry(Task task, long queuedAtNanos) {
    }

    private record Waiting(Host host, Entry entry) {
    }

    private static final class Host {
        final String key;
        final ArrayDeque<Entry> pending = new ArrayDeque<>();
        int running;
        int room = 1;
        long notBeforeNanos;
        ScheduledFuture<?> wake;
        long wakeAtNanos;

        Host(String key, long now) {
            this.key = key;
            this.notBeforeNanos = now;
        }
    }

    private static final System.Logger LOG = System.getLogger(HostScheduler.class.getName());

    private final Object lock = new Object();
    private final Map<String, Host> hosts = new HashMap<>();
    // Hosts whose turn has come (entry dequeued, counted as running on its host) but which wait for a global permit, in order.
    private final ArrayDeque<Waiting> awaitingPermit = new ArrayDeque<>();
    private final int maxConcurrency;
    private final int maxPerHost;
    private final int maxQueuedPerHost;
    private final Executor workers;
    private final ScheduledExecutorService timer;
    private final LongSupplier nanoClock;
    private int inFlight;
    private boolean closed;

    HostScheduler(int maxConcurrency, int maxQueuedPerHost, Executor workers, ScheduledExecutorService timer,
                  LongSupplier nanoClock) {
        this(maxConcurrency, 1, maxQueuedPerHost, workers, timer, nanoClock);
    }

    /**
     * @param maxPerHost tasks run at once for a host whose last release asked no delay, >= 1
     */
    HostScheduler(int maxConcurrency, int maxPerHost, int maxQueuedPerHost, Executor workers,
                  ScheduledExecutorService timer, LongSupplier nanoClock) {
        if (maxPerHost < 1) {
            throw new IllegalArgumentException("maxPerHost: must be >= 1, was " + maxPerHost);
        }
        this.maxPerHost = maxPerHost;
        this.maxConcurrency = maxConcurrency;
        this.maxQueuedPerHost = maxQueuedPerHost;
        this.workers = workers;
        this.timer = timer;
        this.nanoClock = nanoClock;
    }

    /**
     * Queues {@code task} for {@code host}.
     *
     * @return false when the host already has {@code maxQueuedPerHost} waiting tasks (not queued)
     * @throws IllegalStateException after {@link #shutdown()}
     */
    boolean submit(String host, Task task) {
        synchronized (lock) {
            if (closed) {
                throw new IllegalStateException("scheduler is shut down");
            }
            long now = nanoClock.getAsLong();
            Host h = hosts.computeIfAbsent(host, k -> new Host(k, now));
            if (h.pending.size() >= maxQueuedPerHost) {
                return false;
            }
            h.pending.addLast(new Entry(task, now));
            pump(h);
            return true;
        }
    }

    /** Tasks of {@code host} not finished: waiting ones plus the ones running. */
    int depth(String host) {
        synchronized (lock) {
            Host h = hosts.get(host);
            return h == null ? 0 : h.pending.size() + h.running;
        }
    }

    /** {@link #depth} of every host with unfinished tasks, sorted by host. */
    Map<String, Integer> depths() {
        synchronized (lock) {
            Map<String, Integer> out = new TreeMap<>();
            for (Host h : hosts.values()) {
                int d = h.pending.size() + h.running;
                if (d > 0) {
                    out.put(h.key, d);
                }
            }
            return out;
        }
    }

    /** Tasks running now (holding a global permit). */
    int inFlight() {
        synchronized (lock) {
            return inFlight;
        }
    }

    /**
     * Stops: no more submissions, timers cancelled, waiting tasks {@link Task#abandon() abandoned} (on this
     * thread, outside the lock). Running tasks finish; a {@link Slot#requeue} from them abandons the task.
     */
    void shutdown() {
        List<Task> abandoned = new ArrayList<>();
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            for (Host h : hosts.values()) {
                cancelWake(h);
                h.pending.forEach(e -> abandoned.add(e.task()));
                h.pending.clear();
            }
            for (Waiting w : awaitingPermit) {
                w.host().running--;
                abandoned.add(w.entry().task());
            }
            awaitingPermit.clear();
        }
        abandoned.forEach(HostScheduler::abandonQuietly);
    }

    /** Starts head tasks of {@code h} while the host has room and is due, else arranges to be woken. Under lock. */
    private void pump(Host h) {
        while (!closed && h.running < h.room && !h.pending.isEmpty()) {
            long now = nanoClock.getAsLong();
            long wait = h.notBeforeNanos - now;
            if (wait > 0) {
                scheduleWake(h, h.notBeforeNanos, wait);
                return;
            }
            cancelWake(h);
            Entry e = h.pending.pollFirst();
            h.running++;
            if (inFlight < maxConcurrency) {
                inFlight++;
                dispatch(h, e);
            } else {
                awaitingPermit.addLast(new Waiting(h, e));
            }
        }
    }

    /** Hands a task to a worker. Under lock; the caller has taken a permit. */
    private void dispatch(Host h, Entry e) {
        Slot slot = new Slot(h, e.task());
        try {
            workers.execute(() -> runTask(slot, e));
        } catch (RejectedExecutionException ex) {
            // The workers are shut down (closing): give the permit back and drop the task.
            inFlight--;
            h.running--;
            try {
                timer.execute(() -> abandonQuietly(e.task())); // not under the lock: abandoning runs callbacks
            } catch (RejectedExecutionException again) {
                abandonQuietly(e.task());
            }
        }
    }

    private void runTask(Slot slot, Entry e) {
        long waited = nanoClock.getAsLong() - e.queuedAtNanos();
        try {
            e.task().run(slot, waited);
        } catch (Throwable t) {
            LOG.log(System.Logger.Level.ERROR, "fetch task failed for host " + slot.host.key, t);
        } finally {
            if (!slot.done.get()) {
                slot.release(0);
            }
        }
    }

    /** Gives permits to hosts waiting for one. Under lock. */
    private void grantPermits() {
        while (inFlight < maxConcurrency && !awaitingPermit.isEmpty()) {
            inFlight++;
            Waiting w = awaitingPermit.pollFirst();
            dispatch(w.host(), w.entry());
        }
    }

    private void scheduleWake(Host h, long atNanos, long delayNanos) {
        if (h.wake != null && !h.wake.isDone() && h.wakeAtNanos <= atNanos) {
            return; // an earlier (or equal) wake is coming; it will re-check and reschedule
        }
        cancelWake(h);
        h.wakeAtNanos = atNanos;
        try {
            h.wake = timer.schedule(() -> wake(h), delayNanos, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            h.wake = null; // the timer is shut down: the fetcher is closing
        }
    }

    private void cancelWake(Host h) {
        if (h.wake != null) {
            h.wake.cancel(false);
            h.wake = null;
        }
    }

    private void wake(Host h) {
        synchronized (lock) {
            h.wake = null;
            if (closed) {
                return;
            }
            if (h.running == 0 && h.pending.isEmpty()) {
                forgetIfIdle(h);
            } else {
                pump(h);
            }
        }
    }

    /** Drops an idle host whose not-before instant has passed, else wakes it again then. Under lock. */
    private void forgetIfIdle(Host h) {
        long wait = h.notBeforeNanos - nanoClock.getAsLong();
        if (wait > 0) {
            scheduleWake(h, h.notBeforeNanos, wait);
        } else if (hosts.get(h.key) == h) {
            hosts.remove(h.key);
        }
    }

    private static void abandonQuietly(Task t) {
        try {
            t.abandon();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "abandoning a fetch task failed", e);
        }
    }

    /** A task's hold on its host; ends with exactly one {@link #release} or {@link #requeue}. */
    final class Slot {
        private final Host host;
        private final Task task;
        private final AtomicBoolean done = new AtomicBoolean();

        private Slot(Host host, Task task) {
            this.host = host;
            this.task = task;
        }

        /** The host this slot belongs to. */
        String host() {
            return host.key;
        }

        /**
         * Frees the host; its next task starts no sooner than {@code delayMs} from now (an earlier, longer
         * not-before instant stands).
         *
         * @throws IllegalStateException if the slot was already released or requeued
         */
        void release(long delayMs) {
            finish();
            synchronized (lock) {
                inFlight--;
                host.running--;
                host.room = delayMs <= 0 ? maxPerHost : 1;
                pushNotBefore(delayMs);
                grantPermits();
                if (host.pending.isEmpty() && host.running == 0) {
                    forgetIfIdle(host);
                } else {
                    pump(host);
                }
            }
        }

        /**
         * Frees the host and puts the task back at the head of its queue, to run no sooner than {@code delayMs}
         * from now. After shutdown the task is abandoned instead.
         *
         * @throws IllegalStateException if the slot was already released or requeued
         */
        void requeue(long delayMs) {
            finish();
            boolean abandon;
            synchronized (lock) {
                inFlight--;
                host.running--;
                host.room = delayMs <= 0 ? maxPerHost : 1;
                pushNotBefore(delayMs);
                abandon = closed;
                grantPermits();
                if (!closed) {
                    host.pending.addFirst(new Entry(task, nanoClock.getAsLong()));
                    pump(host);
                }
            }
            if (abandon) {
                abandonQuietly(task);
            }
        }

        private void pushNotBefore(long delayMs) {
            long at = nanoClock.getAsLong() + TimeUnit.MILLISECONDS.toNanos(Math.max(0, delayMs));
            if (at - host.notBeforeNanos > 0) {
                host.notBeforeNanos = at;
            }
        }

        private void finish() {
            if (!done.compareAndSet(false, true)) {
                throw new IllegalStateException("slot of " + host.key + " already released");
            }
        }
    }
}
