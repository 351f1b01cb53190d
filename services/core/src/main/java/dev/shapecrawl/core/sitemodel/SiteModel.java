package dev.shapecrawl.core.sitemodel;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

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

    /**
     * The class a page not sampled into the model belongs to, by the crawl side's fallback for a URL whose class
     * links do not say it (spec §4.2 [D], "classify it against the class schemas with the §2.8 distance"): the class
     * whose path schema ({@link PageClass#pathSchema()}, texts left out) is nearest to the page's schema
     * ({@link SitePage#schema()}) by the distance of eq. 3.1 ({@link SchemaDistance}); ties go to the class
     * listed first. The spec's second test (the §2.9 MDL comparison, "or a new class") is left out: a page is always
     * given a class, and the distance says how well it fits. A sampled page keeps its own class.
     *
     * <p>O(classes × paths); call {@link #pathSchemas()} once and {@link #nearestClass(SitePage, List)} per page to
     * classify many pages.
     *
     * @param page the page
     * @return the index of its class in {@link #classes()}
     * @throws IllegalStateException if the model has no class
     */
    public int nearestClass(SitePage page) {
        return nearestClass(page, pathSchemas());
    }

    /** Each class's path schema, in {@link #classes()} order, for {@link #nearestClass(SitePage, List)}. */
    public List<Set<SchemaPath>> pathSchemas() {
        List<Set<SchemaPath>> out = new ArrayList<>(classes.size());
        for (PageClass c : classes) {
            Set<SchemaPath> schema = new java.util.LinkedHashSet<>();
            c.pathSchema().forEach(s -> schema.add(s.pathOnly()));
            out.add(schema);
        }
        return out;
    }

    /**
     * {@link #nearestClass(SitePage)} against schemas computed once by {@link #pathSchemas()}.
     *
     * @throws IllegalStateException if the model has no class
     */
    public int nearestClass(SitePage page, List<Set<SchemaPath>> schemas) {
        if (classes.isEmpty()) {
            throw new IllegalStateException("a model without classes classifies no page");
        }
        Optional<Integer> sampled = classOf(page.url());
        if (sampled.isPresent()) {
            return sampled.get();
        }
        Set<SchemaPath> own = page.schema();
        int best = 0;
        double nearest = Double.MAX_VALUE;
        for (int i = 0; i < schemas.size(); i++) {
            double d = SchemaDistance.between(own, schemas.get(i));
            if (d < nearest) {
                nearest = d;
                best = i;
            }
        }
        return best;
    }
}
