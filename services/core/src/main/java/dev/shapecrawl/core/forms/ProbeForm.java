package dev.shapecrawl.core.forms;

import dev.shapecrawl.events.FormInfo;
import dev.shapecrawl.events.HttpMethod;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A form as probing sees it: every field of the page analysis's {@link FormInfo}, in document order, each with its
 * {@link FieldRole} (Moraes 2013 §1.4 and §4.2 module 1: fields are read from the form and the presentation fields
 * named in configuration are dropped from the probed set).
 *
 * <p>Roles by control type: {@code select}, {@code select-multiple}, {@code radio}, {@code checkbox} →
 * {@link FieldRole#SELECTION} (one value per submission, as the thesis does for all selection fields) if some
 * option value is non-empty, else FIXED; {@code text}, {@code search}, {@code textarea} → {@link FieldRole#TEXT}
 * (generic keyword boxes); {@code hidden} and other typed inputs (date, number, tel, url, …; the thesis fills no
 * typed box) → FIXED; the first named {@code submit} button → FIXED (its name/value is sent as by an implicit
 * submission); other buttons, {@code file} inputs and unnamed controls → OMITTED. A field named in the presentation
 * fields is FIXED whatever its type, at its default value, or at the value the configuration pins with
 * {@code name=value} (beyond the seed, which always leaves presentation fields at their default, thesis §1.3: pinning
 * "results per page" at its largest option puts more records on every result page; see {@code docs/evaluation.md},
 * "Form probing: ITP (issue 7)").
 *
 * @param action the absolute URL the form submits to
 * @param method GET or POST
 * @param fields every field with its role, in document order
 */
public record ProbeForm(String action, HttpMethod method, List<ProbeField> fields) {
    private static final Set<String> SELECTION_TYPES = Set.of("select", "select-multiple", "radio", "checkbox");
    private static final Set<String> TEXT_TYPES = Set.of("text", "search", "textarea");
    private static final Set<String> OMITTED_TYPES = Set.of("reset", "button", "image", "file");

    /** @throws IllegalArgumentException if the action is blank, or two probed fields share a name */
    public ProbeForm {
        if (action == null || action.isBlank()) {
            throw new IllegalArgumentException("action: missing");
        }
        method = method == null ? HttpMethod.GET : method;
        fields = List.copyOf(fields);
        Set<String> probed = new LinkedHashSet<>();
        for (ProbeField f : fields) {
            if (f.probed() && !probed.add(f.name())) {
                throw new IllegalArgumentException("two probed fields are named '" + f.name() + "'");
            }
        }
    }

    /**
     * The probing view of {@code form}.
     *
     * @param form               the form from the page analysis
     * @param presentationFields names of fields to keep at their default, or {@code name=value} to keep one at
     *                           {@code value} (configuration)
     * @return the form with roles; a later probed field with the name of an earlier one is FIXED (a page with two
     *         controls of one name, which the thesis's model cannot bind independently)
     * @throws IllegalArgumentException if {@code form} is null
     */
    public static ProbeForm of(FormInfo form, Set<String> presentationFields) {
        if (form == null) {
            throw new IllegalArgumentException("form: missing");
        }
        Map<String, String> pinned = new HashMap<>();
        Set<String> presentation = new HashSet<>();
        for (String entry : presentationFields) {
            int eq = entry.indexOf('=');
            presentation.add(eq < 0 ? entry : entry.substring(0, eq));
            if (eq >= 0) {
                pinned.put(entry.substring(0, eq), entry.substring(eq + 1));
            }
        }
        List<ProbeField> fields = new ArrayList<>();
        Set<String> probedNames = new LinkedHashSet<>();
        boolean submitSeen = false;
        for (FormInfo.Field f : form.fields()) {
            String type = f.type();
            FieldRole role;
            List<String> options = List.of();
            if (f.name().isEmpty() || OMITTED_TYPES.contains(type)) {
                role = FieldRole.OMITTED;
            } else if (type.equals("submit")) {
                role = submitSeen ? FieldRole.OMITTED : FieldRole.FIXED;
                submitSeen = true;
            } else if (presentation.contains(f.name())) {
                role = FieldRole.FIXED;
            } else if (SELECTION_TYPES.contains(type)) {
                options = f.options().stream().map(FormInfo.Option::value).filter(v -> !v.isEmpty()).distinct()
                        .toList();
                role = options.isEmpty() ? FieldRole.FIXED : FieldRole.SELECTION;
            } else if (TEXT_TYPES.contains(type)) {
                role = FieldRole.TEXT;
            } else {
                role = FieldRole.FIXED;
            }
            if ((role == FieldRole.SELECTION || role == FieldRole.TEXT) && !probedNames.add(f.name())) {
                role = FieldRole.FIXED;
                options = List.of();
            }
            String value = role == FieldRole.FIXED && pinned.containsKey(f.name()) ? pinned.get(f.name())
                    : defaultOf(f);
            fields.add(new ProbeField(f.name(), type, role, role == FieldRole.SELECTION ? options : List.of(),
                    value, f.label(), f.required() && (role == FieldRole.SELECTION || role == FieldRole.TEXT)));
        }
        return new ProbeForm(form.action(), form.method(), fields);
    }

    /** A browser's unbound value: text boxes send "" even when the extractor has no default. */
    private static String defaultOf(FormInfo.Field f) {
        if (f.defaultValue() == null && TEXT_TYPES.contains(f.type())) {
            return "";
        }
        return f.defaultValue();
    }

    /** The probed fields (selection and text), in document order. */
    public List<ProbeField> probedFields() {
        return fields.stream().filter(ProbeField::probed).toList();
    }

    /** The probed field named {@code name}. @throws IllegalArgumentException if there is none */
    public ProbeField probedField(String name) {
        for (ProbeField f : fields) {
            if (f.probed() && f.name().equals(name)) {
                return f;
            }
        }
        throw new IllegalArgumentException("no probed field '" + name + "'");
    }
}
