package dev.shapecrawl.core.forms;

import dev.shapecrawl.events.FormField;
import dev.shapecrawl.events.FormInfo;
import dev.shapecrawl.events.HttpMethod;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The additions measured on the hidden-web site (docs/evaluation.md, "Form probing: ITP (issue 7)"): a pinned
 * presentation value, required fields bound in every template, and the per-template stagnation rule.
 */
class BeyondTheSeedTest {
    static FormInfo.Field required(FormInfo.Field f) {
        return new FormInfo.Field(f.type(), f.name(), f.options(), f.defaultValue(), f.label(), true);
    }

    static FormInfo form() {
        return Forms.form(HttpMethod.GET, required(Forms.select("pub", "p1", "p2")), Forms.select("fmt", "f1", "f2"),
                Forms.select("aud", "a1", "a2"), Forms.select("per", "10", "100"), Forms.field("submit", "go", ""));
    }

    @Test
    void aPinnedPresentationFieldIsSentAtItsValue() {
        ProbeForm pinned = ProbeForm.of(form(), Set.of("per=100"));
        ProbeField per = pinned.fields().stream().filter(f -> f.name().equals("per")).findFirst().orElseThrow();
        assertEquals(FieldRole.FIXED, per.role());
        assertEquals("100", per.defaultValue());
        assertEquals("", ProbeForm.of(form(), Set.of("per")).fields().get(3).defaultValue(), "default otherwise");
        FormProber p = FormProber.start(form(), false, ProbeSettings.faithful().withPresentationFields(Set.of(
                "per=100")), "", List.of());
        assertTrue(p.next().orElseThrow().parameters().contains(new FormField("per", "100")));
    }

    @Test
    void onlyTemplatesBindingTheRequiredFieldArePlanned() {
        ProbeForm f = ProbeForm.of(form(), Set.of("per"));
        assertTrue(f.probedField("pub").required());
        List<String> plan = Templates.plan(f, 3).stream().map(Template::toString).toList();
        assertEquals(List.of("pub", "pub&fmt", "pub&aud", "pub&fmt&aud"), plan);
        // TP's gate judges only the planned parents: pub&fmt runs although fmt alone was never submitted
        Map<String, String> seen = new java.util.HashMap<>();
        FormProber tp = FormProber.start(form(), false, ProbeSettings.faithful().withMode(ProbeMode.TP)
                .withPresentationFields(Set.of("per")), "", List.of());
        while (!tp.done()) {
            ProbeRequest r = tp.next().orElseThrow();
            String key = r.instance() == null ? "broad" : r.instance().key();
            seen.put(key, key);
            tp.observe(r.instance() == null || r.instance().valueOf("pub") == null ? ProbeResult.errorPage()
                    : ProbeResult.ofRecords(records(r.instance().key(), 10)));
        }
        assertEquals(1 + 2 + 4 + 4 + 8, seen.size(), seen.keySet().toString());
    }

    @Test
    void theTemplateRuleLeavesATemplateThatAddsNothing() {
        // fmt pages repeat the same records: after Wt = 2 of them the template is left; aud pages are all new
        FormInfo form = Forms.form(HttpMethod.GET, Forms.select("fmt", "f1", "f2", "f3", "f4", "f5"),
                Forms.select("aud", "a1", "a2", "a3"), Forms.field("submit", "go", ""));
        ProbeSettings s = new ProbeSettings(ProbeMode.ITP, 1, 800, 600, 400, StaticSelection.FIRST, 0, 0.25,
                TemplateGate.ALL_SUBTEMPLATES_INFORMATIVE, TextValueSource.TF_IDF, 50, 15, 0, 1, 2, false, 20_000,
                Set.of());
        FormProber p = FormProber.start(form, false, s, "", List.of());
        List<String> submitted = new ArrayList<>();
        while (!p.done()) {
            ProbeRequest r = p.next().orElseThrow();
            if (r.instance() != null) {
                submitted.add(r.instance().key());
            }
            boolean fmt = r.instance() != null && r.instance().valueOf("fmt") != null;
            p.observe(ProbeResult.ofRecords(records(fmt ? "same" : r.instance() == null ? "broad"
                    : r.instance().key(), 10)));
        }
        assertEquals(List.of("fmt=f1", "fmt=f2", "fmt=f3", "aud=a1", "aud=a2", "aud=a3"), submitted);
    }

    static List<String> records(String key, int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(key + " record " + i);
        }
        return out;
    }
}
