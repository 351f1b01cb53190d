package dev.shapecrawl.core.lists;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * Beyond the seed: one list split across sibling containers (an index split by letter, a table of contents split
 * by part) is merged back into one (Agostinho 2015 §5.6 names this failure and proposes the fix as future work:
 * "merge consecutive extracted lists that have the same standard identity"; spec §8.6).
 *
 * <p>Two lists merge when they are consecutive in the extractor's output, cut by the same separators into the same
 * kept columns (measured: without the second condition, the categories of a changelog, each in its own {@code li}
 * after a label line, merged into one list; docs/lists.md), and their containers are parallel: the same tags at every level, with indexes that differ at
 * exactly one level, the later one further on; and at most {@value #MAX_GAP_CHARS} characters of text lie between
 * them (an index's letter headings), since a heading of words between two lists says they are different lists
 * (measured: merging across such headings joined a manual page's command categories, docs/lists.md). The merged
 * list keeps the first one's container and ordinal, so its id is stable; its columns are pruned again over all
 * the parts' rows.
 */
final class SplitListMerger {
    private SplitListMerger() {
    }

    /**
     * @param lists the lists in the extractor's order
     * @return the lists with every run of split parts merged, in the same order
     */
    /** Most non-blank characters of text between two parts of one list (a letter heading has one). */
    static final int MAX_GAP_CHARS = 3;

    static List<FoundList> merge(List<FoundList> lists, Map<FoundList, Element> containers, SwleSettings settings) {
        List<FoundList> out = new ArrayList<>(lists.size());
        FoundList lastPart = null;
        for (FoundList part : lists) {
            ExtractedList l = part.list();
            if (lastPart != null && !out.isEmpty()
                    && out.get(out.size() - 1).list().separators().equals(l.separators())
                    && out.get(out.size() - 1).list().keptColumns().equals(l.keptColumns())
                    && parallel(lastPart.list().container(), l.container())
                    && shortGap(containers.get(lastPart), containers.get(part))) {
                FoundList head = out.remove(out.size() - 1);
                FoundList whole = joined(head, part, settings);
                containers.put(whole, containers.get(head));   // named from the first part's container
                out.add(whole);
            } else {
                out.add(part);
            }
            lastPart = part;
        }
        return out;
    }

    /** The two parts as one list: rows joined before pruning, columns pruned again over all of them. */
    private static FoundList joined(FoundList head, FoundList tail, SwleSettings settings) {
        List<List<String>> rows = new ArrayList<>(head.separated());
        rows.addAll(tail.separated());
        List<Integer> kept = Separation.keptColumns(rows, settings.rc(), settings.has(Addition.DATA_COLUMNS));
        if (kept.size() < 2) {
            kept = head.list().keptColumns();   // the parts' own pruning kept two or more; keep the first's
        }
        List<Integer> columns = kept;
        ExtractedList h = head.list();
        return new FoundList(new ExtractedList(h.container(), h.ordinal(), h.identity(), h.separators(), columns,
                rows.stream().map(r -> columns.stream().map(r::get).toList()).toList()), rows);
    }

    /**
     * Whether a record inside one container is a gap between parts of one list rather than a record of its own: at
     * most {@link #MAX_GAP_CHARS} letters or digits and nothing else (an index's letter heading, "A"), the gap
     * {@link #shortGap} allows between parallel containers (issue 20).
     */
    static boolean isGap(TextRecord r) {
        String t = r.text();
        if (r.isStructural() || r.isOpaque() || t.isEmpty() || t.length() > MAX_GAP_CHARS) {
            return false;
        }
        for (int i = 0; i < t.length(); i++) {
            if (!Character.isLetterOrDigit(t.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * True if at most {@link #MAX_GAP_CHARS} non-blank characters of text lie between the two elements, not
     * counting sibling elements of the first one's tag (parts of the list too short to be lists themselves, such
     * as an index letter with two entries; measured: without this, a javadoc index stayed in two halves).
     */
    static boolean shortGap(Element first, Element second) {
        if (first == null || second == null) {
            return false;
        }
        int chars = 0;
        Node n = next(first);
        while (n != null && n != second) {
            if (n instanceof Element e && e.parent() == first.parent() && e.normalName().equals(first.normalName())) {
                n = next(n);   // a sibling part too short to be a list on its own: part of the list, not a gap
                continue;
            }
            if (n instanceof TextNode t) {
                chars += t.text().strip().length();
                if (chars > MAX_GAP_CHARS) {
                    return false;
                }
            }
            n = n.childNodeSize() > 0 ? n.childNode(0) : next(n);
        }
        return n != null && chars + leadingHeadingChars(second) <= MAX_GAP_CHARS;
    }

    /**
     * The characters of a heading ({@code h1}–{@code h6}) that opens a container, as its first element or inside
     * it: a section heading in the first row of a table ("Static Public Attributes", Doxygen's member
     * declarations) says the table is a list of its own, as a heading between two containers does.
     */
    private static int leadingHeadingChars(Element container) {
        Element first = container.firstElementChild();
        if (first == null) {
            return 0;
        }
        Element heading = EntryItems.HEADINGS.contains(first.normalName()) ? first
                : first.selectFirst("h1, h2, h3, h4, h5, h6");
        return heading == null ? 0 : heading.text().strip().length();
    }

    /** The node after {@code n} in document order, skipping its subtree; null at the end. */
    private static Node next(Node n) {
        for (Node x = n; x != null; x = x.parent()) {
            Node sibling = x.nextSibling();
            if (sibling != null) {
                return sibling;
            }
        }
        return null;
    }

    /** Same tags at every level and indexes that differ at exactly one level, increasing. */
    static boolean parallel(String a, String b) {
        String[] x = a.split("/");
        String[] y = b.split("/");
        if (x.length != y.length) {
            return false;
        }
        int differing = 0;
        boolean forward = false;
        for (int i = 0; i < x.length; i++) {
            int bx = x[i].indexOf('[');
            int by = y[i].indexOf('[');
            if (!x[i].substring(0, bx).equals(y[i].substring(0, by))) {
                return false;
            }
            if (!x[i].equals(y[i])) {
                differing++;
                forward = index(x[i], bx) < index(y[i], by);
            }
        }
        return differing == 1 && forward;
    }

    private static int index(String step, int bracket) {
        return Integer.parseInt(step.substring(bracket + 1, step.length() - 1));
    }
}
