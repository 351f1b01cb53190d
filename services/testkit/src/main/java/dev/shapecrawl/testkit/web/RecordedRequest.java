package dev.shapecrawl.testkit.web;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One request received by a {@link TestWebServer}, as logged for assertions, plus what the server managed to
 * send back.
 *
 * <p>The request half (method, target, headers, body, arrival time) is fixed when the request is logged,
 * before the handler runs. The response half ({@link #responseBytesWritten()}, {@link #responseFinished()},
 * {@link #responseError()}) fills in while the response is written, so read it after the client is done.
 *
 * <p>Timestamps come from {@link System#nanoTime()} (for intervals: delays between requests, retry back-off)
 * and {@link System#currentTimeMillis()} (for logs). The nanoTime values are comparable with nanoTime values
 * taken by the test itself, since the server runs in the test's JVM.
 */
public final class RecordedRequest {
    private final String method;
    private final String target;
    private final String path;
    private final String query;
    private final Map<String, List<String>> headers;
    private final byte[] body;
    private final long receivedAtNanos;
    private final long receivedAtMillis;

    private volatile long responseBytesWritten;
    private volatile long responseStartedAtNanos = -1;
    private volatile long responseFinishedAtNanos = -1;
    private volatile String responseError;

    RecordedRequest(String method, String target, String path, String query, Map<String, List<String>> headers,
                    byte[] body, long receivedAtNanos, long receivedAtMillis) {
        this.method = method;
        this.target = target;
        this.path = path;
        this.query = query;
        this.headers = headers;
        this.body = body;
        this.receivedAtNanos = receivedAtNanos;
        this.receivedAtMillis = receivedAtMillis;
    }

    /** The request method, upper case ({@code GET}, {@code POST}, ...). */
    public String method() {
        return method;
    }

    /** The request target as sent: path plus {@code ?query} when there is one, still percent-encoded. */
    public String target() {
        return target;
    }

    /** The path of the request target, percent-encoded as sent (for example {@code /a/b}). */
    public String path() {
        return path;
    }

    /** The raw query string without the {@code ?}, or null when the target has none. */
    public String query() {
        return query;
    }

    /** Every header, names lower-cased, values in the order received. Unmodifiable. */
    public Map<String, List<String>> headers() {
        return headers;
    }

    /** The first value of header {@code name} (case-insensitive), if present. */
    public Optional<String> header(String name) {
        List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    /** The {@code Host} header, for telling the server's names ({@code 127.0.0.1}, {@code localhost}) apart. */
    public String host() {
        return header("host").orElse("");
    }

    /** The request body, read completely before the handler ran; empty when there was none. A copy. */
    public byte[] body() {
        return body.clone();
    }

    /** The request body decoded as UTF-8. */
    public String bodyAsString() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** {@link System#nanoTime()} when the request line and headers had arrived (before the body was read). */
    public long receivedAtNanos() {
        return receivedAtNanos;
    }

    /** Wall-clock arrival time, epoch milliseconds. */
    public long receivedAtMillis() {
        return receivedAtMillis;
    }

    /**
     * Response body bytes the server wrote to the socket for this request (after compression, before chunk
     * framing). A client that stops reading early makes this smaller than the body offered, though socket
     * buffers mean it may still be much larger than what the client read.
     */
    public long responseBytesWritten() {
        return responseBytesWritten;
    }

    /** True once the server finished (or gave up) writing the response. */
    public boolean responseFinished() {
        return responseFinishedAtNanos >= 0;
    }

    /**
     * {@link System#nanoTime()} just before the server sent the response's status line, or -1 before: a time no client
     * can have finished reading the response before, where {@link #responseFinishedAtNanos()} may lie after the
     * client's end (the server thread records it once the write has returned, and the client may have read
     * everything by then).
     */
    public long responseStartedAtNanos() {
        return responseStartedAtNanos;
    }

    /** {@link System#nanoTime()} when the response was finished or abandoned, or -1 while it is being written. */
    public long responseFinishedAtNanos() {
        return responseFinishedAtNanos;
    }

    /**
     * Why writing the response failed (typically the client closed the connection: a truncated or abandoned
     * download), or null when it completed or is still being written.
     */
    public String responseError() {
        return responseError;
    }

    void addResponseBytes(long n) {
        responseBytesWritten += n; // written by the single handler thread of this exchange only
    }

    void startResponse() {
        this.responseStartedAtNanos = System.nanoTime();
    }

    void finishResponse(String error) {
        this.responseError = error;
        this.responseFinishedAtNanos = System.nanoTime();
    }

    @Override
    public String toString() {
        return method + " " + target + " (Host: " + host() + ")";
    }
}
