package dev.shapecrawl.core.forms;

import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * TP vs ITP vs ITTP on {@link SimulatedBackend} (5,000 records), and the stagnation stop rule. Prints the thesis's
 * table shape (TS, TI, C, EE, EI; Table 5.5/5.6) to standard output.
 */
class FormProberSimulationTest {
    static final SimulatedBackend BACKEND = new SimulatedBackend(5_000, 42);

    static ProbeSettings base() {
        return ProbeSettings.faithful().withPresentationFields(Set.of("per"));
    }

    static ProbeReport probe(ProbeSettings settings) {
        FormProber prober = FormProber.start(SimulatedBackend.form(), false, settings,
                SimulatedBackend.formPageText(), List.of());
        FormBackend.run(prober, BACKEND);
        return prober.report();
    }

    static String row(String name, ProbeReport r) {
        return String.format("| %-14s | %6d | %5d | %5d | %6.2f | %6.2f | %s |", name, r.submissions(),
                r.returnedInstances(), r.coverage(), r.executionEfficiency(), r.indexingEfficiency(), r.stop());
    }

    @Test
    void itpCoversAtLeastAsMuchAsTp() {
        Map<ProbeMode, ProbeReport> reports = new EnumMap<>(ProbeMode.class);
        System.out.println("| mode           |     TS |    TI |     C |     EE |     EI | stop |");
        for (ProbeMode mode : ProbeMode.values()) {
            ProbeReport r = probe(base().withMode(mode));
            reports.put(mode, r);
            System.out.println(row(mode.name(), r));
        }
        ProbeReport tp = reports.get(ProbeMode.TP);
        ProbeReport itp = reports.get(ProbeMode.ITP);
        ProbeReport ittp = reports.get(ProbeMode.ITTP);
        assertTrue(itp.coverage() >= tp.coverage(), "ITP " + itp.coverage() + " < TP " + tp.coverage());
        assertTrue(ittp.coverage() >= tp.coverage(), "ITTP " + ittp.coverage() + " < TP " + tp.coverage());
        assertEquals(20, itp.m(), "M from the broad submission: the default 20 results per page");
        assertTrue(itp.nonInformative() > 0);
        for (ProbeReport r : reports.values()) {
            assertEquals(ProbeState.StopReason.EXHAUSTED, r.stop());
            assertTrue(r.coverage() > 0 && r.submissions() > 0);
        }
    }

    /**
     * What the stagnation rule achieves here, and the ceiling that makes issue 7's target (≥ 95% of ITP's coverage
     * with ≤ 50% of its submissions) unreachable on this backend: ITP's own curve reaches 95% of its coverage only
     * after 1,237 of its 1,909 submissions (65%), because order-3 templates keep finding records of sparse cells
     * late in the run; the rule (W 100, min 1) keeps 0.995 of the coverage with 0.858 of the submissions. The
     * target stays open in the issue rather than being weakened here.
     */
    @Test
    void stagnationKeepsCoverageAndSavesSubmissions() {
        ProbeReport full = probe(base());
        ProbeReport stopped = probe(base().withStagnation(ProbeSettings.DEFAULT_STAGNATION_WINDOW,
                ProbeSettings.DEFAULT_STAGNATION_MIN_NEW_RECORDS));
        assertEquals(ProbeState.StopReason.STAGNATED, stopped.stop());
        assertTrue(stopped.coverage() >= 0.95 * full.coverage(), stopped.coverage() + " of " + full.coverage());
        assertTrue(stopped.submissions() < full.submissions());
        int reach95 = 0;
        while (full.curve().get(reach95) < 0.95 * full.coverage()) {
            reach95++;
        }
        assertTrue(reach95 + 1 > full.submissions() / 2, "the ceiling documented above changed: " + (reach95 + 1));
    }

    @Test
    void distinctnessFilterOutputCoversEveryRecordWithUnderfullCover() {
        ProbeReport r = probe(base().withCoverUnderfull(true));
        assertTrue(r.returnedInstances() < r.submissions());
        // every record seen through an instance is on some output page: replay the output
        java.util.Set<String> covered = new java.util.HashSet<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        FormProber prober = FormProber.start(SimulatedBackend.form(), false, base().withCoverUnderfull(true),
                SimulatedBackend.formPageText(), List.of());
        FormBackend.run(prober, BACKEND);
        java.util.Set<String> output = new java.util.HashSet<>();
        r.output().forEach(i -> output.add(i.key()));
        for (Submission s : prober.state().log()) {
            seen.addAll(s.recordSignatures());
            if (output.contains(s.instance().key())) {
                covered.addAll(s.recordSignatures());
            }
        }
        assertEquals(seen, covered);
    }
}
