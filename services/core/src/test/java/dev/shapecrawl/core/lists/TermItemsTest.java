package dev.shapecrawl.core.lists;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/**
 * Issue 20: list items read as a term and its description ({@link Addition#TERMS}), and one-column tables whose
 * cells are blocks ({@link BlockItems#soleCellOfBlocks}).
 */
class TermItemsTest {
    /** SQLite's storage classes: each item a paragraph that opens with a bold class name, longer than CR. */
    private static final String STORAGE_CLASSES = "<html><body><ul>"
            + "<li><p><b>NULL</b>. The value is a NULL value, which is what a column holds when nothing was put in.</p></li>"
            + "<li><p><b>INTEGER</b>. The value is a signed integer, stored in 0, 1, 2, 3, 4, 6, or 8 bytes depending on"
            + " the magnitude of the value.</p></li>"
            + "<li><p><b>REAL</b>. The value is a floating point value, stored as an 8-byte IEEE floating point number."
            + "</p></li></ul></body></html>";

    @Test
    void itemsThatOpenWithABoldTermAreTermAndDescription() {
        List<ExtractedList> lists = new SwleExtractor(SwleSettings.defaults()).extract(STORAGE_CLASSES);
        assertEquals(1, lists.size(), lists.toString());
        ExtractedList list = lists.get(0);
        assertEquals(List.of("NULL", "The value is a NULL value, which is what a column holds when nothing was put in."),
                list.rows().get(0));
        assertEquals("REAL", list.rows().get(2).get(0));
    }

    @Test
    void withoutTermsSuchLongItemsAreNoList() {
        SwleSettings without = SwleSettings.defaults().withAdditions(EnumSet.complementOf(EnumSet.of(Addition.TERMS)));
        assertTrue(new SwleExtractor(without).extract(STORAGE_CLASSES).isEmpty(),
                "each item is longer than CR: one opaque text");
    }

    @Test
    void aLinkedTermAndTheTextAfterItNestedListsLeftOut() {
        Element ul = Jsoup.parse("<ul><li><a href=\"r.html\">git-revert(1)</a> is about making a new commit.</li>"
                + "<li><a href=\"s.html\">git-restore(1)</a> is about restoring files.<ul><li>sub</li></ul></li>"
                + "<li><a href=\"t.html\">git-reset(1)</a> — is about updating your branch.</li></ul>").body().child(0);
        assertTrue(TermItems.of(ul, 3, 80).isEmpty(), "items within CR are SWLE's to cut");
        Map<Element, List<String>> items = TermItems.of(ul, 3, 20);
        assertEquals(3, items.size());
        assertEquals(List.of("git-restore(1)", "is about restoring files."), items.get(ul.child(1)));
        assertEquals(List.of("git-reset(1)", "is about updating your branch."), items.get(ul.child(2)),
                "the punctuation between term and description is neither");
    }

    @Test
    void aMenuOfLinksOrAnItemWithoutTermIsNoGroup() {
        Element menu = Jsoup.parse("<ul><li><a href=a>Home</a></li><li><a href=b>News</a></li><li><a href=c>About</a>"
                + "</li></ul>").body().child(0);
        assertTrue(TermItems.of(menu, 3, 2).isEmpty(), "a link alone has no description");
        Element mixed = Jsoup.parse("<ul><li><b>a</b> one</li><li><b>b</b> two</li><li>plain text three</li></ul>")
                .body().child(0);
        assertTrue(TermItems.of(mixed, 3, 2).isEmpty(), "every item opens with a term");
        Element terms = Jsoup.parse("<ul><li><b>a</b> one</li><li><b>b</b> two</li><li><b>c</b> three</li></ul>")
                .body().child(0);
        assertEquals(3, TermItems.of(terms, 3, 2).size());
        Element longTerm = Jsoup.parse("<ul><li><b>abc</b> one</li><li><b>b</b> two</li><li><b>c</b> three</li></ul>")
                .body().child(0);
        assertTrue(TermItems.of(longTerm, 3, 2).isEmpty(), "a term is at most CR characters");
    }

    @Test
    void aOneColumnTableOfBlocksIsReadAsItsBlocksAndItsHeaderNamesThem() {
        StringBuilder sb = new StringBuilder("<table><thead><tr><th><p>Column Type</p><p>Description</p></th></tr>"
                + "</thead><tbody>");
        String[][] rows = {{"oid oid", "Row identifier"}, {"relname name", "Name of the table, index, view, etc."},
                {"relnamespace oid", "The OID of the namespace that contains this relation"}};
        for (String[] r : rows) {
            sb.append("<tr><td><p>").append(r[0]).append("</p><p>").append(r[1]).append("</p></td></tr>");
        }
        List<ExtractedList> lists = new SwleExtractor(SwleSettings.defaults()).extract(sb + "</tbody></table>");
        assertEquals(1, lists.size(), lists.toString());
        assertEquals(List.of("Column Type", "Description"), lists.get(0).fields());
        assertEquals(List.of("relname name", "Name of the table, index, view, etc."), lists.get(0).rows().get(1));
        Element cell = Jsoup.parse("<table><tr><td><p>a</p><p>b</p></td><td>c</td></tr></table>").selectFirst("td");
        assertTrue(!BlockItems.soleCellOfBlocks(cell), "a cell beside others is a cell");
    }
}
