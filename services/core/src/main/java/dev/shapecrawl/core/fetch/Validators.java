package dev.shapecrawl.core.fetch;

import java.net.http.HttpHeaders;
import java.util.Optional;

/**
 * The validators of a stored response (RFC 9110 §8.8), which a later request of the same URL sends back as
 * preconditions ({@code If-None-Match}, {@code If-Modified-Since}, §13.1.2 and §13.1.3) so that an unchanged page
 * costs the site a {@code 304 Not Modified} without a body (issue 19: re-crawls send conditional requests).
 *
 * @param etag         the {@code ETag} header as the server sent it (strong or weak, quotes included), or null
 * @param lastModified the {@code Last-Modified} header as the server sent it (an HTTP date), or null
 *                     <p>A value longer than {@value #MAX_LENGTH} characters, or holding anything but visible ASCII
 *                     and spaces, is dropped (null): it is sent back as a request header.
 */
public record Validators(String etag, String lastModified) {
    /** The longest header value kept: a validator is an opaque token or a date, never kilobytes. */
    public static final int MAX_LENGTH = 512;

    public Validators {
        etag = bounded(etag);
        lastModified = bounded(lastModified);
    }

    /**
     * The validators of a response, if it has any worth keeping.
     *
     * @return empty when the response carries neither header (or only values too long to be validators)
     */
    public static Optional<Validators> of(HttpHeaders headers) {
        Validators v = new Validators(headers.firstValue("etag").orElse(null),
                headers.firstValue("last-modified").orElse(null));
        return v.etag == null && v.lastModified == null ? Optional.empty() : Optional.of(v);
    }

    private static String bounded(String value) {
        if (value == null) {
            return null;
        }
        String v = value.trim();
        if (v.isEmpty() || v.length() > MAX_LENGTH) {
            return null;
        }
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c < 0x20 || c >= 0x7f) {
                return null; // sent back as a request header: only visible ASCII and spaces, never a line break
            }
        }
        return v;
    }
}
