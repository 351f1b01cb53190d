package dev.shapecrawl.core.page;

import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeFilter;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * Bounded text extraction from a jsoup tree: visible text of a subtree, and the text next to a form control.
 * Every walk here is bounded by characters and by nodes visited, because the same subtree (a huge label, an
 * anchor wrapping the whole page) can be asked for many times on a hostile page.
 */
public final class Texts {
    /** Most nodes one walk visits, whatever the text it found. */
    static final int MAX_NODES = 10_000;
    /** Most nodes the walk to the text next to a control visits ({@link #adjacent}). */
    static final int MAX_ADJACENT_STEPS = 100;

    /** Elements whose content is never visible text (script and style content are data nodes anyway). */
    private static final Set<String> INVISIBLE = Set.of("script", "style", "template", "head", "title");
    /** Elements skipped when a label's text is taken: the controls' own text is not the label. */
    private static final Set<String> CONTROL_CONTENT = Set.of("select", "option", "optgroup", "datalist", "textarea",
            "button", "input");
    /** Elements where a run of label text ends, besides jsoup's block elements. */
    private static final Set<String> BREAKS = Set.of("br", "hr", "legend", "caption");
    /** Parents a walk to adjacent text never leaves: one table row, one form, the page body. */
    private static final Set<String> WALK_LIMITS = Set.of("tr", "form", "body", "html");

    private Texts() {
    }

    /**
     * The visible text of {@code root}: text nodes in document order, a space at block boundaries and
     * {@code <br>}, whitespace collapsed, trimmed, cut to {@code maxChars}. Script, style and template content is
     * left out, and with {@code skipControls} also the text of selects, textareas and buttons (a label that wraps
     * a select must not read as its options). Visits at most {@link #MAX_NODES} nodes.
     */
    public static String visible(Element root, int maxChars, boolean skipControls) {
        StringBuilder sb = new StringBuilder();
        int[] visited = {0};
        root.filter(new NodeFilter() {
            @Override
            public FilterResult head(Node node, int depth) {
                if (++visited[0] > MAX_NODES || sb.length() > 2L * maxChars) {
                    return FilterResult.STOP;
                }
                if (node instanceof TextNode t) {
                    sb.append(t.getWholeText());
                } else if (node instanceof Element e && node != root) {
                    String tag = e.normalName();
                    if (INVISIBLE.contains(tag) || (skipControls && CONTROL_CONTENT.contains(tag))) {
                        return FilterResult.SKIP_ENTIRELY;
                    }
                    if (isBreak(e)) {
                        sb.append(' ');
                    }
                }
                return FilterResult.CONTINUE;
            }

            @Override
            public FilterResult tail(Node node, int depth) {
                if (node instanceof Element e && node != root && isBreak(e)) {
                    sb.append(' ');
                }
                return FilterResult.CONTINUE;
            }
        });
        return collapse(sb, maxChars);
    }

    /**
     * The text next to {@code control}: before it ({@code backwards}) or after it, walking the tree in document
     * order from the control outwards. The walk collects the text of the nearest run of inline text and stops at
     * another control (a hidden input does not count), at a {@code <label>} (it belongs to another control), at
     * a block boundary or {@code <br>} once it has text, on leaving a table row ({@code tr}), a form or the body,
     * and after {@link #MAX_ADJACENT_STEPS} nodes. Returns the collapsed text, or empty when there is none or
     * when it is longer than {@code maxChars}: a run that long is prose or instructions, not a label.
     *
     * <p>So {@code <td>Title</td><td><input></td>} and {@code Title: <input>} give "Title:" before the input,
     * and {@code <input type=radio> CD} gives "CD" after it.
     */
    static String adjacent(Element control, boolean backwards, int maxChars) {
        Deque<String> parts = new ArrayDeque<>();
        long length = 0;
        boolean found = false;
        Node cur = control;
        int steps = 0;
        outer:
        while (steps++ < MAX_ADJACENT_STEPS) {
            Node next = backwards ? cur.previousSibling() : cur.nextSibling();
            if (next == null) {
                Node parent = cur.parent();
                if (!(parent instanceof Element p) || parent instanceof Document
                        || WALK_LIMITS.contains(p.normalName()) || (found && isBreak(p))) {
                    break;
                }
                cur = parent;
                continue;
            }
            cur = next;
            // Enter cur's subtree from the end nearest the control, down to its first leaf.
            while (true) {
                if (cur instanceof Element e) {
                    String tag = e.normalName();
                    if (isControl(e) || tag.equals("label")) {
                        break outer;
                    }
                    if (INVISIBLE.contains(tag) || CONTROL_CONTENT.contains(tag)) {
                        continue outer; // skip the subtree
                    }
                    if (found && isBreak(e)) {
                        break outer;
                    }
                    if (WALK_LIMITS.contains(tag)) {
                        break outer;
                    }
                    if (e.childNodeSize() == 0 || steps++ >= MAX_ADJACENT_STEPS) {
                        continue outer;
                    }
                    cur = backwards ? e.lastChild() : e.firstChild();
                } else {
                    if (cur instanceof TextNode t && !t.isBlank()) {
                        String s = t.getWholeText();
                        if (backwards) {
                            parts.addFirst(s);
                        } else {
                            parts.addLast(s);
                        }
                        found = true;
                        length += s.length();
                        if (length > 2L * maxChars) {
                            break outer;
                        }
                    }
                    continue outer;
                }
            }
        }
        String text = collapse(String.join("", parts), maxChars + 1);
        return text.length() <= maxChars ? text : "";
    }

