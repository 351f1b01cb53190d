package dev.shapecrawl.core.fetch;

import dev.shapecrawl.events.FetchError;
import dev.shapecrawl.events.FetchErrorKind;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Timings;

import java.util.List;

/**
 * The outcome of one attempt of {@link HttpPageFetcher#fetch}, redirects included: what becomes a
 * {@link PageFetched} once the {@link Fetcher} adds the attempt count and queue time, plus what the fetcher
 * needs to decide on a retry.
 *
 * @param finalUrl      the last URL requested (the request URL when no request was sent)
 * @param redirectChain every URL requested, in order, the request URL first and {@code finalUrl} last
 * @param status        the last HTTP status received, 0 when none
 * @param contentType   the last response's media type without parameters, or null
 * @param charset       the charset the body was decoded with, or null without body
 * @param body          the decoded HTML body, or null (errors, other content types)
 * @param truncated     true when the body was cut at {@link FetchSettings#maxBodyBytes()}
 * @param contentBytes  decompressed body bytes kept (at most the cap), 0 without body
 * @param startedAtMs   wall-clock start of the attempt, epoch ms
 * @param durationMs    duration of the attempt, ms
 * @param retryAfter    the raw {@code Retry-After} header of the last response, or null
 * @param contactedHost true when a request was sent (or a connection tried); false when the guard refused
 *                      the first URL or its host did not resolve, in which case the politeness delay need not
 *                      be spent
 * @param error         why the attempt failed, or null on success
 * @param validators    the page response's {@code ETag} and {@code Last-Modified}, for a later conditional request;
 *                      null when it had none (or the attempt failed)
 * @param notModified   true when a conditional request was answered {@code 304 Not Modified}: no body came, the
 *                      caller's stored copy is the page (status 304, no error)
 */
public record FetchAttempt(String finalUrl, List<String> redirectChain, int status, String contentType,
                           String charset, String body, boolean truncated, long contentBytes, long startedAtMs,
                           long durationMs, String retryAfter, boolean contactedHost, FetchError error,
                           Validators validators, boolean notModified) {

    /**
     * Validates the chain: non-empty, ending with {@code finalUrl}.
     *
     * @throws IllegalArgumentException if it does not
     */
    public FetchAttempt {
        redirectChain = List.copyOf(redirectChain);
        if (redirectChain.isEmpty() || !redirectChain.get(redirectChain.size() - 1).equals(finalUrl)) {
            throw new IllegalArgumentException("redirectChain: must end with finalUrl");
        }
    }

    /** An attempt without validators that is not a 304 ({@code validators} null, {@code notModified} false). */
    public FetchAttempt(String finalUrl, List<String> redirectChain, int status, String contentType, String charset,
                        String body, boolean truncated, long contentBytes, long startedAtMs, long durationMs,
                        String retryAfter, boolean contactedHost, FetchError error) {
        this(finalUrl, redirectChain, status, contentType, charset, body, truncated, contentBytes, startedAtMs,
                durationMs, retryAfter, contactedHost, error, null, false);
    }

    /**
     * An attempt that never sent a request (refused by the guard or robots.txt, DNS failure).
     *
     * @param url the request URL
     */
    public static FetchAttempt notSent(String url, FetchError error, long startedAtMs, long durationMs) {
        return withoutResponse(url, error, false, startedAtMs, durationMs);
    }

    /**
     * An attempt that got no HTTP response for the page: never sent ({@code contactedHost} false), or failed
     * before the page request (robots.txt unreachable: {@code contactedHost} true).
     *
     * @param url the request URL
     */
    public static FetchAttempt withoutResponse(String url, FetchError error, boolean contactedHost,
                                               long startedAtMs, long durationMs) {
        return new FetchAttempt(url, List.of(url), 0, null, null, null, false, 0, startedAtMs, durationMs, null,
                contactedHost, error);
    }

    /** True when the attempt produced a page (2xx, accepted type, body read; or a 304 for a stored copy). */
    public boolean succeeded() {
        return error == null;
    }

    /** The error kind, or null on success. */
    public FetchErrorKind errorKind() {
        return error == null ? null : error.kind();
    }

    /**
     * The event for this attempt.
     *
     * @param request  the request, echoed
     * @param attempts attempts made, >= 1
     * @param queuedMs time waited in the host queue over all attempts, ms, >= 0
     * @throws IllegalArgumentException if the event's own validation fails (a programming error)
     */
    public PageFetched toPageFetched(FetchRequest request, int attempts, long queuedMs) {
        return new PageFetched(request, finalUrl, redirectChain, status, contentType, charset, body, truncated,
                contentBytes, attempts, new Timings(startedAtMs, durationMs, queuedMs), error);
    }
}
