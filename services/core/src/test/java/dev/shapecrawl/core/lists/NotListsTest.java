package dev.shapecrawl.core.lists;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

/** Issue 20: candidate lists the labelling rule says are none ({@link Addition#NOT_LISTS}, {@link NotLists}). */
class NotListsTest {
    private static final SwleSettings WITHOUT = SwleSettings.defaults()
            .withAdditions(EnumSet.complementOf(EnumSet.of(Addition.NOT_LISTS)));

    /** Doxygen's prototype of a function of three parameters, as Debian's libsfml-doc ships it (cut down). */
    private static final String PROTOTYPE = "<html><body><div class=\"memproto\"><table class=\"memname\">"
            + "<tr><td class=\"memname\">sf::Color::Color </td><td>(</td><td class=\"paramtype\">Uint8&#160;</td>"
            + "<td class=\"paramname\"><em>red</em>, </td></tr>"
            + "<tr><td class=\"paramkey\"></td><td></td><td class=\"paramtype\">Uint8&#160;</td>"
            + "<td class=\"paramname\"><em>green</em>, </td></tr>"
            + "<tr><td class=\"paramkey\"></td><td></td><td class=\"paramtype\">Uint8&#160;</td>"
            + "<td class=\"paramname\"><em>blue</em>, </td></tr>"
            + "<tr><td class=\"paramkey\"></td><td></td><td class=\"paramtype\">Uint8&#160;</td>"
            + "<td class=\"paramname\"><em>alpha</em> = <code>255</code>&#160;</td></tr>"
            + "<tr><td></td><td>)</td><td></td><td></td></tr></table></div></body></html>";

    @Test
    void aPrototypeWrappedOneParameterToARowIsNoList() {
        assertFalse(new SwleExtractor(WITHOUT).extract(PROTOTYPE).isEmpty(), "SWLE alone takes the rows for a list");
        assertTrue(new SwleExtractor(SwleSettings.defaults()).extract(PROTOTYPE).isEmpty());
    }

    @Test
    void wrappedRowsOpenAParenthesisThatOnlyTheLastCloses() {
        assertTrue(NotLists.wrapped(List.of(List.of("f", "(", "int a,"), List.of("", "", "int b"), List.of(")"))));
        assertFalse(NotLists.wrapped(List.of(List.of("f (int a)", "x"), List.of("g (int b)", "y"),
                List.of("h (int c)", "z"))), "each row complete: a list of signatures");
        assertFalse(NotLists.wrapped(List.of(List.of("(a"), List.of(")"), List.of("(b"), List.of(")"))),
                "closed before the last row: not one expression");
    }

    /** Sphinx's sidebar: blocks of a navigation landmark, each a heading and a numbered link. */
    private static final String SIDEBAR = "<html><body><div class=\"sphinxsidebar\" role=\"navigation\">"
            + "<div class=\"sphinxsidebarwrapper\">"
            + "<div><h3><a href=\"index.html\">Table of Contents</a></h3><ul><li><a href=\"#\">4. Resources</a>"
            + "<ul><li><a href=\"#m\">4.1. Mailing lists</a></li><li><a href=\"#i\">4.2. IRC channels</a></li>"
            + "<li><a href=\"#d\">4.3. Documentation</a></li></ul></li></ul></div>"
            + "<div><h4>Previous topic</h4><p><a href=\"d.html\">3. Developer's Duties</a></p></div>"
            + "<div><h4>Next topic</h4><p><a href=\"p.html\">5. Managing Packages</a></p></div>"
            + "</div></div></body></html>";

    @Test
    void theBlocksOfANavigationLandmarkAreNoListTheTableOfContentsInsideIsOne() {
        List<ExtractedList> without = new SwleExtractor(WITHOUT).extract(SIDEBAR);
        assertTrue(without.stream().anyMatch(l -> l.rows().toString().contains("Previous topic")), without.toString());
        List<ExtractedList> lists = new SwleExtractor(SwleSettings.defaults()).extract(SIDEBAR);
        assertEquals(1, lists.size(), lists.toString());
        assertEquals(List.of("4.1", "Mailing lists"), lists.get(0).rows().get(0));
    }

