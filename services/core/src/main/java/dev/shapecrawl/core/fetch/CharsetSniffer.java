package dev.shapecrawl.core.fetch;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Chooses the charset an HTML body is decoded with, following the HTML standard's encoding sniffing algorithm
 * (§13.2.3.2) in simplified form, the order jsoup's {@code DataUtil} also uses:
 *
 * <ol>
 *   <li><b>Byte order mark</b> (UTF-8 {@code EF BB BF}, UTF-16BE {@code FE FF}, UTF-16LE {@code FF FE}). It
 *       wins even over the header, as in the standard: a BOM is unambiguous, a header is often a server
 *       default. The BOM is not part of the decoded body.</li>
 *   <li>The {@code charset} parameter of the {@code Content-Type} header, when the JVM supports it.</li>
 *   <li>A {@code <meta charset>} or {@code <meta http-equiv="Content-Type" content="...; charset=...">} in the
 *       first {@value #META_PRESCAN_BYTES} bytes (the standard's prescan looks at 1024 bytes; pages with long
 *       head comments or scripts put it later, and browsers look further too). Found with jsoup, so a meta
 *       inside a comment does not count. A meta declaring UTF-16/32 means UTF-8 (the standard's rule: the
 *       meta could only be read because the bytes are ASCII-compatible).</li>
 *   <li>Otherwise UTF-8 when the bytes are valid UTF-8 (pure ASCII included), else windows-1252. The
 *       standard's fallback is locale-dependent, windows-1252 for most locales; checking UTF-8 validity first
 *       avoids mojibake for the now-dominant undeclared UTF-8 pages while keeping the standard's answer for
 *       legacy ones (windows-1252 decodes any byte sequence). Nutch also falls back to windows-1252.</li>
 * </ol>
 *
 * <p>Labels go through the WHATWG Encoding Standard's superset aliases that matter in practice: ISO-8859-1,
 * US-ASCII and friends mean windows-1252 (so 0x80–0x9F are curly quotes and dashes, not C1 controls),
 * ISO-8859-9 means windows-1254, GB2312 means GBK, Shift_JIS means windows-31j, EUC-KR means windows-949,
 * TIS-620/ISO-8859-11 mean windows-874. That is what browsers decode, so it is what authors tested with.
 */
final class CharsetSniffer {
    /** How many leading bytes are searched for a meta charset, bytes. */
    static final int META_PRESCAN_BYTES = 4096;

    /** Where a charset came from. */
    enum Source { BOM, HEADER, META, VALID_UTF8, FALLBACK }

    /**
     * The decision.
     *
     * @param charset   the charset to decode with
     * @param bomLength bytes of byte order mark to skip (0, 2 or 3)
     * @param source    where it came from
     */
    record Detected(Charset charset, int bomLength, Source source) {
    }

    static final Charset WINDOWS_1252 = Charset.forName("windows-1252");

    private static final Map<String, String> SUPERSETS = Map.ofEntries(
            Map.entry("iso-8859-1", "windows-1252"), Map.entry("iso8859-1", "windows-1252"),
            Map.entry("iso_8859-1", "windows-1252"), Map.entry("iso_8859-1:1987", "windows-1252"),
            Map.entry("latin1", "windows-1252"), Map.entry("l1", "windows-1252"),
            Map.entry("cp819", "windows-1252"),
            Map.entry("ibm819", "windows-1252"), Map.entry("iso-ir-100", "windows-1252"),
            Map.entry("csisolatin1", "windows-1252"), Map.entry("us-ascii", "windows-1252"),
            Map.entry("ascii", "windows-1252"), Map.entry("ansi_x3.4-1968", "windows-1252"),
            Map.entry("cp1252", "windows-1252"), Map.entry("x-cp1252", "windows-1252"),
            Map.entry("iso-8859-9", "windows-1254"), Map.entry("iso8859-9", "windows-1254"),
            Map.entry("latin5", "windows-1254"), Map.entry("iso_8859-9", "windows-1254"),
            Map.entry("gb2312", "GBK"), Map.entry("x-gbk", "GBK"), Map.entry("gb_2312-80", "GBK"),
            Map.entry("shift_jis", "windows-31j"), Map.entry("shift-jis", "windows-31j"),
            Map.entry("sjis", "windows-31j"), Map.entry("x-sjis", "windows-31j"),
            Map.entry("ms_kanji", "windows-31j"),
            Map.entry("euc-kr", "x-windows-949"), Map.entry("ks_c_5601-1987", "x-windows-949"),
            Map.entry("tis-620", "x-windows-874"), Map.entry("iso-8859-11", "x-windows-874"),
            Map.entry("x-user-defined", "windows-1252"));

    private static final Pattern META_CONTENT_CHARSET =
            Pattern.compile("charset\\s*=\\s*[\"']?([^\"'\\s;]+)", Pattern.CASE_INSENSITIVE);

    private CharsetSniffer() {
    }

    /**
     * Decides the charset of {@code bytes[0..length)}.
     *
     * @param headerCharset the Content-Type charset parameter, or null
     * @param truncated     true when the body was cut at the cap (an incomplete last UTF-8 sequence is then not
     *                      held against UTF-8 validity)
     */
    static Detected detect(String headerCharset, byte[] bytes, int length, boolean truncated) {
        Detected bom = bom(bytes, length);
        if (bom != null) {
            return bom;
        }
        Charset fromHeader = lookup(headerCharset);
        if (fromHeader != null) {
            return new Detected(fromHeader, 0, Source.HEADER);
        }
        Charset fromMeta = metaCharset(bytes, length);
        if (fromMeta != null) {
            return new Detected(fromMeta, 0, Source.META);
        }
        return isValidUtf8(bytes, 0, length, truncated)
                ? new Detected(StandardCharsets.UTF_8, 0, Source.VALID_UTF8)
                : new Detected(WINDOWS_1252, 0, Source.FALLBACK);
    }

