package dev.shapecrawl.formprober;

import dev.shapecrawl.core.forms.FormRejection;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The form-prober's Micrometer meters, at {@code /q/metrics}:
 * <ul>
 *   <li>{@code shapecrawl_form_prober_forms_total{outcome}}: forms seen on classified pages, {@code started}
 *       (probing began), {@code known} (already seen for the job) or {@code rejected};</li>
 *   <li>{@code shapecrawl_form_prober_rejected_forms_total{reason}}: forms never submitted, by
 *       {@link FormRejection.Reason} (password, email, login, javascript, nothing_to_probe);</li>
 *   <li>{@code shapecrawl_form_prober_submissions_total}: probe fetch requests published;</li>
 *   <li>{@code shapecrawl_form_prober_results_total{outcome}}: probe results, {@code observed} or {@code stale}
 *       (no probe awaited that request);</li>
 *   <li>{@code shapecrawl_form_prober_probes_total{outcome}}: finished probes, {@code template} (a form step was
 *       published) or {@code uninformative} (no informative instance);</li>
 *   <li>{@code shapecrawl_form_prober_active_probes}: forms being probed now (gauge);</li>
 *   <li>{@code shapecrawl_form_prober_malformed_total}: malformed events sent to a dead-letter topic.</li>
 * </ul>
 */
@ApplicationScoped
public class FormProberMetrics {
    static final String STARTED = "started";
    static final String KNOWN = "known";
    static final String REJECTED = "rejected";
    static final String OBSERVED = "observed";
    static final String STALE = "stale";
    static final String TEMPLATE = "template";
    static final String UNINFORMATIVE = "uninformative";

    private final MeterRegistry registry;

    FormProberMetrics(MeterRegistry registry, FormProbes probes) {
        this.registry = registry;
        // Registered up front, so a dashboard shows zero instead of no series before the first event.
        for (String o : new String[]{STARTED, KNOWN, REJECTED}) {
            registry.counter("shapecrawl.form.prober.forms", "outcome", o);
        }
        for (FormRejection.Reason r : FormRejection.Reason.values()) {
            registry.counter("shapecrawl.form.prober.rejected.forms", "reason", reasonTag(r));
        }
        for (String o : new String[]{OBSERVED, STALE}) {
            registry.counter("shapecrawl.form.prober.results", "outcome", o);
        }
        for (String o : new String[]{TEMPLATE, UNINFORMATIVE}) {
            registry.counter("shapecrawl.form.prober.probes", "outcome", o);
        }
        registry.counter("shapecrawl.form.prober.submissions");
        registry.counter("shapecrawl.form.prober.malformed");
        Gauge.builder("shapecrawl.form.prober.active.probes", probes, FormProbes::active)
                .description("Forms being probed now").register(registry);
    }

    void form(String outcome) {
        registry.counter("shapecrawl.form.prober.forms", "outcome", outcome).increment();
    }

    void rejectedForm(FormRejection.Reason reason) {
        form(REJECTED);
        registry.counter("shapecrawl.form.prober.rejected.forms", "reason", reasonTag(reason)).increment();
    }

    void submission() {
        registry.counter("shapecrawl.form.prober.submissions").increment();
    }

    void result(String outcome) {
        registry.counter("shapecrawl.form.prober.results", "outcome", outcome).increment();
    }

    void probe(String outcome) {
        registry.counter("shapecrawl.form.prober.probes", "outcome", outcome).increment();
    }

    void malformed() {
        registry.counter("shapecrawl.form.prober.malformed").increment();
    }

    private static String reasonTag(FormRejection.Reason r) {
        return r.name().toLowerCase(java.util.Locale.ROOT);
    }
}
