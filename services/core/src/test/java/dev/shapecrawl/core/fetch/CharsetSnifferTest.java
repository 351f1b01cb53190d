package dev.shapecrawl.core.fetch;

import org.junit.jupiter.api.Test;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CharsetSnifferTest {
    private static final Charset W1252 = Charset.forName("windows-1252");

    @Test
    void headerCharsetIsUsed() {
        byte[] b = "<p>caf\u00e9</p>".getBytes(StandardCharsets.UTF_8);
        CharsetSniffer.Detected d = CharsetSniffer.detect("utf-8", b, b.length, false);
        assertEquals(StandardCharsets.UTF_8, d.charset());
        assertEquals(CharsetSniffer.Source.HEADER, d.source());
    }

    @Test
    void bomWinsOverTheHeaderAsInTheHtmlStandard() {
        byte[] body = "<p>\u00e9</p>".getBytes(StandardCharsets.UTF_16LE);
        byte[] b = new byte[body.length + 2];
        b[0] = (byte) 0xff;
        b[1] = (byte) 0xfe;
        System.arraycopy(body, 0, b, 2, body.length);
        CharsetSniffer.Detected d = CharsetSniffer.detect("iso-8859-1", b, b.length, false);
        assertEquals(StandardCharsets.UTF_16LE, d.charset());
        assertEquals(2, d.bomLength());
        assertEquals("<p>\u00e9</p>", CharsetSniffer.decode(b, b.length, d, false));
    }

    @Test
    void metaCharsetIsFoundWhenTheHeaderHasNone() {
        byte[] b = "<html><head><meta charset=\"ISO-8859-1\"><title>\u00e9t\u00e9</title>"
                .getBytes(StandardCharsets.ISO_8859_1);
        CharsetSniffer.Detected d = CharsetSniffer.detect(null, b, b.length, false);
        assertEquals(CharsetSniffer.Source.META, d.source());
        assertEquals(W1252, d.charset(), "ISO-8859-1 is decoded as its superset windows-1252 (Encoding Standard)");
        assertTrue(CharsetSniffer.decode(b, b.length, d, false).contains("\u00e9t\u00e9"));
    }

    @Test
    void httpEquivContentTypeIsFound() {
        byte[] b = ("<!-- <meta charset=utf-16> is a comment --><meta http-equiv='Content-Type' "
                + "content='text/html; charset=Shift_JIS'>").getBytes(StandardCharsets.US_ASCII);
        CharsetSniffer.Detected d = CharsetSniffer.detect(null, b, b.length, false);
        assertEquals(Charset.forName("windows-31j"), d.charset());
    }

    @Test
    void metaDeclaringUtf16MeansUtf8() {
        byte[] b = "<meta charset=utf-16><p>x".getBytes(StandardCharsets.US_ASCII);
        assertEquals(StandardCharsets.UTF_8, CharsetSniffer.detect(null, b, b.length, false).charset());
    }

    @Test
    void windows1252BytesDeclaredLatin1BecomeCurlyQuotes() {
        byte[] b = {'<', 'p', '>', (byte) 0x93, 'h', 'i', (byte) 0x94};
        CharsetSniffer.Detected d = CharsetSniffer.detect("ISO-8859-1", b, b.length, false);
        assertEquals("<p>\u201chi\u201d", CharsetSniffer.decode(b, b.length, d, false));
    }

    @Test
    void undeclaredValidUtf8IsUtf8AndAnythingElseWindows1252() {
        byte[] utf8 = "<p>\u00fcber \u20ac</p>".getBytes(StandardCharsets.UTF_8);
        assertEquals(CharsetSniffer.Source.VALID_UTF8, CharsetSniffer.detect(null, utf8, utf8.length, false).source());
        byte[] latin = "<p>\u00fcber</p>".getBytes(StandardCharsets.ISO_8859_1);
        CharsetSniffer.Detected d = CharsetSniffer.detect(null, latin, latin.length, false);
        assertEquals(CharsetSniffer.Source.FALLBACK, d.source());
        assertEquals(W1252, d.charset());
        assertEquals("<p>\u00fcber</p>", CharsetSniffer.decode(latin, latin.length, d, false));
    }

    @Test
    void unknownHeaderCharsetFallsThrough() {
        byte[] b = "<meta charset=utf-8>\u00e9".getBytes(StandardCharsets.UTF_8);
        CharsetSniffer.Detected d = CharsetSniffer.detect("x-no-such-charset", b, b.length, false);
        assertEquals(CharsetSniffer.Source.META, d.source());
    }

    @Test
    void utf8Validation() {
        assertTrue(CharsetSniffer.isValidUtf8("a\u00e9\u20ac\ud83d\ude00".getBytes(StandardCharsets.UTF_8), 0, 10,
                false));
        assertFalse(CharsetSniffer.isValidUtf8(new byte[]{(byte) 0xc0, (byte) 0x80}, 0, 2, false), "overlong");
        assertFalse(CharsetSniffer.isValidUtf8(new byte[]{(byte) 0xed, (byte) 0xa0, (byte) 0x80}, 0, 3, false),
                "surrogate");
        byte[] cut = {'a', (byte) 0xe2, (byte) 0x82};
        assertFalse(CharsetSniffer.isValidUtf8(cut, 0, 3, false));
        assertTrue(CharsetSniffer.isValidUtf8(cut, 0, 3, true), "a truncated tail is accepted when truncated");
    }

    @Test
    void aUtf8SequenceCutByTruncationIsDropped() {
        byte[] b = {'a', 'b', (byte) 0xe2, (byte) 0x82};
        CharsetSniffer.Detected d = CharsetSniffer.detect("utf-8", b, b.length, true);
        assertEquals("ab", CharsetSniffer.decode(b, b.length, d, true));
    }
}
