package dev.shapecrawl.core.forms;

/**
 * One field bound to one value in a template instance (Moraes 2013 §1.5, spec §1.5: the thesis binds one value per
 * field per submission, also for checkboxes and multiple selects).
 *
 * @param field the field's name, not blank
 * @param value the submitted value, never null (may be empty only for text values, which never are in practice)
 */
public record Binding(String field, String value) {
    /** @throws IllegalArgumentException if {@code field} is blank or {@code value} is null */
    public Binding {
        if (field == null || field.isBlank()) {
            throw new IllegalArgumentException("field: must not be blank");
        }
        if (value == null) {
            throw new IllegalArgumentException("value: missing for field '" + field + "'");
        }
    }

    /** {@code field=value}, the canonical text used in prune-list keys. */
    @Override
    public String toString() {
        return field + '=' + value;
    }
}
