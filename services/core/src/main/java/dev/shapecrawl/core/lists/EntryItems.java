package dev.shapecrawl.core.lists;

import dev.shapecrawl.core.page.Texts;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * Reference entries read as rows of named parts ({@link Addition#ENTRIES}): sibling items of one tag and class,
 * each opened by a heading and made of parts that the page names, either by a sub-heading ({@code <h4>Parameters}
 * over a table, {@code <h4>Returns}) or by a label that opens a paragraph ({@code Since: 2.28},
 * {@code Owner: GSimpleAction}). GTK-Doc's function and property details are such runs ({@code div.refsect2}); so
 * are man-page-like API entries of other generators. An entry's parts differ from entry to entry (a function
 * without a return value has no "Returns"), so neither SWLE's identity of separators (Agostinho 2015 §4.2) nor
 * {@link BlockItems}' blocks in one order line them up; their names do.
 *
 * <p><b>Parts.</b> An item's element children in order, empty anchors, {@code hr} and {@code br} left out: the
 * heading first (an unnamed part); then each child is a part named by its own first heading (a block that opens
 * with {@code h1}–{@code h6}), a part named by a label (a paragraph whose text starts with 1 to
 * {@value #MAX_LABEL_WORDS} words and a colon), a sub-heading that names the blocks after it up to the next one,
 * or an unnamed part keyed by its tag and class (a signature's {@code pre.programlisting}, the description's
 * {@code p}s). Parts of one key in one item are one cell, their texts joined: the paragraphs of a description.
 * A name that fewer than 2 items give is no column name; the part is then keyed as an unnamed one.
 *
 * <p><b>Qualifying.</b> At least RL siblings of one tag and non-empty class attribute (or {@code li}s), every one
 * with no text of its own and a heading of one tag first, and at least one name given by half of them or more:
 * the named parts that repeat are what tells an entry from a chapter of prose, whose sections have headings but
 * no parts in common. Items whose headings mostly open with a section number ({@code 2.2.1. Python}) are a
 * document's numbered sections, not entries, even where their sub-sections are named alike (issue 20's held-out
 * half: an Asciidoctor manual's "Functions" sub-section in the section of every scripting language). At most {@value #MAX_SLOTS} distinct keys over the group.
 *
 * <p><b>Row.</b> The group's slots are the keys in the order the items give them, each later item's new keys
 * placed after the key before them in that item. A row has a cell per slot: the part's text without its heading or
 * label (the name says it), null where the item has no such part. Pure; linear in the items' children.
 */
final class EntryItems {
    /** The most words a paragraph's label has before its colon. */
    static final int MAX_LABEL_WORDS = 4;
    /** The longest label, characters. */
    static final int MAX_LABEL_CHARS = 40;
    /** The most slots (distinct keys) of one group: more is no entry layout. */
    static final int MAX_SLOTS = 24;
    /** The fewest items that give a name for it to name a column. */
    static final int MIN_NAME_ITEMS = 2;

    /** The heading elements of HTML, {@code h1}–{@code h6}. */
    static final Set<String> HEADINGS = Set.of("h1", "h2", "h3", "h4", "h5", "h6");
    /** Children that are no part: rules between parts, line breaks. */
    private static final Set<String> SKIPPED = Set.of("hr", "br");
    /** A label before a colon: letters first, then letters, digits, spaces, dots, hyphens or slashes. */
    private static final Pattern LABEL = Pattern.compile("(\\p{L}[\\p{L}\\p{N} ./'-]{0," + (MAX_LABEL_CHARS - 1)
            + "}?)\\s*:\\s*\\S");
    private static final String HEADING_KEY = "#heading";
    /** A heading that opens with a section number ({@code 2.2.1. Python}, {@code A.1 Options}): a chapter's. */
    private static final Pattern NUMBERED = Pattern.compile("(?:[0-9]{1,4}|[A-Z])(?:\\.[0-9]{1,4}){0,5}\\.?\\s.*");

    /**
     * The layout of one group of entries.
     *
     * @param keys  the slots' keys, in row order
     * @param names the slots' names, one per key: the page's name, or "" where the slot is unnamed
     */
    record Layout(List<String> keys, List<String> names) {
    }

    private EntryItems() {
    }

    /**
     * The entries among a parent's children, each with its group's layout.
     *
     * @param parent   the element whose children are looked at
     * @param minItems the fewest items of one group (RL)
     * @return item → its group's layout (identity map), empty when no group qualifies
     */
    static Map<Element, Layout> of(Element parent, int minItems) {
        if (parent.childNodeSize() < minItems) {
            return Map.of();   // checked before childrenSize(), which builds the list of element children
        }
        // most elements have fewer than RL children that open with a heading: they are passed over before any
        // grouping allocates (this check runs for every element of every page)
        int headed = 0;
        for (Element c = parent.firstElementChild(); c != null && headed < minItems; c = c.nextElementSibling()) {
            headed += opensWithHeading(c) ? 1 : 0;
        }
        if (headed < minItems) {
            return Map.of();
        }
        Map<Element, Layout> out = new IdentityHashMap<>();
        for (Map.Entry<String, List<Element>> e : BlockItems.siblingGroups(parent).entrySet()) {
            List<Element> group = e.getValue();
            boolean classNamed = !e.getKey().endsWith(".") || group.get(0).nameIs("li");   // not class=""
            if (classNamed && group.size() >= minItems) {
                Layout layout = layout(group);
                if (layout != null) {
                    group.forEach(item -> out.put(item, layout));
                }
            }
        }
        return out;
    }

    /**
     * An entry's row: one cell per slot of its layout, its text without heading or label, null where it has none.
     * Texts are whitespace-collapsed and trimmed; each part's text is read up to
     * {@link TextRecord#MAX_OPAQUE_CHARS} characters, the most a cell keeps.
     */
    static List<String> cells(Element item, Layout layout) {
        Set<String> named = new HashSet<>(layout.names());
        List<StringBuilder> texts = new ArrayList<>(layout.keys().size());
        for (int i = 0; i < layout.keys().size(); i++) {
            texts.add(null);
        }
        for (Part p : parts(item)) {
            boolean isNamed = p.name != null && named.contains(p.name);
            int slot = layout.keys().indexOf(isNamed ? p.namedKey() : p.unnamedKey);
            String text = slot < 0 ? "" : p.text(isNamed);
            if (text.isEmpty()) {
                continue;
            }
            StringBuilder sb = texts.get(slot);
            if (sb == null) {
                texts.set(slot, new StringBuilder(text));
            } else if (sb.length() < TextRecord.MAX_OPAQUE_CHARS) {
                sb.append(' ').append(text);
            }
        }
        List<String> out = new ArrayList<>(texts.size());
        texts.forEach(sb -> out.add(sb == null ? null : sb.toString()));
        return out;
    }

    /** The group's layout, or null if the group is no run of entries. */
    private static Layout layout(List<Element> group) {
        int naming = 0;
        for (Element item : group) {
            naming += mayNameParts(item) ? 1 : 0;
        }
        if (2 * naming < group.size()) {
            return null;   // no name can be given by half of them: decided before any text is read
        }
        List<List<Part>> items = new ArrayList<>(group.size());
        String headingTag = null;
        int numbered = 0;
        Map<String, Integer> nameCounts = new HashMap<>();
        for (Element item : group) {
            if (hasOwnText(item) || !opensWithHeading(item)) {
                return null;   // checked before the parts, whose names read text
            }
            List<Part> parts = parts(item);
            if (parts.size() < 2 || !parts.get(0).unnamedKey.equals(HEADING_KEY)) {
                return null;
            }
            String tag = parts.get(0).tag;
            if (headingTag != null && !headingTag.equals(tag)) {
                return null;
            }
            headingTag = tag;
            if (NUMBERED.matcher(Texts.visible(parts.get(0).elements.get(0), 16, false)).matches()) {
                numbered++;
            }
            Set<String> names = new HashSet<>();
            for (Part p : parts) {
                if (p.name != null && names.add(p.name)) {
                    nameCounts.merge(p.name, 1, Integer::sum);
                }
            }
            items.add(parts);
        }
        Set<String> names = new HashSet<>();
        boolean shared = false;
        for (Map.Entry<String, Integer> e : nameCounts.entrySet()) {
            if (e.getValue() >= MIN_NAME_ITEMS) {
                names.add(e.getKey());
                shared |= 2 * e.getValue() >= group.size();
            }
        }
        if (!shared || 2 * numbered >= group.size()) {
            // headings but no parts in common, or numbered headings: sections of a document, not entries
            return null;
        }
        List<String> keys = new ArrayList<>();
        Map<String, String> nameOf = new HashMap<>();
        for (List<Part> parts : items) {
            int previous = -1;
            for (Part p : parts) {
                boolean isNamed = p.name != null && names.contains(p.name);
                String key = isNamed ? p.namedKey() : p.unnamedKey;
                int at = keys.indexOf(key);
                if (at < 0) {
                    at = previous + 1;
                    keys.add(at, key);
                    nameOf.put(key, isNamed ? p.name : "");
                    if (keys.size() > MAX_SLOTS) {
                        return null;
                    }
                }
                previous = Math.max(previous, at);
            }
        }
        return new Layout(List.copyOf(keys), keys.stream().map(nameOf::get).toList());
    }

    /**
     * One part of an entry: the tag it starts with, its name (null if unnamed), its key as an unnamed part, its
     * elements (a flat sub-heading's first), and whether a label in its text names it.
     */
    private record Part(String tag, String name, String unnamedKey, List<Element> elements, boolean labelled) {
        String namedKey() {
            return "name:" + name.toLowerCase(Locale.ROOT);
        }

        /** The part's text; as a named cell, without its heading or label (the name says it). */
        String text(boolean asNamed) {
            StringBuilder sb = new StringBuilder();
            for (Element e : elements) {
                sb.append(Texts.visible(e, TextRecord.MAX_OPAQUE_CHARS, false)).append(' ');
            }
            String text = TextRecord.normalise(sb.toString());
            if (!asNamed) {
                return text;
            }
            if (labelled) {
                text = text.substring(text.indexOf(':') + 1).strip();
            } else if (text.startsWith(name)) {
                text = text.substring(name.length()).strip();
            }
            return text;
        }
    }

    /** An item's parts, in order (see the class doc); texts are read only for names. */
    private static List<Part> parts(Element item) {
        List<Part> parts = new ArrayList<>();
        Part flat = null;   // a flat sub-heading names the blocks after it, up to the next heading
        for (Element c : item.children()) {
            if (SKIPPED.contains(c.normalName()) || emptyAnchor(c)) {
                continue;
            }
            String tag = c.normalName();
            if (parts.isEmpty() && flat == null) {
                parts.add(new Part(tag, null, HEADINGS.contains(tag) ? HEADING_KEY : "#" + tag, List.of(c), false));
                continue;
            }
            if (HEADINGS.contains(tag)) {
                if (flat != null) {
                    parts.add(flat);
                }
                String name = Texts.visible(c, FieldNames.MAX_NAME_CHARS, false);
                flat = new Part(tag, name.isEmpty() ? null : name, "#" + tag + ":" + name, new ArrayList<>(List.of(c)),
                        false);
                continue;
            }
            if (flat != null) {
                flat.elements.add(c);
                continue;
            }
            String unnamed = "#" + tag + "." + c.className();
            Element heading = firstHeading(c);
            if (heading != null) {
                String name = Texts.visible(heading, FieldNames.MAX_NAME_CHARS, false);
                parts.add(new Part(tag, name.isEmpty() ? null : name, unnamed, List.of(c), false));
                continue;
            }
            String label = c.nameIs("p") ? label(c) : null;
            parts.add(new Part(tag, label, unnamed, List.of(c), label != null));
        }
        if (flat != null) {
            parts.add(flat);
        }
        return parts;
    }

    /** The label a paragraph opens with ({@code Since:}, {@code Default value:}), or null. */
    private static String label(Element p) {
        Matcher m = LABEL.matcher(Texts.visible(p, 2 * (MAX_LABEL_CHARS + 1), false));
        if (!m.lookingAt()) {
            return null;
        }
        String label = m.group(1).strip();
        return label.split(" ").length <= MAX_LABEL_WORDS ? label : null;
    }

    /**
     * Whether an item's first element child, empty anchors and rules aside, is a heading. Called for every element
     * of a page, so it walks sibling links (no list of children is built) and compares tag names by character.
     */
    static boolean opensWithHeading(Element item) {
        for (Element c = item.firstElementChild(); c != null; c = c.nextElementSibling()) {
            String tag = c.normalName();
            if (tag.length() == 2 && (tag.equals("hr") || tag.equals("br")) || emptyAnchor(c)) {
                continue;
            }
            return tag.length() == 2 && tag.charAt(0) == 'h' && tag.charAt(1) >= '1' && tag.charAt(1) <= '6';
        }
        return false;
    }

    /**
     * Whether an item has a child that could name a part: a heading after its first, a paragraph (a label), or a
     * block that opens with a heading. Structure only; javadoc's member details (heading, {@code pre}, blocks,
     * {@code dl}) have none.
     */
    private static boolean mayNameParts(Element item) {
        boolean first = true;
        for (Element c = item.firstElementChild(); c != null; c = c.nextElementSibling()) {
            String tag = c.normalName();
            if (SKIPPED.contains(tag) || emptyAnchor(c)) {
                continue;
            }
            if (!first && (HEADINGS.contains(tag) || tag.equals("p") || firstHeading(c) != null)) {
                return true;
            }
            first = false;
        }
        return false;
    }

    /** The heading a block opens with (after empty anchors), or null. */
    private static Element firstHeading(Element block) {
        for (Element c = block.firstElementChild(); c != null; c = c.nextElementSibling()) {
            if (!emptyAnchor(c)) {
                return HEADINGS.contains(c.normalName()) ? c : null;
            }
        }
        return null;
    }

    private static boolean emptyAnchor(Element e) {
        return e.nameIs("a") && e.childrenSize() == 0 && !e.hasText();
    }

    private static boolean hasOwnText(Element e) {
        for (Node n : e.childNodes()) {
            if (n instanceof TextNode t && !t.isBlank()) {
                return true;
            }
        }
        return false;
    }
}
