package dev.shapecrawl.events;

import java.util.List;

/**
 * The outcome of one fetch request. Topic {@link Topics#PAGES_FETCHED}, key {@link #key()} (the host of the
 * requested URL, like the request).
 *
 * @param request       the request, echoed unchanged
 * @param finalUrl      the URL the body came from after redirects (the request's URL if none)
 * @param redirectChain every URL requested in order, the request's URL first and {@code finalUrl} last;
 *                      one element when there was no redirect
 * @param status        the final HTTP status, or 0 when no response was received
 * @param contentType   the response's media type without parameters (for example {@code text/html}), or null
 * @param charset       the charset the body was decoded with (byte-order mark, then the Content-Type header,
 *                      then a meta tag, as the HTML standard's encoding sniffing orders them), or null
 * @param body          the decoded HTML/XHTML body, at most the fetcher's cap (default 5 MiB); null for
 *                      other content types and failures
 * @param truncated     true when the body was cut at the cap
 * @param contentBytes  bytes of the (decompressed) body read from the wire, >= 0
 * @param attempts      how many times the fetcher tried, >= 1 (retries on timeouts, 5xx, 429)
 * @param timings       when and how long
 * @param error         why the fetch failed, or null on success
 * @param reused        true when the fetcher answered with its stored copy of the URL instead of fetching it
 *                      ({@link FetchRequest#reuseSinceMs()}; {@code timings} are the stored fetch's, so
 *                      {@code timings.startedAtMs} says when the copy was fetched); null or false: fetched now
 * @param notModified   true when the fetcher asked the site with its stored copy's validators ({@code If-None-Match},
 *                      {@code If-Modified-Since}, RFC 9110 §13.1) and the site answered {@code 304 Not Modified}:
 *                      the body is the stored copy, unchanged since it was answered to this request's job;
 *                      {@code status} is 304 and {@code timings} are this request's (issue 19); null or false
 *                      otherwise (a 304 that confirms a copy another job fetched answers a page new to this job:
 *                      status 304, {@code notModified} null)
 */
public record PageFetched(FetchRequest request, String finalUrl, List<String> redirectChain, int status,
                          String contentType, String charset, String body, boolean truncated, long contentBytes,
                          int attempts, Timings timings, FetchError error, Boolean reused,
                          Boolean notModified) {

    public PageFetched {
        Checks.nonNull("request", request);
        Urls.requireHttp("finalUrl", finalUrl);
        redirectChain = Checks.list(redirectChain);
        if (status < 0 || status > 999) {
            throw new IllegalArgumentException("status: must be 0..999, was " + status);
        }
        Checks.nonNegative("contentBytes", contentBytes);
        Checks.nonNull("timings", timings);
        if (attempts < 1) {
            throw new IllegalArgumentException("attempts: must be >= 1, was " + attempts);
        }
    }

    /** An answer fetched now ({@link #reused} and {@link #notModified} null). */
    public PageFetched(FetchRequest request, String finalUrl, List<String> redirectChain, int status,
                       String contentType, String charset, String body, boolean truncated, long contentBytes,
                       int attempts, Timings timings, FetchError error) {
        this(request, finalUrl, redirectChain, status, contentType, charset, body, truncated, contentBytes, attempts,
                timings, error, null, null);
    }

    /** An answer that may be a stored copy ({@link #notModified} null). */
    public PageFetched(FetchRequest request, String finalUrl, List<String> redirectChain, int status,
                       String contentType, String charset, String body, boolean truncated, long contentBytes,
                       int attempts, Timings timings, FetchError error, Boolean reused) {
        this(request, finalUrl, redirectChain, status, contentType, charset, body, truncated, contentBytes, attempts,
                timings, error, reused, null);
    }

    /** The Kafka key: the host of the requested URL. */
    public String key() {
        return request.key();
    }

    /** Whether the fetcher's stored copy answered without contacting the site. */
    public boolean fromStore() {
        return Boolean.TRUE.equals(reused);
    }

    /** Whether the site answered a conditional request with 304: the body is the stored copy, unchanged. */
    public boolean unchanged() {
        return Boolean.TRUE.equals(notModified);
    }

    /** True when the fetch succeeded (2xx, or a 304 answered with the stored copy) and a body is present. */
    public boolean hasBody() {
        return error == null && body != null;
    }
}
