package dev.shapecrawl.formprober;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shapecrawl.core.forms.FormProber;
import dev.shapecrawl.core.forms.ProbeRequest;
import dev.shapecrawl.core.forms.ProbeSettings;
import dev.shapecrawl.core.forms.ProbeState;
import dev.shapecrawl.core.lists.SwleExtractor;
import dev.shapecrawl.core.lists.SwleSettings;
import dev.shapecrawl.events.EventCodec;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What persisting probes ({@code form-probe-state}, {@link FormProbes#restore}) relies on: the core's
 * {@link ProbeState} survives a JSON round trip through the events' mapper, and a prober resumed from it asks for
 * the same submission and ends with the same report as one that never stopped.
 */
class ProbeStateJsonTest {
    final ResultPages pages = new ResultPages(new SwleExtractor(SwleSettings.defaults()));

    @Test
    void aProbeResumedFromJsonEndsLikeOneThatNeverStopped() throws Exception {
        ObjectMapper json = EventCodec.mapper();
        FormProber straight = FormProber.start(Catalogue.searchForm(), false, ProbeSettings.defaults(), "", List.of());
        FormProber resumed = FormProber.start(Catalogue.searchForm(), false, ProbeSettings.defaults(), "", List.of());
        int steps = 0;
        while (!straight.done()) {
            String saved = json.writeValueAsString(resumed.state());
            resumed = FormProber.resume(json.readValue(saved, ProbeState.class));
            ProbeRequest a = straight.next().orElseThrow();
            assertEquals(a, resumed.next().orElseThrow(), "step " + steps);
            var result = pages.of(Catalogue.answer(a.toFetchRequest("job", 1, null)));
            straight.observe(result);
            resumed.observe(result);
            steps++;
        }
        assertEquals(straight.report(), resumed.report());
        assertEquals(straight.state(), resumed.state());
    }
}
