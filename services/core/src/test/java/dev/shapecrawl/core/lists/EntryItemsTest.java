package dev.shapecrawl.core.lists;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/** Issue 20: reference entries read as rows of named parts ({@link Addition#ENTRIES}). */
class EntryItemsTest {
    /**
     * GTK-Doc's function details (as in GLib's manual): a run of {@code div.refsect2}, each a heading, a prototype,
     * description paragraphs, "Parameters" and "Returns" sub-sections where the function has them, and a
     * "Since:" paragraph where it has one; rules between them, the section's heading before.
     */
    private static String functionDetails() {
        StringBuilder sb = new StringBuilder("<html><body><div class=\"refsect1\"><a name=\"f\"></a><h2>Functions</h2>");
        String[][] functions = {
                {"g_base64_encode ()", "gchar * g_base64_encode (const guchar *data, gsize len);",
                        "Encode a sequence of binary data into its Base-64 stringified representation.",
                        "data: the binary data to encode", "a newly allocated, zero-terminated string", "2.12"},
                {"g_base64_decode_inplace ()", "guchar * g_base64_decode_inplace (gchar *text, gsize *out_len);",
                        "Decode a sequence of Base-64 encoded text in place.", "text: zero-terminated string",
                        "The binary data", null},
                {"g_hash_table_destroy ()", "void g_hash_table_destroy (GHashTable *hash_table);",
                        "Destroys all keys and values in the GHashTable and decrements its reference count by 1.",
                        "hash_table: a GHashTable", null, "2.10"},
                {"g_hash_table_freeze ()", "#define g_hash_table_freeze(hash_table)",
                        "This function is deprecated and will be removed in the next major release of GLib.",
                        null, null, null}};
        for (String[] f : functions) {
            sb.append("<div class=\"refsect2\"><a name=\"x\"></a><h3>").append(f[0]).append("</h3>")
                    .append("<pre class=\"programlisting\">").append(f[1]).append("</pre>")
                    .append("<p>").append(f[2]).append("</p><p>See also the other functions.</p>");
            if (f[3] != null) {
                String[] param = f[3].split(": ");
                sb.append("<div class=\"refsect3\"><a name=\"p\"></a><h4>Parameters</h4><div class=\"informaltable\">")
                        .append("<table><tr><td><p>").append(param[0]).append("</p></td><td><p>").append(param[1])
                        .append("</p></td></tr></table></div></div>");
            }
            if (f[4] != null) {
                sb.append("<div class=\"refsect3\"><a name=\"r\"></a><h4>Returns</h4><p>").append(f[4])
                        .append("</p></div>");
            }
            if (f[5] != null) {
                sb.append("<p class=\"since\">Since: <a href=\"api-index.html\">").append(f[5]).append("</a></p>");
            }
            sb.append("</div><hr>");
        }
        return sb.append("</div></body></html>").toString();
    }

    @Test
    void functionDetailsAreOneListWhoseNamedPartsNameTheColumns() {
        List<ExtractedList> lists = new SwleExtractor(SwleSettings.defaults()).extract(functionDetails());
        ExtractedList details = lists.stream().filter(l -> l.fields().contains("Parameters")).findFirst()
                .orElseThrow(() -> new AssertionError(lists.toString()));
        assertEquals(4, details.rows().size(), details.toString());
        List<String> fields = details.fields();
        assertTrue(fields.containsAll(List.of("Parameters", "Returns", "Since")), fields.toString());
        List<String> first = details.rows().get(0);
        assertEquals("g_base64_encode ()", first.get(0));
        assertEquals("data the binary data to encode", first.get(fields.indexOf("Parameters")),
                "a sub-section's text without its heading, its table included");
        assertEquals("2.12", first.get(fields.indexOf("Since")), "a label's value without the label");
        assertTrue(first.contains("Encode a sequence of binary data into its Base-64 stringified representation."
                + " See also the other functions."), "the description's paragraphs are one cell: " + first);
        List<String> freeze = details.rows().get(3);
        assertEquals("", freeze.get(fields.indexOf("Returns")), "a part an entry lacks is an empty cell: " + freeze);
        assertEquals("", freeze.get(fields.indexOf("Since")));
        assertEquals("", details.rows().get(1).get(fields.indexOf("Since")));
        assertEquals("2.10", details.rows().get(2).get(fields.indexOf("Since")));
    }

    @Test
    void withoutEntriesNoColumnIsNamedByAPart() {
        SwleSettings without = SwleSettings.defaults().withAdditions(EnumSet.complementOf(EnumSet.of(Addition.ENTRIES)));
        List<ExtractedList> lists = new SwleExtractor(without).extract(functionDetails());
        assertTrue(lists.stream().noneMatch(l -> l.fields().contains("Parameters")), lists.toString());
    }

