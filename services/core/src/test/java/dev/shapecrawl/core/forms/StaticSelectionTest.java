package dev.shapecrawl.core.forms;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The cap k and its four strategies on the thesis's example (Moraes 2013 §4.4: A a1..a4, B b1..b6, k 6). */
class StaticSelectionTest {
    static final CandidateSpace AB = new CandidateSpace(Template.of("A", "B"),
            List.of(List.of("a1", "a2", "a3", "a4"), List.of("b1", "b2", "b3", "b4", "b5", "b6")));

    static long[] all() {
        long[] c = new long[24];
        Arrays.setAll(c, i -> i);
        return c;
    }

    static List<String> names(long[] chosen) {
        List<String> out = new ArrayList<>();
        for (long i : chosen) {
            TemplateInstance t = AB.instance(i);
            out.add(t.valueOf("A") + t.valueOf("B"));
        }
        return out;
    }

    @Test
    void theThesisExamples() {
        assertEquals(List.of("a1b1", "a1b2", "a1b3", "a1b4", "a1b5", "a1b6"),
                names(StaticSelection.FIRST.select(AB, all(), 6, 0)));
        assertEquals(List.of("a1b1", "a1b5", "a2b3", "a3b1", "a3b5", "a4b3"),
                names(StaticSelection.LINEAR.select(AB, all(), 6, 0)));
        assertEquals(List.of("a1b1", "a2b2", "a3b3", "a4b4", "a1b5", "a2b6"),
                names(StaticSelection.ALL_VALUES.select(AB, all(), 6, 0)));
    }

    @Test
    void randomIsASeededSampleWithoutRepeats() {
        long[] a = StaticSelection.RANDOM.select(AB, all(), 6, 7);
        assertEquals(6, Arrays.stream(a).distinct().count());
        assertEquals(Arrays.toString(a), Arrays.toString(StaticSelection.RANDOM.select(AB, all(), 6, 7)));
        assertNotEquals(Arrays.toString(a), Arrays.toString(StaticSelection.RANDOM.select(AB, all(), 6, 8)));
    }

    @Test
    void allCandidatesWhenThereAreAtMostKAndKMustBePositive() {
        for (StaticSelection s : StaticSelection.values()) {
            assertEquals(24, s.select(AB, all(), 24, 1).length);
            assertEquals(5, s.select(AB, new long[] {0, 3, 5, 9, 11}, 800, 1).length);
            assertThrows(IllegalArgumentException.class, () -> s.select(AB, all(), 0, 1));
        }
    }

    @Test
    void allValuesOverAPrunedSetStillUsesEveryValue() {
        long[] pruned = Arrays.stream(all()).filter(i -> !AB.instance(i).valueOf("A").equals("a2")
                || AB.instance(i).valueOf("B").equals("b6")).toArray(); // a2 only with b6
        List<String> chosen = names(StaticSelection.ALL_VALUES.select(AB, pruned, 6, 0));
        for (String v : List.of("a1", "a2", "a3", "a4", "b1", "b2", "b3", "b4", "b5", "b6")) {
            assertEquals(true, chosen.stream().anyMatch(c -> c.contains(v)), v + " in " + chosen);
        }
    }

    @Test
    void capsByFieldCount() {
        ProbeSettings s = ProbeSettings.faithful();
        assertEquals(800, s.k(1));
        assertEquals(800, s.k(3));
        assertEquals(600, s.k(4));
        assertEquals(400, s.k(5));
        assertEquals(400, s.k(9));
    }

    @Test
    void theProberAppliesTheCapAfterPruning() {
        // 4 probed fields → k 600; order-3 templates of the simulated form have up to
        // 11 × 50 × 8 = 4,400 candidates
        ProbeSettings settings = FormProberSimulationTest.base().withMode(ProbeMode.TP);
        FormProber prober = FormProber.start(SimulatedBackend.form(), false, settings,
                SimulatedBackend.formPageText(), List.of());
        FormBackend.run(prober, FormProberSimulationTest.BACKEND);
        for (TemplateRun run : prober.state().runs()) {
            assertEquals(true, run.generated() <= 600, run.toString());
            if (run.candidates() > 600 && !run.gated()) {
                assertEquals(600, run.generated(), run.toString());
                assertEquals(run.candidates() - 600, run.cut(), "TP blocks nothing, the cap cuts the rest");
            }
        }
        // with a small cap every strategy submits the same number per template
        for (StaticSelection st : StaticSelection.values()) {
            FormProber p = FormProber.start(SimulatedBackend.form(), false,
                    FormProberSimulationTest.base().withCaps(5, 5, 5).withStrategy(st, 3),
                    SimulatedBackend.formPageText(), List.of());
            FormBackend.run(p, FormProberSimulationTest.BACKEND);
            p.state().runs().forEach(r -> assertEquals(true, r.generated() <= 5));
        }
    }

    @Test
    void settingsFromPropertiesAreValidatedLoudly() {
        ProbeSettings s = ProbeSettings.fromProperties(Map.of("mode", "ittp", "strategy", "all-values", "tau", "0.2",
                "presentation-fields", "per, sort", "stagnation-window", "0"));
        assertEquals(ProbeMode.ITTP, s.mode());
        assertEquals(StaticSelection.ALL_VALUES, s.strategy());
        assertEquals(0.2, s.tau());
        assertEquals(java.util.Set.of("per", "sort"), s.presentationFields());
        assertEquals(ProbeSettings.defaults(), ProbeSettings.fromProperties(Map.of()));
        assertThrows(IllegalArgumentException.class, () -> ProbeSettings.fromProperties(Map.of("mdoe", "TP")));
        assertThrows(IllegalArgumentException.class, () -> ProbeSettings.fromProperties(Map.of("mode", "XP")));
        assertThrows(IllegalArgumentException.class, () -> ProbeSettings.fromProperties(Map.of("tau", "1.5")));
        assertThrows(IllegalArgumentException.class, () -> ProbeSettings.fromProperties(Map.of("max-order", "4")));
        assertThrows(IllegalArgumentException.class, () -> ProbeSettings.fromProperties(Map.of("k-4", "0")));
    }
}
