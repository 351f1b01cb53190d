package dev.shapecrawl.core.fetch;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The host queues with fake tasks: no network, real time. */
class HostSchedulerTest {
    private final ExecutorService workers = Executors.newCachedThreadPool();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void stop() {
        workers.shutdownNow();
        timer.shutdownNow();
    }

    private HostScheduler scheduler(int maxConcurrency) {
        return new HostScheduler(maxConcurrency, 100, workers, timer, System::nanoTime);
    }

    @Test
    void theGlobalLimitHoldsAcrossHosts() throws InterruptedException {
        HostScheduler s = scheduler(2);
        AtomicInteger running = new AtomicInteger();
        AtomicInteger peak = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(8);
        for (int i = 0; i < 8; i++) {
            s.submit("host" + i, task(slot -> {
                peak.accumulateAndGet(running.incrementAndGet(), Math::max);
                sleep(50);
                running.decrementAndGet();
                slot.release(0);
                done.countDown();
            }));
        }
        assertTrue(done.await(10, TimeUnit.SECONDS));
        assertEquals(2, peak.get(), "at most maxConcurrency at once, and the limit is used");
    }

    /** Issue 19: a host that asks no delay gets several tasks at once, after its first; a delay closes it again. */
    @Test
    void aHostWithoutDelayRunsUpToItsParallelTasksAndADelayBringsItBackToOne() throws InterruptedException {
        HostScheduler s = new HostScheduler(16, 4, 100, workers, timer, System::nanoTime);
        AtomicInteger running = new AtomicInteger();
        AtomicInteger peak = new AtomicInteger();
        CountDownLatch first = new CountDownLatch(1);
        s.submit("h", counted(running, peak, 20, first));
        CountDownLatch rest = new CountDownLatch(12);
        for (int i = 0; i < 12; i++) {
            s.submit("h", counted(running, peak, 50, rest));
        }
        await(first);
        assertTrue(rest.await(10, TimeUnit.SECONDS));
        assertEquals(4, peak.get(), "up to maxPerHost at once once the host asked no delay, and the room is used");

        // a release with a delay closes the host to one task at a time, spaced by the delay
        AtomicInteger running2 = new AtomicInteger();
        AtomicInteger peak2 = new AtomicInteger();
        CountDownLatch delayed = new CountDownLatch(6);
        List<long[]> spans = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < 6; i++) {
            s.submit("g", task(slot -> {
                long start = System.nanoTime();
                peak2.accumulateAndGet(running2.incrementAndGet(), Math::max);
                sleep(10);
                running2.decrementAndGet();
                spans.add(new long[]{start, System.nanoTime()});
                slot.release(30);
                delayed.countDown();
            }));
        }
        assertTrue(delayed.await(10, TimeUnit.SECONDS));
        assertEquals(1, peak2.get(), "a host with a delay runs one task at a time");
        spans.sort((a, b) -> Long.compare(a[0], b[0]));
        for (int i = 1; i < spans.size(); i++) {
            assertTrue(spans.get(i)[0] - spans.get(i - 1)[1] >= TimeUnit.MILLISECONDS.toNanos(30),
                    "the delay holds between one end and the next start");
        }
    }

    @Test
    void maxPerHostIsAtLeastOne() {
        assertThrows(IllegalArgumentException.class, () -> new HostScheduler(4, 0, 100, workers, timer,
                System::nanoTime));
    }

    @Test
    void oneHostRunsOneTaskAtATimeSpacedByItsDelay() throws InterruptedException {
        HostScheduler s = scheduler(8);
        List<long[]> spans = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch done = new CountDownLatch(3);
        for (int i = 0; i < 3; i++) {
            s.submit("h", task(slot -> {
                long start = System.nanoTime();
                sleep(20);
                spans.add(new long[]{start, System.nanoTime()});
                slot.release(150);
                done.countDown();
            }));
        }
        assertEquals(Map.of("h", 3), s.depths());
        assertTrue(done.await(10, TimeUnit.SECONDS));
        for (int i = 1; i < spans.size(); i++) {
            long gapMs = TimeUnit.NANOSECONDS.toMillis(spans.get(i)[0] - spans.get(i - 1)[1]);
            assertTrue(gapMs >= 150, "gap after the previous task: " + gapMs);
        }
    }

    @Test
    void aRequeuedTaskRunsBeforeLaterOnes() throws InterruptedException {
        HostScheduler s = scheduler(4);
        List<String> order = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch done = new CountDownLatch(2);
        AtomicInteger runs = new AtomicInteger();
        s.submit("h", task(slot -> {
            order.add("A" + runs.incrementAndGet());
            if (runs.get() == 1) {
                slot.requeue(100);
            } else {
                slot.release(0);
                done.countDown();
            }
        }));
        s.submit("h", task(slot -> {
            order.add("B");
            slot.release(0);
            done.countDown();
        }));
        assertTrue(done.await(10, TimeUnit.SECONDS));
        assertEquals(List.of("A1", "A2", "B"), order);
    }

    @Test
    void idleHostsAreForgottenAndAThrowingTaskFreesItsHost() throws InterruptedException {
        HostScheduler s = scheduler(4);
        CountDownLatch ran = new CountDownLatch(1);
        s.submit("h", task(slot -> {
            throw new IllegalStateException("boom (expected in this test)");
        }));
        s.submit("h", task(slot -> {
            slot.release(0);
            ran.countDown();
        }));
        assertTrue(ran.await(10, TimeUnit.SECONDS), "the host was released after the failure");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!s.depths().isEmpty() && System.nanoTime() < deadline) {
            sleep(5);
        }
        assertEquals(Map.of(), s.depths());
        assertEquals(0, s.inFlight());
    }

    @Test
    void shutdownAbandonsWaitingTasks() throws InterruptedException {
        HostScheduler s = scheduler(1);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger abandoned = new AtomicInteger();
        s.submit("a", new HostScheduler.Task() {
            @Override
            public void run(HostScheduler.Slot slot, long waitedNanos) {
                started.countDown();
                await(release);
                slot.requeue(0); // after shutdown: abandoned instead
            }

            @Override
            public void abandon() {
                abandoned.incrementAndGet();
            }
        });
        assertTrue(started.await(5, TimeUnit.SECONDS));
        HostScheduler.Task waiting = new HostScheduler.Task() {
            @Override
            public void run(HostScheduler.Slot slot, long waitedNanos) {
                throw new AssertionError("must not run");
            }

            @Override
            public void abandon() {
                abandoned.incrementAndGet();
            }
        };
        s.submit("a", waiting); // behind the running task
        s.submit("b", waiting); // waiting for the only permit
        s.shutdown();
        assertEquals(2, abandoned.get());
        release.countDown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (abandoned.get() < 3 && System.nanoTime() < deadline) {
            sleep(5);
        }
        assertEquals(3, abandoned.get());
        assertThrows(IllegalStateException.class, () -> s.submit("c", waiting));
        assertFalse(s.depths().containsKey("b"));
    }

    /** A task that counts itself running (and the peak), takes {@code ms}, releases with no delay, counts down. */
    private static HostScheduler.Task counted(AtomicInteger running, AtomicInteger peak, long ms, CountDownLatch done) {
        return task(slot -> {
            peak.accumulateAndGet(running.incrementAndGet(), Math::max);
            sleep(ms);
            running.decrementAndGet();
            slot.release(0);
            done.countDown();
        });
    }

    private static HostScheduler.Task task(Consumer<HostScheduler.Slot> body) {
        return new HostScheduler.Task() {
            @Override
            public void run(HostScheduler.Slot slot, long waitedNanos) {
                body.accept(slot);
            }

            @Override
            public void abandon() {
            }
        };
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
