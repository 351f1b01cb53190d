package dev.shapecrawl.core.lists;

import dev.shapecrawl.core.tree.HtmlTrees;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * SWLE's parser stage and entry point (Agostinho 2015 §4.1, Algorithm 1 as corrected in spec §3.3): a post-order
 * visit of {@code <body>} where text nodes become records and every element hands its children's records to
 * {@link Grouping}. An element that yields a list returns null upward; otherwise it returns its children merged
 * into one record (null if longer than CR). {@code <head>}, comments, script and style data are never visited.
 * The {@linkplain Addition additions} beyond the seed change how records form (lines, cells, opaque long texts)
 * and how they group (siblings, split lists); with none on, this is the seed.
 *
 * <p>The visit is iterative (no recursion), so nesting depth cannot overflow the stack; jsoup's parser already
 * flattens nesting beyond {@link HtmlTrees#DEFAULT_MAX_DEPTH}. Cost is linear in the page's nodes plus, per
 * element, O(children × ND) set operations on at most a few separator characters each; a merged record holds at
 * most CR (or {@link TextRecord#MAX_OPAQUE_CHARS}) characters. Thread-safe: the only state is the settings.
 */
public final class SwleExtractor {
    private static final String TEXT = "#text";
    private static final String LINE = "#line";
    private static final String PAIR = "#pair";
    private static final String GRID_ROW = "#gridrow";
    private static final String ENTRY = "#entry";
    private static final String CYCLE = "#cycle";
    /**
     * Elements that are one item each when siblings of their tag follow one another in a container with other
     * children: list containers of one entry, one logical list spread over sibling containers (docs/lists.md §6),
     * such as texinfo's {@code dl.def} per variable or function; and disclosure widgets ({@code details}), which HTML
     * makes an item of a caption and a body (rustdoc's trait implementations, followed by the impls without items).
     */
    private static final Set<String> ONE_ITEM_ELEMENTS = Set.of("dl", "ul", "ol", "table", "details");
    /** Inline (phrasing) elements of HTML that carry text formatting, not structure ({@link Addition#INLINE_FLOW}). */
    private static final Set<String> INLINE = Set.of("a", "abbr", "b", "bdi", "bdo", "cite",
            "code", "data", "dfn", "em", "font", "i", "kbd", "mark", "q", "s", "samp", "small", "span", "strong",
            "sub", "sup", "time", "tt", "u", "var");

    private final SwleSettings settings;
    private final boolean cells;
    /** Which additions are on, by ordinal: asked several times per element, faster than the settings' set. */
    private final boolean[] on = new boolean[Addition.values().length];

    /** @param settings the settings; {@link SwleSettings#defaults()} unless evaluating the seed */
    public SwleExtractor(SwleSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
        for (Addition a : settings.additions()) {
            on[a.ordinal()] = true;
        }
        this.cells = has(Addition.CELLS);
    }

    private boolean has(Addition a) {
        return on[a.ordinal()];
    }

    /** The settings. */
    public SwleSettings settings() {
        return settings;
    }

    /**
     * Extracts the lists of an HTML page.
     *
     * @param html the page (any string; parsed leniently by jsoup, nesting depth limited)
     * @return the lists in the order the post-order visit finds them (inner lists first)
     * @throws NullPointerException if html is null
     */
    public List<ExtractedList> extract(String html) {
        return extract(HtmlTrees.parse(html, null));
    }

    /**
     * Extracts the lists of a parsed page. The document is not changed.
     *
     * @param doc the page
     * @return the lists in the order the post-order visit finds them (inner lists first)
     */
    public List<ExtractedList> extract(Document doc) {
        List<FoundList> sink = new ArrayList<>();
        Map<FoundList, Element> containers = new IdentityHashMap<>();
        Element body = doc.body();
        if (body == null) {
            return List.of();
        }
        Deque<Frame> stack = new ArrayDeque<>();
        Set<Element> blockItems = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        Map<Element, List<String>> termItems = new IdentityHashMap<>();
        Entries entries = new Entries();
        stack.push(frame(body, blockItems, termItems, entries));
        while (true) {
            Frame top = stack.peek();
            if (top.next < top.element.childNodeSize()) {
                Node child = top.element.childNode(top.next++);
                if (child instanceof TextNode t) {
                    top.add(TextRecord.ofText(t.getWholeText(), cells), TEXT);
                } else if (child instanceof Element e) {
                    if ((top.lines || top.flow) && e.nameIs("br")) {
                        top.endLine();
                    } else if (has(Addition.NO_CODE) && e.nameIs("pre")) {
                        top.add(null, e.normalName());
                    } else {
                        Frame pushed = frame(e, blockItems, termItems, entries);
                        pushed.inCycle = top.inCycle || top.cycles.containsKey(e);
                        pushed.cell = top.kind == Kind.BLOCKS;
                        stack.push(pushed);
                    }
                }
                continue;
            }
            stack.pop();
            int before = sink.size();
            TextRecord returned = finish(top, sink);
            for (int i = before; i < sink.size(); i++) {
                containers.put(sink.get(i), top.element);
            }
            if (stack.isEmpty()) {
                break;
            }
            Frame parent = stack.peek();
            int[] cycled = parent.cycles.isEmpty() ? null : parent.cycles.get(top.element);
            if (parent.kind == Kind.ROW_GROUPS && top.kind == Kind.ROW) {
                parent.addRow(top.cells);
            } else if (cycled != null) {
                parent.addCycled(cycled, returned);
            } else {
                parent.add(returned, top.kind == Kind.ENTRY ? ENTRY : top.element.normalName());
            }
        }
        if (has(Addition.SPLIT_LISTS)) {
            sink = SplitListMerger.merge(sink, containers, settings);
        }
        List<ExtractedList> out = new ArrayList<>(sink.size());
        for (FoundList f : sink) {
            Element container = containers.get(f);
            ExtractedList list = FieldNames.name(f, container, entries.names(container)).list();
            // a header row taken in as the first row is dropped when naming; what is left must still be a list (RL)
            if (list.rows().size() >= settings.rl()
                    && !(has(Addition.NOT_LISTS) && NotLists.notAList(list, f.separated(), container, settings.rl()))) {
                out.add(list);
            }
        }
        return out;
    }

    private Frame frame(Element e, Set<Element> blockItems, Map<Element, List<String>> termItems, Entries entries) {
        Kind kind = Kind.PLAIN;
        int period = 0;
        RowGroups rowGroups = null;
        if (cells && has(Addition.ENTRIES)) {
            entries.look(e, settings.rl());
        }
        if (cells && has(Addition.BLOCKS)) {
            blockItems.addAll(BlockItems.of(e, settings.rl()));
        }
        if (cells && has(Addition.TERMS)) {
            termItems.putAll(TermItems.of(e, settings.rl(), settings.cr()));
        }
        EntryItems.Layout layout = cells ? entries.items.remove(e) : null;
        List<String> read = null;   // an entry's or a term item's cells, read from the tree
        if (layout != null) {
            blockItems.remove(e);
            termItems.remove(e);
            kind = Kind.ENTRY;
        } else if (cells) {
            List<String> term = termItems.remove(e);
            if (blockItems.remove(e) || has(Addition.BLOCKS) && BlockItems.soleCellOfBlocks(e)) {
                kind = Kind.BLOCKS;
            } else if (term != null) {
                kind = Kind.TERM;
                read = term;
            } else if (e.nameIs("tr")) {
                kind = Kind.ROW;
            } else if (e.nameIs("dl")) {
                kind = Kind.PAIRS;
            } else if (has(Addition.ROW_GROUPS) && (e.nameIs("tbody") || e.nameIs("thead") || e.nameIs("table"))
                    && (rowGroups = RowGroups.of(e)) != null) {
                kind = Kind.ROW_GROUPS;
            } else if (has(Addition.GRIDS)) {
                Grid grid = Grid.of(e);
                if (grid != null) {
                    kind = Kind.GRID;
                    period = grid.period();
                }
            }
        }
        Map<Element, int[]> cycles = kind == Kind.PLAIN && cells && has(Addition.CYCLES)
                && !INLINE.contains(e.normalName()) ? SiblingCycles.of(e) : Map.of();
        return new Frame(e, kind, period, rowGroups, cycles, layout, read, has(Addition.BR_LINES) && hasBr(e),
                settings.cr(), cells, kind == Kind.PLAIN && has(Addition.INLINE_FLOW));
    }

    /** The record an element returns to its parent, after looking for lists among its children's records. */
    private TextRecord finish(Frame frame, List<FoundList> sink) {
        frame.endLine();
        frame.endPair();
        if (frame.kind == Kind.ROW || frame.kind == Kind.BLOCKS) {
            return TextRecord.structural(frame.cells);
        }
        if (frame.kind == Kind.TERM || frame.kind == Kind.ENTRY) {
            // cells read from the tree, not from the children's records: the lists inside (an entry's parameter
            // table) were found on the way down and are the cell's text as well
            List<TextRecord> parts = new ArrayList<>();
            for (String text : frame.kind == Kind.TERM ? frame.read : EntryItems.cells(frame.element, frame.layout)) {
                parts.add(text == null || text.isEmpty() ? null : TextRecord.opaque(text));
            }
            return TextRecord.structural(parts);
        }
        List<TextRecord> kids = frame.kids;
        if (kids.isEmpty()) {
            return null;
        }
        // With CELLS an opaque record (a long text) takes part as a record without separators: it ends a run, where
        // the seed's null lets the run go on across it (measured: section headings parted by long paragraphs
        // otherwise join into a false list, docs/lists.md).
        List<TextRecord> candidates = has(Addition.NUMBERS) ? numbered(kids) : kids;
        List<String> tags = frame.tags;
        if (has(Addition.SPLIT_LISTS) && kids.size() > settings.rl()
                && kids.stream().anyMatch(SplitListMerger::isGap)) {
            // an index's letter headings between its entries, inside one container: the gap split allows between
            // parallel containers, not records of their own
            List<TextRecord> kept = new ArrayList<>(candidates.size());
            List<String> keptTags = new ArrayList<>(tags.size());
            for (int i = 0; i < candidates.size(); i++) {
                if (!SplitListMerger.isGap(candidates.get(i))) {
                    kept.add(candidates.get(i));
                    keptTags.add(tags.get(i));
                }
            }
            if (kept.size() >= settings.rl()) {
                candidates = kept;
                tags = keptTags;
            }
        }
        if (!frame.cycles.isEmpty() || has(Addition.SIBLINGS) && candidates.size() > settings.rl()
                && !sameElementTag(tags)) {
            Left left = runLists(candidates, tags, frame.element, sink);
            if (left != null) {
                candidates = left.records();
                tags = left.tags();
            }
        }
        if (has(Addition.ENTRIES) && entries(candidates, tags, frame.element, sink)) {
            return null;
        }
        if (candidates.size() >= settings.rl() && findLists(candidates, tags, frame.element, sink)) {
            // a block of an item that holds a list of its own is still the item's cell (rustdoc's impl block: a
            // header, then its methods), as the text of a block: a list is left out of its item's record only
            // where it is a ul, ol or dl (docs/lists.md §6)
            return frame.cell ? TextRecord.merge(kids, 0, true) : null;
        }
        if (has(Addition.NESTED) && (nestedList(frame.element) || frame.inCycle && isList(frame.element))) {
            return null;   // a sub-list is not its item's text, list or not (docs/lists.md §6, nested lists)
        }
        return TextRecord.merge(kids, settings.cr(), cells);
    }

    private static boolean isList(Element e) {
        return e.nameIs("ul") || e.nameIs("ol") || e.nameIs("dl");
    }

    /** Whether an element is a list nested in an item of another: a ul, ol or dl inside an li, a dl inside a dd. */
    private static boolean nestedList(Element e) {
        if (!isList(e)) {
            return false;
        }
        Element p = e.parent();
        // a dl in a dd is the next level of a table of contents (DocBook's dl.toc); a ul in a dd is a definition's
        // own list (javadoc's "See Also:"), measured to be part of its text in the labels (docs/lists.md §3)
        return p != null && (p.nameIs("li") || p.nameIs("dd") && e.nameIs("dl"));
    }

    private static List<TextRecord> numbered(List<TextRecord> records) {
        List<TextRecord> out = new ArrayList<>(records.size());
        for (TextRecord r : records) {
            out.add(r.numbered());
        }
        return out;
    }

    /**
     * With {@link Addition#ENTRIES}: an element's entries are one group by separation (as {@code siblings} groups
     * rows), whatever lies between them (the section's heading, rules): an entry without a "Returns" has an empty
     * cell, not another identity. The element's other records are then grouped as usual.
     *
     * @return true if the entries formed a list
     */
    private boolean entries(List<TextRecord> records, List<String> tags, Element element, List<FoundList> sink) {
        int count = 0;
        for (String tag : tags) {
            count += tag.equals(ENTRY) ? 1 : 0;
        }
        if (count < settings.rl()) {
            return false;   // the common case, before anything is allocated
        }
        List<TextRecord> entries = new ArrayList<>();
        List<TextRecord> rest = new ArrayList<>();
        List<String> restTags = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            if (tags.get(i).equals(ENTRY)) {
                entries.add(records.get(i));
            } else {
                rest.add(records.get(i));
                restTags.add(tags.get(i));
            }
        }
        if (!Grouping.groupSiblings(entries, true, settings, () -> path(element), sink)) {
            return false;
        }
        if (rest.size() >= settings.rl()) {
            findLists(rest, restTags, element, sink);
        }
        return true;
    }

    /** The records and tags an element has left once some of its runs formed lists ({@link #runLists}). */
    private record Left(List<TextRecord> records, List<String> tags) {
    }

    /**
     * Runs of records that are candidate lists of their own, grouped by their cells as sibling records are: a run of
     * unwrapped items ({@link Addition#CYCLES}, {@link SiblingCycles}), whose cycle already says they are items of
     * one kind (read by their characters, the options of a man page, with and without a value, a short form or not,
     * fall apart); and with {@link Addition#SIBLINGS} a run of one-item elements of one tag ({@link
     * #ONE_ITEM_ELEMENTS}) that are mostly records of two cells ({@link #mostlyParted}) among other children. A run
     * that forms a list leaves a record without separators in its place, which ends a run of the records around it.
     *
     * @return the records and tags left, or null when no run formed a list (nothing is allocated then)
     */
    private Left runLists(List<TextRecord> records, List<String> tags, Element element, List<FoundList> sink) {
        List<TextRecord> rest = null;
        List<String> restTags = null;
        int i = 0;
        while (i < records.size()) {
            String tag = tags.get(i);
            int end = i + 1;
            while (end < records.size() && tags.get(end).equals(tag)) {
                end++;
            }
            List<TextRecord> run = records.subList(i, end);
            if (run.size() >= settings.rl()
                    && (tag.startsWith(CYCLE) || ONE_ITEM_ELEMENTS.contains(tag) && mostlyParted(run))
                    && Grouping.groupSiblings(run, true, settings, () -> path(element), sink)) {
                if (rest == null) {
                    rest = new ArrayList<>(records.subList(0, i));
                    restTags = new ArrayList<>(tags.subList(0, i));
                }
                rest.add(TextRecord.opaque(run.get(0).text()));
                restTags.add(tag);
            } else if (rest != null) {
                rest.addAll(run);
                restTags.addAll(tags.subList(i, end));
            }
            i = end;
        }
        return rest == null ? null : new Left(rest, restTags);
    }

    private boolean findLists(List<TextRecord> records, List<String> tags, Element element, List<FoundList> sink) {
        // The path walks the element's ancestors and their siblings: computed once, and only for a list (eagerly,
        // every li of a long list would pay for its index among its siblings, quadratic in the list's length).
        String[] path = new String[1];
        Supplier<String> container = () -> path[0] != null ? path[0] : (path[0] = path(element));
        boolean oneTag = sameElementTag(tags);
        if (has(Addition.SIBLINGS) && oneTag
                && Grouping.groupSiblings(records, cellsParted(records), settings, container, sink)) {
            return true;
        }
        if (has(Addition.NOT_LISTS) && oneTag && tags.get(0).equals("li")) {
            return itemFragments(records, container, sink);
        }
        if (has(Addition.NOT_LISTS) && !oneTag) {
            // A heading among other children titles the blocks after it, and is no item of a list derived from
            // them (Node.js's "Event: 'close' #" headings share ':' and '#'); as a record without separators it
            // still parts the records before it from those after it.
            List<TextRecord> kept = null;
            for (int i = 0; i < records.size(); i++) {
                if (EntryItems.HEADINGS.contains(tags.get(i))) {
                    if (kept == null) {
                        kept = new ArrayList<>(records);
                    }
                    kept.set(i, TextRecord.opaque(records.get(i).text()));
                }
            }
            if (kept != null) {
                return Grouping.group(kept, settings, container, sink);
            }
        }
        return Grouping.group(records, settings, container, sink);
    }

    /**
     * With {@link Addition#NOT_LISTS}, the items of one {@code ul}/{@code ol} that share no identity as a whole: the
     * groups derivation finds among them are kept only where one covers at least half of the items. The items are
     * one list by their markup; where a few of them fall into a group of their own, they share punctuation by
     * chance, as the running sentences of a change log share "(patch by …)" (docs/lists.md §6: prose bullets are
     * no list).
     */
    private boolean itemFragments(List<TextRecord> records, Supplier<String> container, List<FoundList> sink) {
        List<FoundList> found = new ArrayList<>();
        if (!Grouping.group(records, settings, container, found)) {
            return false;
        }
        for (FoundList f : found) {
            if (2 * f.separated().size() >= records.size()) {
                sink.addAll(found);
                return true;
            }
        }
        return false;
    }

    /**
     * Whether sibling records are parted into cells: all structural, and some with two cells or more. Entries
     * of one cell each (a table of contents as a {@code dl} of {@code dt}s alone, PostgreSQL's "ABORT — abort the
     * current transaction") are read by their characters, as any sibling records are.
     */
    private static boolean cellsParted(List<TextRecord> records) {
        boolean parted = false;
        for (TextRecord r : records) {
            if (!r.isStructural()) {
                return false;
            }
            parted |= hasCells(r);
        }
        return parted;
    }

    /**
     * Whether a run of records of one element tag is read by its cells: at least half of them are structural
     * records of two cells or more, and the others are structural or opaque (too long to part, which separation
     * then leaves out: texinfo's entries of two terms, Mailutils' variables under two names).
     */
    private static boolean mostlyParted(List<TextRecord> run) {
        int parted = 0;
        for (TextRecord r : run) {
            if (!r.isStructural() && !r.isOpaque()) {
                return false;
            }
            if (r.isStructural() && hasCells(r)) {
                parted++;
            }
        }
        return 2 * parted >= run.size();
    }

    /** Whether a structural record has two cells or more. */
    private static boolean hasCells(TextRecord r) {
        return r.separatorSet(true).contains(TextRecord.CELL_BOUNDARY);
    }

    private static boolean sameElementTag(List<String> tags) {
        String first = tags.get(0);
        if (first.equals(TEXT)) {
            return false;
        }
        for (String t : tags) {
            if (!t.equals(first)) {
                return false;
            }
        }
        return true;
    }

    private static boolean hasBr(Element e) {
        for (int i = 0; i < e.childNodeSize(); i++) {   // by index: children() copies the list of element children
            if (e.childNode(i) instanceof Element c && c.nameIs("br")) {
                return true;
            }
        }
        return false;
    }

    /** The element's path from body: {@code body[1]/div[2]/ul[0]}, indexes among element siblings. */
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

    /** How an element forms records from its children. */
    private enum Kind {
        /** The seed: children's records are grouped, else merged. */
        PLAIN,
        /** {@link Addition#CELLS}, a {@code tr}: its {@code td}/{@code th} cells form one structural record. */
        ROW,
        /** {@link Addition#CELLS}, a {@code dl}: each {@code dt} with its {@code dd}s forms one structural record. */
        PAIRS,
        /** {@link Addition#GRIDS}: each run of {@link Grid#period()} cells forms one structural record. */
        GRID,
        /** {@link Addition#BLOCKS}: an item's blocks are the cells of one structural record. */
        BLOCKS,
        /** {@link Addition#ENTRIES}: an entry's named parts are the cells of one structural record. */
        ENTRY,
        /** {@link Addition#TERMS}: a list item's term and the rest are the two cells of one structural record. */
        TERM,
        /** {@link Addition#ROW_GROUPS}: each group of {@link RowGroups#period()} rows forms one structural record. */
        ROW_GROUPS
    }

    /** The entries ({@link EntryItems}) found so far in one visit: items to read, and the layouts per parent. */
    private static final class Entries {
        final Map<Element, EntryItems.Layout> items = new IdentityHashMap<>();
        final Map<Element, List<EntryItems.Layout>> byParent = new IdentityHashMap<>();

        void look(Element parent, int rl) {
            Map<Element, EntryItems.Layout> found = EntryItems.of(parent, rl);
            if (!found.isEmpty()) {
                items.putAll(found);
                byParent.put(parent, found.values().stream().distinct().toList());
            }
        }

        /** The slot names ("" unnamed) of each entry group under a list's container; empty if none. */
        List<List<String>> names(Element container) {
            List<EntryItems.Layout> layouts = container == null ? null : byParent.get(container);
            return layouts == null ? List.of() : layouts.stream().map(EntryItems.Layout::names).toList();
        }
    }

    /** One element being visited: its children's records so far. */
    private static final class Frame {
        final Element element;
        final Kind kind;
        /** The cells per row of a {@link Kind#GRID}; 0 otherwise. */
        final int period;
        /** The groups of a {@link Kind#ROW_GROUPS}; null otherwise. */
        final RowGroups rowGroups;
        /** The rows a {@link Kind#ROW_GROUPS} has seen. */
        int rows;
        /** {@link Addition#CYCLES}: child → {position, period, run} ({@link SiblingCycles}); empty if none. */
        final Map<Element, int[]> cycles;
        /** Whether the element is inside an item of a run of {@link SiblingCycles} (its lists are not its text). */
        boolean inCycle;
        /** Whether the element is a block of an item of {@link Kind#BLOCKS}: its text is a cell of the item. */
        boolean cell;
        /** The layout of an {@link Kind#ENTRY}; null otherwise. */
        final EntryItems.Layout layout;
        /** The cells of a {@link Kind#TERM}, read when its list qualified; null otherwise. */
        final List<String> read;
        final boolean lines;
        final int cr;
        final boolean opaqueWhenLong;
        final List<TextRecord> kids = new ArrayList<>();
        final List<String> tags = new ArrayList<>();
        final List<TextRecord> line = new ArrayList<>();
        final List<TextRecord> cells = new ArrayList<>();
        final List<TextRecord> pair = new ArrayList<>();
        int next;

        /** {@link Addition#INLINE_FLOW}: runs of text and inline children form one line record. */
        final boolean flow;

        Frame(Element element, Kind kind, int period, RowGroups rowGroups, Map<Element, int[]> cycles,
              EntryItems.Layout layout, List<String> read, boolean lines, int cr, boolean opaqueWhenLong,
              boolean flow) {
            this.rowGroups = rowGroups;
            this.cycles = cycles;
            this.flow = flow;
            this.layout = layout;
            this.read = read;
            this.element = element;
            this.kind = kind;
            this.period = period;
            this.lines = lines;
            this.cr = cr;
            this.opaqueWhenLong = opaqueWhenLong;
        }

        /**
         * A row of a {@link Kind#ROW_GROUPS}, as its cells (null: empty): in a group, its cells join the group's
         * record, which is taken when its last row ends; outside, it is a record of its own.
         */
        void addRow(List<TextRecord> rowCells) {
            int row = rows++;
            if (!rowGroups.grouped(row)) {
                TextRecord single = TextRecord.structural(rowCells);
                if (single != null) {
                    kids.add(single);
                    tags.add("tr");
                }
                return;
            }
            cells.addAll(rowCells);   // an empty cell keeps its place, so the groups' columns stay aligned
            if (rowGroups.endsGroup(row)) {
                TextRecord group = TextRecord.structural(cells);
                cells.clear();
                if (group != null) {
                    kids.add(group);
                    tags.add("tr");
                }
            }
        }

        /**
         * {@link Addition#CYCLES}: the record (null: none) of a child at {@code {position, period, run}} of a run
         * of {@link SiblingCycles}; a group's records are the cells of one record, taken at its last child.
         */
        void addCycled(int[] at, TextRecord r) {
            cells.add(r);   // an empty part keeps its place, so the groups' columns stay aligned
            if (at[0] == at[1] - 1) {
                TextRecord group = TextRecord.structural(cells);
                cells.clear();
                if (group != null) {
                    endLine();
                    endPair();
                    kids.add(group);
                    tags.add(CYCLE + at[2]);
                }
            }
        }

        /** A child's record (null: none) and the child's tag ({@code #text} for a text node). */
        void add(TextRecord r, String tag) {
            if (kind == Kind.ENTRY || kind == Kind.TERM) {
                return;   // read from the tree when the item ends
            }
            if (kind == Kind.GRID) {
                if (!tag.equals(TEXT)) {   // the blanks between cells are layout
                    cells.add(r);          // an empty cell keeps its place, as in a row
                    if (cells.size() == period) {
                        TextRecord row = TextRecord.structural(cells);
                        cells.clear();
                        if (row != null) {
                            kids.add(row);
                            tags.add(GRID_ROW);
                        }
                    }
                }
                return;
            }
            if (kind == Kind.BLOCKS) {
                if (!tag.equals(TEXT)) {
                    // a nested list's text is not the item's (docs/lists.md §6): its place stays, empty
                    cells.add(tag.equals("ul") || tag.equals("ol") || tag.equals("dl") ? null : r);
                }
                return;
            }
            if (kind == Kind.ROW && (tag.equals("td") || tag.equals("th"))) {
                cells.add(r);   // an empty cell keeps its place, so the columns stay aligned
                return;
            }
            if (kind == Kind.PAIRS && (tag.equals("dt") || tag.equals("dd"))) {
                if (tag.equals("dt")) {
                    endPair();
                }
                pair.add(r);   // as in a row, an empty term or definition keeps its place
                return;
            }
            if (r == null) {
                return;
            }
            if (lines) {
                line.add(r);
            } else if (flow && (tag.equals(TEXT) || INLINE.contains(tag))) {
                line.add(r);
            } else {
                endLine();
                endPair();
                kids.add(r);
                tags.add(tag);
            }
        }

        /** With {@link Addition#BR_LINES}: the records since the last {@code <br>} become one line record. */
        void endLine() {
            if (!line.isEmpty()) {
                TextRecord merged = TextRecord.merge(line, cr, opaqueWhenLong);
                if (merged != null) {
                    kids.add(merged);
                    tags.add(LINE);
                }
                line.clear();
            }
        }

        /** In a {@code dl}: the entry so far (a {@code dt} and its {@code dd}s) becomes one structural record. */
        void endPair() {
            if (!pair.isEmpty()) {
                TextRecord entry = TextRecord.structural(pair);
                if (entry != null) {
                    kids.add(entry);
                    tags.add(PAIR);
                }
                pair.clear();
            }
        }
    }
}
