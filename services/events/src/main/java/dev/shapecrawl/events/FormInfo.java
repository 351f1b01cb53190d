package dev.shapecrawl.events;

import java.util.List;

/**
 * A form found on a page.
 *
 * @param action  absolute http(s) URL the form submits to
 * @param method  GET or POST
 * @param enctype the form's encoding type; default {@code application/x-www-form-urlencoded}
 * @param fields  every field in document order
 */
public record FormInfo(String action, HttpMethod method, String enctype, List<Field> fields) {
    public FormInfo {
        Urls.requireHttp("action", action);
        method = method == null ? HttpMethod.GET : method;
        enctype = enctype == null || enctype.isBlank() ? "application/x-www-form-urlencoded" : enctype;
        fields = Checks.list(fields);
    }

    /**
     * A form field.
     *
     * @param type         the control's type ({@code text}, {@code select}, {@code radio}, {@code checkbox},
     *                     {@code hidden}, {@code textarea}, {@code submit}, …), lower-case
     * @param name         the field's name, or empty for unnamed controls
     * @param options      the values a select, radio or checkbox group offers, in order; empty otherwise
     * @param defaultValue the value submitted when the user changes nothing, or null
     * @param label        the label text a person sees for the field, or empty
     * @param required     the {@code required} attribute
     */
    public record Field(String type, String name, List<Option> options, String defaultValue, String label,
                        boolean required) {
        public Field {
            Checks.nonBlank("type", type);
            name = name == null ? "" : name;
            options = Checks.list(options);
            label = label == null ? "" : label;
        }
    }

    /**
     * One choice of a select, radio or checkbox.
     *
     * @param value the value submitted
     * @param label the text shown
     */
    public record Option(String value, String label) {
        public Option {
            value = value == null ? "" : value;
            label = label == null ? "" : label;
        }
    }
}
