package dev.shapecrawl.cli;

/**
 * An error the user can act on: its message is printed as {@code shapecrawl: <message>} (no stack trace) and
 * the command exits with {@link #exitCode()}.
 */
public final class CliException extends RuntimeException {
    /** Exit code of a failure of the runtime or the cluster (broker unreachable, port in use, unknown job). */
    public static final int FAILURE = 1;
    /** Exit code of bad input (a bad URL, a bad option value); picocli uses the same for usage errors. */
    public static final int BAD_INPUT = 2;

    private final int exitCode;

    /**
     * @param exitCode {@link #FAILURE} or {@link #BAD_INPUT}
     * @param message  what went wrong and, where there is one, what to do about it
     */
    public CliException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    /** A failure of the runtime or the cluster. */
    public static CliException failure(String message) {
        return new CliException(FAILURE, message);
    }

    /** Bad input. */
    public static CliException badInput(String message) {
        return new CliException(BAD_INPUT, message);
    }

    /** The process exit code. */
    public int exitCode() {
        return exitCode;
    }
}
