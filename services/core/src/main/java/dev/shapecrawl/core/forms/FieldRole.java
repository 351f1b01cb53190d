package dev.shapecrawl.core.forms;

/** What probing does with one field of a form (Moraes 2013 §1.4; Vidal 2006 §6.2). */
public enum FieldRole {
    /** A selection field (select, select-multiple, radio, checkbox) with at least one non-empty option: probed. */
    SELECTION,
    /** A generic text box (text, search, textarea): probed with the text values (TF-IDF or least frequent). */
    TEXT,
    /**
     * Submitted with its default value and never varied: hidden inputs, presentation fields from configuration,
     * typed boxes (date, number, tel…: the thesis fills no typed box, §1.4), the first named submit button, and
     * selection fields without a usable option.
     */
    FIXED,
    /**
     * Never submitted, as a browser would not: unnamed controls, reset/plain/image buttons, file inputs and
     * submit buttons after the first (a submission activates one button).
     */
    OMITTED
}
