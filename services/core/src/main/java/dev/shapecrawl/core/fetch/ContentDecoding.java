package dev.shapecrawl.core.fetch;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * Undoes {@code Content-Encoding} by hand (the JDK HttpClient does not decompress): {@code gzip} /
 * {@code x-gzip} with {@link GZIPInputStream} (concatenated members included), {@code deflate} with
 * {@link InflaterInputStream}: zlib-wrapped as RFC 9110 §8.4.1.2 specifies, or raw RFC 1951 deflate, which
 * some servers (old IIS) send instead; the two are told apart by the zlib header check bits. Several codings
 * ({@code gzip, deflate}) are undone in reverse order of application. {@code identity} is a no-op.
 *
 * <p>Decompression is lazy: the caller reads decompressed bytes through a bounded reader, so a small
 * compressed body that inflates to gigabytes ("zip bomb") costs only as much as the cap.
 */
final class ContentDecoding {

    /** Thrown for a coding we did not ask for and cannot undo (we only advertise gzip and deflate). */
    static final class UnsupportedEncodingException extends IOException {
        UnsupportedEncodingException(String coding) {
            super("unsupported Content-Encoding '" + coding + "'");
        }
    }

    private ContentDecoding() {
    }

    /**
     * The codings listed by {@code Content-Encoding} header values, lower case, in order of application,
     * without {@code identity}.
     */
    static List<String> codings(List<String> headerValues) {
        List<String> out = new ArrayList<>();
        for (String v : headerValues) {
            for (String c : v.split(",")) {
                String s = c.strip().toLowerCase(Locale.ROOT);
                if (!s.isEmpty() && !s.equals("identity")) {
                    out.add(s);
                }
            }
        }
        return out;
    }

    /**
     * Wraps {@code in} so that reading yields the decoded body.
     *
     * @param codings as returned by {@link #codings}
     * @throws UnsupportedEncodingException for a coding other than gzip, x-gzip and deflate
     * @throws IOException                  reading the first bytes (gzip header) failed
     */
    static InputStream decode(InputStream in, List<String> codings) throws IOException {
        List<String> reversed = new ArrayList<>(codings);
        Collections.reverse(reversed);
        InputStream current = in;
        for (String c : reversed) {
            current = switch (c) {
                case "gzip", "x-gzip" -> gunzip(current);
                case "deflate" -> inflate(current);
                default -> throw new UnsupportedEncodingException(c);
            };
        }
        return current;
    }

    private static InputStream gunzip(InputStream in) throws IOException {
        PushbackInputStream p = new PushbackInputStream(in, 1);
        int first = p.read();
        if (first < 0) {
            return InputStream.nullInputStream(); // an empty body labelled gzip (HEAD-like, 204): not an error
        }
        p.unread(first);
        return new GZIPInputStream(p, 8192);
    }

    private static InputStream inflate(InputStream in) throws IOException {
        PushbackInputStream p = new PushbackInputStream(in, 2);
        byte[] head = new byte[2];
        int n = p.readNBytes(head, 0, 2);
        if (n <= 0) {
            return InputStream.nullInputStream();
        }
        p.unread(head, 0, n);
        int cmf = head[0] & 0xff;
        int flg = n > 1 ? head[1] & 0xff : 0;
        // RFC 1950 §2.2: CM = 8 (deflate) in the low nibble and (CMF*256 + FLG) a multiple of 31.
        boolean zlib = n == 2 && (cmf & 0x0f) == 8 && ((cmf << 8) | flg) % 31 == 0;
        Inflater inflater = new Inflater(!zlib);
        return new FilterInputStream(new InflaterInputStream(p, inflater, 8192)) {
            @Override
            public void close() throws IOException {
                try {
                    super.close();
                } finally {
                    inflater.end(); // an Inflater passed in is not ended by InflaterInputStream.close()
                }
            }
        };
    }
}
