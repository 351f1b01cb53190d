package dev.shapecrawl.core.lists;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/** Issue 20: repeated blocks read as rows ({@link Addition#BLOCKS}) and sub-lists left out of items ({@link Addition#NESTED}). */
class BlockItemsTest {
    /** Javadoc 17+'s member details: each li wraps a section of heading, signature, description and notes. */
    private static String memberDetails() {
        StringBuilder sb = new StringBuilder("<html><body><ul class=\"member-list\">");
        String[][] members = {{"size", "public int size()", "Returns the number of elements, counted once."},
                {"isEmpty", "public boolean isEmpty()", "Tells whether it holds nothing; true: empty."},
                {"get", "public E get(int index)", "Returns the element at index (from 0)."},
                {"clear", "public void clear()", "Removes every element!"}};
        for (String[] m : members) {
            sb.append("<li><section class=\"detail\" id=\"").append(m[0]).append("\"><h3>").append(m[0])
                    .append("</h3><div class=\"member-signature\">").append(m[1])
                    .append("</div><div class=\"block\">").append(m[2]).append("</div>")
                    .append("<dl class=\"notes\"><dt>Returns:</dt><dd>something</dd></dl></section></li>");
        }
        return sb.append("</ul></body></html>").toString();
    }

    @Test
    void memberDetailsAreRowsOfTheirBlocks() {
        List<ExtractedList> lists = new SwleExtractor(SwleSettings.defaults()).extract(memberDetails());
        ExtractedList details = lists.stream().filter(l -> l.rows().size() == 4).findFirst().orElseThrow(
                () -> new AssertionError(lists.toString()));
        assertEquals(List.of("size", "public int size()", "Returns the number of elements, counted once."),
                details.rows().get(0).subList(0, 3));
        assertEquals(List.of("clear", "public void clear()", "Removes every element!"), details.rows().get(3).subList(0, 3));
    }

    @Test
    void withoutBlocksTheMembersDoNotFormOneList() {
        SwleSettings without = SwleSettings.defaults().withAdditions(EnumSet.complementOf(EnumSet.of(Addition.BLOCKS)));
        assertTrue(new SwleExtractor(without).extract(memberDetails()).stream().noneMatch(l -> l.rows().size() == 4
                && l.rows().get(0).contains("public int size()")));
    }

    @Test
    void sectionsOfProseAreNoRows() {
        StringBuilder sb = new StringBuilder("<div>");
        for (int i = 0; i < 4; i++) {
            sb.append("<div class=\"sect1\"><h2>Part ").append(i).append("</h2><div class=\"sectionbody\">");
            for (int p = 0; p < 6; p++) {
                sb.append("<p>Paragraph ").append(p).append(" of part ").append(i).append(".</p>");
            }
            sb.append("</div></div>");
        }
        Element parent = Jsoup.parse(sb + "</div>").body().child(0);
        assertTrue(BlockItems.of(parent, 3).isEmpty(), "a body of six paragraphs makes a section, not a record");
        Element bare = Jsoup.parse("<div><section><h2>a</h2><p>x</p></section><section><h2>b</h2><p>y</p></section>"
                + "<section><h2>c</h2><p>z</p></section></div>").body().child(0);
        assertTrue(BlockItems.of(bare, 3).isEmpty(), "bare sections, without a class, are chapters");
    }

    @Test
    void aSubListIsNotItsItemsText() {
        String toc = "<ul><li><a href=#1>1. Introduction</a><ul><li>1.1 Purpose</li><li>1.2 Terms</li></ul></li>"
                + "<li><a href=#2>2. Use</a></li><li><a href=#3>3. Files</a><ul><li>3.1 Entries</li></ul></li>"
                + "<li><a href=#4>4. Headers</a></li></ul>";
        List<ExtractedList> lists = new SwleExtractor(SwleSettings.defaults()).extract(toc);
        assertEquals(1, lists.size(), lists.toString());
        assertEquals(List.of(List.of("1", "Introduction"), List.of("2", "Use"), List.of("3", "Files"),
                List.of("4", "Headers")), lists.get(0).rows(), "two-entry sub-lists are not part of the chapters");
    }
}
