package dev.shapecrawl.core.sitemodel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A page class while a model is inferred (the thesis's {@code ModelPageClass}, spec §2.4): a set of pages and the
 * schema built from theirs.
 *
 * <p>The class schema (thesis §3.2.2): the <b>union</b> of the pages' link paths, plus every text path whose texts
 * are <b>identical in at least two pages</b>, with those texts ({@link SchemaPath}); a text path that carries data
 * (a price, a title) varies and stays out. A class of one page therefore has no text path in its schema.
 *
 * @param pages the class's pages, in the order they joined; never empty
 */
public record PageClass(List<SitePage> pages) {
    public PageClass {
        pages = List.copyOf(pages);
        if (pages.isEmpty()) {
            throw new IllegalArgumentException("a page class has at least one page");
        }
    }

    /** A class of the given pages. */
    public static PageClass of(SitePage... pages) {
        return new PageClass(List.of(pages));
    }

    /** This class and {@code other} as one class: its pages, then the other's. */
    public PageClass union(PageClass other) {
        List<SitePage> all = new ArrayList<>(pages);
        all.addAll(other.pages);
        return new PageClass(all);
    }

    /** The number of pages. */
    public int size() {
        return pages.size();
    }

    /** The class schema of thesis §3.2.2 (link paths united, invariant text paths with their texts). */
    public Set<SchemaPath> schema() {
        Set<SchemaPath> out = new LinkedHashSet<>();
        Map<String, Map<List<String>, Integer>> textSeen = new HashMap<>();
        for (SitePage p : pages) {
            p.links().keySet().forEach(path -> out.add(SchemaPath.link(path)));
            p.texts().forEach((path, texts) -> {
                int n = textSeen.computeIfAbsent(path, k -> new HashMap<>()).merge(texts, 1, Integer::sum);
                if (n == 2) {
                    out.add(SchemaPath.text(path, texts));
                }
            });
        }
        return out;
    }

    /**
     * The schema the structural distance compares (spec §3.4 [D]): a single page's own schema (link and text paths),
     * a larger class's schema with texts left out.
     */
    public Set<SchemaPath> pathSchema() {
        if (pages.size() == 1) {
            return pages.get(0).schema();
        }
        Set<SchemaPath> out = new LinkedHashSet<>();
        schema().forEach(s -> out.add(s.pathOnly()));
        return out;
    }
}
