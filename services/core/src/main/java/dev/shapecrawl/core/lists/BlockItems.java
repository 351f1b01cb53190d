package dev.shapecrawl.core.lists;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * Repeated blocks read as rows ({@link Addition#BLOCKS}): sibling items of one tag and class, each made of a few
 * block elements in the same order (javadoc's member details: a heading, a signature, a description; rustdoc's
 * items: a summary and a doc block), are records whose cells are those blocks, as a table row's are its cells. SWLE
 * (Agostinho 2015) cuts a record at special characters only, and an item whose blocks hold different punctuation
 * from item to item has no identity the others share (docs/lists.md §2, "member details").
 *
 * <p>An item is one sibling, or the element a chain of single-child wrappers leads to from it (javadoc's
 * {@code li > section}). It qualifies when it holds no text of its own, 2 to {@value #MAX_BLOCKS} element children,
 * all of block tags, none holding more than {@value #MAX_BLOCKS} blocks itself (a section's body of paragraphs says
 * the item is a section, not a record), or when it is a disclosure widget (a {@code details} that opens with its
 * {@code summary}: HTML's own item of a caption and a body, whatever the body holds). A block that only wraps 2 to
 * {@value #MAX_BLOCKS} blocks is read as them, unless they are items of their own. A group qualifies when at least
 * RL siblings of one tag and class attribute qualify, each a class-named element or a list item (a page's bare
 * {@code section}s are chapters, not records), and at least {@value #SAME_FIRST_SHARE} of them open with a block of
 * one tag and class (the items' heading). Pure; linear in the elements up to four levels below the parent.
 */
final class BlockItems {
    /** The most blocks an item holds: more is a section of prose, not a record. */
    static final int MAX_BLOCKS = 5;
    /** The share of items whose first block has one tag and class. */
    static final double SAME_FIRST_SHARE = 0.8;
    /** How many single-child wrappers are looked through. */
    static final int MAX_WRAPPERS = 3;

    private static final Set<String> BLOCK = Set.of("address", "article", "aside", "blockquote", "details", "div",
            "dl", "fieldset", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "ol", "p",
            "pre", "section", "summary", "table", "ul");

    private BlockItems() {
    }

    /**
     * The items among a parent's children (or below their wrappers) to read as rows of blocks.
     *
     * @param parent   the element whose children are looked at
     * @param minItems the fewest items of one group (RL)
     * @return the items, empty when none qualify
     */
    static List<Element> of(Element parent, int minItems) {
        List<Element> items = items(parent, minItems);
        if (items.isEmpty()) {
            return items;
        }
        List<Element> out = new ArrayList<>(items.size());
        for (Element item : items) {
            out.add(item);
            if (disclosure(item)) {
                continue;   // its body's blocks are one cell each, as they stand (rustdoc's doc block of paragraphs)
            }
            // a block that only wraps blocks (javadoc 24's div.horizontal-scroll around signature, description and
            // notes) is read as its blocks: its record's cells join the item's; unless those blocks are items of
            // their own (rustdoc's impl block: its methods are a list, and the block is one cell of the impl)
            for (Element block : item.children()) {
                int n = block.childrenSize();
                if (n >= 2 && n <= MAX_BLOCKS && blocks(block) == n && !hasText(block)
                        && items(block, minItems).isEmpty()) {
                    out.add(block);
                }
            }
        }
        return out;
    }

    /** The items of the qualifying groups among a parent's children, without the blocks they wrap. */
    private static List<Element> items(Element parent, int minItems) {
        if (parent.childNodeSize() < minItems || parent.childrenSize() < minItems) {
            return List.of();   // childNodeSize first: childrenSize builds the list of element children
        }
        List<Element> out = new ArrayList<>();
        for (List<Element> group : siblingGroups(parent).values()) {
            if (group.size() < minItems) {
                continue;
            }
            List<Element> items = new ArrayList<>(group.size());
            for (Element sibling : group) {
                Element item = disclosure(sibling) ? sibling : unwrap(sibling);
                if (item == null) {
                    items = null;
                    break;
                }
                items.add(item);
            }
            if (items != null && sameFirstBlock(items)) {
                out.addAll(items);
            }
        }
        return out;
    }

    /**
     * Whether a table cell is the only cell of its row and made of 2 to {@value #MAX_BLOCKS} blocks and no text of
     * its own: a one-column table whose rows are records of blocks (PostgreSQL's catalog and function tables: a
     * definition paragraph, then a description paragraph). Its blocks are the row's cells, as an item's are.
     */
    static boolean soleCellOfBlocks(Element cell) {
        Element row = cell.parent();
        if (!(cell.nameIs("td") || cell.nameIs("th")) || row == null || !row.nameIs("tr")
                || row.childrenSize() != 1) {
            return false;
        }
        int n = cell.childrenSize();
        if (hasText(cell) || n < 2 || n > MAX_BLOCKS) {
            return false;
        }
        for (Element c : cell.children()) {
            if (!BLOCK.contains(c.normalName()) || blocks(c) > MAX_BLOCKS) {
                return false;
            }
        }
        return true;
    }

    /**
     * A parent's children grouped by tag and class attribute, in document order: the candidates for rows of one
     * kind ({@code li}s, and class-named elements; a page's bare {@code div}s and {@code section}s are layout and
     * chapters). Keys are {@code tag.class} ({@code li.} for a list item without class).
     */
    static Map<String, List<Element>> siblingGroups(Element parent) {
        Map<String, List<Element>> groups = new LinkedHashMap<>();
        for (Element c : parent.children()) {
            if (c.nameIs("li") || c.hasAttr("class")) {
                groups.computeIfAbsent(c.normalName() + "." + c.className(), k -> new ArrayList<>()).add(c);
            }
        }
        return groups;
    }

    /** The item a sibling stands for, or null if it is no row of blocks. */
    private static Element unwrap(Element sibling) {
        Element e = sibling;
        for (int i = 0; i <= MAX_WRAPPERS; i++) {
            if (hasText(e)) {
                return null;
            }
            int n = e.childrenSize();
            if (n == 1) {
                e = e.child(0);
                continue;
            }
            if (n < 2 || n > MAX_BLOCKS) {
                return null;
            }
            for (Element c : e.children()) {
                // a block of many blocks is a section's body, prose: the item is a section, not a record
                if (!BLOCK.contains(c.normalName()) || blocks(c) > MAX_BLOCKS) {
                    return null;
                }
            }
            return e;
        }
        return null;
    }

    /**
     * Whether an element is a disclosure widget: a {@code details} whose first child is its {@code summary}, with
     * more after it and no text of its own. HTML makes the summary the item's caption and the rest its body, so it is
     * an item of blocks whatever its body holds (rustdoc's methods: a signature, then a doc block of any length).
     */
    private static boolean disclosure(Element e) {
        return e.nameIs("details") && e.childrenSize() >= 2 && e.child(0).nameIs("summary") && !hasText(e);
    }

    /** How many of an element's children are of block tags. */
    private static int blocks(Element e) {
        int n = 0;
        for (Element c : e.children()) {
            n += BLOCK.contains(c.normalName()) ? 1 : 0;
        }
        return n;
    }

    private static boolean hasText(Element e) {
        for (Node n : e.childNodes()) {
            if (n instanceof TextNode t && !t.isBlank()) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameFirstBlock(List<Element> items) {
        Map<String, Integer> firsts = new HashMap<>();
        int best = 0;
        for (Element item : items) {
            Element first = item.child(0);
            best = Math.max(best, firsts.merge(first.normalName() + "." + first.className(), 1, Integer::sum));
        }
        return best >= SAME_FIRST_SHARE * items.size();
    }
}
