package dev.shapecrawl.core.config;

/**
 * Parsing of setting values given as text (configuration properties, environment variables), shared by every
 * settings record's {@code fromProperties}: loud, and naming the setting in every error, so a typo fails the
 * start instead of being ignored.
 */
public final class SettingValues {
    private SettingValues() {
    }

    /**
     * A whole number; {@code _} separators allowed ({@code 5_242_880}).
     *
     * @throws IllegalArgumentException naming the setting if {@code value} is not a whole number
     */
    public static long wholeNumber(String name, String value) {
        try {
            return Long.parseLong(value.strip().replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": not a whole number: '" + value + "'");
        }
    }

    /**
     * A whole number that fits an {@code int}.
     *
     * @throws IllegalArgumentException naming the setting if it does not parse or is out of range
     */
    public static int intNumber(String name, String value) {
        long x = wholeNumber(name, value);
        if (x < Integer.MIN_VALUE || x > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(name + ": out of range: '" + value + "'");
        }
        return (int) x;
    }

    /**
     * A decimal number.
     *
     * @throws IllegalArgumentException naming the setting if {@code value} is not a number
     */
    public static double number(String name, String value) {
        try {
            return Double.parseDouble(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": not a number: '" + value + "'");
        }
    }

    /**
     * {@code true} or {@code false}, any case.
     *
     * @throws IllegalArgumentException naming the setting otherwise
     */
    public static boolean bool(String name, String value) {
        String v = value.strip();
        if (v.equalsIgnoreCase("true")) {
            return true;
        }
        if (v.equalsIgnoreCase("false")) {
            return false;
        }
        throw new IllegalArgumentException(name + ": must be true or false, was '" + value + "'");
    }
}
