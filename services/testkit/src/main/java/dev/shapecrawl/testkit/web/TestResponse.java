package dev.shapecrawl.testkit.web;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;

/**
 * An immutable canned response of a {@link TestWebServer}: status, headers and a body that is written when a
 * request arrives. Bodies can be fixed bytes, generated on the fly (so a 20 MiB or 200 MiB body never sits in
 * memory), compressed while written, or written slowly to provoke client timeouts.
 *
 * <p>Factories set {@code Content-Type}; {@link #header(String, String)} adds more headers. Every instance
 * can be reused for any number of requests.
 */
public final class TestResponse {
    /** Size of the chunks generated bodies are written in, bytes. */
    static final int CHUNK = 64 * 1024;

    /** Writes a body to the response stream. */
    @FunctionalInterface
    interface Writer {
        void writeTo(OutputStream out) throws IOException, InterruptedException;
    }

    /**
     * How a body is written.
     *
     * @param length the Content-Length, or -1 for chunked transfer coding
     * @param writer what writes it
     */
    record Body(long length, Writer writer) {
        void writeTo(OutputStream out) throws IOException, InterruptedException {
            writer.writeTo(out);
        }

        static Body chunked(Writer writer) {
            return new Body(-1, writer);
        }
    }

    private static final Body EMPTY = new Body(0, out -> { });

    private final int status;
    private final List<Map.Entry<String, String>> headers;
    private final Body body;
    private final long headerDelayMs;

    private TestResponse(int status, List<Map.Entry<String, String>> headers, Body body, long headerDelayMs) {
        if (status < 100 || status > 999) {
            throw new IllegalArgumentException("status: must be 100..999, was " + status);
        }
        this.status = status;
        this.headers = List.copyOf(headers);
        this.body = body;
        this.headerDelayMs = headerDelayMs;
    }

    private static TestResponse of(int status, String contentType, Body body) {
        List<Map.Entry<String, String>> h = new ArrayList<>();
        if (contentType != null) {
            h.add(Map.entry("Content-Type", contentType));
        }
        return new TestResponse(status, h, body, 0);
    }

    /** 200 with {@code html} as the body, {@code text/html; charset=UTF-8}. */
    public static TestResponse html(String html) {
        return html(200, html);
    }

    /** {@code status} with {@code html} as the body, {@code text/html; charset=UTF-8}. */
    public static TestResponse html(int status, String html) {
        return bytes(status, "text/html; charset=UTF-8", html.getBytes(StandardCharsets.UTF_8));
    }

    /** 200 with {@code text} as the body, {@code text/plain; charset=UTF-8} (for robots.txt). */
    public static TestResponse text(String text) {
        return bytes(200, "text/plain; charset=UTF-8", text.getBytes(StandardCharsets.UTF_8));
    }

    /** 200 with exactly these bytes; {@code contentType} is sent verbatim, or not at all when null. */
    public static TestResponse bytes(String contentType, byte[] body) {
        return bytes(200, contentType, body);
    }

    /** {@code status} with exactly these bytes; {@code contentType} is sent verbatim, or omitted when null. */
    public static TestResponse bytes(int status, String contentType, byte[] body) {
        byte[] copy = body.clone();
        return of(status, contentType, new Body(copy.length, out -> {
            out.write(copy);
        }));
    }

    /** {@code status} with no body and no Content-Type. */
    public static TestResponse status(int status) {
        return of(status, null, EMPTY);
    }

    /** A redirect: {@code code} (301, 302, 303, 307, 308) with {@code Location: location} and no body. */
    public static TestResponse redirect(int code, String location) {
        return status(code).header("Location", location);
    }

    /**
     * 200 with a body of {@code length} bytes, all {@code fill}, generated while written in 64 KiB chunks (so
     * memory stays constant whatever the length) and sent with a Content-Length.
     */
    public static TestResponse generated(String contentType, long length, byte fill) {
        if (length < 0) {
            throw new IllegalArgumentException("length: must be >= 0, was " + length);
        }
        return of(200, contentType, new Body(length, out -> {
            writeFill(out, length, fill);
        }));
    }

    /**
     * 200 that sends its headers and {@code firstBytes} at once, then stalls for {@code stallMs} without
     * sending anything, then ends the body: a slow-drip server for read-timeout tests. The body is chunked, so
     * the client cannot know it is complete until the stall is over. The stall ends early when the server
     * closes.
     */
    public static TestResponse slow(String contentType, byte[] firstBytes, long stallMs) {
        byte[] copy = firstBytes.clone();
        return of(200, contentType, Body.chunked(out -> {
            out.write(copy);
            out.flush();
            Thread.sleep(stallMs);
        }));
    }

