package dev.shapecrawl.core.sitemodel;

import dev.shapecrawl.events.PageCollections;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A link collection's links at the expressiveness lattice's full value level (spec §2.6, thesis §3.3.3.2): the
 * collection's default-level path with every attributed step given the value its link has there, an {@code id}'s
 * value left out (it selects one element, never a group: {@link PathRefinement}). Two links of one collection whose
 * value-level paths differ sit in groups the lattice tells apart, such as gtk-doc's table of contents, whose
 * {@code span[@class="chapter"]} and {@code span[@class="refentrytitle"]} links share the default path
 * {@code …-DT-SPAN[@CLASS]-A}. Written as refined class links are ({@code HTML-BODY-DIV[@CLASS="toc"]-A}).
 *
 * <p>An attribute whose value differs on every link of the collection (at least {@link #NAMING_LINKS} of them) names
 * its link rather than a group of links, as an id does, and its value is left out too (beyond the seed, since
 * 2026-11-29): Haddock writes each module link's {@code title} (the module's name), so at the full value level every
 * link of its documentation prose was a group of its own, none of which the mapping could judge on its one link.
 */
public final class ValueLevel {
    /**
     * The fewest links whose all-different values make an attribute name its links rather than group them: seed
     * 001's sample of a collection (3 links, spec §2.10). Two links with different values may be two groups
     * ({@code prev} and {@code next}); three of three alike in nothing are labels.
     */
    public static final int NAMING_LINKS = 3;

    private ValueLevel() {
    }

    /**
     * @param page the page's collections (their attribute values checked against their links when it was built)
     * @param path the path of one of its link collections, at the default level
     * @return the value-level path of each of that collection's links, in order (an id's value and the values that
     *         name their links left out); null where the page recorded no values for it (its links share every value:
     *         the collection has no groups at this level)
     */
    public static List<String> paths(PageCollections page, String path) {
        PageCollections.LinkValues values = page.values().get(path);
        if (values == null) {
            return null;
        }
        int links = page.links().get(path).size();
        Set<Integer> naming = new HashSet<>();
        values.varying().forEach((step, column) -> {
            if (column.size() >= NAMING_LINKS && new HashSet<>(column).size() == column.size()) {
                naming.add(step);
            }
        });
        List<String> out = new ArrayList<>(links);
        for (int i = 0; i < links; i++) {
            out.add(PathRefinement.valuePath(path, values, i, naming));
        }
        return out;
    }
}
