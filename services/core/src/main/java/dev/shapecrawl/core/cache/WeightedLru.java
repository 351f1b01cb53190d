package dev.shapecrawl.core.cache;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToLongBiFunction;

/**
 * A map bounded by the total weight of its entries (bytes, or a count with weight 1 each) that evicts the least
 * recently used entry first: a read or a write makes an entry the most recent. Thread-safe (one lock).
 *
 * <p>Recency is the policy on purpose, for every cache of shapecrawl's: the entries worth keeping are those of the job
 * running now, which were written a moment ago. A size-bounded Caffeine cache (W-TinyLFU) admits a new entry only if
 * it is used more often than the one it would evict, so once earlier jobs had filled it a new job's entries were
 * turned away (the fetcher's page store, docs/evaluation.md "Three faults this command found").
 *
 * @param <K> key
 * @param <V> value
 */
public final class WeightedLru<K, V> {
    private final long maxWeight;
    private final ToLongBiFunction<K, V> weigher;
    private final LinkedHashMap<K, V> entries = new LinkedHashMap<>(16, 0.75f, true);
    private long weight;

    /**
     * @param maxWeight the most total weight kept, >= 0 (0 keeps nothing)
     * @param weigher   an entry's weight, >= 0; must not change while the entry is kept
     * @throws IllegalArgumentException if {@code maxWeight} is negative
     */
    public WeightedLru(long maxWeight, ToLongBiFunction<K, V> weigher) {
        if (maxWeight < 0) {
            throw new IllegalArgumentException("maxWeight: must be >= 0, was " + maxWeight);
        }
        this.maxWeight = maxWeight;
        this.weigher = weigher;
    }

    /** An LRU of at most {@code maxEntries} entries. */
    public static <K, V> WeightedLru<K, V> ofEntries(long maxEntries) {
        return new WeightedLru<>(maxEntries, (k, v) -> 1);
    }

    /** The entry's value, made the most recent, or null. */
    public synchronized V get(K key) {
        return entries.get(key);
    }

    /**
     * Keeps the entry as the most recent and evicts the least recent ones until the bound holds again. An entry
     * heavier than the whole bound is not kept (and the key's previous value is dropped).
     */
    public synchronized void put(K key, V value) {
        remove(key);
        long w = weigher.applyAsLong(key, value);
        if (w > maxWeight) {
            return;
        }
        entries.put(key, value);
        weight += w;
        Iterator<Map.Entry<K, V>> eldest = entries.entrySet().iterator();
        while (weight > maxWeight && eldest.hasNext()) {
            Map.Entry<K, V> e = eldest.next();
            weight -= weigher.applyAsLong(e.getKey(), e.getValue());
            eldest.remove();
        }
    }

    /**
     * The entry's value, or the value {@code load} gives, kept. The lock is held while it loads, so a
     * {@link #remove} of the key waits for the load and cannot be overtaken by it (a stale value is never kept
     * after its removal).
     */
    public synchronized V computeIfAbsent(K key, Function<K, V> load) {
        V v = entries.get(key);
        if (v == null) {
            v = load.apply(key);
            if (v != null) {
                put(key, v);
            }
        }
        return v;
    }

    /** Drops the entry; returns its value or null. */
    public synchronized V remove(K key) {
        V old = entries.remove(key);
        if (old != null) {
            weight -= weigher.applyAsLong(key, old);
        }
        return old;
    }

    /** The number of entries kept. */
    public synchronized int size() {
        return entries.size();
    }

    /** Their total weight, in the weigher's unit. */
    public synchronized long weight() {
        return weight;
    }
}
