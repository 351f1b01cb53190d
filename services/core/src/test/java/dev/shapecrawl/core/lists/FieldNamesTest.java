package dev.shapecrawl.core.lists;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

/** Issue 20: the names of a list's columns ({@link FieldNames}) and CSS grids read as tables ({@link Grid}). */
class FieldNamesTest {
    private static final SwleExtractor DEFAULT = new SwleExtractor(SwleSettings.defaults());

    /** A javadoc 17+ summary grid: three cells a row under a header of {@code table-header} cells. */
    private static String javadocGrid(int rows) {
        StringBuilder sb = new StringBuilder("<html><body><h2>Method Summary</h2><div class=\"summary-table three-column-summary\">"
                + "<div class=\"table-header col-first\">Modifier and Type</div>"
                + "<div class=\"table-header col-second\">Method</div>"
                + "<div class=\"table-header col-last\">Description</div>\n");
        String[] types = {"void", "int", "boolean", "String", "long"};
        for (int i = 0; i < rows; i++) {
            String parity = i % 2 == 0 ? "even-row-color" : "odd-row-color";
            sb.append("<div class=\"col-first ").append(parity).append("\"><code>").append(types[i % types.length])
                    .append("</code></div>\n<div class=\"col-second ").append(parity).append("\"><code><a href=\"#m")
                    .append(i).append("\">method").append(i).append("</a>()</code></div>\n<div class=\"col-last ")
                    .append(parity).append("\"><div class=\"block\">Does thing number ").append(i)
                    .append(".</div></div>\n");
        }
        return sb.append("</div></body></html>").toString();
    }

    @Test
    void aJavadocGridIsATableNamedByItsHeader() {
        List<ExtractedList> lists = DEFAULT.extract(javadocGrid(5));
        assertEquals(1, lists.size(), lists.toString());
        ExtractedList l = lists.get(0);
        assertEquals(List.of("Modifier and Type", "Method", "Description"), l.fields());
        assertEquals(5, l.rows().size(), "the header row names the columns and is not a record");
        assertEquals(List.of("void", "method0 ()", "Does thing number 0."), l.rows().get(0));
        Grid grid = Grid.of(Jsoup.parse(javadocGrid(5)).selectFirst("div.summary-table"));
        assertEquals(new Grid(3, true), grid);
    }

    @Test
    void withoutTheGridAdditionTheGridIsNoList() {
        SwleSettings noGrids = SwleSettings.defaults().withAdditions(java.util.EnumSet.complementOf(
                java.util.EnumSet.of(Addition.GRIDS)));
        assertTrue(new SwleExtractor(noGrids).extract(javadocGrid(5)).stream()
                .noneMatch(l -> l.fields().contains("Method")), "no header names without grids");
    }

    @Test
    void aHeaderOverTwoRowsLeavesNoList() {
        assertTrue(DEFAULT.extract(javadocGrid(2)).isEmpty(), "two records are under RL (3) once the header is dropped");
    }

    @Test
    void blocksThatOnlyAlternateAreNoGrid() {
        StringBuilder sb = new StringBuilder("<div>");
        for (int i = 0; i < 8; i++) {
            sb.append("<div class=\"").append(i % 2 == 0 ? "odd" : "even").append("\">item ").append(i).append("</div>");
        }
        assertNull(Grid.of(Jsoup.parse(sb + "</div>").body().child(0)), "period 2 without a header: a list");
        assertNull(Grid.of(Jsoup.parse("<ul><li class=a>1<li class=b>2<li class=a>3<li class=b>4</ul>").selectFirst("ul")),
                "list items are not grid cells");
    }

    @Test
    void aTableHeadNamesTheColumns() {
        String html = "<table><thead><tr><th>Name</th><th>Size</th></tr></thead><tbody>"
                + "<tr><td>alpha</td><td>10 kB</td></tr><tr><td>beta</td><td>12 kB</td></tr>"
                + "<tr><td>gamma</td><td>7 kB</td></tr></tbody></table>";
        ExtractedList l = DEFAULT.extract(html).get(0);
        assertEquals(List.of("Name", "Size"), l.fields());
        assertEquals(3, l.rows().size());
    }

    @Test
    void aFirstRowOfThsNamesTheColumnsAndIsNoRecord() {
        String html = "<table><tr><th>Package</th><th>Description</th></tr>"
                + "<tr><td>org.a</td><td>The a part</td></tr><tr><td>org.b</td><td>The b part</td></tr>"
                + "<tr><td>org.c</td><td>The c part</td></tr></table>";
        ExtractedList l = DEFAULT.extract(html).get(0);
        assertEquals(List.of("Package", "Description"), l.fields());
        assertEquals(List.of(List.of("org.a", "The a part"), List.of("org.b", "The b part"),
                List.of("org.c", "The c part")), l.rows());
    }

