package dev.shapecrawl.core.lists;

import dev.shapecrawl.core.tree.HtmlTrees;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * SWLE's parser stage and entry point (Agostinho 2015 §4.1, Algorithm 1 as corrected in spec §3.3): a post-order
 * visit of {@code <body>} where text nodes become records and every element hands its children's records to
 * {@link Grouping}. An element that yields a list returns null upward; otherwise it returns its children merged
 * into one record (null if longer than CR). {@code <head>}, comments, script and style data are never visited.
 *
 * <p>The visit is iterative (no recursion), so nesting depth cannot overflow the stack; jsoup's parser already
 * flattens nesting beyond {@link HtmlTrees#DEFAULT_MAX_DEPTH}. Cost is linear in the page's nodes plus, per
 * element, O(children × ND) set operations on at most a few separator characters each. Thread-safe: the only
 * state is the settings.
 */
public final class SwleExtractor {
    private final SwleSettings settings;

    /** @param settings the settings; {@link SwleSettings#defaults()} unless evaluating the seed */
    public SwleExtractor(SwleSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** The settings. */
    public SwleSettings settings() {
        return settings;
    }

    /**
     * Extracts the lists of an HTML page.
     *
     * @param html the page (any string; parsed leniently by jsoup)
     * @return the lists in the order the post-order visit finds them (inner lists first)
     * @throws NullPointerException if html is null
     */
    public List<ExtractedList> extract(String html) {
        return extract(HtmlTrees.parse(html, null));
    }

    /**
     * Extracts the lists of a parsed page.
     *
     * @param doc the page
     * @return the lists in the order the post-order visit finds them (inner lists first)
     */
    public List<ExtractedList> extract(Document doc) {
        List<ExtractedList> sink = new ArrayList<>();
        Element body = doc.body();
        if (body == null) {
            return sink;
        }
        Deque<Frame> stack = new ArrayDeque<>();
        stack.push(new Frame(body, settings.brLines() && hasBr(body)));
        TextRecord returned;
        while (true) {
            Frame top = stack.peek();
            if (top.next < top.element.childNodeSize()) {
                Node child = top.element.childNode(top.next++);
                if (child instanceof TextNode t) {
                    top.add(TextRecord.ofText(t.getWholeText()));
                } else if (child instanceof Element e) {
                    if (top.lines && e.nameIs("br")) {
                        top.endLine(settings.cr());
                    } else {
                        stack.push(new Frame(e, settings.brLines() && hasBr(e)));
                    }
                }
                continue;
            }
            stack.pop();
            top.endLine(settings.cr());
            returned = top.kids.isEmpty() ? null : finish(top, sink);
            if (stack.isEmpty()) {
                break;
            }
            stack.peek().add(returned);
        }
        return settings.mergeSplitLists() ? SplitListMerger.merge(sink) : sink;
    }

    private TextRecord finish(Frame frame, List<ExtractedList> sink) {
        List<TextRecord> kids = frame.kids;
        if (kids.size() >= settings.rl() && Grouping.group(kids, settings, path(frame.element), sink)) {
            return null;
        }
        return TextRecord.merge(kids, settings.cr());
    }

    private static boolean hasBr(Element e) {
        for (Element c : e.children()) {
            if (c.nameIs("br")) {
                return true;
            }
        }
        return false;
    }

    /** The element's path from body: {@code body[0]/div[2]/ul[0]}, indexes among element siblings. */
    static String path(Element e) {
        List<String> steps = new ArrayList<>();
        for (Element x = e; x != null && !x.nameIs("html"); x = x.parent()) {
            steps.add(x.normalName() + "[" + x.elementSiblingIndex() + "]");
            if (x.nameIs("body")) {
                break;
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int i = steps.size() - 1; i >= 0; i--) {
            sb.append(steps.get(i));
            if (i > 0) {
                sb.append('/');
            }
        }
        return sb.toString();
    }

    /** One element being visited: its children's records so far. */
    private static final class Frame {
        final Element element;
        final boolean lines;
        final List<TextRecord> kids = new ArrayList<>();
        final List<TextRecord> line = new ArrayList<>();
        int next;

        Frame(Element element, boolean lines) {
            this.element = element;
            this.lines = lines;
        }

        void add(TextRecord r) {
            if (r != null) {
                (lines ? line : kids).add(r);
            }
        }

        /** With {@code brLines}: the records since the last {@code <br>} become one line record. */
        void endLine(int cr) {
            if (!line.isEmpty()) {
                TextRecord merged = TextRecord.merge(line, cr);
                if (merged != null) {
                    kids.add(merged);
                }
                line.clear();
            }
        }
    }
}
