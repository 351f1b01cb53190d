package dev.shapecrawl.core.sitemodel;

import dev.shapecrawl.events.PageCollections;

import java.util.ArrayList;
import java.util.List;

/**
 * A link collection's links at the expressiveness lattice's full value level (spec §2.6, thesis §3.3.3.2): the
 * collection's default-level path with every attributed step given the value its link has there, an {@code id}'s
 * value left out (it selects one element, never a group: {@link PathRefinement}). Two links of one collection whose
 * value-level paths differ sit in groups the lattice tells apart, such as gtk-doc's table of contents, whose
 * {@code span[@class="chapter"]} and {@code span[@class="refentrytitle"]} links share the default path
 * {@code …-DT-SPAN[@CLASS]-A}. Written as refined class links are ({@code HTML-BODY-DIV[@CLASS="toc"]-A}).
 */
public final class ValueLevel {
    private ValueLevel() {
    }

    /**
     * @param path   the collection's path at the default level
     * @param values the collection's attribute values ({@link PageCollections#values()}), or null where its links
     *               share every value (the collection then has no groups at this level)
     * @param links  the number of links in the collection (its URLs, in order)
     * @return the value-level path of each link, in order; null when {@code values} is null
     * @throws IllegalArgumentException if {@code values} holds a column for another number of links
     */
    public static List<String> paths(String path, PageCollections.LinkValues values, int links) {
        if (values == null) {
            return null;
        }
        values.varying().forEach((step, column) -> {
            if (column.size() != links) {
                throw new IllegalArgumentException("values of step " + step + " at " + path + ": " + column.size()
                        + " for " + links + " links");
            }
        });
        List<String> out = new ArrayList<>(links);
        for (int i = 0; i < links; i++) {
            out.add(PathRefinement.valuePath(path, values, i));
        }
        return out;
    }
}
