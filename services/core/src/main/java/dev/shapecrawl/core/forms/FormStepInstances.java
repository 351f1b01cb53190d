package dev.shapecrawl.core.forms;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The instances a form step submits when a crawl follows it: beyond the seed, the most general productive instances
 * before the distinctness filter's cover.
 *
 * <p><b>Why.</b> ITP's output (Moraes 2013 §3.7; {@link DistinctnessFilter}) covers the records seen on each
 * instance's <em>first</em> result page: it is what a search engine indexes, one URL per instance. A crawl follows
 * the result pages' "next" links, so an instance yields its whole result set, and the set cover over first pages
 * is the wrong measure: it can keep {@code publisher=X, format=Y} and drop {@code publisher=X}, whose later pages
 * hold the rest of X's records. Measured on the test kit's hidden-web catalogue through the services (issue 7), the
 * cover alone let the mapping reach 1,687 of 2,000 detail pages. In a conjunctive search form (the common kind:
 * each field narrows the query) an instance's results contain those of every instance that adds bindings to it, so
 * the most general instances that returned records reach, with their pagination, every record their refinements
 * reach.
 *
 * <p><b>What.</b> The productive instances (their result page was no error page and held a record) that have no
 * productive proper sub-instance among the submissions, in submission order; then the cover's instances not
 * already there, because a form whose results are not paginated (or are cut at a page) surfaces records only
 * through the refinements the cover picked.
 */
public final class FormStepInstances {
    private FormStepInstances() {
    }

    /**
     * @param log   the probe's submissions, in order ({@link ProbeState#log()})
     * @param cover the distinctness filter's output ({@link ProbeReport#output()})
     * @return the instances to submit: the most general productive ones, then the rest of the cover; no repeats
     */
    public static List<TemplateInstance> of(List<Submission> log, List<TemplateInstance> cover) {
        Set<String> productive = new HashSet<>();
        for (Submission s : log) {
            if (!s.error() && s.recordCount() > 0) {
                productive.add(s.instance().key());
            }
        }
        Set<TemplateInstance> out = new LinkedHashSet<>();
        for (Submission s : log) {
            TemplateInstance i = s.instance();
            if (productive.contains(i.key()) && !hasProductiveAncestor(i, productive)) {
                out.add(i);
            }
        }
        out.addAll(cover);
        return new ArrayList<>(out);
    }

    private static boolean hasProductiveAncestor(TemplateInstance instance, Set<String> productive) {
        for (TemplateInstance sub : instance.properSubInstances()) {
            if (productive.contains(sub.key())) {
                return true;
            }
        }
        return false;
    }
}
