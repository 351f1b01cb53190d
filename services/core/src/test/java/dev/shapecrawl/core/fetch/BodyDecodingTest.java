package dev.shapecrawl.core.fetch;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The body cap and Content-Encoding handling, in memory. */
class BodyDecodingTest {

    /**
     * An endless stream: an unbounded reader would run out of memory; the buffer stops at the cap. This is the
     * memory bound that also holds for a 20 MiB body or a zip bomb over the network.
     */
    @Test
    void anEndlessStreamIsCutAtTheCap() throws IOException {
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                return 'x';
            }

            @Override
            public int read(byte[] b, int off, int len) {
                java.util.Arrays.fill(b, off, off + len, (byte) 'x');
                return len;
            }
        };
        BodyBuffer body = new BodyBuffer(endless, 1 << 20).fillToCap();
        assertEquals(1 << 20, body.length());
        assertTrue(body.truncated());
        assertTrue(body.bytes().length <= 1 << 20, "the buffer never grows past the cap");
    }

    @Test
    void exactlyCapBytesIsNotTruncated() throws IOException {
        BodyBuffer body = new BodyBuffer(new ByteArrayInputStream(new byte[100]), 100).fillToCap();
        assertEquals(100, body.length());
        assertFalse(body.truncated());
    }

    @Test
    void gzipAndBothDeflateFlavoursAreDecoded() throws IOException {
        byte[] html = "<html><body>hello \u00e9</body></html>".getBytes(StandardCharsets.UTF_8);
        assertEquals(new String(html, StandardCharsets.UTF_8), decode(gzip(html), "gzip"));
        assertEquals(new String(html, StandardCharsets.UTF_8), decode(deflate(html, false), "deflate"));
        assertEquals(new String(html, StandardCharsets.UTF_8), decode(deflate(html, true), "deflate"));
        assertEquals(new String(html, StandardCharsets.UTF_8), decode(gzip(deflate(html, false)), "deflate, gzip"));
        assertEquals("", decode(new byte[0], "gzip"), "an empty body labelled gzip is empty, not an error");
    }

    @Test
    void aGzipBombIsCutAtTheCapWithoutInflatingTheRest() throws IOException {
        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(compressed)) {
            byte[] zeros = new byte[1 << 16];
            for (int i = 0; i < 1024; i++) { // 64 MiB of zeros, about 64 KiB compressed
                gz.write(zeros);
            }
        }
        InputStream in = ContentDecoding.decode(new ByteArrayInputStream(compressed.toByteArray()), List.of("gzip"));
        BodyBuffer body = new BodyBuffer(in, 1 << 20).fillToCap();
        assertEquals(1 << 20, body.length());
        assertTrue(body.truncated());
    }

    @Test
    void unknownCodingsAreRefused() {
        assertThrows(ContentDecoding.UnsupportedEncodingException.class,
                () -> ContentDecoding.decode(new ByteArrayInputStream(new byte[1]), List.of("br")));
        assertEquals(List.of("gzip"), ContentDecoding.codings(List.of("identity, GZIP")));
    }

    @Test
    void contentTypeParsing() {
        assertEquals(new ContentType("text/html", "UTF-8"), ContentType.parse("Text/HTML; Charset=\"UTF-8\""));
        assertEquals(new ContentType("application/xhtml+xml", null), ContentType.parse("application/xhtml+xml"));
        assertEquals(null, ContentType.parse("garbage"));
    }

    private static String decode(byte[] encoded, String header) throws IOException {
        InputStream in = ContentDecoding.decode(new ByteArrayInputStream(encoded),
                ContentDecoding.codings(List.of(header)));
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    private static byte[] gzip(byte[] b) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(b);
        }
        return out.toByteArray();
    }

    private static byte[] deflate(byte[] b, boolean raw) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, raw);
        try (DeflaterOutputStream z = new DeflaterOutputStream(out, d)) {
            z.write(b);
        } finally {
            d.end();
        }
        return out.toByteArray();
    }
}
