package dev.shapecrawl.core.cache;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class WeightedLruTest {
    private final WeightedLru<String, String> byLength = new WeightedLru<>(10, (k, v) -> v.length());

    @Test
    void theLeastRecentlyUsedGoesFirstWhenTheWeightIsExceeded() {
        byLength.put("a", "aaaa");
        byLength.put("b", "bbbb");
        byLength.get("a"); // a read makes "a" the most recent
        byLength.put("c", "cccc");
        assertNull(byLength.get("b"));
        assertEquals("aaaa", byLength.get("a"));
        assertEquals("cccc", byLength.get("c"));
        assertEquals(8, byLength.weight());
    }

    /** A new entry is always kept (no frequency-based admission): the entries of the job running now are wanted. */
    @Test
    void aNewEntryIsKeptHoweverOftenTheOldOnesWereRead() {
        byLength.put("old", "ooooo");
        for (int i = 0; i < 100; i++) {
            byLength.get("old");
        }
        byLength.put("new1", "nnnnn");
        byLength.put("new2", "mmmmm");
        assertEquals("nnnnn", byLength.get("new1"));
        assertEquals("mmmmm", byLength.get("new2"));
        assertNull(byLength.get("old"));
    }

    @Test
    void anEntryHeavierThanTheBoundIsNotKeptAndDropsTheKeysOldValue() {
        byLength.put("k", "small");
        byLength.put("k", "far too heavy for it");
        assertNull(byLength.get("k"));
        assertEquals(0, byLength.weight());
        assertEquals(0, byLength.size());
    }

    @Test
    void replacingAndRemovingKeepTheWeightExact() {
        byLength.put("k", "123");
        byLength.put("k", "123456");
        assertEquals(6, byLength.weight());
        assertEquals("123456", byLength.remove("k"));
        assertEquals(0, byLength.weight());
        assertNull(byLength.remove("k"));
    }

    @Test
    void computeIfAbsentLoadsOnceAndKeepsTheValue() {
        WeightedLru<String, String> models = WeightedLru.ofEntries(2);
        AtomicInteger loads = new AtomicInteger();
        for (int i = 0; i < 3; i++) {
            assertEquals("model of j", models.computeIfAbsent("j", k -> {
                loads.incrementAndGet();
                return "model of " + k;
            }));
        }
        assertEquals(1, loads.get());
        assertNull(models.computeIfAbsent("none", k -> null));
        assertEquals(1, models.size(), "a null load is not kept");
        models.put("x", "1");
        models.put("y", "2");
        assertNull(models.get("j"), "at most two entries");
    }

    @Test
    void zeroKeepsNothingAndANegativeBoundIsRefused() {
        WeightedLru<String, String> none = new WeightedLru<>(0, (k, v) -> v.length());
        none.put("k", "v");
        assertNull(none.get("k"));
        assertThrows(IllegalArgumentException.class, () -> new WeightedLru<String, String>(-1, (k, v) -> 1));
    }
}
