package dev.shapecrawl.core.forms;

import java.util.List;

/**
 * A template: the non-empty set of fields that receive a value in a submission, "what to fill" (Moraes 2013 §1.5,
 * eq. 2.1, after Rajaraman, Sagiv and Ullman 1995). Fields outside the template keep their default value.
 *
 * @param fields the bound fields' names in the form's field order (canonical, so that equal templates are equal
 *               records); not empty, no repeats
 */
public record Template(List<String> fields) {
    /** @throws IllegalArgumentException if {@code fields} is empty or repeats a name */
    public Template {
        fields = List.copyOf(fields);
        if (fields.isEmpty()) {
            throw new IllegalArgumentException("fields: a template binds at least one field");
        }
        if (fields.stream().distinct().count() != fields.size()) {
            throw new IllegalArgumentException("fields: repeated name in " + fields);
        }
    }

    /** Convenience: a template of the given fields, in the given (form) order. */
    public static Template of(String... fields) {
        return new Template(List.of(fields));
    }

    /** The dimension (order): how many fields the template binds, 1..n. */
    public int order() {
        return fields.size();
    }

    /** True if every field of {@code other} is one of this template's fields. */
    public boolean contains(Template other) {
        return fields.containsAll(other.fields);
    }

    /** {@code A&B&C}: the thesis's notation. */
    @Override
    public String toString() {
        return String.join("&", fields);
    }
}
