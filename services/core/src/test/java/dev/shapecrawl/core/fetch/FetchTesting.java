package dev.shapecrawl.core.fetch;

import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.FormField;
import dev.shapecrawl.events.HttpMethod;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Purpose;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Shared helpers of the fetch tests. Everything talks to loopback only. */
final class FetchTesting {
    static final String JOB = "job-fetch-test";

    private FetchTesting() {
    }

    /**
     * Settings for tests against the local server: loopback allowed, no politeness delay, short timeouts and
     * back-off, no jitter (deterministic waits).
     */
    static FetchSettings.Builder local() {
        return FetchSettings.builder()
                .allowedAddresses(Set.of(AddressClass.LOOPBACK))
                .politenessDelayMs(0)
                .retryBaseDelayMs(50)
                .retryJitter(0)
                .connectTimeoutMs(2000)
                .readTimeoutMs(5000);
    }

    static FetchRequest get(String url) {
        return FetchRequest.get(JOB, url, Purpose.MAP, 0);
    }

    static FetchRequest post(String url, List<FormField> form) {
        return new FetchRequest(JOB, url, HttpMethod.POST, form, Purpose.PROBE, 1, null, 0, null);
    }

    /** The stage's value, failing the test after 30 s. */
    static PageFetched await(CompletionStage<PageFetched> stage) {
        try {
            return stage.toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            throw new AssertionError("fetch did not complete normally: " + e, e);
        }
    }

    static long millis(long nanos) {
        return Duration.ofNanos(nanos).toMillis();
    }
}
