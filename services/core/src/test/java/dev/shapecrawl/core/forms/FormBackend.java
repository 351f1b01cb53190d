package dev.shapecrawl.core.forms;

import dev.shapecrawl.events.FormField;

import java.util.LinkedHashMap;
import java.util.Map;

/** A form's server in tests: answers a submission's parameters with a result page. */
interface FormBackend {
    /** The first result page for the given parameters. */
    ProbeResult answer(Map<String, String> parameters);

    /** Drives {@code prober} against {@code backend} until it is done; returns the number of requests answered. */
    static int run(FormProber prober, FormBackend backend) {
        int requests = 0;
        while (!prober.done()) {
            ProbeRequest req = prober.next().orElseThrow();
            Map<String, String> params = new LinkedHashMap<>();
            for (FormField f : req.parameters()) {
                params.put(f.name(), f.value());
            }
            prober.observe(backend.answer(params));
            requests++;
        }
        return requests;
    }
}
