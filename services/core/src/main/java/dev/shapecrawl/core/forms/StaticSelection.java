package dev.shapecrawl.core.forms;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Static selection: which at most {@code k} of a template's candidate instances are generated, chosen before any of
 * them is submitted (Moraes 2013 §4.4, spec §3.6). Candidates are indices into a {@link CandidateSpace}, in
 * row-major (odometer) order: first field slowest. When there are at most {@code k} candidates every strategy
 * returns all of them. The thesis found no winner among the four (§5.3, Table 5.3) and used k-first.
 */
public enum StaticSelection {
    /** k-first: the first {@code k} candidates; values late in the first field's list are never used. */
    FIRST,
    /**
     * k-random: a uniform sample of {@code k} candidates without replacement, returned in candidate order
     * (spec §3.6 recommendation: a recorded seed makes the run reproducible).
     */
    RANDOM,
    /**
     * k-linear: candidates {@code floor(i · N / k)} for {@code i = 0..k−1}, N the number of candidates; equals the
     * thesis's stride {@code N / k} when it is whole (24 candidates, k 6 → 0, 4, 8, 12, 16, 20).
     */
    LINEAR,
    /**
     * k-all-values: each instance changes the value of every field, walking all fields in parallel (instance
     * {@code i} takes value {@code i mod |V_f|} of each field {@code f}, the rule that reproduces the thesis's
     * example a1b1, a2b2, a3b3, a4b4, a1b5, a2b6); when that tuple is not a candidate (pruned) or already taken,
     * the candidate using most not-yet-used values is taken instead, ties to the earliest (spec §3.6
     * recommendation).
     */
    ALL_VALUES;

    /**
     * Chooses at most {@code k} of {@code candidates}.
     *
     * @param space      the template's value lists, to decode indices
     * @param candidates the surviving candidate indices, ascending (row-major order)
     * @param k          the cap, >= 1
     * @param seed       the seed of {@link #RANDOM}; ignored by the others
     * @return the chosen indices: ascending for FIRST, RANDOM and LINEAR; in walk order for ALL_VALUES
     * @throws IllegalArgumentException if {@code k < 1}
     */
    public long[] select(CandidateSpace space, long[] candidates, int k, long seed) {
        if (k < 1) {
            throw new IllegalArgumentException("k: must be >= 1, was " + k);
        }
        int n = candidates.length;
        if (n <= k) {
            return candidates.clone();
        }
        return switch (this) {
            case FIRST -> Arrays.copyOf(candidates, k);
            case RANDOM -> random(candidates, k, seed);
            case LINEAR -> {
                long[] out = new long[k];
                for (int i = 0; i < k; i++) {
                    out[i] = candidates[(int) ((long) i * n / k)];
                }
                yield out;
            }
            case ALL_VALUES -> allValues(space, candidates, k);
        };
    }

    private static long[] random(long[] candidates, int k, long seed) {
        int[] idx = new int[candidates.length];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        Random rnd = new Random(seed);
        for (int i = 0; i < k; i++) { // partial Fisher–Yates: the first k slots are a uniform sample
            int j = i + rnd.nextInt(idx.length - i);
            int t = idx[i];
            idx[i] = idx[j];
            idx[j] = t;
        }
        int[] chosen = Arrays.copyOf(idx, k);
        Arrays.sort(chosen);
        long[] out = new long[k];
        for (int i = 0; i < k; i++) {
            out[i] = candidates[chosen[i]];
        }
        return out;
    }

    private static long[] allValues(CandidateSpace space, long[] candidates, int k) {
        int fields = space.fieldCount();
        Map<Long, Integer> position = new HashMap<>();
        for (int i = 0; i < candidates.length; i++) {
            position.put(candidates[i], i);
        }
        boolean[] taken = new boolean[candidates.length];
        @SuppressWarnings("unchecked")
        Set<Integer>[] used = new Set[fields];
        for (int f = 0; f < fields; f++) {
            used[f] = new HashSet<>();
        }
        long[] out = new long[k];
        int[] tuple = new int[fields];
        for (int step = 0; step < k; step++) {
            for (int f = 0; f < fields; f++) {
                tuple[f] = step % space.valueCount(f);
            }
            Integer pos = position.get(space.indexOf(tuple));
            if (pos == null || taken[pos]) {
                pos = greedy(space, candidates, taken, used);
            }
            taken[pos] = true;
            out[step] = candidates[pos];
            int[] chosen = space.valueIndices(candidates[pos]);
            for (int f = 0; f < fields; f++) {
                used[f].add(chosen[f]);
            }
        }
        return out;
    }

    /** The first untaken candidate with the most values not used yet. */
    private static int greedy(CandidateSpace space, long[] candidates, boolean[] taken, Set<Integer>[] used) {
        int best = -1;
        int bestNew = -1;
        for (int i = 0; i < candidates.length; i++) {
            if (taken[i]) {
                continue;
            }
            int[] v = space.valueIndices(candidates[i]);
            int fresh = 0;
            for (int f = 0; f < v.length; f++) {
                if (!used[f].contains(v[f])) {
                    fresh++;
                }
            }
            if (fresh > bestNew) {
                best = i;
                bestNew = fresh;
                if (fresh == v.length) {
                    break;
                }
            }
        }
        return best;
    }
}
