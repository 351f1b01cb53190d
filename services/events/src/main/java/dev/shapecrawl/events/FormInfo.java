package dev.shapecrawl.events;

import java.util.List;
import java.util.TreeSet;

/**
 * A form found on a page.
 *
 * @param action  absolute http(s) URL the form submits to
 * @param method  GET or POST
 * @param enctype the form's encoding type; default {@code application/x-www-form-urlencoded}
 * @param fields  every field in document order
 * @param scripted whether the form's DOM holds JavaScript (event handlers, a {@code javascript:} action, a script
 *                 element): such a form is never submitted (Vidal 2006 §4.2, specification §6.4 step 1)
 */
public record FormInfo(String action, HttpMethod method, String enctype, List<Field> fields, boolean scripted) {
    public FormInfo {
        Urls.requireHttp("action", action);
        method = method == null ? HttpMethod.GET : method;
        enctype = enctype == null || enctype.isBlank() ? "application/x-www-form-urlencoded" : enctype;
        fields = Checks.list(fields);
    }

    /** A form without JavaScript. */
    public FormInfo(String action, HttpMethod method, String enctype, List<Field> fields) {
        this(action, method, enctype, fields, false);
    }

    /**
     * The form's id within a job: {@code f-} and 12 hex digits of SHA-256 over method, action without its query,
     * and the sorted field names. The same search form on many pages (a header search box) is one form, so the
     * page URL is not part of it; the form-prober and the pattern service both name forms by it.
     */
    public String id() {
        int q = action.indexOf('?');
        StringBuilder sb = new StringBuilder().append(method).append('\n')
                .append(q >= 0 ? action.substring(0, q) : action);
        for (String name : new TreeSet<>(fields.stream().map(Field::name).toList())) {
            sb.append('\n').append(name);
        }
        return "f-" + Hashes.sha256Hex(sb.toString()).substring(0, 12);
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
