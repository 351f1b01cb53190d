package dev.shapecrawl.core.lists;

/**
 * What shapecrawl adds to SWLE beyond the seed, each switchable so it can be measured against the faithful mode
 * ({@code docs/lists.md}; results in {@code docs/evaluation.md}). The thesis names the first two failures itself
 * (Agostinho 2015 §5.6; spec §8.6); the others come from measuring the seed on real documentation pages.
 */
public enum Addition {
    /**
     * In an element with {@code <br>} children, the records between two {@code <br>} are merged into one line
     * record before grouping, so {@code <br>}-separated records with inner tags form a list (thesis Figure 13,
     * scenario 3, which the seed loses).
     */
    BR_LINES("br"),
    /**
     * Consecutive lists cut the same way in parallel sibling containers are merged into one (thesis §5.6, future
     * work: an index split by letter, a table of contents split by part); inside one container, records of at most
     * {@link SplitListMerger#MAX_GAP_CHARS} letters or digits between the entries (an index's letter headings) are
     * gaps, not records (issue 20).
     */
    SPLIT_LISTS("split"),
    /**
     * Table rows and definition-list entries are records whose cells are parted by a cell-boundary separator:
     * a {@code tr} joins its {@code td}/{@code th} cells, a {@code dl} joins each {@code dt} with its {@code dd}s.
     * Such a record is not cut by CR (its structure, not its length, says it is data), and a long text becomes
     * one opaque token instead of null: a cell keeps it, and grouping sees it as a record without separators, so
     * it ends a run of records instead of vanishing from between them. An element around a single structural
     * record passes it up whole, so a run of one-entry {@code dl}s (one per documented function) is a run of
     * entries. The seed sees a {@code dl} as alternating {@code dt} and {@code dd} records, whose first derivation
     * is all NULL (the same failure as scenario 3), and drops every row longer than CR.
     */
    CELLS("cells"),
    /**
     * When an element's records all come from child elements of one tag ({@code li}, {@code tr}, {@code dl}
     * entries, {@code p}…), they are first tried as one group, with the separators that at least half of them
     * hold; derivation (which splits a list wherever three neighbours share no character) is the fallback.
     */
    SIBLINGS("siblings"),
    /** {@code pre} blocks (code listings) are not read: their lines are code, not records of a list. */
    NO_CODE("nocode"),
    /**
     * Column pruning removes only a column with the same value in every row (the "more" link of every item, the
     * thesis's motivation for RC). The seed removes any column whose top value fills more than RC of the rows,
     * which drops real data with one dominant value: the author column of a changelog where one maintainer
     * wrote 6 of 7 changes (spec §4.4 warns of this).
     */
    DATA_COLUMNS("datacols"),
    /**
     * A run of text and inline children ({@code a}, {@code code}, {@code b}, {@code em}, {@code span}…) forms one
     * record, ended by a block child or {@code <br>}, as a browser lays out one line of text. The seed makes each
     * text node and each inline element its own record, so a paragraph with inline code ("use {@code a}, {@code b},
     * or {@code c}") becomes a run of records that share a comma, a false list.
     */
    INLINE_FLOW("inline"),
    /**
     * A CSS grid (a flat run of {@code div} or {@code span} cells whose class tokens repeat with a period of k
     * positions, each position with its own tokens: javadoc 17+'s {@code div.summary-table}) is read as a table:
     * each run of k cells is one structural record, as a {@code tr} is with {@link #CELLS}. A grid's header (a
     * first group whose cells carry a class token no later cell at their position has, javadoc's
     * {@code table-header}) is a record too, and names the columns ({@link FieldNames}). Without a header a grid
     * needs k >= 3, so that two cells alternating "odd"/"even" are not taken for one. Needs {@link #CELLS}.
     */
    GRIDS("grids"),
    /**
     * A record that starts with a section number parted from its title by a space only ({@code 1.1 The Purpose},
     * {@code 2.3.1 Locale Names}, {@code A.2 Licence}) is grouped with a boundary after the number, a separator
     * like a special character: the number and the title are two attributes, as a reader sees them. SWLE cuts
     * records at special characters only, so a table of contents below its first level (whose numbers hold their
     * dots inside the word) has one attribute per entry and is no list; with a dot after the number ({@code 1.
     * Introduction}) the seed already cuts it.
     */
    NUMBERS("numbers"),
    /**
     * Sibling items of one tag and class made of a few blocks in the same order (javadoc's member details, rustdoc's
     * items) are structural records whose cells are the blocks ({@link BlockItems}); a nested list's block is an
     * empty cell. Needs {@link #CELLS}.
     */
    BLOCKS("blocks"),
    /**
     * A list nested in an item of another ({@code ul}, {@code ol} or {@code dl} inside an {@code li}, {@code dd} or
     * {@code dt}) is not part of its item's record, whether or not it is a list itself: a reader sees a sub-list,
     * not more text of the item. The seed merges a nested list that is no list (two sub-entries) into its item,
     * whose record then differs from its siblings' and breaks their run (a table of contents whose chapters have
     * one or two sections).
     */
    NESTED("nested"),
    /**
     * Sibling items of one tag and class, each opened by a heading and made of parts the page names by a
     * sub-heading or a paragraph's label (GTK-Doc's function and property details: "Parameters", "Returns",
     * "Since:"), are structural records with a cell per named part and per kind of unnamed part, lined up by
     * name across items whose parts differ ({@link EntryItems}); the names name the columns. Needs {@link #CELLS}.
     */
    ENTRIES("entries"),
    /**
     * The items of a list that each open with a term in inline markup followed by text ({@code <b>NULL</b>. The
     * value is…}, {@code <a>git-revert(1)</a> is about…}) are structural records of two cells, the term and the
     * rest ({@link TermItems}), however long the rest. Needs {@link #CELLS}.
     */
    TERMS("terms"),
    /**
     * A table whose records take k rows each, each row of a group with its own shape of cells (Doxygen's member
     * declarations: a row of type and name, a row of description, a separator row), is read one group of rows to
     * a record, its cells those of its rows in order ({@link RowGroups}). Needs {@link #CELLS}.
     */
    ROW_GROUPS("rowgroups"),
    /**
     * Items not wrapped in an element of their own, a run of groups of k siblings each position of which has its
     * own tag and classes (Doxygen's member documentation: an anchor, an {@code h2.memtitle}, a
     * {@code div.memitem} per member), are read one group to a record, its cells those of its siblings
     * ({@link SiblingCycles}). Needs {@link #CELLS}.
     */
    CYCLES("cycles"),
    /**
     * Candidate lists that the labelling rule says are no lists are dropped ({@link NotLists}, docs/lists.md §6):
     * fewer than RL distinct records (a note repeated under every function, a letter bar above and below an
     * index), the blocks of a navigation landmark itself (Sphinx's sidebar of "Table of contents", "Previous
     * topic", "Next topic"), and rows that are one bracketed expression wrapped across lines (Doxygen's function
     * prototype, one parameter to a row).
     */
    NOT_LISTS("notlists");

    private final String tag;

    Addition(String tag) {
        this.tag = tag;
    }

    /** The short name used in {@link SwleSettings#name()}. */
    public String tag() {
        return tag;
    }
}
