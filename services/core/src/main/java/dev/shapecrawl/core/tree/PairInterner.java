package dev.shapecrawl.core.tree;

/**
 * Gives each distinct pair of ints a dense id (0, 1, 2, …): an open-addressing hash map from a packed
 * {@code long} to an {@code int}, without boxing, since {@link SubtreeClasses} interns two pairs per node on
 * trees of up to hundreds of thousands of nodes. Not thread-safe.
 */
final class PairInterner {

    private long[] keys;
    /** id + 1 per slot; 0 marks an empty slot. */
    private int[] ids;
    private int size;

    PairInterner(int expectedPairs) {
        int capacity = Integer.highestOneBit(Math.max(16, expectedPairs) * 2 - 1) << 1;
        keys = new long[capacity];
        ids = new int[capacity];
    }

    /** The id of the pair {@code (first, second)}, assigning the next id if the pair is new. */
    int intern(int first, int second) {
        long key = ((long) first << 32) | (second & 0xFFFF_FFFFL);
        int mask = keys.length - 1;
        for (int slot = mix(key) & mask; ; slot = (slot + 1) & mask) {
            if (ids[slot] == 0) {
                keys[slot] = key;
                ids[slot] = ++size;
                if (size * 2 > keys.length) {
                    grow();
                }
                return size - 1;
            }
            if (keys[slot] == key) {
                return ids[slot] - 1;
            }
        }
    }

    /** The number of distinct pairs interned. */
    int size() {
        return size;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldIds = ids;
        keys = new long[oldKeys.length * 2];
        ids = new int[oldIds.length * 2];
        int mask = keys.length - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldIds[i] != 0) {
                int slot = mix(oldKeys[i]) & mask;
                while (ids[slot] != 0) {
                    slot = (slot + 1) & mask;
                }
                keys[slot] = oldKeys[i];
                ids[slot] = oldIds[i];
            }
        }
    }

    private static int mix(long key) {
        long h = key * 0x9E37_79B9_7F4A_7C15L; // Fibonacci hashing spreads sequential ids over the table
        return (int) (h ^ (h >>> 32));
    }

    @Override
    public String toString() {
        return "PairInterner[size=" + size + ", capacity=" + keys.length + "]";
    }
}
