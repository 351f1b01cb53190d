package dev.shapecrawl.core.fetch;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads a body into memory up to a cap and no further. The buffer grows as bytes arrive (a small page costs a
 * small array), never beyond {@code cap} bytes, and reading stops at the cap: one more byte is read only to
 * tell "exactly cap bytes" from "truncated". Memory is therefore bounded by the cap whatever the stream
 * delivers, a decompressing stream included.
 */
final class BodyBuffer {
    private final InputStream in;
    private final int cap;
    private byte[] buf;
    private int length;
    private boolean eof;
    private boolean truncated;

    BodyBuffer(InputStream in, int cap) {
        if (cap < 1) {
            throw new IllegalArgumentException("cap: must be >= 1, was " + cap);
        }
        this.in = in;
        this.cap = cap;
        this.buf = new byte[Math.min(cap, 8192)];
    }

    /**
     * Reads until at least {@code min(target, cap)} bytes are buffered or the stream ends.
     *
     * @return this
     * @throws IOException from the stream
     */
    BodyBuffer fill(int target) throws IOException {
        int goal = Math.min(target, cap);
        while (!eof && length < goal) {
            if (length == buf.length) {
                buf = Arrays.copyOf(buf, (int) Math.min((long) buf.length * 2, cap));
            }
            int n = in.read(buf, length, Math.min(buf.length, goal) - length);
            if (n < 0) {
                eof = true;
            } else {
                length += n;
            }
        }
        return this;
    }

    /**
     * Reads to the end of the stream or to the cap, whichever comes first; at the cap, probes one byte to set
     * {@link #truncated()}.
     *
     * @return this
     * @throws IOException from the stream
     */
    BodyBuffer fillToCap() throws IOException {
        fill(cap);
        if (!eof && length == cap) {
            truncated = in.read() >= 0;
            eof = !truncated;
        }
        return this;
    }

    /** The buffer; valid bytes are {@code [0, length())}. Not a copy. */
    byte[] bytes() {
        return buf;
    }

    /** Bytes buffered. */
    int length() {
        return length;
    }

    /** True when the stream had more than {@code cap} bytes (known after {@link #fillToCap()}). */
    boolean truncated() {
        return truncated;
    }
}
