package dev.shapecrawl.testkit.kafka;

import java.nio.charset.StandardCharsets;

/**
 * One row of the bad-input table ({@link MalformedEvents}): a record that a consumer must dead-letter.
 *
 * @param name   what is wrong, unique within a table; sent as the {@value MalformedEvents#ROW_HEADER} header so
 *               the row can be found on the dead-letter topic even without a key
 * @param kind   the family of the row, for the documentation table
 * @param key    the record key, or null (the "null key" row)
 * @param value  the record value as raw bytes (not necessarily UTF-8), or null (a tombstone)
 * @param reason a fragment the dead-letter reason must contain: the rule broken or the field that broke it
 */
public record MalformedEvent(String name, Kind kind, String key, byte[] value, String reason) {

    /** The families of bad input the table covers (issue 9). */
    public enum Kind {
        /** Not JSON, not an object, binary garbage, empty. */
        INVALID_JSON,
        /** A field of the wrong JSON type, or null where a value is required. */
        WRONG_TYPE,
        /** A required field left out. */
        MISSING_FIELD,
        /** Missing, unknown or foreign {@code type}; missing or unknown {@code version}. */
        ENVELOPE,
        /** A value of megabytes, the whole record just under the topic's {@code max.message.bytes}. */
        OVERSIZED,
        /** A URL no service may fetch: other schemes, credentials, control characters, broken IPv6, too long. */
        HOSTILE_URL,
        /** Null key or null value. */
        NULLS
    }

    /**
     * The value as the services' {@code StringDeserializer} reads it (invalid UTF-8 becomes U+FFFD), which is
     * also what their dead-letter producers write back.
     */
    public String valueAsText() {
        return value == null ? null : new String(value, StandardCharsets.UTF_8);
    }

    /** Bytes of the value, 0 for a tombstone. */
    public int size() {
        return value == null ? 0 : value.length;
    }

    @Override
    public String toString() {
        return name + " (" + size() + " bytes)";
    }
}
