package dev.shapecrawl.core.lists;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/**
 * Issue 20: records that take several rows of a table ({@link Addition#ROW_GROUPS}), items that take several
 * sibling elements ({@link Addition#CYCLES}), lists the labelling rule says are none ({@link Addition#NOT_LISTS}), and a
 * section heading inside a table that keeps it apart from the table before ({@link SplitListMerger}). The pages
 * are cut down from Doxygen 1.9's output as Debian's libsfml-doc ships it.
 */
class RowGroupsTest {
    /** One member declaration in Doxygen's three rows: type and name, brief description, separator. */
    private static String member(String type, String name, String brief) {
        return "<tr class=\"memitem:a" + name.hashCode() + "\"><td class=\"memItemLeft\" align=\"right\">" + type
                + "&#160;</td><td class=\"memItemRight\"><a class=\"el\" href=\"#x\">" + name + "</a> ()</td></tr>"
                + "<tr class=\"memdesc:a" + name.hashCode() + "\"><td class=\"mdescLeft\">&#160;</td>"
                + "<td class=\"mdescRight\">" + brief + " <a href=\"#x\">More...</a><br /></td></tr>"
                + "<tr class=\"separator:a" + name.hashCode() + "\"><td class=\"memSeparator\" colspan=\"2\">&#160;"
                + "</td></tr>";
    }

    private static String declarations(String heading, String... members) {
        StringBuilder sb = new StringBuilder("<table class=\"memberdecls\"><tr class=\"heading\"><td colspan=\"2\">"
                + "<h2 class=\"groupheader\">" + heading + "</h2></td></tr>");
        for (int i = 0; i < members.length; i += 3) {
            sb.append(member(members[i], members[i + 1], members[i + 2]));
        }
        return sb.append("</table>").toString();
    }

    private static final String MEMBER_DECLARATIONS = "<html><body><div class=\"contents\">"
            + declarations("Public Member Functions",
                    "", "Color", "Default constructor.",
                    "Uint32", "toInteger", "Retrieve the color as a 32-bit unsigned integer.",
                    "bool", "isOpaque", "Tell whether the color has no transparency.")
            + declarations("Public Attributes",
                    "Uint8", "r", "Red component.",
                    "Uint8", "g", "Green component.",
                    "Uint8", "b", "Blue component.")
            + "</div></body></html>";

    @Test
    void aMembersRowsAreOneRecordAndEachSectionItsOwnList() {
        List<ExtractedList> lists = new SwleExtractor(SwleSettings.defaults()).extract(MEMBER_DECLARATIONS);
        assertEquals(2, lists.size(), lists.toString());
        assertEquals(List.of("Uint32", "toInteger ()", "Retrieve the color as a 32-bit unsigned integer. More..."),
                lists.get(0).rows().get(1).stream().filter(c -> !c.isBlank()).toList());
        assertEquals(3, lists.get(1).rows().size());
        assertTrue(String.join(" ", lists.get(1).rows().get(0)).contains("Red component."),
                "the attribute's description is in its record: " + lists.get(1).rows().get(0));
    }

    @Test
    void withoutRowGroupsNoListHoldsAMembersNameAndDescription() {
        SwleSettings without = SwleSettings.defaults()
                .withAdditions(EnumSet.complementOf(EnumSet.of(Addition.ROW_GROUPS)));
        for (ExtractedList l : new SwleExtractor(without).extract(MEMBER_DECLARATIONS)) {
            for (List<String> row : l.rows()) {
                String text = String.join(" ", row);
                assertFalse(text.contains("toInteger") && text.contains("Retrieve"), "row by row: " + row);
            }
        }
    }

    @Test
    void theGroupsOfATable() {
        Element tbody = Jsoup.parse(MEMBER_DECLARATIONS).selectFirst("tbody");
        RowGroups groups = RowGroups.of(tbody);
        assertNotNull(groups);
        assertEquals(new RowGroups(3, 1, 3), groups, "a heading row, then three members of three rows");
        assertFalse(groups.grouped(0));
        assertTrue(groups.endsGroup(3));
        assertFalse(groups.endsGroup(4));
    }

