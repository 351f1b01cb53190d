package dev.shapecrawl.core.fetch;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * Decides whether a body sent without a {@code Content-Type} is HTML, with the "text/html" patterns of the
 * WHATWG MIME Sniffing standard (§7.1, "rules for identifying an unknown MIME type"): after optional whitespace,
 * one of a fixed list of tags (case-insensitive) followed by a space or {@code >}, or a comment opener. A UTF-8
 * byte order mark in front is skipped.
 */
final class HtmlSniffer {
    /** How many leading bytes are enough to decide, as in the MIME Sniffing standard (resource header). */
    static final int PREFIX_BYTES = 1445;

    private static final List<String> TAGS = List.of("<!doctype html", "<html", "<head", "<script", "<iframe",
            "<h1", "<div", "<font", "<table", "<a", "<style", "<title", "<b", "<body", "<br", "<p", "<!--");

    private HtmlSniffer() {
    }

    /** True when {@code bytes[0..length)} starts like an HTML document. */
    static boolean looksLikeHtml(byte[] bytes, int length) {
        int i = 0;
        if (length >= 3 && (bytes[0] & 0xff) == 0xef && (bytes[1] & 0xff) == 0xbb && (bytes[2] & 0xff) == 0xbf) {
            i = 3;
        }
        while (i < length && isWhitespace(bytes[i])) {
            i++;
        }
        int n = Math.min(length - i, 32);
        String head = new String(bytes, i, Math.max(n, 0), StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
        for (String tag : TAGS) {
            if (head.startsWith(tag)) {
                if (tag.equals("<!--")) {
                    return true;
                }
                if (head.length() > tag.length()) {
                    char next = head.charAt(tag.length());
                    if (next == ' ' || next == '>') {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static boolean isWhitespace(byte b) {
        return b == 0x09 || b == 0x0a || b == 0x0c || b == 0x0d || b == 0x20;
    }
}
