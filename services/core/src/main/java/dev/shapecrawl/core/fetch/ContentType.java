package dev.shapecrawl.core.fetch;

import java.util.Locale;

/**
 * A parsed {@code Content-Type} header value: the media type and its charset parameter.
 *
 * @param mediaType the type/subtype, lower case, without parameters (for example {@code text/html})
 * @param charset   the {@code charset} parameter as sent (quotes removed), or null
 */
record ContentType(String mediaType, String charset) {

    /**
     * Parses a header value leniently (RFC 9110 §8.3): the media type up to the first {@code ;}, then
     * {@code name=value} parameters, values possibly quoted.
     *
     * @return the parsed value, or null when {@code header} is null or has no type/subtype
     */
    static ContentType parse(String header) {
        if (header == null) {
            return null;
        }
        String[] parts = header.split(";");
        String type = parts[0].strip().toLowerCase(Locale.ROOT);
        if (type.isEmpty() || type.indexOf('/') <= 0 || type.endsWith("/")) {
            return null;
        }
        String charset = null;
        for (int i = 1; i < parts.length && charset == null; i++) {
            String p = parts[i].strip();
            int eq = p.indexOf('=');
            if (eq > 0 && p.substring(0, eq).strip().equalsIgnoreCase("charset")) {
                String v = p.substring(eq + 1).strip();
                if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) {
                    v = v.substring(1, v.length() - 1);
                }
                charset = v.isEmpty() ? null : v;
            }
        }
        return new ContentType(type, charset);
    }
}
