package dev.shapecrawl.core.forms;

import dev.shapecrawl.events.FormInfo;
import dev.shapecrawl.events.HttpMethod;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The seed's worked example (Moraes 2013 Figure 4.6, spec §3.4): three fields A, B, C of three values each; 63
 * possible instances; ITP submits 33 (29 informative, 4 non-informative) and never generates 30. The figure is
 * not in the source text; the spec's derived configuration (A=A1 and B=B1 non-informative at order 1, A=A2&C=C1
 * and B=B2&C=C2 at order 2) reproduces all four numbers, and is what the backend below answers.
 */
class WorkedExampleTest {
    static final int M = 10;
    static final Set<String> NON_INFORMATIVE = Set.of("A=A1", "B=B1", "A=A2&C=C1", "B=B2&C=C2");

    /** Full pages (M distinct records) except for the four non-informative assignments (3 records). */
    static ProbeResult answer(Map<String, String> params) {
        List<String> bound = new ArrayList<>();
        for (String f : List.of("A", "B", "C")) {
            if (!params.get(f).isEmpty()) {
                bound.add(f + "=" + params.get(f));
            }
        }
        String key = String.join("&", bound);
        int n = NON_INFORMATIVE.contains(key) ? 3 : M;
        List<String> records = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            records.add((key.isEmpty() ? "all" : key) + " record " + i);
        }
        return ProbeResult.ofRecords(records);
    }

    static FormInfo form() {
        return Forms.form(HttpMethod.GET, Forms.select("A", "A1", "A2", "A3"), Forms.select("B", "B1", "B2", "B3"),
                Forms.select("C", "C1", "C2", "C3"), Forms.field("submit", "go", "Search"));
    }

    @Test
    void itpSubmits33Prunes4AndNeverGenerates30() {
        FormProber prober = FormProber.start(form(), false, ProbeSettings.faithful(), "", List.of());
        int requests = FormBackend.run(prober, WorkedExampleTest::answer);
        ProbeReport r = prober.report();

        assertEquals(63, r.possibleInstances(), "9 + 27 + 27");
        assertEquals(33, r.submissions());
        assertEquals(4, r.nonInformative());
        assertEquals(29, r.informative());
        assertEquals(30, r.neverGenerated());
        assertEquals(34, requests, "33 instances and the broad submission that measures M");
        assertEquals(M, r.m());
        assertEquals(ProbeState.StopReason.EXHAUSTED, r.stop());

        // the per-template steps of the spec's table
        Map<String, Integer> submitted = new java.util.LinkedHashMap<>();
        for (TemplateRun run : prober.state().runs()) {
            submitted.put(run.template().toString(), run.submitted());
        }
        assertEquals(Map.of("A", 3, "B", 3, "C", 3, "A&B", 4, "A&C", 6, "B&C", 6, "A&B&C", 8), submitted);
        TemplateRun abc = prober.state().runs().get(6);
        assertEquals(27, abc.candidates());
        assertEquals(19, abc.blocked(), "15 hold A=A1 or B=B1, 4 more hold A=A2&C=C1 or B=B2&C=C2");
        assertNull(abc.informative(), "ITP runs no template test");

        Set<String> pruned = new java.util.HashSet<>();
        for (Submission s : prober.state().log()) {
            if (!s.verdict(M).informative()) {
                pruned.add(s.instance().key());
            }
        }
        assertEquals(NON_INFORMATIVE, pruned);
    }

    @Test
    void requestsBindOneValuePerFieldAndKeepTheOthersAtTheirDefault() {
        FormProber prober = FormProber.start(form(), false, ProbeSettings.faithful(), "", List.of());
        ProbeRequest broad = prober.next().orElseThrow();
        assertTrue(broad.broad());
        assertEquals("http://site.test/search?A=&B=&C=&go=Go", broad.url(), "the action's own query is replaced");
        prober.observe(answer(Map.of("A", "", "B", "", "C", "")));
        ProbeRequest first = prober.next().orElseThrow();
        assertEquals("A=A1", first.instance().key());
        assertEquals("http://site.test/search?A=A1&B=&C=&go=Go", first.url());
        assertEquals(prober.next(), prober.next(), "asking twice gives the same request");
    }
}
