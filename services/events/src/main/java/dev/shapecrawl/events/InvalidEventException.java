package dev.shapecrawl.events;

/**
 * An event that cannot be accepted: not JSON, unknown type or version, schema violation, or a value that
 * breaks the record's rules (for example a URL with an unsupported scheme). The message is the reason that
 * consumers put into the dead-letter record's {@code dead-letter-reason} header; it never contains the
 * event's body, only the field path and the rule broken.
 */
public class InvalidEventException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param reason why the event was rejected, for a human reading the dead-letter topic */
    public InvalidEventException(String reason) {
        super(reason);
    }

    /**
     * @param reason why the event was rejected
     * @param cause  the parser's or validator's exception, kept for logs
     */
    public InvalidEventException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
