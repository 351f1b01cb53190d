package dev.shapecrawl.core.forms;

import java.util.ArrayList;
import java.util.List;

/**
 * The probing plan: every template of order 1..maxOrder over a form's probed fields, in the thesis's processing
 * order (Moraes 2013 §4.2 module 4, spec §3.2 and §4.1): order-1 selection templates (their results feed the text
 * values), then order-1 text templates, then all order-2, then all order-3 templates. Within an order, templates
 * follow the form's field order lexicographically, so runs are reproducible; ITP's result does not depend on it,
 * since only strictly smaller assignments prune.
 *
 * <p>Beyond the seed: when some probed fields are {@link ProbeField#required() required}, only the templates that
 * bind all of them are planned. A browser does not send the form without them (HTML constraint validation); a
 * server that gets such a submission anyway answers an error page, and under ITP those errors would put every value
 * of the optional fields on the prune list, blocking every higher-order candidate — measured on the hidden-web
 * site's catalogue form, where ITP stopped after its 22 order-1 submissions (docs/evaluation.md, "Form probing: ITP
 * (issue 7)"). The thesis names mandatory fields as an open problem (§1.4, chapter 6). If more fields are required
 * than {@code maxOrder} can bind together, the restriction is dropped (no template could satisfy it).
 */
public final class Templates {
    private Templates() {
    }

    /**
     * The plan; {@code C(n,1) + … + C(n,maxOrder)} templates for {@code n} probed fields.
     *
     * @param form     the form
     * @param maxOrder 1..3
     * @throws IllegalArgumentException if {@code maxOrder < 1}
     */
    public static List<Template> plan(ProbeForm form, int maxOrder) {
        if (maxOrder < 1) {
            throw new IllegalArgumentException("maxOrder: must be >= 1, was " + maxOrder);
        }
        List<ProbeField> fields = form.probedFields();
        List<Template> all = new ArrayList<>();
        for (ProbeField f : fields) {
            if (f.role() == FieldRole.SELECTION) {
                all.add(Template.of(f.name()));
            }
        }
        for (ProbeField f : fields) {
            if (f.role() == FieldRole.TEXT) {
                all.add(Template.of(f.name()));
            }
        }
        List<String> names = fields.stream().map(ProbeField::name).toList();
        for (int d = 2; d <= maxOrder; d++) {
            combinations(names, d, 0, new ArrayList<>(), all);
        }
        List<String> required = fields.stream().filter(ProbeField::required).map(ProbeField::name).toList();
        if (required.isEmpty() || required.size() > maxOrder) {
            return all;
        }
        List<Template> plan = new ArrayList<>();
        for (Template t : all) {
            if (t.fields().containsAll(required)) {
                plan.add(t);
            }
        }
        return plan;
    }

    private static void combinations(List<String> names, int d, int from, List<String> prefix, List<Template> out) {
        if (prefix.size() == d) {
            out.add(new Template(prefix));
            return;
        }
        for (int i = from; i < names.size(); i++) {
            prefix.add(names.get(i));
            combinations(names, d, i + 1, prefix, out);
            prefix.remove(prefix.size() - 1);
        }
    }

    /** The {@code (d−1)}-field sub-templates of an order-{@code d} template ({@code d ≥ 2}). */
    public static List<Template> parents(Template t) {
        List<Template> out = new ArrayList<>();
        for (int skip = 0; skip < t.order(); skip++) {
            List<String> f = new ArrayList<>(t.fields());
            f.remove(skip);
            out.add(new Template(f));
        }
        return out;
    }
}
