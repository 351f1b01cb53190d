package dev.shapecrawl.core.forms;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * The distinctness filter (Moraes 2013 §4.2 module 6, spec §3.7): the fewest instances that together return every
 * distinct record their pages hold. Minimum set cover is NP-hard, so this is greedy set cover (spec §3.7
 * recommendation; within a factor {@code ln n} of the optimum): repeatedly take the instance that contributes the
 * most records not covered yet; ties to the lower order, then the earlier submission.
 *
 * <p>Lazy evaluation: gains only shrink as records get covered, so an instance popped from the queue whose
 * recomputed gain still beats the next one's stale gain is the true maximum. This keeps a 10,000-submission probe
 * fast.
 */
public final class DistinctnessFilter {
    private DistinctnessFilter() {
    }

    /**
     * Chooses the cover.
     *
     * @param candidates the instances that may be chosen (informative ones; with under-full cover also non-empty
     *                   under-full ones)
     * @return the chosen submissions, in the order chosen; their records are all the candidates' records
     */
    public static List<Submission> cover(List<Submission> candidates) {
        record Entry(int gain, int order, int sequence, int index) {
        }
        PriorityQueue<Entry> queue = new PriorityQueue<>((a, b) -> a.gain != b.gain ? Integer.compare(b.gain, a.gain)
                : a.order != b.order ? Integer.compare(a.order, b.order) : Integer.compare(a.sequence, b.sequence));
        List<Set<String>> records = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            Submission s = candidates.get(i);
            Set<String> r = new HashSet<>(s.recordSignatures());
            records.add(r);
            if (!r.isEmpty()) {
                queue.add(new Entry(r.size(), s.instance().order(), s.sequence(), i));
            }
        }
        Set<String> covered = new HashSet<>();
        List<Submission> chosen = new ArrayList<>();
        while (!queue.isEmpty()) {
            Entry top = queue.poll();
            int gain = 0;
            for (String r : records.get(top.index)) {
                if (!covered.contains(r)) {
                    gain++;
                }
            }
            if (gain == 0) {
                continue;
            }
            Entry fresh = new Entry(gain, top.order, top.sequence, top.index);
            Entry next = queue.peek();
            if (next != null && queue.comparator().compare(next, fresh) < 0) {
                queue.add(fresh); // stale: someone else may now be better
                continue;
            }
            chosen.add(candidates.get(top.index));
            covered.addAll(records.get(top.index));
        }
        return chosen;
    }
}
