package dev.shapecrawl.core.lists;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * Items that are not wrapped in an element of their own ({@link Addition#CYCLES}): among an element's children, a
 * run of groups of k consecutive siblings whose shapes (tag, class attribute, inline style) repeat position by
 * position in every group, the positions of a group differing in tag or style. Doxygen's member documentation is
 * such a run: per member an anchor ({@code a}), a title ({@code h2.memtitle}) and a block ({@code div.memitem}), all
 * children of one {@code div.contents}; read child by child, a member's title and its block are records of
 * different shapes and no run of them is a list. Each group is then one record whose cells are its siblings'
 * records. shapecrawl, beyond the seed: SWLE (Agostinho 2015) takes one record per child element (docs/lists.md §3).
 *
 * <p>Conservative by design, since any page alternates paragraphs and code: at least two positions of a group must
 * carry a class or a style (the generator marks an item's parts), and a text that is not blank, {@code pre},
 * {@code br} and the markup's own items and cells break a run.
 */
final class SiblingCycles {
    /** The most siblings per item looked for. */
    static final int MAX_PERIOD = 4;
    /** The fewest groups in a run, as {@link RowGroups#MIN_GROUPS}. */
    static final int MIN_GROUPS = 2;
    /** The fewest positions of a group with class tokens. */
    static final int MIN_CLASSED = 2;
    /** The groups whose texts choose a run's first part. */
    static final int PHASE_GROUPS = 4;

    /**
     * Children that are no part of an unwrapped item: code and line breaks (read otherwise), and the markup's own
     * items and cells, which are records already (a table's rows striped "odd"/"even" are rows, not an item in two).
     */
    private static final java.util.Set<String> NOT_PARTS = java.util.Set.of("pre", "br", "li", "tr", "td", "th",
            "dt", "dd", "tbody", "thead", "tfoot", "option");

    private SiblingCycles() {
    }

    /**
     * The position of each child element in a group of a run, as {@code {position, period, run number}}, where run
     * numbers are distinct within the element; empty if the children form no run. Greedy from the first child: at
     * each child the period whose run covers the most children wins, the smallest first. Cost: linear in the
     * children per period tried.
     *
     * @param e any element
     * @return child element → {position, period, run}, in an identity map
     */
    static Map<Element, int[]> of(Element e) {
        if (e.childNodeSize() < 2 * MIN_GROUPS || !mayCycle(e)) {
            return Map.of();
        }
        List<Element> kids = new ArrayList<>();
        List<Shape> shapes = new ArrayList<>();
        for (int n = 0; n < e.childNodeSize(); n++) {
            Node node = e.childNode(n);
            if (node instanceof Element c) {
                kids.add(c);
                shapes.add(NOT_PARTS.contains(c.normalName()) ? null : Shape.of(c));
            } else if (node instanceof TextNode t && !t.isBlank()) {
                kids.add(null);
                shapes.add(null);
            }
        }
        Map<Element, int[]> out = null;
        int run = 0;
        int i = 0;
        while (i < shapes.size()) {
            int bestK = 0;
            int bestGroups = 0;
            for (int k = 2; k <= MAX_PERIOD && i + k * MIN_GROUPS <= shapes.size(); k++) {
                int g = run(shapes, i, k);
                if (g >= MIN_GROUPS && g * k > bestGroups * bestK) {
                    bestK = k;
                    bestGroups = g;
                }
            }
            if (bestK == 0) {
                i++;
                continue;
            }
            int lead = leadingPart(kids, i, bestK, bestGroups);
            if (lead > 0) {
                // the run was entered mid-item: start it at the item's name, and look again from there
                int g = run(shapes, i + lead, bestK);
                if (g < MIN_GROUPS) {
                    i += lead + 1;
                    continue;
                }
                i += lead;
                bestGroups = g;
            }
            if (out == null) {
                out = new IdentityHashMap<>();
            }
            int runStart = 0;
            String gapBefore = Shape.vertical(kids.get(i).attr("style"));   // each lead's gap, read once
            for (int g = 1; g <= bestGroups; g++) {
                String gap = g == bestGroups ? "" : Shape.vertical(kids.get(i + g * bestK).attr("style"));
                boolean opens = g == bestGroups || opensBlock(gap, gapBefore);
                gapBefore = gap;
                if (opens) {
                    if (g - runStart >= MIN_GROUPS) {
                        for (int r = runStart; r < g; r++) {
                            for (int p = 0; p < bestK; p++) {
                                out.put(kids.get(i + r * bestK + p), new int[] {p, bestK, run});
                            }
                        }
                        run++;
                    }
                    runStart = g;
                }
            }
            i += bestGroups * bestK;
        }
        return out == null ? Map.of() : out;
    }

    /**
     * A cheap first look, most elements fail it (a list's items, a table's rows, a run of paragraphs): at least
     * {@code MIN_GROUPS × MIN_CLASSED} children that can be parts and carry a class or a style, of two tags or
     * more.
     */
    private static boolean mayCycle(Element e) {
        int marked = 0;
        String firstTag = null;
        boolean twoTags = false;
        for (int i = 0; i < e.childNodeSize(); i++) {   // by index: children() copies the list
            if (!(e.childNode(i) instanceof Element c)) {
                continue;
            }
            String tag = c.normalName();
            if (NOT_PARTS.contains(tag)) {
                continue;
            }
            if (firstTag == null) {
                firstTag = tag;
            } else if (!twoTags && !firstTag.equals(tag)) {
                twoTags = true;
            }
            if (c.hasAttr("class") || c.hasAttr("style")) {
                marked++;
            }
            if (twoTags && marked >= MIN_GROUPS * MIN_CLASSED) {
                return true;
            }
        }
        return false;
    }

    /**
     * The position whose texts are the shortest (over the first {@value #PHASE_GROUPS} groups): an item opens with
     * its name (a term, a title, an anchor) and goes on with the longer parts, so a run whose shortest part is not
     * first was entered mid-item (groff's man pages: the first option of a block shares its paragraph with the
     * block's label, so the run of term and description pairs is found from the first description on).
     */
    private static int leadingPart(List<Element> kids, int i, int k, int groups) {
        int best = 0;
        long bestChars = Long.MAX_VALUE;
        int sample = Math.min(groups, PHASE_GROUPS);
        for (int p = 0; p < k; p++) {
            long chars = 0;
            for (int g = 0; g < sample; g++) {
                chars += kids.get(i + g * k + p).text().length();
            }
            if (chars < bestChars) {
                bestChars = chars;
                best = p;
            }
        }
        return best;
    }

    /**
     * Whether an item's first part sets a vertical gap (a top or bottom margin or padding, {@link Shape#vertical})
     * that the item before it did not: a reader sees a new block, and the items after the gap are another list. groff's man pages space the
     * first option of each block of options ({@code margin-top: 1em}), which otherwise runs on with the options of
     * the block before.
     */
    private static boolean opensBlock(String gap, String gapBefore) {
        return !gap.isEmpty() && !gap.equals(gapBefore);
    }

    /** The number of whole groups of k siblings from i on that repeat the first group's shapes; 0 if it cannot. */
    private static int run(List<Shape> shapes, int i, int k) {
        int classed = 0;
        for (int p = 0; p < k; p++) {
            Shape s = shapes.get(i + p);
            if (s == null) {
                return 0;   // a break
            }
            for (int q = 0; q < p; q++) {
                if (s.samePart(shapes.get(i + q))) {
                    return 0;   // two positions of one tag and style: one kind (striped), not parts
                }
            }
            classed += s.marked() ? 1 : 0;
        }
        return classed < MIN_CLASSED ? 0 : Periods.repeats(shapes, i, k);
    }

    /**
     * A child's shape: its tag, class attribute and inline style as written (a generator writes them in one order;
     * empty when absent), the style without its vertical spacing: a gap before or after a part says where a block
     * starts ({@link #opensBlock}), not which part it is.
     */
    private record Shape(String tag, String classes, String style) {
        /** The properties of vertical spacing. */
        private static final java.util.Set<String> VERTICAL = java.util.Set.of("margin-top", "margin-bottom",
                "padding-top", "padding-bottom");

        static Shape of(Element c) {
            return new Shape(c.normalName(), c.attr("class").strip(), declarations(c.attr("style"), false));
        }

        /** The vertical spacing declarations of an inline style, normalised; empty when none. */
        static String vertical(String style) {
            return declarations(style, true);
        }

        /** The style's declarations of vertical spacing ({@code vertical}) or of the rest, trimmed, in order. */
        private static String declarations(String style, boolean vertical) {
            if (style.isEmpty()) {
                return "";
            }
            StringBuilder out = new StringBuilder();
            for (String d : style.split(";")) {
                int colon = d.indexOf(':');
                String property = (colon < 0 ? d : d.substring(0, colon)).strip().toLowerCase(java.util.Locale.ROOT);
                if (property.isEmpty() || VERTICAL.contains(property) != vertical) {
                    continue;
                }
                if (!out.isEmpty()) {
                    out.append(';');
                }
                out.append(property).append(':').append(colon < 0 ? "" : d.substring(colon + 1).strip());
            }
            return out.toString();
        }

        /**
         * Whether two shapes are one part of an item: the tag and the inline style tell parts apart (groff's term at
         * {@code margin-left:11%} and description at {@code margin-left:22%}), not the classes alone, which also
         * stripe one kind of block ("odd", "even").
         */
        boolean samePart(Shape other) {
            return tag.equals(other.tag) && style.equals(other.style);
        }

        /** Whether the generator marked it, by a class or a style. */
        boolean marked() {
            return !classes.isEmpty() || !style.isEmpty();
        }
    }
}
