package dev.shapecrawl.core.tree;

import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Interns node labels (tag names, {@code #text}) as dense int ids, so trees store and compare ints instead of
 * strings.
 *
 * <p>Scope: one dictionary per classifier (for example per crawl job), shared by every tree that classifier
 * builds. Trees can only be compared when they share a dictionary, because equal ids must mean equal labels;
 * {@link LabelledTree} keeps its dictionary so comparisons can check this. A shared dictionary (rather than
 * interning per comparison) lets the sample tree be built once and compared with thousands of pages.
 *
 * <p>Bounded: hostile pages can invent any number of tag names, and a long-lived shared dictionary must not grow
 * without limit. Once {@link #maxLabels()} distinct labels are interned, every new label maps to the reserved
 * {@link #OVERFLOW_LABEL} (id {@link #OVERFLOW_ID}); labels interned before keep their ids. Unknown labels then
 * compare equal to each other, which can only make trees look more similar; with ~150 standard HTML tags the
 * default bound of {@value #DEFAULT_MAX_LABELS} is not reached by real sites.
 *
 * <p>Thread-safe: {@link #intern} is lock-free for known labels and locks only to add a new one.
 */
public final class LabelDictionary {

    /** Default of {@link #maxLabels()}: distinct labels before new ones overflow. */
    public static final int DEFAULT_MAX_LABELS = 10_000;
    /** The label every label beyond {@link #maxLabels()} maps to. */
    public static final String OVERFLOW_LABEL = "#overflow";
    /** The id of {@link #OVERFLOW_LABEL}; reserved, always 0. */
    public static final int OVERFLOW_ID = 0;

    private final int maxLabels;
    private final ConcurrentHashMap<String, Integer> ids = new ConcurrentHashMap<>();
    /** Guarded by {@code this}. */
    private String[] names = new String[16];
    /** Guarded by {@code this}. */
    private int size;

    /** A dictionary holding at most {@value #DEFAULT_MAX_LABELS} labels (plus the overflow label). */
    public LabelDictionary() {
        this(DEFAULT_MAX_LABELS);
    }

    /**
     * @param maxLabels distinct labels kept before new ones map to {@link #OVERFLOW_LABEL}, >= 1
     * @throws IllegalArgumentException if {@code maxLabels < 1}
     */
    public LabelDictionary(int maxLabels) {
        if (maxLabels < 1) {
            throw new IllegalArgumentException("maxLabels: must be >= 1, was " + maxLabels);
        }
        this.maxLabels = maxLabels;
        names[OVERFLOW_ID] = OVERFLOW_LABEL;
        size = 1;
        ids.put(OVERFLOW_LABEL, OVERFLOW_ID);
    }

    /**
     * The id of {@code label}, adding it if new.
     *
     * @param label a label, compared exactly (case-sensitive; the {@link Labeller} normalises case)
     * @return its id, >= 0; {@link #OVERFLOW_ID} if the dictionary is full and the label is new
     * @throws NullPointerException if {@code label} is null
     */
    public int intern(String label) {
        Integer id = ids.get(Objects.requireNonNull(label, "label"));
        if (id != null) {
            return id;
        }
        synchronized (this) {
            id = ids.get(label);
            if (id != null) {
                return id;
            }
            if (size - 1 >= maxLabels) {
                return OVERFLOW_ID;
            }
            if (size == names.length) {
                names = Arrays.copyOf(names, size * 2);
            }
            names[size] = label;
            ids.put(label, size);
            return size++;
        }
    }

    /**
     * The label of an id. Meant for diagnostics and tests; comparisons use ids.
     *
     * @param id an id returned by {@link #intern}
     * @return the label
     * @throws IllegalArgumentException if no label has this id
     */
    public synchronized String label(int id) {
        if (id < 0 || id >= size) {
            throw new IllegalArgumentException("id: no label has id " + id + " (dictionary size " + size + ")");
        }
        return names[id];
    }

    /** The number of ids in use, including the overflow label; >= 1. */
    public synchronized int size() {
        return size;
    }

    /** Distinct labels kept before new ones map to {@link #OVERFLOW_LABEL}. */
    public int maxLabels() {
        return maxLabels;
    }

    @Override
    public String toString() {
        return "LabelDictionary[size=" + size() + ", maxLabels=" + maxLabels + "]";
    }
}