    @Test
    void repeatsCountsWholeGroupsPositionByPosition() {
        assertEquals(3, Periods.repeats(List.of("h", "a", "b", "a", "b", "a", "b", "a"), 1, 2), "the last a is no whole group");
        assertEquals(1, Periods.repeats(List.of("a", "b", "a", "c"), 0, 2));
        assertEquals(1, Periods.repeats(java.util.Arrays.asList("a", null, "a", null), 0, 2), "a null shape never matches");
        assertEquals(0, Periods.repeats(List.of("a", "b"), 1, 2), "no whole first group");
    }

    @Test
    void rowsOfOneShapeOrStripedRowsAreNoGroups() {
        Element plain = Jsoup.parse("<table><tr><td class=a>1</td><td>x</td></tr><tr><td class=a>2</td><td>y</td></tr>"
                + "<tr><td class=a>3</td><td>z</td></tr><tr><td class=a>4</td><td>w</td></tr></table>")
                .selectFirst("tbody");
        assertNull(RowGroups.of(plain), "one shape: a row is a record");
        Element striped = Jsoup.parse("<table><tr class=odd><td>1</td><td>x</td></tr><tr class=even><td>2</td>"
                + "<td>y</td></tr><tr class=odd><td>3</td><td>z</td></tr><tr class=even><td>4</td><td>w</td></tr>"
                + "</table>").selectFirst("tbody");
        assertNull(RowGroups.of(striped), "the rows' own classes do not make a shape");
    }

    /** Doxygen's member documentation: an anchor, a title and a block per member, all siblings. */
    private static String documentation(String name, String prototype, String description) {
        return "<a id=\"a" + name.hashCode() + "\"></a><h2 class=\"memtitle\"><span class=\"permalink\">"
                + "<a href=\"#x\">&#9670;&nbsp;</a></span>" + name + "()</h2>"
                + "<div class=\"memitem\"><div class=\"memproto\">" + prototype + "</div><div class=\"memdoc\"><p>"
                + description + "</p><dl class=\"section return\"><dt>Returns</dt><dd>the value</dd></dl></div>"
                + "</div>";
    }

    private static final String MEMBER_DOCUMENTATION = "<html><body><div class=\"contents\">"
            + "<h2 class=\"groupheader\">Member Function Documentation</h2>"
            + documentation("getBooleanValue", "virtual bool getBooleanValue () const", "Returns the boolean value.")
            + documentation("getIntegerValue", "virtual int getIntegerValue () const", "Returns the integer value.")
            + documentation("getNumberValue", "virtual double getNumberValue () const", "Returns the number value.")
            + "</div></body></html>";

    @Test
    void aMembersSiblingsAreOneRecordTheirNestedListsLeftOut() {
        List<ExtractedList> lists = new SwleExtractor(SwleSettings.defaults()).extract(MEMBER_DOCUMENTATION);
        assertEquals(1, lists.size(), lists.toString());
        List<String> second = lists.get(0).rows().get(1);
        String text = String.join(" ", second);
        assertTrue(text.contains("getIntegerValue") && text.contains("Returns the integer value"), text);
        assertFalse(text.contains("the value"), "a list nested in an item is not its text: " + second);
    }

    @Test
    void withoutCyclesTheMembersAreNoList() {
        SwleSettings without = SwleSettings.defaults().withAdditions(EnumSet.complementOf(EnumSet.of(Addition.CYCLES)));
        for (ExtractedList l : new SwleExtractor(without).extract(MEMBER_DOCUMENTATION)) {
            assertFalse(l.rows().stream().anyMatch(r -> String.join(" ", r).contains("Returns the integer value.")
                    && String.join(" ", r).contains("getIntegerValue")), l.rows().toString());
        }
    }

