package dev.shapecrawl.core.lists;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 20: an index whose letter headings sit between its entries in one container is one list ({@link Addition#SPLIT_LISTS}). */
class IndexLettersTest {
    /** gtk-doc's API index: dt/dd entries in one div, a letter heading before each letter's entries. */
    private static final String INDEX = "<div class=index>"
            + "<a name=idxA></a><h3>A</h3>"
            + "<dt><a href=#1>g_array_append</a>, macro in Arrays</dt><dd></dd>"
            + "<dt><a href=#2>g_array_free</a>, function in Arrays</dt><dd></dd>"
            + "<dt><a href=#3>g_async_queue_new</a>, function in Asynchronous Queues</dt><dd></dd>"
            + "<a name=idxB></a><h3>B</h3>"
            + "<dt><a href=#4>g_base64_decode</a>, function in Base64 Encoding</dt><dd></dd>"
            + "<dt><a href=#5>g_bit_lock</a>, function in Bit locks</dt><dd></dd>"
            + "<a name=idxC></a><h3>C</h3>"
            + "<dt><a href=#6>g_checksum_new</a>, function in Data Checksums</dt><dd></dd>"
            + "<dt><a href=#7>g_clear_error</a>, function in Error Reporting</dt><dd></dd></div>";

    @Test
    void letterHeadingsInsideOneContainerDoNotSplitTheIndex() {
        List<ExtractedList> lists = new SwleExtractor(SwleSettings.defaults()).extract("<html><body>" + INDEX + "</body></html>");
        assertEquals(1, lists.size(), lists.toString());
        assertEquals(7, lists.get(0).rows().size());
    }

    @Test
    void withoutSplitTheLettersCutIt() {
        SwleSettings without = SwleSettings.defaults().withAdditions(EnumSet.complementOf(EnumSet.of(Addition.SPLIT_LISTS)));
        List<ExtractedList> lists = new SwleExtractor(without).extract("<html><body>" + INDEX + "</body></html>");
        assertEquals(0, lists.stream().filter(l -> l.rows().size() == 7).count(), lists.toString());
    }
}
