package dev.shapecrawl.events;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Content and identity hashes used across the contract. */
public final class Hashes {
    private Hashes() {
    }

    /** The lower-case hex SHA-256 of the UTF-8 bytes of {@code text} (64 characters). */
    public static String sha256Hex(String text) {
        return sha256Hex(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Whether {@code text} is a lower-case hex SHA-256 (64 characters), as {@link #sha256Hex} writes one. */
    public static boolean isSha256Hex(String text) {
        return text != null && text.length() == 64 && text.chars().allMatch(c -> c >= '0' && c <= '9' || c >= 'a' && c <= 'f');
    }

    /** The lower-case hex SHA-256 of {@code bytes} (64 characters). */
    public static String sha256Hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
