package dev.shapecrawl.core.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Hostile pages: trees are built in bounded time and size, without {@link StackOverflowError}. Timings are printed
 * for the record, never asserted; {@link Timeout} only guards against hangs.
 */
@Timeout(60)
class HtmlTreesHostileInputTest {

    private static final int MIB = 1 << 20;

    private final TreeBuilder seed = TreeBuilder.seed(new LabelDictionary());

    private LabelledTree timedTree(String what, String html) {
        long start = System.nanoTime();
        Document document = HtmlTrees.parse(html, "https://example.org/");
        long parsed = System.nanoTime();
        LabelledTree tree = seed.build(document);
        long built = System.nanoTime();
        System.out.printf("hostile input %-32s %,11d chars: parse %,6d ms, build %,5d ms -> %s%n", what,
                html.length(), (parsed - start) / 1_000_000, (built - parsed) / 1_000_000, tree);
        return tree;
    }

    @Test
    void tenMebibytesOfMarkupStopAtTheNodeLimit() {
        StringBuilder html = new StringBuilder("<!DOCTYPE html><html><head><title>big</title></head><body>");
        for (int row = 0; html.length() < 10 * MIB; row++) {
            html.append("<div class=\"row\"><a href=\"/item/").append(row).append("\">Item ").append(row)
                    .append("</a><span>description ").append(row).append("</span><!-- c --><ul><li>x</li><li>y")
                    .append("</li></ul></div>\n");
        }
        html.append("</body></html>");

        LabelledTree tree = timedTree("10 MiB of rows", html.toString());

        assertEquals(TreeBuilder.DEFAULT_MAX_NODES, tree.nodeCount());
        assertTrue(tree.truncated());
        assertEquals("html", tree.label(0));
    }

    @Test
    void tenMebibytesOfUnclosedDivsAreFlattenedByTheParser() {
        LabelledTree tree = timedTree("10 MiB of unclosed <div>", "<div>".repeat(2 * MIB));

        assertEquals(TreeBuilder.DEFAULT_MAX_NODES, tree.nodeCount());
        assertTrue(tree.truncated());
        assertTrue(tree.height() <= HtmlTrees.DEFAULT_MAX_DEPTH, "height " + tree.height());
    }

    @Test
    void aHundredThousandNestedDivsAreCappedAtTheParsersDepth() {
        String html = "<div>".repeat(100_000) + "x" + "</div>".repeat(100_000);

        LabelledTree tree = timedTree("100,000 nested <div>", html);

        assertEquals(3 + 100_000 + 1, tree.nodeCount()); // html, head, body, every div, one #text: nothing lost
        assertFalse(tree.truncated());
        assertTrue(tree.height() <= HtmlTrees.DEFAULT_MAX_DEPTH, "height " + tree.height());
        assertTrue(tree.height() >= HtmlTrees.DEFAULT_MAX_DEPTH - 2, "height " + tree.height());
    }

    @Test
    void aDeeperParserLimitIsHonoured() {
        String html = "<div>".repeat(5_000) + "x";

        LabelledTree shallow = seed.build(HtmlTrees.parse(html, "", 64));
        LabelledTree deep = seed.build(HtmlTrees.parse(html, "", 10_000));

        assertTrue(shallow.height() <= 64, "height " + shallow.height());
        assertEquals(5_000 + 2, deep.height()); // body at depth 1, divs below, #text under the last div
        assertEquals(shallow.nodeCount(), deep.nodeCount());
        assertThrows(IllegalArgumentException.class, () -> HtmlTrees.parse(html, "", 0));
    }

    @Test
    void anEmptyPageIsTheSkeletonJsoupCreates() {
        LabelledTree tree = timedTree("empty string", "");

        assertEquals("html(head,body)", tree.toTerm(100));
        assertEquals(3, HtmlTrees.tree("   \n", null, seed).nodeCount());
        assertThrows(NullPointerException.class, () -> HtmlTrees.parse(null, ""));
    }

    @Test
    void binaryBytesDecodedAsLatin1BuildABoundedTree() {
        byte[] bytes = new byte[4 * MIB];
        new Random(42).nextBytes(bytes);

        LabelledTree tree = timedTree("4 MiB random bytes (ISO-8859-1)", new String(bytes, StandardCharsets.ISO_8859_1));

        assertEquals("html", tree.label(0));
        assertTrue(tree.nodeCount() >= 3 && tree.nodeCount() <= TreeBuilder.DEFAULT_MAX_NODES,
                "nodes " + tree.nodeCount());
        assertTrue(tree.height() <= HtmlTrees.DEFAULT_MAX_DEPTH + 1, "height " + tree.height());
    }

    @Test
    void aMillionTinyTagsAndTextStopAtTheNodeLimit() {
        LabelledTree tree = timedTree("1M x '<b>t</b>' (~8 MiB)", "<b>t</b>".repeat(1 << 20));

        assertEquals(TreeBuilder.DEFAULT_MAX_NODES, tree.nodeCount());
        assertTrue(tree.truncated());
    }
}
