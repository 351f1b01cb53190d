package dev.shapecrawl.core.fetch;

import dev.shapecrawl.events.HttpMethod;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;

/** Redirect rules: which statuses redirect, which change the method, and how a Location is resolved. */
final class Redirects {
    private Redirects() {
    }

    /** 301, 302, 303, 307 and 308 redirect (when they carry a Location); 300, 304 and 305 do not. */
    static boolean isRedirect(int status) {
        return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
    }

    /**
     * The method of the next request: 303 always turns into GET; 301 and 302 turn a POST into GET, as every
     * browser does (RFC 9110 §15.4.2-3 allows it "for historical reasons"); 307 and 308 keep method and body.
     */
    static HttpMethod nextMethod(int status, HttpMethod method) {
        if (status == 303 || ((status == 301 || status == 302) && method == HttpMethod.POST)) {
            return HttpMethod.GET;
        }
        return method;
    }

    /**
     * Resolves a {@code Location} value against the URL that answered with it (RFC 3986 §5), without fragment.
     * Servers send sloppy values, so characters that are illegal in a URI (spaces, non-ASCII, {@code |} ...)
     * are percent-encoded as UTF-8 first, the way browsers do.
     *
     * @throws URISyntaxException if the value is not a URI reference even after that
     */
    static URI resolve(URI base, String location) throws URISyntaxException {
        String loc = location.strip();
        URI ref;
        try {
            ref = new URI(loc);
        } catch (URISyntaxException e) {
            loc = escapeIllegal(loc);
            ref = new URI(loc);
        }
        URI resolved;
        if (ref.isAbsolute()) {
            resolved = ref;
        } else if (loc.isEmpty() || loc.startsWith("#")) {
            resolved = base;
        } else if (loc.startsWith("?")) {
            // java.net.URI follows RFC 2396 here and would drop the last path segment; RFC 3986 keeps it.
            resolved = new URI(cut(base.toString(), '?') + loc);
        } else {
            URI b = base;
            if (b.getRawPath() == null || b.getRawPath().isEmpty()) {
                b = new URI(cut(base.toString(), '?') + "/"); // URI.resolve mishandles an empty base path
            }
            resolved = b.resolve(ref);
        }
        resolved = resolved.normalize();
        String s = resolved.toString();
        int hash = s.indexOf('#');
        return hash < 0 ? resolved : new URI(s.substring(0, hash));
    }

    private static String cut(String s, char c) {
        int hash = s.indexOf('#');
        if (hash >= 0) {
            s = s.substring(0, hash);
        }
        int i = s.indexOf(c);
        return i < 0 ? s : s.substring(0, i);
    }

    private static String escapeIllegal(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean percentOk = c == '%' && i + 2 < s.length() && isHex(s.charAt(i + 1)) && isHex(s.charAt(i + 2));
            if (c > 0x20 && c < 0x7f && "\"<>\\^`{|}".indexOf(c) < 0 && (c != '%' || percentOk)) {
                sb.append(c);
            } else {
                int cp = s.codePointAt(i);
                if (Character.isSupplementaryCodePoint(cp)) {
                    i++;
                }
                for (byte b : new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8)) {
                    sb.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
                            .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
                }
            }
        }
        return sb.toString();
    }

    private static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }
}
