package dev.shapecrawl.core.forms;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Resuming from a saved state, text values, the template test, the cover. */
class ProbeStateTest {
    @Test
    void aResumedProbeEndsExactlyAsAnUninterruptedOne() {
        ProbeSettings settings = FormProberSimulationTest.base().withMode(ProbeMode.ITTP);
        FormProber whole = FormProber.start(SimulatedBackend.form(), false, settings,
                SimulatedBackend.formPageText(), List.of());
        FormBackend.run(whole, FormProberSimulationTest.BACKEND);

        FormProber first = FormProber.start(SimulatedBackend.form(), false, settings,
                SimulatedBackend.formPageText(), List.of());
        for (int i = 0; i < 300; i++) { // past the text values, inside the order-2 templates
            first.observe(answer(first.next().orElseThrow()));
        }
        FormProber resumed = FormProber.resume(first.state());
        FormBackend.run(resumed, FormProberSimulationTest.BACKEND);
        assertEquals(whole.state(), resumed.state());
        assertEquals(whole.report(), resumed.report());
        assertThrows(IllegalStateException.class, () -> resumed.observe(ProbeResult.errorPage()));
    }

    static ProbeResult answer(ProbeRequest r) {
        java.util.Map<String, String> p = new java.util.LinkedHashMap<>();
        r.parameters().forEach(f -> p.put(f.name(), f.value()));
        return FormProberSimulationTest.BACKEND.answer(p);
    }

    @Test
    void textValuesComeFromTheOrderOneSelectionResults() {
        FormProber prober = FormProber.start(SimulatedBackend.form(), false, FormProberSimulationTest.base(),
                SimulatedBackend.formPageText(), List.of());
        FormBackend.run(prober, FormProberSimulationTest.BACKEND);
        List<String> values = prober.state().textValues();
        assertEquals(50, values.size());
        long titleWords = values.stream().filter(FormProberSimulationTest.BACKEND.vocabulary::contains).count();
        assertTrue(titleWords >= 25, "most TF-IDF tokens are database words: " + values);
    }

    @Test
    void tfIdfAndLeastFrequentTerms() {
        // "year" is in every document: idf 0, dropped; "kalo" 3 times in 2 of 3 documents beats "mira" once
        assertEquals(List.of("kalo", "form", "mira"),
                TfIdfTokens.top(List.of("form year", "kalo kalo year mira", "kalo year"), 3));
        assertEquals(List.of("ab", "cd"), TfIdfTokens.top(List.of("ab ab cd x"), 5), "N = 1 ranks by count");
        assertEquals(List.of("Potter", "Rowling", "Harry"),
                LeastFrequentTerms.of(List.of("Harry Harry Potter and the 2001 Rowling", "Harry"), 3));
    }

    @Test
    void templateDistinctnessAndTheCover() {
        TemplateInstance a = TemplateInstance.of("A", "1");
        TemplateInstance b = TemplateInstance.of("A", "2");
        TemplateInstance c = TemplateInstance.of("A", "3");
        List<Submission> subs = List.of(new Submission(1, a, false, List.of("r1", "r2")),
                new Submission(2, b, false, List.of("r2", "r1")), new Submission(3, c, true, List.of()),
                new Submission(4, TemplateInstance.of("A", "4"), false, List.of()));
        assertEquals(0.25, TemplateInformativeness.distinctness(subs), "one distinct page signature of four");
        assertTrue(new TemplateInformativeness(0.25).informative(subs));
        assertEquals(false, new TemplateInformativeness(0.3).informative(subs));
        List<Submission> cover = DistinctnessFilter.cover(List.of(
                new Submission(1, a, false, List.of("r1", "r2")), new Submission(2, b, false, List.of("r2", "r3")),
                new Submission(3, c, false, List.of("r1", "r2", "r3")), new Submission(4,
                        TemplateInstance.of("A", "4", "B", "1"), false, List.of("r4"))));
        assertEquals(List.of("A=3", "A=4&B=1"), cover.stream().map(s -> s.instance().key()).toList());
    }

    @Test
    void pruneListBlocksMoreSpecificAssignmentsOnly() {
        PruneList prune = PruneList.of(List.of(TemplateInstance.of("A", "a2", "C", "c1")));
        assertTrue(prune.blocks(TemplateInstance.of("A", "a2", "B", "b1", "C", "c1")));
        assertEquals(false, prune.blocks(TemplateInstance.of("A", "a2", "C", "c1")), "not by itself");
        assertEquals(false, prune.blocks(TemplateInstance.of("A", "a2", "B", "b1", "C", "c2")));
        assertEquals(false, prune.blocks(TemplateInstance.of("A", "a2")));
        assertEquals(Verdict.UNDERFULL, Verdict.of(false, 19, 20));
        assertEquals(Verdict.FULL, Verdict.of(false, 20, 20));
        assertEquals(Verdict.EMPTY, Verdict.of(false, 0, 20));
        assertEquals(Verdict.ERROR, Verdict.of(true, 0, 20));
    }
}
