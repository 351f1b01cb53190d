package dev.shapecrawl.events;

/**
 * One name/value pair of a form submission, in the order the form lists it (repeated names allowed, as
 * {@code application/x-www-form-urlencoded} allows).
 *
 * @param name  the field's name, not blank
 * @param value the value, possibly empty, never null
 */
public record FormField(String name, String value) {
    public FormField {
        Checks.nonBlank("name", name);
        value = value == null ? "" : value;
    }
}