    @Test
    void propertyDetailsAreNamedByTheirRepeatedLabels() {
        StringBuilder sb = new StringBuilder("<div>");
        for (String[] p : new String[][]{{"enabled", "gboolean", "Read / Write", "TRUE"},
                {"name", "char *", "Read / Write / Construct Only", null}, {"state", "GVariant *", "Read", "NULL"}}) {
            sb.append("<div class=\"refsect2\"><h3>The “").append(p[0]).append("” property</h3><pre>“")
                    .append(p[0]).append("” ").append(p[1]).append("</pre><p>What the property holds.</p>")
                    .append("<p>Owner: GSimpleAction</p><p>Flags: ").append(p[2]).append("</p>");
            if (p[3] != null) {
                sb.append("<p>Default value: ").append(p[3]).append("</p>");
            }
            sb.append("</div>");
        }
        Element parent = Jsoup.parse(sb + "</div>").body().child(0);
        Map<Element, EntryItems.Layout> entries = EntryItems.of(parent, 3);
        assertEquals(3, entries.size());
        EntryItems.Layout layout = entries.values().iterator().next();
        assertEquals(List.of("", "", "", "Owner", "Flags", "Default value"), layout.names());
        assertEquals(Arrays.asList("The “name” property", "“name” char *", "What the property holds.",
                "GSimpleAction", "Read / Write / Construct Only", null), EntryItems.cells(parent.child(1), layout));
    }

    @Test
    void aFlatSubHeadingNamesTheBlocksAfterIt() {
        StringBuilder sb = new StringBuilder("<div>");
        for (String name : List.of("open", "read", "close")) {
            sb.append("<section class=\"function\"><h2>").append(name).append("(2)</h2><p>Summary of ").append(name)
                    .append(".</p><h3>Errors</h3><p>EBADF when the descriptor is bad.</p><p>EINTR too.</p></section>");
        }
        Element parent = Jsoup.parse(sb + "</div>").body().child(0);
        EntryItems.Layout layout = EntryItems.of(parent, 3).get(parent.child(0));
        assertEquals(List.of("", "", "Errors"), layout.names());
        assertEquals(List.of("read(2)", "Summary of read.", "EBADF when the descriptor is bad. EINTR too."),
                EntryItems.cells(parent.child(1), layout));
    }

    @Test
    void sectionsOfProseWithHeadingsButNoPartsInCommonAreNoEntries() {
        StringBuilder sb = new StringBuilder("<div>");
        String[] subs = {"History", "Usage", "Licence", "Authors"};
        for (int i = 0; i < 4; i++) {
            sb.append("<div class=\"section\"><h2>Chapter ").append(i).append("</h2><p>What the chapter says.")
                    .append("</p><div class=\"section\"><h3>").append(subs[i]).append("</h3><p>Text.</p></div></div>");
        }
        Element parent = Jsoup.parse(sb + "</div>").body().child(0);
        assertTrue(EntryItems.of(parent, 3).isEmpty(), "a label or sub-heading that no two sections share names nothing");
        Element noHeading = Jsoup.parse("<div><div class=\"e\"><p>Since: 1</p><p>x</p></div>"
                + "<div class=\"e\"><p>Since: 2</p><p>y</p></div><div class=\"e\"><p>Since: 3</p><p>z</p></div></div>")
                .body().child(0);
        assertTrue(EntryItems.of(noHeading, 3).isEmpty(), "an entry opens with a heading");
    }

    @Test
    void numberedSectionsWithSubSectionsNamedAlikeAreChaptersNotEntries() {
        StringBuilder sb = new StringBuilder("<div>");
        String[] languages = {"Python", "Perl", "Ruby", "Lua"};
        for (int i = 0; i < languages.length; i++) {
            sb.append("<div class=\"sect3\"><h4>2.2.").append(i + 1).append(". ").append(languages[i])
                    .append("</h4><div class=\"sect4\"><h5>Module</h5><p>How to import it.</p></div>")
                    .append("<div class=\"sect4\"><h5>Functions</h5><p>How functions are called.</p></div></div>");
        }
        Element numbered = Jsoup.parse(sb + "</div>").body().child(0);
        assertTrue(EntryItems.of(numbered, 3).isEmpty(), "a document's numbered sections");
        Element unnumbered = Jsoup.parse(sb.toString().replaceAll("2\\.2\\.[0-9]\\. ", "") + "</div>").body().child(0);
        assertEquals(List.of("", "Module", "Functions"), EntryItems.of(unnumbered, 3).get(unnumbered.child(0)).names(),
                "the same sections without numbers read as entries");
    }

    @Test
    void aLabelOnlyOneEntryGivesIsNoColumnName() {
        StringBuilder sb = new StringBuilder("<div>");
        for (int i = 0; i < 3; i++) {
            sb.append("<div class=\"entry\"><h3>f").append(i).append("</h3>")
                    .append(i == 0 ? "<p>Note: only here.</p>" : "<p>Plain text.</p>")
                    .append("<p>Since: 1.").append(i).append("</p></div>");
        }
        Element parent = Jsoup.parse(sb + "</div>").body().child(0);
        EntryItems.Layout layout = EntryItems.of(parent, 3).get(parent.child(0));
        assertFalse(layout.names().contains("Note"), layout.toString());
        assertEquals(List.of("", "", "Since"), layout.names());
        assertEquals(List.of("f0", "Note: only here.", "1.0"), EntryItems.cells(parent.child(0), layout),
                "an unnamed paragraph keeps its text whole");
        assertNull(EntryItems.of(parent, 4).get(parent.child(0)), "fewer entries than RL are no group");
    }
}
