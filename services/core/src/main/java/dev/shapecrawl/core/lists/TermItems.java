package dev.shapecrawl.core.lists;

import dev.shapecrawl.core.page.Texts;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * List items read as a term and its description ({@link Addition#TERMS}): the items of a {@code ul} or {@code ol}
 * that each open with a term set in inline markup and go on with text ({@code <b>NULL</b>. The value is a NULL
 * value.}, {@code <a>git-revert(1)</a> is about making a new commit…}, {@code <code>file.bz2</code> becomes
 * {@code file}}) are records of two cells, the term and the rest, as a reader tells them apart by their formatting.
 * SWLE cuts records at special characters (Agostinho 2015 §4.2) and, beyond CR characters, not at all: a bullet of
 * a term and a sentence or two is one opaque text (docs/lists.md §5, "term–description bullets longer than CR").
 *
 * <p>An item's term is the first non-blank node of the item, or of the paragraph the item opens with: an element
 * of {@link #TERM_TAGS} with at most CR characters of text. The rest is the item's text after it, nested lists
 * left out (docs/lists.md §6), and not empty. A group is every {@code li} of one list, at least RL of them, each
 * with a term, and at least half of them longer than CR: shorter items SWLE cuts at their punctuation, as the
 * seed does. Pure; each item's text is read up to {@link TextRecord#MAX_OPAQUE_CHARS} characters.
 */
final class TermItems {
    /** Inline elements that set a term apart: bold, code, links, emphasis, definitions. */
    static final Set<String> TERM_TAGS = Set.of("a", "b", "cite", "code", "dfn", "em", "i", "kbd", "samp", "strong",
            "tt", "var");
    private static final Set<String> NESTED_LISTS = Set.of("ul", "ol", "dl");
    /** Punctuation between a term and its description ({@code NULL. The…}, {@code name — what}): not the rest's. */
    private static final String LEADING_PUNCTUATION = ".:;,-\u2013\u2014 ";

    private TermItems() {
    }

    /**
     * The items of a list to read as term and description, each with its two cells: the term's text and the rest
     * of the item's text (nested lists left out, leading punctuation dropped), each at most
     * {@link TextRecord#MAX_OPAQUE_CHARS} characters read. They are read here once, when the list qualifies.
     *
     * @param list     a {@code ul} or {@code ol} (any other element has none)
     * @param minItems the fewest items (RL)
     * @param maxTerm  the longest term, characters (CR)
     * @return item → [term, rest] (identity map), empty when the list has fewer than RL items, one of them has no
     *         term, or fewer than half of them are longer than CR
     */
    static Map<Element, List<String>> of(Element list, int minItems, int maxTerm) {
        if (!list.nameIs("ul") && !list.nameIs("ol") || list.childrenSize() < minItems) {
            return Map.of();
        }
        Map<Element, List<String>> items = new IdentityHashMap<>();
        int beyondCr = 0;
        for (Element c = list.firstElementChild(); c != null; c = c.nextElementSibling()) {
            Element term = c.nameIs("li") ? term(c, maxTerm) : null;
            String rest = term == null ? "" : rest(c, term);
            if (rest.isEmpty()) {
                return Map.of();
            }
            beyondCr += Texts.visible(c, maxTerm + 1, false).length() > maxTerm ? 1 : 0;
            items.put(c, List.of(Texts.visible(term, TextRecord.MAX_OPAQUE_CHARS, false), rest));
        }
        // where most items fit in CR, SWLE cuts them at their punctuation as the seed does (its Figure 13 list of
        // "<b>Alpha</b> (<i>10</i>)" items has two attributes, not a term and "(10)")
        return items.size() >= minItems && 2 * beyondCr >= items.size() ? items : Map.of();
    }

    /** The element that sets an item's term, or null. */
    private static Element term(Element item, int maxTerm) {
        Node first = firstContent(item);
        if (first instanceof Element p && p.nameIs("p")) {
            first = firstContent(p);
        }
        if (!(first instanceof Element e) || !TERM_TAGS.contains(e.normalName())) {
            return null;
        }
        String text = Texts.visible(e, maxTerm + 1, false);
        return text.isEmpty() || text.length() > maxTerm ? null : e;
    }

    /** An element's first child node that is not blank text. */
    private static Node firstContent(Element e) {
        for (Node n = e.firstChild(); n != null; n = n.nextSibling()) {
            if (!(n instanceof TextNode t) || !t.isBlank()) {
                return n;
            }
        }
        return null;
    }

    /** The item's text after its term, nested lists left out, leading punctuation dropped. */
    private static String rest(Element item, Element term) {
        StringBuilder sb = new StringBuilder();
        for (Node n = term.nextSibling(); n != null && sb.length() < TextRecord.MAX_OPAQUE_CHARS; n = n.nextSibling()) {
            append(n, sb);
        }
        if (term.parent() != item) {   // the term opens a paragraph: the item's blocks after it follow
            for (Node n = term.parent().nextSibling(); n != null && sb.length() < TextRecord.MAX_OPAQUE_CHARS;
                 n = n.nextSibling()) {
                append(n, sb);
            }
        }
        String text = TextRecord.normalise(sb.toString());
        int start = 0;
        while (start < text.length() && LEADING_PUNCTUATION.indexOf(text.charAt(start)) >= 0) {
            start++;
        }
        return text.substring(start);
    }

    private static void append(Node n, StringBuilder sb) {
        if (n instanceof TextNode t) {
            sb.append(t.getWholeText());
        } else if (n instanceof Element e && !NESTED_LISTS.contains(e.normalName())) {
            sb.append(' ').append(Texts.visible(e, TextRecord.MAX_OPAQUE_CHARS, false)).append(' ');
        }
    }
}
