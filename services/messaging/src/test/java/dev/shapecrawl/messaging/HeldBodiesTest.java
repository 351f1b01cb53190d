package dev.shapecrawl.messaging;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HeldBodiesTest {
    @Test
    void aPageCostsItsBodyInUtf16AndGivesItBack() throws InterruptedException {
        HeldBodies held = new HeldBodies(1 << 20);
        int cost = held.hold(10 * 1024);
        assertEquals(20, cost, "10 Ki characters are 20 KiB in memory");
        assertEquals(20 * 1024, held.heldBytes());
        assertEquals(1, held.hold(0), "a page with no body still counts, so the budget bounds their number too");
        held.release(cost);
        held.release(1);
        assertEquals(0, held.heldBytes());
    }

    @Test
    void aHeldPageCostsItsEventAsReceivedBesideItsBody() throws InterruptedException {
        HeldBodies held = new HeldBodies(1 << 20);
        assertEquals(30, held.holdPage("e".repeat(5 * 1024), "b".repeat(10 * 1024)), "15 Ki characters, 30 KiB");
        assertEquals(10, held.holdPage("e".repeat(5 * 1024), null), "a page without a body: its event alone");
    }

    @Test
    void aPageLargerThanTheBudgetIsHeldAlone() throws InterruptedException {
        HeldBodies held = new HeldBodies(64 * 1024);
        int cost = held.hold(10_000_000);
        assertEquals(64, cost, "capped at the whole budget");
        assertEquals(64 * 1024, held.heldBytes());
        held.release(cost);
    }

    @Test
    void aFullBudgetBlocksTheNextPageUntilOneIsReleased() throws InterruptedException {
        HeldBodies held = new HeldBodies(64 * 1024);
        int first = held.hold(20 * 1024); // 40 KiB
        CountDownLatch taken = new CountDownLatch(1);
        Thread next = new Thread(() -> {
            try {
                held.hold(20 * 1024);
                taken.countDown();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        next.start();
        assertFalse(taken.await(300, TimeUnit.MILLISECONDS), "40 + 40 KiB exceed the 64 KiB budget: it waits");
        held.release(first);
        assertTrue(taken.await(10, TimeUnit.SECONDS), "released, the waiting page is taken");
        next.join();
        assertEquals(40 * 1024, held.heldBytes());
    }

    @Test
    void aBudgetBelowOneKibIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new HeldBodies(1023));
    }
}