    @Test
    void paragraphsAndCodeOrStripedBlocksAreNoCycle() {
        Element prose = Jsoup.parse("<div><p>Call it:</p><pre>a()</pre><p>Then:</p><pre>b()</pre><p>Last:</p>"
                + "<pre>c()</pre></div>").body().child(0);
        assertTrue(SiblingCycles.of(prose).isEmpty(), "code is not a part, and the parts carry no classes");
        Element unclassed = Jsoup.parse("<div><h3>Q1</h3><p>A1</p><h3>Q2</h3><p>A2</p><h3>Q3</h3><p>A3</p></div>")
                .body().child(0);
        assertTrue(SiblingCycles.of(unclassed).isEmpty(), "a page's sections: no generator marks the parts");
        Element striped = Jsoup.parse("<div><div class=odd>1</div><div class=even>2</div><div class=odd>3</div>"
                + "<div class=even>4</div></div>").body().child(0);
        assertTrue(SiblingCycles.of(striped).isEmpty(), "one tag in two classes is a striped run, not parts");
    }

    @Test
    void aListOfFewerThanRlDistinctRowsIsNone() {
        // texinfo's index pages: the letter bar above and below the index, and the page's navigation line
        String bars = "<html><body>"
                + "<p><b>Jump to:</b> <a href=\"#g\">G</a> <a href=\"#l\">L</a> <a href=\"#m\">M</a></p>"
                + "<p><b>Jump to:</b> <a href=\"#g\">G</a> <a href=\"#l\">L</a> <a href=\"#m\">M</a></p>"
                + "<p><b>Pages:</b> <a href=\"#t\">Top</a> <a href=\"#c\">Contents</a> <a href=\"#i\">Index</a></p>"
                + "</body></html>";
        assertTrue(new SwleExtractor(SwleSettings.defaults()).extract(bars).isEmpty());
        SwleSettings without = SwleSettings.defaults()
                .withAdditions(EnumSet.complementOf(EnumSet.of(Addition.NOT_LISTS)));
        assertEquals(1, new SwleExtractor(without).extract(bars).size(), "three rows, two of one text");
    }
    /** groff {@code -Thtml}: a block of options, its label and first option in one spaced paragraph, then a note. */
    private static String optionBlock(String label, String... options) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < options.length; i += 2) {
            sb.append(i == 0 ? "<p style=\"margin-left:11%; margin-top: 1em\"><b>" + label + " <br>" : "<p style=\"margin-left:11%;\"><b>")
                    .append(options[i]).append("</b></p><p style=\"margin-left:22%;\">").append(options[i + 1])
                    .append("</p>");
        }
        return sb.toString();
    }

    private static final String MAN_PAGE = "<html><body><h2>OPTIONS</h2>"
            + optionBlock("Output file location:", "-d, --default-domain=NAME", "use NAME.po for output",
                    "-o, --output=FILE", "write output to specified file", "-p, --output-dir=DIR",
                    "output files will be placed in directory DIR")
            + "<p style=\"margin-left:11%; margin-top: 1em\">If output file is -, output is written to standard output.</p>"
            + optionBlock("Operation mode:", "-j, --join-existing", "join messages with existing file",
                    "-x, --exclude-file=FILE.po", "entries from FILE.po are not extracted", "-c, --add-comments",
                    "place all comment blocks preceding keyword lines in output file")
            + optionBlock("Informative output:", "-h, --help", "display this help and exit", "-V, --version",
                    "output version information and exit", "-v, --verbose", "increase verbosity level")
            + "</body></html>";

    @Test
    void aSpacedItemOpensTheNextListAndTheRunsAreGroupedByTheirCells() {
        List<ExtractedList> lists = new SwleExtractor(SwleSettings.defaults()).extract(MAN_PAGE);
        assertEquals(3, lists.size(), "one list per block of options, the two last blocks not run together: " + lists);
        for (ExtractedList l : lists) {
            assertEquals(3, l.rows().size(), "each block's first option is in its list: " + l.rows());
        }
        assertEquals(List.of("-x, --exclude-file=FILE.po", "entries from FILE.po are not extracted"),
                lists.get(1).rows().get(1).stream().filter(c -> !c.isBlank()).toList());
        assertTrue(String.join(" ", lists.get(2).rows().get(0)).contains("--help"), lists.get(2).rows().toString());
        assertFalse(lists.stream().anyMatch(l -> l.rows().toString().contains("If output file")),
                "the note between the blocks is in no list");
    }

    @Test
    void aTableWhoseDescriptionsAreMostlyMissingStaysAList() {
        // javadoc 21's constructor summary, a CSS grid: most exceptions' constructors have no description
        StringBuilder grid = new StringBuilder("<html><body><section class=\"constructor-summary\"><h2>Constructor "
                + "Summary</h2><div class=\"caption\"><span>Constructors</span></div><div class=\"summary-table "
                + "two-column-summary\"><div class=\"table-header col-first\">Constructor</div><div class=\"table-header "
                + "col-last\">Description</div>");
        String[] names = {"()", "(String message)", "(Throwable cause)", "(String message, Throwable cause)"};
        for (int i = 0; i < names.length; i++) {
            String row = i % 2 == 0 ? "even-row-color" : "odd-row-color";
            grid.append("<div class=\"col-constructor-name ").append(row).append("\"><code><a href=\"#c").append(i)
                    .append("\">ApiException</a>").append(names[i]).append("</code></div><div class=\"col-last ")
                    .append(row).append("\">").append(i == 3 ? "<div class=\"block\">Wraps the cause.</div>" : "&nbsp;")
                    .append("</div>");
        }
        grid.append("</div></section></body></html>");
        List<ExtractedList> lists = new SwleExtractor(SwleSettings.defaults()).extract(grid.toString());
        assertEquals(1, lists.size(), "a table's rows are records by its columns: " + lists);
        assertEquals(List.of("Constructor", "Description"), lists.get(0).fields());
        assertEquals(4, lists.get(0).rows().size());
    }

    @Test
    void rowsOfOneValueEachAreNoList() {
        assertTrue(NotLists.singleValues(List.of(List.of("Modules", ""), List.of("Structs", " "),
                List.of("Enums", "TryReserveErrorKind"))), "two of three rows hold a heading alone");
        assertFalse(NotLists.singleValues(List.of(List.of("a", "1"), List.of("b", ""), List.of("c", "3"))));
    }
    /** texinfo's {@code @defvr}: one {@code dl.def} per variable, some under two names, after the section's intro. */
    private static String variable(String... namesThenText) {
        StringBuilder sb = new StringBuilder("<span id=\"v" + namesThenText[0].hashCode() + "\"></span><dl class=\"def\">");
        for (int i = 0; i < namesThenText.length - 1; i++) {
            sb.append("<dt><span class=\"category\">mail: </span><span><em>boolean</em> <strong>")
                    .append(namesThenText[i]).append("</strong></span></dt>");
        }
        return sb.append("<dd><p>Default: False</p><p>").append(namesThenText[namesThenText.length - 1])
                .append("</p></dd></dl>").toString();
    }

    private static final String VARIABLES = "<html><body><div><div class=\"header\">Next: Configuration</div><hr>"
            + "<h4>3.5.7 How to Alter the Behavior of mail</h4><p>Following variables control the behavior of mail.</p>"
            + variable("append", "Messages saved in mbox are appended to the end.")
            + variable("askbcc", "The user is prompted to enter the Bcc field.")
            + variable("askcc", "The user is prompted to enter the Cc field.")
            + variable("variable-strict", "varstrict", "Setting it makes mail check the variables' names.")
            + variable("asksub", "The user is prompted to enter the Subject field.")
            + variable("autoinc", "New mail is incorporated automatically.")
            + "</div></body></html>";

    @Test
    void runOfOneEntryDlsAmongOtherChildrenIsOneListReadByItsCells() {
        List<ExtractedList> lists = new SwleExtractor(SwleSettings.defaults()).extract(VARIABLES);
        assertEquals(1, lists.size(), lists.toString());
        assertEquals(5, lists.get(0).rows().size(), "every variable under one name, the one under two left out: "
                + lists.get(0).rows());
        assertEquals(List.of("mail: boolean askbcc", "Default: False The user is prompted to enter the Bcc field."),
                lists.get(0).rows().get(1));
    }
}
