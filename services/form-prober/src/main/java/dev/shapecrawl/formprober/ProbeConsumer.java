package dev.shapecrawl.formprober;

import dev.shapecrawl.core.forms.ProbeReport;
import dev.shapecrawl.core.forms.ProbeResult;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.FormInfo;
import dev.shapecrawl.events.FormProbeState;
import dev.shapecrawl.events.FormTemplate;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.messaging.Inbound;
import dev.shapecrawl.messaging.Outbound;
import io.quarkus.runtime.Startup;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.annotations.Blocking;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.reactive.messaging.Acknowledgment;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * The form-prober's Kafka adapter over the core {@link dev.shapecrawl.core.forms.FormProber}:
 * <ol>
 *   <li>{@code pages-classified}: each form of a page (not of a probe result page) that is new for its job is
 *       checked by the core rules — a rejected form (password, e-mail, login, JavaScript, nothing to vary) is
 *       counted and logged with its reason and never submitted — and otherwise probed: its first submission goes
 *       to {@code fetch-requests} with purpose PROBE;</li>
 *   <li>{@code pages-fetched}, purpose PROBE only: the result page is read ({@link ResultPages}), observed by the
 *       form's prober, and its next submission published; when the probe ends, a {@link FormTemplate} goes to
 *       {@code form-templates}: the form step if it kept informative instances, else the verdict UNINFORMATIVE
 *       (a rejected form's verdict REJECTED goes there when it is met), so every form a job met is settled.</li>
 * </ol>
 *
 * <p><b>Probe state survives restarts.</b> Every change of a form's probe is written to the compacted topic
 * {@code form-probe-state} (key {@code jobId/formId}, {@link FormProbeState}) before the submission that follows
 * from it is published; the final state of a probe is written after its form step, so that a crash in between ends
 * the probe again rather than losing the step (which may then be published twice). When the instance starts, before any event is consumed, it reads that
 * topic whole ({@link ProbeStateTopic}), restores every form ({@link FormProbes#restore}) and, once started,
 * re-issues the awaited submission of every unfinished probe (a result that does come twice is ignored by request
 * matching).
 *
 * <p><b>Delivery: at least once.</b> An incoming event is acknowledged only after what it caused is acknowledged by
 * the broker. A malformed event goes to
 * {@code dead-letter-topic-<topic>} with its reason ({@link Inbound}); so does an event whose processing throws or
 * whose output the broker refuses.
 *
 * <p>{@code pages-fetched} carries every fetched page with its body; non-PROBE pages are skipped before decoding
 * (a substring test on the payload) because they are the classifier's, which also dead-letters them if malformed.
 */
@Startup
@ApplicationScoped
public class ProbeConsumer {
    /** Incoming channel of classified pages, named as its topic. */
    public static final String CLASSIFIED = Topics.PAGES_CLASSIFIED;
    /** Incoming channel of fetched pages (probe results), named as its topic. */
    public static final String FETCHED = Topics.PAGES_FETCHED;
    /** Outgoing channel of probe submissions, named as its topic. */
    public static final String REQUESTS = Topics.FETCH_REQUESTS;
    /** Outgoing channel of form steps, named as its topic. */
    public static final String TEMPLATES = Topics.FORM_TEMPLATES;
    /** Outgoing channel of the probes' states, named as its topic. */
    public static final String STATES = Topics.FORM_PROBE_STATE;
    /** How long reading {@code form-probe-state} at startup may take. */
    static final Duration RESTORE_TIMEOUT = Duration.ofMinutes(2);
    /** How a PROBE request's purpose appears in the compact JSON the codec writes. */
    static final String PROBE_MARKER = "\"purpose\":\"" + Purpose.PROBE.name() + "\"";

    private static final Logger LOG = Logger.getLogger(ProbeConsumer.class);

    private final FormProbes probes;
    private final ResultPages resultPages;
    private final FormProberMetrics metrics;
    private final MutinyEmitter<String> requests;
    private final MutinyEmitter<String> templates;
    private final MutinyEmitter<String> states;
    /** The awaited submissions of the probes restored at startup, re-issued once the channels run. */
    private final List<FetchRequest> resumed;

    ProbeConsumer(FormProbes probes, ResultPages resultPages, FormProberMetrics metrics,
                  @Channel(REQUESTS) MutinyEmitter<String> requests,
                  @Channel(TEMPLATES) MutinyEmitter<String> templates,
                  @Channel(STATES) MutinyEmitter<String> states,
                  @ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers) {
        this.probes = probes;
        this.resultPages = resultPages;
        this.metrics = metrics;
        this.requests = requests;
        this.templates = templates;
        this.states = states;
        // Restored here, before this bean's incoming methods can run: no event meets a partial state.
        List<FormProbeState> saved = ProbeStateTopic.readAll(bootstrapServers, RESTORE_TIMEOUT);
        this.resumed = probes.restore(saved);
        LOG.infof("restored %d forms from %s: %d probes resume", saved.size(), STATES, resumed.size());
    }

    /** Re-issues the awaited submission of every probe restored at startup. */
    void resume(@Observes StartupEvent event) {
        for (FetchRequest r : resumed) {
            LOG.infof("job %s: probe resumed, submission %s issued again", r.jobId(), r.url());
            request(r).whenComplete((v, failure) -> {
                if (failure != null) {
                    LOG.errorf(failure, "job %s: resumed submission %s could not be published", r.jobId(), r.url());
                }
            });
        }
    }

    /** Starts probing the new forms of a classified page; completes once its first requests are acknowledged. */
    @Incoming(CLASSIFIED)
    @Blocking
    @Acknowledgment(Acknowledgment.Strategy.MANUAL)
    public CompletionStage<Void> onClassified(Message<String> message) {
        if (hasNoForms(message)) {
            return message.ack(); // most pages: decoding their outlinks cost this service a tenth of the machine
        }
        Optional<PageClassified> decoded = Inbound.decode(message, EventType.PAGE_CLASSIFIED, metrics::malformed);
        if (decoded.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        PageClassified page = decoded.get();
        // A probe's result page usually shows the form again: probing it from there would probe forever.
        if (page.forms().isEmpty() || page.request().purpose() == Purpose.PROBE) {
            return message.ack();
        }
        List<CompletableFuture<Void>> sends = new ArrayList<>();
        try {
            for (FormInfo form : page.forms()) {
                FormProbes.Start start = probes.onForm(page.jobId(), page.finalUrl(), page.request().depth(), form);
                if (start instanceof FormProbes.Started s) {
                    metrics.form(FormProberMetrics.STARTED);
                    LOG.infof("job %s: probing form %s (%s %s) found on %s", page.jobId(), s.formId(),
                            form.method(), form.action(), page.finalUrl());
                    sends.add(persist(s.state()).thenCompose(v -> request(s.request())));
                } else if (start instanceof FormProbes.Rejected r) {
                    // the verdict first: a crash before the state is written rejects the form again, harmlessly
                    sends.add(Outbound.send(templates, r.verdict().jobId(), r.verdict())
                            .thenCompose(v -> persist(r.state())));
                    metrics.rejectedForm(r.rejection().reason());
                    LOG.infof("job %s: form %s (%s) on %s is never submitted: %s %s (%s)", page.jobId(), r.formId(),
                            form.action(), page.finalUrl(), r.rejection().reason(), r.rejection().field(),
                            r.rejection().detail());
                } else {
                    metrics.form(FormProberMetrics.KNOWN);
                }
            }
        } catch (RuntimeException e) {
            LOG.errorf(e, "forms of page %s could not be probed", page.finalUrl());
            return message.nack(e);
        }
        return settle(message, sends, page.finalUrl());
    }

    /** Feeds a probe result to its prober and publishes what follows; other purposes are skipped. */
    @Incoming(FETCHED)
    @Blocking
    @Acknowledgment(Acknowledgment.Strategy.MANUAL)
    public CompletionStage<Void> onFetched(Message<String> message) {
        String payload = message.getPayload();
        if (payload == null || !payload.contains(PROBE_MARKER)) {
            return message.ack();
        }
        Optional<PageFetched> decoded = Inbound.decode(message, EventType.PAGE_FETCHED, metrics::malformed);
        if (decoded.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        PageFetched page = decoded.get();
        FetchRequest request = page.request();
        if (request.purpose() != Purpose.PROBE) {
            return message.ack(); // the marker was in the body
        }
        List<CompletableFuture<Void>> sends = new ArrayList<>();
        try {
            ProbeResult result = resultPages.of(page);
            Optional<FormProbes.Step> step = probes.onResult(request, result);
            if (step.isEmpty()) {
                metrics.result(FormProberMetrics.STALE);
                LOG.debugf("job %s: no probe awaits the result of %s; ignored", request.jobId(), request.url());
                return message.ack();
            }
            metrics.result(FormProberMetrics.OBSERVED);
            FormProbes.Step s = step.get();
            if (s.next().isPresent()) {
                FetchRequest next = s.next().get();
                sends.add(persist(s.state()).thenCompose(v -> request(next)));
            }
            if (s.finished().isPresent()) {
                ProbeReport report = s.finished().get();
                LOG.infof("job %s: probe of form %s ended (%s): %d requests, %d informative instances kept,"
                        + " %d distinct records", request.jobId(), s.formId(), report.stop(), report.requests(),
                        report.returnedInstances(), report.coverage());
                metrics.probe(s.template().filter(FormTemplate::informative).isPresent()
                        ? FormProberMetrics.TEMPLATE : FormProberMetrics.UNINFORMATIVE);
                // The form step first, then the final state: a crash in between restores the probe still waiting
                // for its last result, which then ends it again (the form step may be published twice).
                CompletableFuture<Void> template = s.template()
                        .map(t -> Outbound.send(templates, t.jobId(), t))
                        .orElseGet(() -> CompletableFuture.completedFuture(null));
                sends.add(template.thenCompose(v -> persist(s.state())));
            }
        } catch (RuntimeException e) {
            LOG.errorf(e, "probe result %s could not be processed", request.url());
            return message.nack(e);
        }
        return settle(message, sends, request.url());
    }

    /** Writes a form's state; what follows from it is published once this is acknowledged. */
    private CompletableFuture<Void> persist(FormProbeState state) {
        return Outbound.send(states, state.key(), state);
    }

    private CompletableFuture<Void> request(FetchRequest r) {
        metrics.submission();
        return Outbound.send(requests, r.key(), r);
    }

    /** Acks {@code message} once every send is acknowledged; nacks it (dead letter) with the broker's reason. */
    private static CompletionStage<Void> settle(Message<String> message, List<CompletableFuture<Void>> sends,
                                                String what) {
        return CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new)).handle((v, failure) -> failure)
                .thenCompose(failure -> {
                    if (failure == null) {
                        return message.ack();
                    }
                    Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                            ? failure.getCause() : failure;
                    LOG.errorf(cause, "events caused by %s could not be published", what);
                    return message.nack(cause);
                });
    }

    /**
     * Whether the record says, in the classifier's {@link PageClassified#FORMS_HEADER}, that its page has no form.
     * A record without the header (another producer, a malformed event) is decoded, and dead-lettered if bad.
     */
    static boolean hasNoForms(Message<String> message) {
        return message.getMetadata(IncomingKafkaRecordMetadata.class)
                .map(m -> m.getHeaders().lastHeader(PageClassified.FORMS_HEADER))
                .map(h -> "0".equals(new String(h.value(), StandardCharsets.UTF_8)))
                .orElse(false);
    }
}