    /** 200 with {@code body} gzip-compressed on the fly, {@code Content-Encoding: gzip}, chunked. */
    public static TestResponse gzip(String contentType, byte[] body) {
        byte[] copy = body.clone();
        return of(200, contentType, Body.chunked(out -> {
            GZIPOutputStream gz = new GZIPOutputStream(new NonClosing(out), CHUNK);
            gz.write(copy);
            gz.finish();
        })).header("Content-Encoding", "gzip");
    }

    /**
     * 200 with {@code body} compressed with {@code Content-Encoding: deflate}: zlib-wrapped (RFC 1950, what
     * the HTTP spec means) when {@code zlibWrapped}, raw RFC 1951 deflate (what some servers send) otherwise.
     */
    public static TestResponse deflate(String contentType, byte[] body, boolean zlibWrapped) {
        byte[] copy = body.clone();
        return of(200, contentType, Body.chunked(out -> {
            Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, !zlibWrapped);
            try {
                DeflaterOutputStream d = new DeflaterOutputStream(new NonClosing(out), deflater, CHUNK);
                d.write(copy);
                d.finish();
            } finally {
                deflater.end();
            }
        })).header("Content-Encoding", "deflate");
    }

    /**
     * 200 with a gzip-compressed body that decompresses to {@code uncompressedLength} bytes of {@code fill},
     * compressed while written (a "gzip bomb": 200 MiB of zeros is about 200 KiB on the wire), chunked, with
     * {@code Content-Encoding: gzip}. Neither the compressed nor the uncompressed body is ever held in memory.
     */
    public static TestResponse gzipGenerated(String contentType, long uncompressedLength, byte fill) {
        return of(200, contentType, Body.chunked(out -> {
            GZIPOutputStream gz = new GZIPOutputStream(new NonClosing(out), CHUNK);
            writeFill(gz, uncompressedLength, fill);
            gz.finish();
        })).header("Content-Encoding", "gzip");
    }

    /**
     * Writes a streamed body: gets the response stream and writes as much as it likes, as slowly as it likes.
     * Public so that other test sites ({@code dev.shapecrawl.testkit.hostile.HostileSite}) can generate bodies
     * that are never held in memory.
     */
    @FunctionalInterface
    public interface BodyWriter {
        /**
         * Writes the body to {@code out}. An {@link IOException} usually means the client hung up (expected when
         * a crawler stops reading at its cap); {@link InterruptedException} that the server is closing.
         */
        void writeTo(OutputStream out) throws IOException, InterruptedException;
    }

    /**
     * {@code status} with a body {@code writer} produces while the response is sent, with
     * {@code Content-Length: length}, or chunked when {@code length} is -1. The writer must write exactly
     * {@code length} bytes when a length is given.
     *
     * @param contentType sent verbatim, or omitted when null
     * @throws IllegalArgumentException if {@code length < -1}
     */
    public static TestResponse streamed(int status, String contentType, long length, BodyWriter writer) {
        if (length < -1) {
            throw new IllegalArgumentException("length: must be >= -1, was " + length);
        }
        return of(status, contentType, new Body(length, writer::writeTo));
    }

    /** A copy with one more header (added, not replacing one of the same name). */
    public TestResponse header(String name, String value) {
        List<Map.Entry<String, String>> h = new ArrayList<>(headers);
        h.add(Map.entry(name, value));
        return new TestResponse(status, h, body, headerDelayMs);
    }

    /**
     * A copy that waits {@code delayMs} before sending the status line and headers (a server slow to answer at
     * all, as opposed to {@link #slow} which stalls in the body). The wait ends early when the server closes.
     */
    public TestResponse delayHeaders(long delayMs) {
        return new TestResponse(status, headers, body, delayMs);
    }

    /** The status code. */
    public int statusCode() {
        return status;
    }

    List<Map.Entry<String, String>> headers() {
        return headers;
    }

    Body body() {
        return body;
    }

    long headerDelayMs() {
        return headerDelayMs;
    }

    private static void writeFill(OutputStream out, long length, byte fill) throws IOException {
        byte[] chunk = new byte[(int) Math.min(CHUNK, Math.max(length, 1))];
        Arrays.fill(chunk, fill);
        long left = length;
        while (left > 0) {
            int n = (int) Math.min(chunk.length, left);
            out.write(chunk, 0, n);
            left -= n;
        }
    }

    /** Lets a compressor finish its trailer without closing the exchange's stream (the server closes it). */
    private static final class NonClosing extends java.io.FilterOutputStream {
        NonClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len); // FilterOutputStream writes byte by byte otherwise
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }

    @Override
    public String toString() {
        return "TestResponse[" + status + " " + headers + "]";
    }
}
