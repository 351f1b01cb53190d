package dev.shapecrawl.core.sitemodel;

import java.util.List;
import java.util.Optional;

/**
 * An inferred site model (spec §1.2, §2.5): page classes (each with the pages sampled into it) and the class links
 * between them, with what inference cost.
 *
 * @param classes the page classes; a class link names them by index; the entry page's class first
 * @param links   the class links, without repeats, in the order inference found them
 * @param fetched pages fetched (requests made), at most the budget n plus the last batch's overshoot
 */
public record SiteModel(List<PageClass> classes, List<ClassLink> links, int fetched) {
    public SiteModel {
        classes = List.copyOf(classes);
        links = List.copyOf(links);
    }

    /** The index of the class holding the page at {@code url}, if it was sampled. */
    public Optional<Integer> classOf(String url) {
        for (int i = 0; i < classes.size(); i++) {
            for (SitePage p : classes.get(i).pages()) {
                if (p.url().equals(url)) {
                    return Optional.of(i);
                }
            }
        }
        return Optional.empty();
    }
}