    /**
     * Decodes {@code bytes[0..length)} with the detected charset, skipping the BOM. Malformed input becomes
     * U+FFFD; a UTF-8 sequence cut by truncation at the very end is dropped rather than replaced.
     */
    static String decode(byte[] bytes, int length, Detected detected, boolean truncated) {
        int end = length;
        if (truncated && detected.charset().equals(StandardCharsets.UTF_8)) {
            end = utf8CompletePrefix(bytes, detected.bomLength(), length);
        }
        return new String(bytes, detected.bomLength(), end - detected.bomLength(), detected.charset());
    }

    /**
     * The charset named by {@code label}, through the Encoding Standard superset aliases; null when the label is
     * null, blank, unknown or unsupported by this JVM.
     */
    static Charset lookup(String label) {
        if (label == null) {
            return null;
        }
        String l = label.strip().toLowerCase(Locale.ROOT);
        l = l.replaceAll("^[\"']+|[\"']+$", "").strip();
        if (l.isEmpty()) {
            return null;
        }
        String name = SUPERSETS.getOrDefault(l, l);
        try {
            return Charset.isSupported(name) ? Charset.forName(name) : null;
        } catch (IllegalArgumentException e) { // IllegalCharsetNameException included
            return null;
        }
    }

    private static Detected bom(byte[] b, int length) {
        if (length >= 3 && (b[0] & 0xff) == 0xef && (b[1] & 0xff) == 0xbb && (b[2] & 0xff) == 0xbf) {
            return new Detected(StandardCharsets.UTF_8, 3, Source.BOM);
        }
        if (length >= 2 && (b[0] & 0xff) == 0xfe && (b[1] & 0xff) == 0xff) {
            return new Detected(StandardCharsets.UTF_16BE, 2, Source.BOM);
        }
        if (length >= 2 && (b[0] & 0xff) == 0xff && (b[1] & 0xff) == 0xfe) {
            return new Detected(StandardCharsets.UTF_16LE, 2, Source.BOM);
        }
        return null;
    }

    private static Charset metaCharset(byte[] bytes, int length) {
        // ISO-8859-1 maps bytes 1:1 to chars, so ASCII markup survives whatever the real encoding is.
        String prefix = new String(bytes, 0, Math.min(length, META_PRESCAN_BYTES), StandardCharsets.ISO_8859_1);
        if (!prefix.toLowerCase(Locale.ROOT).contains("<meta")) {
            return null; // the common case for small snippets; skip the parse
        }
        Document doc = Jsoup.parse(prefix);
        for (Element meta : doc.select("meta[charset], meta[http-equiv]")) {
            String label = null;
            if (meta.hasAttr("charset")) {
                label = meta.attr("charset");
            } else if (meta.attr("http-equiv").strip().equalsIgnoreCase("content-type")) {
                Matcher m = META_CONTENT_CHARSET.matcher(meta.attr("content"));
                if (m.find()) {
                    label = m.group(1);
                }
            }
            Charset cs = lookup(label);
            if (cs != null) {
                String name = cs.name().toUpperCase(Locale.ROOT);
                return name.startsWith("UTF-16") || name.startsWith("UTF-32") ? StandardCharsets.UTF_8 : cs;
            }
        }
        return null;
    }

    /**
     * True when {@code b[off..off+len)} is well-formed UTF-8 (no overlongs, no surrogates, nothing above
     * U+10FFFF). With {@code allowIncompleteTail}, a sequence cut short by the end of the range is accepted.
     */
    static boolean isValidUtf8(byte[] b, int off, int len, boolean allowIncompleteTail) {
        int i = off;
        int end = off + len;
        while (i < end) {
            int c = b[i] & 0xff;
            if (c < 0x80) {
                i++;
                continue;
            }
            int need;
            int lo = 0x80;
            int hi = 0xbf;
            if (c >= 0xc2 && c <= 0xdf) {
                need = 1;
            } else if (c >= 0xe0 && c <= 0xef) {
                need = 2;
                if (c == 0xe0) {
                    lo = 0xa0;
                } else if (c == 0xed) {
                    hi = 0x9f;
                }
            } else if (c >= 0xf0 && c <= 0xf4) {
                need = 3;
                if (c == 0xf0) {
                    lo = 0x90;
                } else if (c == 0xf4) {
                    hi = 0x8f;
                }
            } else {
                return false;
            }
            for (int k = 1; k <= need; k++) {
                if (i + k >= end) {
                    return allowIncompleteTail;
                }
                int cc = b[i + k] & 0xff;
                if (k == 1 ? (cc < lo || cc > hi) : (cc < 0x80 || cc > 0xbf)) {
                    return false;
                }
            }
            i += need + 1;
        }
        return true;
    }

    /** The end of the longest prefix of {@code b[from..end)} that does not stop inside a UTF-8 sequence. */
    private static int utf8CompletePrefix(byte[] b, int from, int end) {
        // Walk back over at most 3 continuation bytes to the lead byte of the last sequence.
        int i = end - 1;
        int back = 0;
        while (i >= from && back < 3 && (b[i] & 0xc0) == 0x80) {
            i--;
            back++;
        }
        if (i < from) {
            return end;
        }
        int c = b[i] & 0xff;
        int size = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
        return i + size > end ? i : end;
    }
}
