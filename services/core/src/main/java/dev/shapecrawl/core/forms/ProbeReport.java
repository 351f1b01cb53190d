package dev.shapecrawl.core.forms;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The metrics of a probe, in the thesis's terms (Moraes 2013 §5.2, eq. 5.1–5.2; spec §4.6 telemetry).
 *
 * @param mode                 the mode
 * @param stop                 why the probe ended, or null if it is still running
 * @param m                    M, records per full result page
 * @param requests             every submission made, the broad one included
 * @param submissions          TS: template instances submitted (the broad submission is not an instance)
 * @param possibleInstances    instances of every template of the plan (order ≤ max order), saturating; text
 *                             templates count 0 while the text values are not known
 * @param neverGenerated       possible instances never submitted ({@code possibleInstances − submissions})
 * @param nonInformative       submitted instances that are not informative under the final M
 * @param nonInformativeByOrder per order 1..3: non-informative share of that order's submissions, 0..1 (NaN if
 *                             none) — the thesis's Figure 5.6
 * @param informative          submitted instances that are informative (FULL)
 * @param coverage             C: distinct records seen over all submissions
 * @param output               TI's instances: the distinctness filter's cover, in the order chosen
 * @param curve                distinct records after each instance submission (the thesis's Figures 5.7–5.16)
 */
public record ProbeReport(ProbeMode mode, ProbeState.StopReason stop, int m, int requests, int submissions,
                          long possibleInstances, long neverGenerated, int nonInformative,
                          List<Double> nonInformativeByOrder, int informative, int coverage,
                          List<TemplateInstance> output, List<Integer> curve) {
    /** Copies the lists. */
    public ProbeReport {
        nonInformativeByOrder = List.copyOf(nonInformativeByOrder);
        output = List.copyOf(output);
        curve = List.copyOf(curve);
    }

    /** TI: instances output for indexing. */
    public int returnedInstances() {
        return output.size();
    }

    /** EE = C / TS (eq. 5.1); 0 without submissions. */
    public double executionEfficiency() {
        return submissions == 0 ? 0 : (double) coverage / submissions;
    }

    /** EI = C / TI (eq. 5.2); 0 without output. */
    public double indexingEfficiency() {
        return output.isEmpty() ? 0 : (double) coverage / output.size();
    }

    /** Builds the report of {@code state}; {@code plan} is {@link Templates#plan} of its form. */
    static ProbeReport of(ProbeState state, List<Template> plan) {
        int m = state.capacity().m();
        List<Submission> log = state.log();
        int[] byOrder = new int[4];
        int[] nonInfoByOrder = new int[4];
        int nonInformative = 0;
        List<Submission> candidates = new ArrayList<>();
        Set<String> distinct = new HashSet<>(state.broadRecords());
        List<Integer> curve = new ArrayList<>(log.size());
        for (Submission sub : log) {
            Verdict v = sub.verdict(m);
            int order = Math.min(3, sub.instance().order());
            byOrder[order]++;
            if (!v.informative()) {
                nonInformative++;
                nonInfoByOrder[order]++;
            }
            if (v == Verdict.FULL || (v == Verdict.UNDERFULL && state.settings().coverUnderfull())) {
                candidates.add(sub);
            }
            distinct.addAll(sub.recordSignatures());
            curve.add(distinct.size());
        }
        List<Double> shares = new ArrayList<>();
        for (int d = 1; d <= 3; d++) {
            shares.add(byOrder[d] == 0 ? Double.NaN : (double) nonInfoByOrder[d] / byOrder[d]);
        }
        long possible = 0;
        for (Template t : plan) {
            long size = 1;
            for (String f : t.fields()) {
                ProbeField field = state.form().probedField(f);
                int values = field.role() == FieldRole.SELECTION ? field.options().size()
                        : state.textValues() == null ? 0 : state.textValues().size();
                size = values == 0 ? 0 : saturatingMultiply(size, values);
            }
            possible = saturatingAdd(possible, size);
        }
        List<TemplateInstance> output = DistinctnessFilter.cover(candidates).stream().map(Submission::instance)
                .toList();
        int requests = log.size() + (state.phase() == ProbeState.Phase.BROAD
                || state.stop() == ProbeState.StopReason.REJECTED ? 0 : 1);
        return new ProbeReport(state.settings().mode(), state.stop(), m, requests, log.size(), possible,
                Math.max(0, possible - log.size()), nonInformative, shares, log.size() - nonInformative,
                distinct.size(), output, curve);
    }

    private static long saturatingMultiply(long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    private static long saturatingAdd(long a, long b) {
        try {
            return Math.addExact(a, b);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }
}
