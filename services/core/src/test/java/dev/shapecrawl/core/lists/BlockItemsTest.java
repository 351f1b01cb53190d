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

    /** A rustdoc method: a summary (since note, signature), an optional unstable notice, a doc block of any length. */
    private static String method(String name, boolean unstable, int paragraphs) {
        StringBuilder sb = new StringBuilder("<details class=\"rustdoc-toggle\" open><summary><div class=\"method\">"
                + "<div class=\"rightside\">1.3.0 \u00b7 <a class=\"srclink\">source</a></div><h4 class=\"code-header\">fn "
                + name + "(&amp;mut self, i: u8)</h4></div></summary>");
        if (unstable) {
            sb.append("<span class=\"item-info\"><div class=\"stab\">This is a nightly-only experimental API.</div></span>");
        }
        sb.append("<div class=\"docblock\">");
        for (int p = 0; p < paragraphs; p++) {
            sb.append("<p>Writes a single ").append(name).append(" into this hasher, part ").append(p).append(".</p>");
        }
        return sb.append("<h5>Note to implementers</h5><pre>fn x() {}</pre></div></details>").toString();
    }

    @Test
    void disclosureItemsAreRowsWhateverTheirBodyHolds() {
        // the doc blocks hold from 1 to 8 paragraphs, one method carries a notice in a span: as blocks of blocks they
        // failed the section rule, and read as plain records they were too long to part
        StringBuilder sb = new StringBuilder("<html><body><h2>Provided Methods</h2><div class=\"methods\">");
        String[] names = {"write_u8", "write_u16", "write_u32", "write_u64", "write_str"};
        for (int i = 0; i < names.length; i++) {
            sb.append(method(names[i], i == 4, 1 + 2 * i));
        }
        String html = sb.append("</div></body></html>").toString();
        List<ExtractedList> lists = new SwleExtractor(SwleSettings.defaults()).extract(html);
        ExtractedList methods = lists.stream().filter(l -> l.rows().size() == 5).findFirst().orElseThrow(
                () -> new AssertionError(lists.toString()));
        assertTrue(methods.rows().get(0).get(0).contains("fn write_u8"), methods.rows().toString());
        assertTrue(methods.rows().get(4).get(0).contains("fn write_str"), methods.rows().toString());
        Element parent = Jsoup.parse(html).selectFirst("div.methods");
        assertEquals(5, BlockItems.of(parent, 3).size(), "each details is an item; its doc block is not read as cells");
    }

    @Test
    void anImplBlocksMethodsAreAListAndStillItsCell() {
        // rustdoc's trait implementations: per impl a details of a header and its methods (a list of their own),
        // followed by impls without methods (bare sections)
        StringBuilder sb = new StringBuilder("<html><body><div id=\"trait-implementations-list\">");
        String[] traits = {"Ord", "PartialOrd", "Hash"};
        for (String t : traits) {
            sb.append("<details class=\"rustdoc-toggle implementors-toggle\" open><summary><section class=\"impl\">"
                    + "<a class=\"srclink\">source</a><h3 class=\"code-header\">impl ").append(t)
                    .append(" for Instant</h3></section></summary><div class=\"impl-items\">");
            for (String m : new String[] {"cmp_" + t, "max_" + t, "min_" + t}) {
                sb.append(method(m, false, 1));
            }
            sb.append("</div></details>");
        }
        for (String t : new String[] {"Copy", "Eq"}) {
            sb.append("<section class=\"impl\"><a class=\"srclink\">source</a><h3 class=\"code-header\">impl ")
                    .append(t).append(" for Instant</h3></section>");
        }
        List<ExtractedList> lists = new SwleExtractor(SwleSettings.defaults()).extract(sb + "</div></body></html>");
        List<ExtractedList> methodLists = lists.stream().filter(l -> l.rows().size() == 3
                && l.rows().get(0).get(0).contains("fn cmp_")).toList();
        assertEquals(3, methodLists.size(), "each impl's methods are a list: " + lists);
        ExtractedList impls = lists.stream().filter(l -> l.rows().get(0).get(0).contains("impl Ord for Instant"))
                .findFirst().orElseThrow(() -> new AssertionError(lists.toString()));
        assertEquals(3, impls.rows().size(), impls.rows().toString());
        assertTrue(String.join(" ", impls.rows().get(0)).contains("fn max_Ord"),
                "the methods' text is still the impl's cell: " + impls.rows().get(0));
    }
}
