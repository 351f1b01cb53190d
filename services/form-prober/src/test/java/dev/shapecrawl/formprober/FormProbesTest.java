package dev.shapecrawl.formprober;

import dev.shapecrawl.core.forms.FormRejection;
import dev.shapecrawl.core.forms.FormSubmissions;
import dev.shapecrawl.core.forms.ProbeResult;
import dev.shapecrawl.core.forms.ProbeSettings;
import dev.shapecrawl.core.lists.SwleExtractor;
import dev.shapecrawl.core.lists.SwleSettings;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.FormField;
import dev.shapecrawl.events.FormTemplate;
import dev.shapecrawl.events.Purpose;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The state holder and the result-page reader without Kafka: a whole probe of the {@link Catalogue} form. */
class FormProbesTest {
    final ResultPages pages = new ResultPages(new SwleExtractor(SwleSettings.defaults()));

    @Test
    void resultPagesCountTheRecordsOfTheMainList() {
        FetchRequest broad = new FetchRequest("j", Catalogue.SITE + "search?genre=&decade=", null, List.of(),
                Purpose.PROBE, 1, null, 0, null);
        ProbeResult r = pages.of(Catalogue.answer(broad));
        assertEquals(10, r.recordCount());
        FetchRequest rock = new FetchRequest("j", Catalogue.SITE + "search?genre=rock&decade=", null, List.of(),
                Purpose.PROBE, 1, null, 0, null);
        assertEquals(3, pages.of(Catalogue.answer(rock)).recordCount());
    }

    @Test
    void aWholeProbeEndsWithATemplateAndRejectedFormsNeverStart() {
        FormProbes probes = new FormProbes(ProbeSettings.defaults());
        FormProbes.Start start = probes.onForm("job", Catalogue.SITE, 0, Catalogue.searchForm());
        FetchRequest next = assertInstanceOf(FormProbes.Started.class, start).request();
        assertInstanceOf(FormProbes.Known.class, probes.onForm("job", Catalogue.SITE + "other", 0,
                Catalogue.searchForm()));
        List<String> urls = new ArrayList<>();
        Optional<FormTemplate> template = Optional.empty();
        while (next != null) {
            urls.add(next.url());
            FormProbes.Step step = probes.onResult(next, pages.of(Catalogue.answer(next))).orElseThrow();
            assertTrue(probes.onResult(next, ProbeResult.errorPage()).isEmpty(), "a duplicate result is ignored");
            next = step.next().orElse(null);
            if (step.finished().isPresent()) {
                template = step.template();
            }
        }
        assertEquals(urls.size(), urls.stream().distinct().count(), urls.toString());
        FormTemplate t = template.orElseThrow();
        // The distinctness filter keeps the instances that cover the records seen: here the genre ones.
        assertTrue(t.templateFields().contains("genre"), t.templateFields().toString());
        // every field the probe submitted at its default, in form order: a crawl submits what the probe did
        assertEquals(List.of(new FormField("genre", ""), new FormField("decade", ""), new FormField("lang", "en"),
                new FormField("go", "Search")), t.fixedFields());
        List<FetchRequest> again = FormSubmissions.requests(t, "job", Purpose.CRAWL, 1, Catalogue.SITE, 1_000);
        assertEquals(t.informativeInstances().size(), again.size());
        for (FetchRequest r : again) {
            assertTrue(urls.contains(r.url()), "a crawl's submission is one the probe made: " + r.url());
        }
        assertTrue(t.informativeInstances().contains(Map.of("genre", "jazz")), t.informativeInstances().toString());
        assertEquals(urls.size(), t.submissions());
        assertTrue(t.distinctRecords() >= 20, "distinct records " + t.distinctRecords());
        assertEquals(0, probes.active());

        assertEquals(FormRejection.Reason.PASSWORD, assertInstanceOf(FormProbes.Rejected.class,
                probes.onForm("job", Catalogue.SITE, 0, Catalogue.loginForm())).rejection().reason());
        assertEquals(FormRejection.Reason.JAVASCRIPT, assertInstanceOf(FormProbes.Rejected.class,
                probes.onForm("job", Catalogue.SITE, 0, Catalogue.javaScriptForm())).rejection().reason());
    }
}
