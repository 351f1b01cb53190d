package dev.shapecrawl.core.forms;

import java.util.List;

/**
 * One field of a form as probing sees it.
 *
 * @param name         the field's name (empty only for {@link FieldRole#OMITTED} fields)
 * @param type         the HTML control type from the page analysis ({@code select}, {@code text}, …)
 * @param role         what probing does with it
 * @param options      for {@link FieldRole#SELECTION}: the distinct non-empty option values in page order (an
 *                     empty value means "any" and binding it would repeat a lower-order template, spec §4.2);
 *                     empty for the other roles (text values come from {@link TfIdfTokens} or
 *                     {@link LeastFrequentTerms})
 * @param defaultValue the value submitted when the field is not bound, or null if a browser would then omit it
 *                     (unchecked checkbox, radio group without a checked member)
 * @param label        the label a person sees, or empty
 * @param required     the control carries HTML's {@code required} attribute: a browser refuses to submit the form
 *                     while it is empty (HTML §4.10.15.2, constraint validation), so only templates that bind it
 *                     are real submissions ({@link Templates#plan}); beyond the seed, which lists mandatory-field
 *                     detection as future work (Moraes 2013 chapter 6)
 */
public record ProbeField(String name, String type, FieldRole role, List<String> options, String defaultValue,
                         String label, boolean required) {
    /** @throws IllegalArgumentException if a probed or fixed field has no name, or a selection field no option */
    public ProbeField {
        name = name == null ? "" : name;
        options = List.copyOf(options);
        label = label == null ? "" : label;
        if (role == null || type == null) {
            throw new IllegalArgumentException("role and type are required");
        }
        if (role != FieldRole.OMITTED && name.isBlank()) {
            throw new IllegalArgumentException("a " + role + " field needs a name");
        }
        if (role == FieldRole.SELECTION && options.isEmpty()) {
            throw new IllegalArgumentException("selection field '" + name + "' has no option");
        }
    }

    /** True for the fields probing varies (selection and text). */
    public boolean probed() {
        return role == FieldRole.SELECTION || role == FieldRole.TEXT;
    }
}
