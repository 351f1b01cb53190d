package dev.shapecrawl.fetcher;

import dev.shapecrawl.core.fetch.Fetcher;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.FetchError;
import dev.shapecrawl.events.FetchErrorKind;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.messaging.Inbound;
import dev.shapecrawl.messaging.Outbound;
import io.quarkus.runtime.Startup;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.annotations.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.reactive.messaging.Acknowledgment;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;

/**
 * The fetcher's Kafka adapter: consumes {@code fetch-requests}, fetches through the core {@link Fetcher}
 * (politeness, robots.txt, SSRF guard), produces {@code pages-fetched}.
 *
 * <p>Delivery: at least once. A request's offset is acknowledged only after its page event is acknowledged
 * by the broker (the connector's {@code throttled} commit strategy commits the highest offset below which
 * everything is acknowledged, so requests may finish out of order across hosts without losing any). A
 * malformed request is nacked with the reason and goes to {@code dead-letter-topic-fetch-requests}; the
 * consumer keeps going. Requests in flight are bounded ({@code shapecrawl.fetcher.max-in-flight}), which
 * back-pressures the consumer while hosts wait out their politeness delays.
 */
@Startup // built at boot, so a bad engine setting fails the start instead of every message
@ApplicationScoped
public class FetchRequestConsumer {
    /** Incoming channel; named as its topic, so its dead-letter topic is {@code dead-letter-topic-fetch-requests}. */
    public static final String REQUESTS = Topics.FETCH_REQUESTS;
    /** Outgoing channel; named as its topic. */
    public static final String PAGES = Topics.PAGES_FETCHED;

    private static final Logger LOG = Logger.getLogger(FetchRequestConsumer.class);

    private final Fetcher fetcher;
    private final MutinyEmitter<String> pages;
    private final FetcherMetrics metrics;
    private final Semaphore inFlight;
    private final int maxMessageBytes;

    FetchRequestConsumer(Fetcher fetcher, @Channel(PAGES) MutinyEmitter<String> pages, FetcherMetrics metrics,
                         @ConfigProperty(name = "shapecrawl.fetcher.max-in-flight") int maxInFlight,
                         @ConfigProperty(name = "mp.messaging.outgoing.pages-fetched.max.request.size")
                         int maxMessageBytes) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("shapecrawl.fetcher.max-in-flight must be >= 1, was " + maxInFlight);
        }
        if (maxInFlight > fetcher.settings().maxQueuedPerHost()) {
            // Then a host queue can never be full, and a rejection can only mean the engine is closing.
            throw new IllegalArgumentException("shapecrawl.fetcher.max-in-flight (" + maxInFlight
                    + ") must not exceed the engine's max-queued-per-host (" + fetcher.settings().maxQueuedPerHost()
                    + ")");
        }
        this.fetcher = fetcher;
        this.pages = pages;
        this.metrics = metrics;
        this.inFlight = new Semaphore(maxInFlight);
        this.maxMessageBytes = maxMessageBytes;
    }

    /**
     * Admits one request: decodes it (or dead-letters it), waits for an in-flight slot, and starts the fetch.
     * Runs on a worker thread, in order, so waiting for a slot pauses consumption instead of buffering.
     *
     * @return completes when the request is admitted (or dead-lettered), not when it is fetched: the message
     *         is acknowledged separately once its page event is written
     */
    @Incoming(REQUESTS)
    @Blocking
    @Acknowledgment(Acknowledgment.Strategy.MANUAL)
    public CompletionStage<Void> onRequest(Message<String> message) {
        Optional<FetchRequest> decoded = Inbound.decode(message, EventType.FETCH_REQUEST, metrics::rejected);
        if (decoded.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        FetchRequest request = decoded.get();
        try {
            inFlight.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return message.nack(e);
        }
        fetcher.fetch(request)
                .thenCompose(this::publish)
                .whenComplete((ignored, failure) -> {
                    inFlight.release();
                    Throwable cause = unwrap(failure);
                    if (cause == null) {
                        message.ack();
                    } else if (cause instanceof CancellationException || cause instanceof RejectedExecutionException) {
                        // Shutting down: never fetched. Neither ack nor nack, so the offset is not committed
                        // and the request is redelivered after the restart (at least once, not dead-lettered).
                        LOG.debugf("fetch of %s abandoned at shutdown; it will be redelivered", request.url());
                    } else {
                        LOG.errorf(cause, "fetch of %s could not be published", request.url());
                        message.nack(cause);
                    }
                });
        return CompletableFuture.completedFuture(null);
    }

    private static Throwable unwrap(Throwable t) {
        return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    }

    private CompletableFuture<Void> publish(PageFetched page) {
        String json = EventCodec.encode(page);
        if (utf8LengthMayExceed(json, maxMessageBytes)) {
            // The body is what makes an event too large; the outcome is still worth recording.
            page = tooLarge(page);
            json = EventCodec.encode(page);
        }
        return Outbound.send(pages, page.key(), json);
    }

    /**
     * Whether {@code json} may encode to more than {@code limit} UTF-8 bytes. A UTF-16 char takes at most three
     * UTF-8 bytes, so most pages are cleared without copying a string of megabytes just to measure it.
     */
    static boolean utf8LengthMayExceed(String json, int limit) {
        if ((long) json.length() * 3 <= limit) {
            return false;
        }
        return json.getBytes(StandardCharsets.UTF_8).length > limit;
    }

    private PageFetched tooLarge(PageFetched p) {
        return new PageFetched(p.request(), p.finalUrl(), p.redirectChain(), p.status(), p.contentType(),
                p.charset(), null, p.truncated(), p.contentBytes(), p.attempts(), p.timings(),
                new FetchError(FetchErrorKind.TOO_LARGE, "page event exceeds " + maxMessageBytes + " bytes"));
    }
}
