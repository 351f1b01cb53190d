package dev.shapecrawl.core.forms;

import java.util.ArrayList;
import java.util.List;

/**
 * A template instance: one value for each field of a template, "how to fill" (Moraes 2013 §1.5). For a GET form one
 * instance is one URL, e.g. {@code ?A=ValorA&B=Valor1}.
 *
 * @param bindings one binding per field, in the template's (form) field order; not empty, no field twice
 */
public record TemplateInstance(List<Binding> bindings) {
    /** @throws IllegalArgumentException if {@code bindings} is empty or binds a field twice */
    public TemplateInstance {
        bindings = List.copyOf(bindings);
        if (bindings.isEmpty()) {
            throw new IllegalArgumentException("bindings: an instance binds at least one field");
        }
        if (bindings.stream().map(Binding::field).distinct().count() != bindings.size()) {
            throw new IllegalArgumentException("bindings: a field is bound twice in " + bindings);
        }
    }

    /** Convenience: {@code of("A", "a1", "B", "b2")}. @throws IllegalArgumentException on an odd argument count */
    public static TemplateInstance of(String... fieldValuePairs) {
        if (fieldValuePairs.length % 2 != 0) {
            throw new IllegalArgumentException("field/value pairs expected");
        }
        List<Binding> b = new ArrayList<>();
        for (int i = 0; i < fieldValuePairs.length; i += 2) {
            b.add(new Binding(fieldValuePairs[i], fieldValuePairs[i + 1]));
        }
        return new TemplateInstance(b);
    }

    /** The template this is an instance of. */
    public Template template() {
        return new Template(bindings.stream().map(Binding::field).toList());
    }

    /** The order (number of bound fields). */
    public int order() {
        return bindings.size();
    }

    /** The value bound to {@code field}, or null if it is not bound. */
    public String valueOf(String field) {
        for (Binding b : bindings) {
            if (b.field().equals(field)) {
                return b.value();
            }
        }
        return null;
    }

    /**
     * The non-empty proper sub-assignments (at most {@code 2^d − 2}, 6 for order 3): the smaller instances whose
     * verdicts can prune this one (spec §4.4). Order 1 has none.
     */
    public List<TemplateInstance> properSubInstances() {
        int d = bindings.size();
        List<TemplateInstance> subs = new ArrayList<>();
        for (int mask = 1; mask < (1 << d) - 1; mask++) {
            List<Binding> b = new ArrayList<>();
            for (int i = 0; i < d; i++) {
                if ((mask & (1 << i)) != 0) {
                    b.add(bindings.get(i));
                }
            }
            subs.add(new TemplateInstance(b));
        }
        return subs;
    }

    /**
     * The canonical key {@code A=a1&B=b2}: bindings are kept in form field order, so equal assignments have
     * equal keys; used by the {@link PruneList}. Names and values are URL-encoded so that a value holding
     * {@code &} or {@code =} cannot make two different instances share a key.
     */
    public String key() {
        StringBuilder sb = new StringBuilder();
        for (Binding b : bindings) {
            if (sb.length() > 0) {
                sb.append('&');
            }
            sb.append(enc(b.field())).append('=').append(enc(b.value()));
        }
        return sb.toString();
    }

    private static String enc(String s) {
        return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return key();
    }
}
