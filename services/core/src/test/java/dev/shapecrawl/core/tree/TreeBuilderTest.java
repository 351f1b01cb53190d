package dev.shapecrawl.core.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The seed labelling rules (specification §3.2) on small snippets. */
class TreeBuilderTest {

    private final LabelDictionary dictionary = new LabelDictionary();
    private final TreeBuilder seed = TreeBuilder.seed(dictionary);

    private String term(String html) {
        return term(seed, html);
    }

    private static String term(TreeBuilder builder, String html) {
        return HtmlTrees.tree(html, "https://example.org/", builder).toTerm(10_000);
    }

    @Test
    void buildsTheSpecificationsWorkedExample() {
        assertEquals("html(head(title(#text)),body(div(#text),ul(li(#text),li(#text))))",
                term("<!DOCTYPE html><html><head><title>Jazz</title></head>"
                        + "<body><div>Artists</div><ul><li>Miles</li><li>Coltrane</li></ul></body></html>"));
    }

    @Test
    void labelsElementsByLowerCaseTagAndIgnoresAttributes() {
        assertEquals("html(head,body(div(span(#text)),table(tbody(tr(td)))))",
                term("<DIV class=a id=b><SPAN style='x'>t</SPAN></DIV><table><tr><td></td></tr></table>"));
    }

    @Test
    void replacesTextByOneLeafAndDropsBlankText() {
        assertEquals(term("<p>Miles Davis</p>"), term("<p>John Coltrane, tenor</p>"));
        assertEquals("html(head,body(p,p(#text)))", term("<p>  \n\t </p><p> x </p>"));
        assertEquals("html(head,body(p(#text,b(#text),#text)))", term("<p>a<b>bold</b>c</p>"));
    }

    @Test
    void dropsCommentsAndDoctypeAndMergesTheTextAroundThem() {
        assertEquals("html(head,body(p(#text)))", term("<!DOCTYPE html><!-- top --><p>a<!-- c -->b</p>"));
        assertEquals(term("<p>ab</p>"), term("<p>a<!-- c -->b</p>"));
        assertEquals("html(head,body(p(#text)))", term("<p><!-- only a comment -->x</p>"));
    }

    @Test
    void keepsScriptsAndStylesAsLeavesWithoutContent() {
        String html = "<head><style>p { color: red }</style><script>var x = '<b>';</script></head>"
                + "<body><p>a<script>1</script>b</p></body>";
        assertEquals("html(head(style,script),body(p(#text,script,#text)))", term(html));
    }

    @Test
    void dropsScriptsAndStylesWhenConfigured() {
        TreeBuilder dropping = new TreeBuilder(dictionary, new TagOnlyLabeller(true), TreeBuilder.DEFAULT_MAX_NODES);
        String html = "<head><style>p{}</style><script>x</script></head><body><p>a<script>1</script>b</p></body>";
        // With the script gone, "a" and "b" are adjacent text: one leaf.
        assertEquals("html(head,body(p(#text)))", term(dropping, html));
    }

    @Test
    void keepsTitleAndTextareaTextAsTextLeaves() {
        assertEquals("html(head(title(#text)),body(textarea(#text)))",
                term("<title>T</title><textarea><b>not markup</b></textarea>"));
    }

    @Test
    void repairsMalformedMarkupLikeABrowser() {
        assertEquals("html(head,body(p(#text),p(#text)))", term("<p>one<p>two"));
        assertEquals("html(head,body)", term(""));
    }

    @Test
    void buildsFromAnElementAndRefusesADroppedRoot() {
        Document document = HtmlTrees.parse("<ul><li>a</li><li>b</li></ul>", "");
        assertEquals("ul(li(#text),li(#text))", seed.build(document.selectFirst("ul")).toTerm(100));

        Labeller dropsLists = new Labeller() {
            @Override
            public String label(Node node) {
                return node instanceof Element e && e.normalName().equals("ul") ? null : Labeller.tagOnly().label(node);
            }

            @Override
            public boolean descendInto(Element element) {
                return true;
            }
        };
        TreeBuilder builder = new TreeBuilder(dictionary, dropsLists, 10);
        assertThrows(IllegalArgumentException.class, () -> builder.build(document.selectFirst("ul")));
        assertEquals("html(head,body)", builder.build(document).toTerm(100));
    }

    @Test
    void acceptsOtherLabellers() {
        Labeller tagAndClass = new Labeller() {
            @Override
            public String label(Node node) {
                String tag = Labeller.tagOnly().label(node);
                return node instanceof Element e && tag != null && !e.className().isEmpty()
                        ? tag + "." + e.className() : tag;
            }

            @Override
            public boolean descendInto(Element element) {
                return Labeller.tagOnly().descendInto(element);
            }
        };
        TreeBuilder builder = new TreeBuilder(dictionary, tagAndClass, 100);
        assertEquals("html(head,body(div.card(#text)))", term(builder, "<div class=card>x</div>"));
    }

    @Test
    void stopsAtTheNodeLimitWithAPreOrderPrefix() {
        String html = "<ul><li>a</li><li>b</li><li>c</li></ul>";
        LabelledTree full = HtmlTrees.tree(html, "", seed);
        assertEquals("html(head,body(ul(li(#text),li(#text),li(#text))))", full.toTerm(100));
        assertFalse(full.truncated());

        LabelledTree exact = HtmlTrees.tree(html, "", new TreeBuilder(dictionary, Labeller.tagOnly(), 10));
        assertEquals(10, exact.nodeCount());
        assertFalse(exact.truncated());

        LabelledTree cut = HtmlTrees.tree(html, "", new TreeBuilder(dictionary, Labeller.tagOnly(), 6));
        assertEquals("html(head,body(ul(li(#text))))", cut.toTerm(100));
        assertEquals(6, cut.nodeCount());
        assertTrue(cut.truncated());
        for (int node = 0; node < cut.nodeCount(); node++) {
            assertEquals(full.labelId(node), cut.labelId(node));
            assertEquals(full.parent(node), cut.parent(node));
        }

        assertEquals("html", HtmlTrees.tree(html, "", new TreeBuilder(dictionary, Labeller.tagOnly(), 1)).toTerm(9));
        assertThrows(IllegalArgumentException.class, () -> new TreeBuilder(dictionary, Labeller.tagOnly(), 0));
    }

    @Test
    @Timeout(60)
    void walksAHundredThousandLevelDomWithoutRecursion() {
        // jsoup's parser caps depth, so build the DOM directly: our walk must not depend on that cap. Bottom-up,
        // because appending below a deep element makes jsoup walk up to the document every time (quadratic).
        Element chain = new Element("div").appendText("bottom");
        for (int level = 1; level < 100_000; level++) {
            chain = new Element("div").appendChild(chain);
        }
        Document document = HtmlTrees.parse("", "");
        document.body().appendChild(chain);

        LabelledTree tree = seed.build(document);

        assertEquals(3 + 100_000 + 1, tree.nodeCount()); // html, head, body, the divs, #text
        assertEquals(100_002, tree.height());
        assertEquals("#text", tree.label(tree.nodeCount() - 1));
        assertFalse(tree.truncated());

        LabelledTree cut = new TreeBuilder(dictionary, Labeller.tagOnly(), 50_000).build(document);
        assertEquals(50_000, cut.nodeCount());
        assertTrue(cut.truncated());
    }
}
