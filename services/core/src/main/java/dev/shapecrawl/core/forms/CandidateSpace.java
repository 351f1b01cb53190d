package dev.shapecrawl.core.forms;

import java.util.ArrayList;
import java.util.List;

/**
 * The Cartesian product of a template's value lists, addressed by index in row-major (odometer) order: the first
 * field varies slowest, the last fastest (Moraes 2013 §4.4, spec §3.6). Candidates are handled as indices so that a
 * large order-3 template is not materialised as objects before the prune list and the cap cut it down.
 *
 * @param template the template
 * @param values   one value list per template field, in the template's field order; each not empty
 */
public record CandidateSpace(Template template, List<List<String>> values) {
    /** @throws IllegalArgumentException if the value lists do not match the template or one is empty */
    public CandidateSpace {
        values = values.stream().map(List::copyOf).toList();
        if (values.size() != template.order()) {
            throw new IllegalArgumentException("values: " + values.size() + " lists for template " + template);
        }
        for (int f = 0; f < values.size(); f++) {
            if (values.get(f).isEmpty()) {
                throw new IllegalArgumentException("values: field '" + template.fields().get(f) + "' has none");
            }
        }
    }

    /** The number of instances, saturating at {@link Long#MAX_VALUE}. */
    public long size() {
        long n = 1;
        for (List<String> v : values) {
            try {
                n = Math.multiplyExact(n, v.size());
            } catch (ArithmeticException overflow) {
                return Long.MAX_VALUE;
            }
        }
        return n;
    }

    /** The number of fields. */
    public int fieldCount() {
        return values.size();
    }

    /** The number of values of field {@code f} (template position). */
    public int valueCount(int f) {
        return values.get(f).size();
    }

    /** The value positions of the instance at {@code index}, one per field. */
    public int[] valueIndices(long index) {
        int[] out = new int[values.size()];
        for (int f = values.size() - 1; f >= 0; f--) {
            int size = values.get(f).size();
            out[f] = (int) (index % size);
            index /= size;
        }
        return out;
    }

    /** The index of the instance with the given value positions. */
    public long indexOf(int[] valueIndices) {
        long index = 0;
        for (int f = 0; f < values.size(); f++) {
            index = index * values.get(f).size() + valueIndices[f];
        }
        return index;
    }

    /** The instance at {@code index}, {@code 0 <= index < size()}. */
    public TemplateInstance instance(long index) {
        int[] v = valueIndices(index);
        List<Binding> b = new ArrayList<>(v.length);
        for (int f = 0; f < v.length; f++) {
            b.add(new Binding(template.fields().get(f), values.get(f).get(v[f])));
        }
        return new TemplateInstance(b);
    }
}