    /** True for the elements that submit or take input: input (not hidden), select, textarea, button. */
    static boolean isControl(Element e) {
        return switch (e.normalName()) {
            case "select", "textarea", "button" -> true;
            case "input" -> !e.attr("type").strip().equalsIgnoreCase("hidden");
            default -> false;
        };
    }

    private static boolean isBreak(Element e) {
        return e.isBlock() || BREAKS.contains(e.normalName());
    }

    /**
     * Collapses runs of whitespace (Unicode whitespace and no-break spaces) to one space, trims, and cuts to
     * {@code maxChars} without splitting a surrogate pair.
     */
    static String collapse(CharSequence s, int maxChars) {
        return cap(collapseRuns(s, maxChars, c -> Character.isWhitespace(c) || Character.isSpaceChar(c)).toString(),
                maxChars).strip();
    }

    /**
     * The HTML standard's "strip and collapse ASCII whitespace": runs of tab, LF, FF, CR and space become one
     * space, leading and trailing ones go; other characters (a no-break space) are kept. For values that are
     * submitted, such as an option's value taken from its text, so they are never cut.
     */
    static String stripAndCollapseAscii(String s) {
        return collapseRuns(s, Integer.MAX_VALUE, c -> c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r')
                .toString();
    }

    /**
     * Runs of characters that {@code isSpace} accepts become one space; none leads or trails. Stops once the
     * output is longer than {@code maxChars} (the caller caps it).
     */
    private static StringBuilder collapseRuns(CharSequence s, int maxChars, IntPredicate isSpace) {
        StringBuilder out = new StringBuilder(Math.min(s.length(), maxChars == Integer.MAX_VALUE ? s.length()
                : maxChars + 1));
        boolean space = false;
        for (int i = 0; i < s.length() && out.length() <= maxChars; i++) {
            char c = s.charAt(i);
            if (isSpace.test(c)) {
                space = out.length() > 0;
            } else {
                if (space) {
                    out.append(' ');
                    space = false;
                }
                out.append(c);
            }
        }
        return out;
    }

    /** {@code s} cut to at most {@code maxChars} characters, never in the middle of a surrogate pair. */
    static String cap(String s, int maxChars) {
        if (s.length() <= maxChars) {
            return s;
        }
        int end = maxChars;
        if (end > 0 && Character.isHighSurrogate(s.charAt(end - 1))) {
            end--;
        }
        return s.substring(0, end);
    }

    /**
     * A label as a person reads it: whitespace collapsed, trailing colons and required-field asterisks
     * ("Title:", "Name *") removed, cut to {@code maxChars}.
     */
    static String label(String s, int maxChars) {
        String t = collapse(s, maxChars);
        int end = t.length();
        while (end > 0 && (t.charAt(end - 1) == ':' || t.charAt(end - 1) == '*' || t.charAt(end - 1) == ' '
                || t.charAt(end - 1) == '\uff1a')) {
            end--;
        }
        return t.substring(0, end);
    }

    /** {@code s} stripped and lower-cased (ROOT locale), for keyword attributes such as type and method. */
    static String keyword(String s) {
        return s.strip().toLowerCase(Locale.ROOT);
    }
}