    @Test
    void aLandmarkIsNavOrRoleNavigationAndItsWrapper() {
        var doc = Jsoup.parse(SIDEBAR);
        assertTrue(NotLists.navigationBlocks(doc.selectFirst("div.sphinxsidebarwrapper")));
        assertTrue(NotLists.navigationBlocks(doc.selectFirst("div.sphinxsidebar")));
        assertFalse(NotLists.navigationBlocks(doc.selectFirst("ul ul")), "deeper: a list of its own");
        assertTrue(NotLists.navigationBlocks(Jsoup.parse("<nav><a>x</a></nav>").selectFirst("nav")));
    }
    /** A change log's bullets: xterm's patch #323, as Debian's xterm 379 ships {@code xterm.log.html}. */
    private static final String CHANGES = "<html><body><h1>Patch #323 - 2016/03/07</h1><ul>"
            + "<li>updated appdata and desktop files to add keywords (report by Richard Hughes).</li>"
            + "<li>modify configure macro <code>CF_POSIX_C_SOURCE</code> to accommodate some systems, e.g., FreeBSD, "
            + "which have separated their implementation specific preprocessor symbols from the POSIX ones, requiring "
            + "both to be defined (report by Juha Nurmela).</li>"
            + "<li>change the directory to the current working dir of the child process in exec-formatted and "
            + "exec-selectable actions (patch by Alexander Pohoyda).</li>"
            + "<li>correct typo in xterm.man (patch by Larry Hynes).</li>"
            + "<li>correct typo in ctlseqs.ms (report by Shriramana Sharma).</li>"
            + "<li>add feature to support XHTML and SVG screen dumps (patch by Jens Schweikhardt).</li>"
            + "<li>correct response to DECRQSS when terminal id is less than 400 (patch by Iwamoto Kouichi).</li>"
            + "</ul></body></html>";

    @Test
    void afewItemsOfAListThatShareSomePunctuationAreNoList() {
        assertTrue(new SwleExtractor(SwleSettings.defaults()).extract(CHANGES).isEmpty(),
                "a few of seven running sentences share '( … ).' by chance");
        assertFalse(new SwleExtractor(WITHOUT).extract(CHANGES).isEmpty(), "SWLE alone derives a group of them");
    }

    @Test
    void aGroupOfHalfTheItemsOrMoreStaysAList() {
        String glossary = "<html><body><ul><li>abort (verb): stop a transaction.</li><li>commit (verb): make it last."
                + "</li><li>rollback (noun): the undoing of a transaction.</li><li>see also the index</li></ul>"
                + "</body></html>";
        List<ExtractedList> lists = new SwleExtractor(SwleSettings.defaults()).extract(glossary);
        assertEquals(1, lists.size(), lists.toString());
        assertEquals(3, lists.get(0).rows().size());
    }
    @Test
    void headingsAmongTheBlocksTheyTitleAreNoList() throws java.io.IOException {
        // Node.js's readline page as Debian's nodejs-doc ships it (the held-out half's page): a heading per class,
        // event and method ("Event: 'close' #"), each over its section's blocks, all children of one element
        String page = java.nio.file.Files.readString(
                java.nio.file.Path.of("src/test/resources/lists-heldout/pages/nodejs-readline.html"));
        java.util.function.Predicate<ExtractedList> headings = l -> l.rows().stream()
                .anyMatch(r -> String.join(" ", r).startsWith("Event"));
        assertTrue(new SwleExtractor(WITHOUT).extract(page).stream().anyMatch(headings),
                "SWLE alone derives lists of the headings, which share ':' and '#'");
        assertFalse(new SwleExtractor(SwleSettings.defaults()).extract(page).stream().anyMatch(headings),
                "each heading titles its section: no list of them");
    }
}
