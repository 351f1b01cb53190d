package dev.shapecrawl.core.lists;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 20: DocBook's tables of contents, a {@code dl} of {@code dt}s whose sub-levels are {@code dl}s in
 * {@code dd}s ({@link Addition#NESTED}), and entries of one cell each read by their characters
 * ({@link Addition#SIBLINGS}). Cut down from Debian's bzip2-doc and postgresql-doc-15.
 */
class TableOfContentsTest {
    private static String entry(String number, String title) {
        return "<dt><span class=\"sect1\"><a href=\"#s" + number + "\">" + number + ". " + title + "</a></span></dt>";
    }

    private static final String NESTED_TOC = "<html><body><div class=\"toc\"><dl class=\"toc\">"
            + entry("3.1", "Top-level structure")
            + "<dd><dl>" + entry("3.1.1", "Low-level summary") + entry("3.1.2", "High-level summary")
            + entry("3.1.3", "Utility functions summary") + "</dl></dd>"
            + entry("3.2", "Error handling")
            + entry("3.3", "Low-level interface")
            + "<dd><dl>" + entry("3.3.1", "BZ2_bzCompressInit") + entry("3.3.2", "BZ2_bzCompress") + "</dl></dd>"
            + entry("3.4", "High-level interface")
            + "</dl></div></body></html>";

    @Test
    void aSubLevelInADdIsNotItsEntrysText() {
        List<ExtractedList> lists = new SwleExtractor(SwleSettings.defaults()).extract(NESTED_TOC);
        ExtractedList level2 = lists.stream().filter(l -> l.rows().size() == 4).findFirst().orElseThrow(
                () -> new AssertionError(lists.toString()));
        assertEquals(List.of("3.1", "Top-level structure"), level2.rows().get(0));
        assertEquals(List.of("3.3", "Low-level interface"), level2.rows().get(2), "its sub-level left out");
        assertTrue(lists.stream().anyMatch(l -> l.rows().size() == 3 && l.rows().get(0).contains("Low-level summary")),
                "the sub-level of three is a list of its own: " + lists);
    }

    @Test
    void entriesOfOneCellAreReadByTheirCharacters() {
        StringBuilder toc = new StringBuilder("<html><body><dl class=\"toc\">");
        String[][] commands = {{"ABORT", "abort the current transaction"},
            {"ALTER FOREIGN DATA WRAPPER", "change the definition of a foreign-data wrapper"},
            {"COMMIT PREPARED", "commit a prepared two-phase transaction"},
            {"MERGE", "conditionally insert, update, or delete rows of a table"},
            {"VALUES", "compute a set of rows"}};
        for (String[] c : commands) {
            toc.append("<dt><span class=\"refentrytitle\"><a href=\"x.html\">").append(c[0])
                    .append("</a></span><span class=\"refpurpose\"> — ").append(c[1]).append("</span></dt>");
        }
        List<ExtractedList> lists = new SwleExtractor(SwleSettings.defaults()).extract(toc + "</dl></body></html>");
        assertEquals(1, lists.size(), "one list, not cut where a purpose holds a hyphen or a comma: " + lists);
        assertEquals(5, lists.get(0).rows().size(), lists.get(0).rows().toString());
        assertEquals(List.of("MERGE", "conditionally insert, update, or delete rows of a table"),
                lists.get(0).rows().get(3));
    }
}
