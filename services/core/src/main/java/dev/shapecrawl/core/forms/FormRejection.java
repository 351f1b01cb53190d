package dev.shapecrawl.core.forms;

/**
 * Why a form must never be submitted (Vidal 2006 §4.2, spec §6.4 step 1: a form asking for an e-mail, a password,
 * a user identification or driven by JavaScript is discarded), or why there is nothing to probe.
 *
 * @param reason the rule that fired
 * @param field  the field that made it fire, or empty for form-level reasons
 * @param detail a human-readable explanation
 */
public record FormRejection(Reason reason, String field, String detail) {
    /** @throws IllegalArgumentException if {@code reason} is missing */
    public FormRejection {
        if (reason == null) {
            throw new IllegalArgumentException("reason: missing");
        }
        field = field == null ? "" : field;
        detail = detail == null ? "" : detail;
    }

    /** The rules. */
    public enum Reason {
        /** An {@code <input type=password>}, or a field named or labelled as a password (Vidal §4.2). */
        PASSWORD,
        /** An {@code <input type=email>}, or a field named or labelled as an e-mail address (Vidal §4.2). */
        EMAIL,
        /** A field named or labelled as a user name or login (Vidal §4.2). */
        LOGIN,
        /** JavaScript in the form: handlers, script elements, or no way to submit without script (Vidal §4.2). */
        JAVASCRIPT,
        /** Beyond the seed: no selection or text field is left to vary, so probing would learn nothing. */
        NOTHING_TO_PROBE
    }
}
