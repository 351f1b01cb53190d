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
     * @param page the page's collections (their attribute values checked against their links when it was built)
     * @param path the path of one of its link collections, at the default level
     * @return the value-level path of each of that collection's links, in order; null where the page recorded no
     *         values for it (its links share every value: the collection has no groups at this level)
     */
    public static List<String> paths(PageCollections page, String path) {
        PageCollections.LinkValues values = page.values().get(path);
        if (values == null) {
            return null;
        }
        int links = page.links().get(path).size();
        List<String> out = new ArrayList<>(links);
        for (int i = 0; i < links; i++) {
            out.add(PathRefinement.valuePath(path, values, i));
        }
        return out;
    }
}