    @Test
    void aBoldFirstRowNamesTheColumnsAndANamedColumnIsKeptThoughConstant() {
        String html = "<table><tr><td><b>Name</b></td><td><b>Type</b></td><td><b>Description</b></td></tr>"
                + "<tr><td>--strict</td><td>boolean</td><td>Fail on warnings</td></tr>"
                + "<tr><td>--quiet</td><td>boolean</td><td>Print less</td></tr>"
                + "<tr><td>--clean</td><td>boolean</td><td>Remove old files</td></tr></table>";
        ExtractedList l = DEFAULT.extract(html).get(0);
        assertEquals(List.of("Name", "Type", "Description"), l.fields());
        assertEquals(List.of("--strict", "boolean", "Fail on warnings"), l.rows().get(0),
                "the header names Type: one value in every row is still data");
        String allBold = "<table><tr><td><b>Name</b></td><td><b>Type</b></td></tr>"
                + "<tr><td><b>--strict</b></td><td><b>boolean</b></td></tr><tr><td><b>--quiet</b></td><td><b>int</b></td></tr>"
                + "<tr><td><b>--clean</b></td><td><b>long</b></td></tr></table>";
        List<ExtractedList> bold = DEFAULT.extract(allBold);
        assertEquals(1, bold.size(), bold.toString());
        assertEquals(4, bold.get(0).rows().size(), "no header: every row is a record");
        assertTrue(bold.get(0).fields().stream().noneMatch("Type"::equals),
                "a first row like the rows below it is a row, not a header");
    }

    @Test
    void anEmptyCornerCellLeavesItsColumnUnnamed() {
        String html = "<table><tr><td></td><th>Index Entry</th><th>Section</th></tr>"
                + "<tr><td></td><td>GETTEXT_LOG</td><td>12.7 Prioritizing</td></tr>"
                + "<tr><td>x</td><td>LANGUAGE</td><td>2.3.3 Priority list</td></tr>"
                + "<tr><td></td><td>LC_ALL</td><td>2.3.2 Variables</td></tr></table>";
        ExtractedList l = DEFAULT.extract(html).get(0);
        assertEquals(List.of("c1", "Index Entry", "Section"), l.fields());
    }

    @Test
    void aRepeatedLabelNamesTheValueAfterIt() {
        String html = "<ul><li>Dune, Price: 12 EUR</li><li>Emma, Price: 9 EUR</li><li>Ulysses, Price: 30 EUR</li>"
                + "<li>Walden, Price: 4 EUR</li></ul>";
        ExtractedList l = DEFAULT.extract(html).get(0);
        assertEquals(List.of("c1", "Price"), l.fields(), l.toString());
        assertEquals(List.of("Dune", "12 EUR"), l.rows().get(0));
    }

    @Test
    void unnamedColumnsArePositionalBySlot() {
        String html = "<ul><li>alpha - first letter</li><li>beta - second letter</li><li>gamma - third letter</li></ul>";
        ExtractedList l = DEFAULT.extract(html).get(0);
        assertEquals(ExtractedList.positional(l.keptColumns()), l.fields());
        assertTrue(l.fields().get(0).startsWith(FieldNames.POSITIONAL_PREFIX));
        assertEquals(List.of("c1", "c3"), ExtractedList.positional(List.of(0, 2)));
    }

    @Test
    void aHeaderCellCutIntoSeveralColumnsNamesEachOnce() {
        org.jsoup.nodes.Element tbody = Jsoup.parse("<table><tr><th>Type</th><th>Method</th></tr>"
                + "<tr><td>void</td><td>add(int)</td></tr></table>").selectFirst("tbody");
        String b = TextRecord.CELL_BOUNDARY;
        // a row cut at the cell boundary and at the parentheses inside the second cell: slots 0 | 1 ( 2 ) 3
        List<List<String>> separated = List.of(List.of("Type", "Method", "", ""), List.of("void", "add", "int", ""),
                List.of("int", "size", "long", ""), List.of("long", "sum", "int", ""));
        ExtractedList list = new ExtractedList("body[0]/table[0]/tbody[0]", 0, "* ‖ * ( * ) *", List.of(b, "(", ")"),
                List.of(0, 1, 2), separated.stream().map(r -> r.subList(0, 3)).toList());
        FoundList named = FieldNames.name(new FoundList(list, separated), tbody);
        assertEquals(List.of("Type", "Method", "Method_2"), named.list().fields());
        assertEquals(3, named.list().rows().size(), "the header row, taken in as the first, is dropped");
        assertEquals(List.of("void", "add", "int"), named.list().rows().get(0));
    }

    @Test
    void fieldsAreOneDistinctNamePerColumn() {
        assertThrows(IllegalArgumentException.class, () -> new ExtractedList("body[0]", 0, "* - *", List.of("-"),
                List.of(0, 1), List.of(List.of("a", "b")), List.of("x", "x")));
        assertThrows(IllegalArgumentException.class, () -> new ExtractedList("body[0]", 0, "* - *", List.of("-"),
                List.of(0, 1), List.of(List.of("a", "b")), List.of("x")));
        assertFalse(new ExtractedList("body[0]", 0, "* - *", List.of("-"), List.of(0, 1), List.of(List.of("a", "b")))
                .fields().isEmpty());
    }
}
