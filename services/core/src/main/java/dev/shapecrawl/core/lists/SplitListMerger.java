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
 * kept columns, and their containers are parallel: the same tags at every level, with indexes that differ at
 * exactly one level, the later one further on; and at most {@value #MAX_GAP_CHARS} characters of text lie between
 * them (an index's letter headings), since a heading of words between two lists says they are different lists
 * (measured: merging across such headings joined a manual page's command categories, docs/lists.md). The merged
 * list keeps the first one's container and ordinal, so its id is stable.
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

    static List<ExtractedList> merge(List<ExtractedList> lists, Map<ExtractedList, Element> containers) {
        List<ExtractedList> out = new ArrayList<>(lists.size());
        ExtractedList lastPart = null;
        for (ExtractedList l : lists) {
            if (lastPart != null && !out.isEmpty() && sameShape(out.get(out.size() - 1), l)
                    && parallel(lastPart.container(), l.container())
                    && shortGap(containers.get(lastPart), containers.get(l))) {
                ExtractedList head = out.remove(out.size() - 1);
                List<List<String>> rows = new ArrayList<>(head.rows());
                rows.addAll(l.rows());
                out.add(new ExtractedList(head.container(), head.ordinal(), head.identity(), head.separators(),
                        head.keptColumns(), rows));
            } else {
                out.add(l);
            }
            lastPart = l;
        }
        return out;
    }

    /** True if at most {@link #MAX_GAP_CHARS} non-blank characters of text lie between the two elements. */
    static boolean shortGap(Element first, Element second) {
        if (first == null || second == null) {
            return false;
        }
        int chars = 0;
        for (Node n = next(first); n != null; n = n.childNodeSize() > 0 ? n.childNode(0) : next(n)) {
            if (n == second) {
                return true;
            }
            if (n instanceof TextNode t) {
                chars += t.text().strip().length();
                if (chars > MAX_GAP_CHARS) {
                    return false;
                }
            }
        }
        return false;
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

    private static boolean sameShape(ExtractedList a, ExtractedList b) {
        return a.separators().equals(b.separators()) && a.keptColumns().equals(b.keptColumns());
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
