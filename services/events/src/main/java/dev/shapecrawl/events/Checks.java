package dev.shapecrawl.events;

import java.util.List;

/** Argument checks used by the records' constructors; every failure names the field. */
final class Checks {
    private Checks() {
    }

    static String nonBlank(String field, String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(field + ": missing");
        }
        return value;
    }

    static <T> T nonNull(String field, T value) {
        if (value == null) {
            throw new IllegalArgumentException(field + ": missing");
        }
        return value;
    }

    static int nonNegative(String field, int value) {
        if (value < 0) {
            throw new IllegalArgumentException(field + ": must be >= 0, was " + value);
        }
        return value;
    }

    static long nonNegative(String field, long value) {
        if (value < 0) {
            throw new IllegalArgumentException(field + ": must be >= 0, was " + value);
        }
        return value;
    }

    static Double unitInterval(String field, Double value) {
        if (value != null && (value.isNaN() || value < 0.0 || value > 1.0)) {
            throw new IllegalArgumentException(field + ": must be in 0..1, was " + value);
        }
        return value;
    }

    static <T> List<T> list(List<T> value) {
        return value == null ? List.of() : List.copyOf(value);
    }
}
