package dev.shapecrawl.events;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * URL rules shared by every event: only absolute {@code http} and {@code https} URLs with a host, and
 * without credentials, are accepted anywhere in the contract. Normalisation (crawler-commons) is the core library's job; the events
 * only refuse what no service could fetch.
 */
public final class Urls {
    /** The longest URL accepted, in characters (the de-facto limit of browsers and of sitemaps.org). */
    public static final int MAX_LENGTH = 8192;

    private Urls() {
    }

    /**
     * Checks that {@code value} is an absolute http(s) URL with a host and without user info
     * ({@code user:password@host}: credentials must never reach events or logs, see {@code docs/security.md}).
     *
     * @param field the field's name, for the message
     * @param value the URL
     * @return {@code value}, unchanged
     * @throws IllegalArgumentException naming the field and the rule broken: missing, too long, unparseable,
     *                                  unsupported scheme, no host, credentials (user info), or an IPv6 zone id;
     *                                  the message never repeats the URL
     */
    public static String requireHttp(String field, String value) {
        requireHttpUri(field, value);
        return value;
    }

    /**
     * {@link #requireHttp}, giving the parsed URI (a caller that needs its parts parses it once).
     *
     * @return {@code value} parsed
     * @throws IllegalArgumentException as {@link #requireHttp}
     */
    public static URI requireHttpUri(String field, String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(field + ": missing URL");
        }
        if (value.length() > MAX_LENGTH) {
            throw new IllegalArgumentException(field + ": URL longer than " + MAX_LENGTH + " characters");
        }
        URI uri;
        try {
            uri = new URI(value);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(field + ": unparseable URL (" + e.getReason() + " at index "
                    + e.getIndex() + ")");
        }
        String scheme = uri.getScheme();
        if (scheme == null) {
            throw new IllegalArgumentException(field + ": URL is not absolute");
        }
        String s = scheme.toLowerCase(Locale.ROOT);
        if (!s.equals("http") && !s.equals("https")) {
            throw new IllegalArgumentException(field + ": unsupported scheme '" + truncate(scheme)
                    + "' (http and https only)");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new IllegalArgumentException(field + ": URL has no host");
        }
        if (uri.getRawUserInfo() != null) {
            // Credentials in a URL would travel in every event that names it and in every log line that prints
            // it (docs/security.md), and user@host spellings are a classic way to disguise the real host; the
            // message names the rule, never the value.
            throw new IllegalArgumentException(field + ": URL carries credentials (user info before '@'); "
                    + "credentials are not accepted in URLs");
        }
        if (uri.getHost().indexOf('%') >= 0) {
            // java.net.URI accepts an IPv6 zone id ([fe80::1%eth0]); it names a local network interface, which
            // has no meaning on another machine (the WHATWG URL standard refuses it).
            throw new IllegalArgumentException(field + ": URL has an IPv6 zone id");
        }
        return uri;
    }

    /** Like {@link #requireHttp} but lets {@code null} through, for optional fields. */
    public static String optionalHttp(String field, String value) {
        return value == null ? null : requireHttp(field, value);
    }

    /**
     * The host of a URL that passed {@link #requireHttp}, lower-cased: the key of the host-keyed topics, so
     * every URL of one host lands on one partition (brief, "Topics").
     *
     * @throws IllegalArgumentException if the URL has no host
     */
    public static String host(String url) {
        String host = URI.create(url).getHost();
        if (host == null) {
            throw new IllegalArgumentException("URL has no host: " + url);
        }
        return host.toLowerCase(Locale.ROOT);
    }

    private static String truncate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "…";
    }
}
