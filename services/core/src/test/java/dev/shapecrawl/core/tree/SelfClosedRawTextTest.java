package dev.shapecrawl.core.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

class SelfClosedRawTextTest {
    private static final String XHTML_DOCTYPE = "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.1//EN\" "
            + "\"http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd\">\n";
    private static final String BODY = "<html lang=\"en\"><head><title>Formats</title></head><body>"
            + "<iframe src=\"https://example.invalid/button\" title=\"Sponsor\" style=\"border: 0;\"/>"
            + "<table><tr><th>Tag</th><th>Mode</th></tr><tr><td>PNG</td><td>RW</td></tr></table>"
            + "<script src=\"site.js\" /><p>after the script</p></body></html>";

    @Test
    void anXhtmlPagesSelfClosedFrameNoLongerHidesTheRestOfThePage() {
        Document doc = HtmlTrees.parse(XHTML_DOCTYPE + BODY, null);
        assertEquals(1, doc.select("table tr").size() - 1, "the table's data row is in the document");
        assertEquals("PNG", doc.select("td").first().text());
        assertEquals("", doc.selectFirst("iframe").text());
        assertEquals("after the script", doc.selectFirst("p").text(), "the self-closed script is empty too");
    }

    @Test
    void aPageThatDoesNotDeclareXhtmlIsReadAsABrowserReadsIt() {
        Document doc = HtmlTrees.parse("<!DOCTYPE html>" + BODY, null);
        assertTrue(doc.select("td").isEmpty(), "HTML parsing reads the rest of the page as the frame's text");
        assertTrue(doc.selectFirst("iframe").data().contains("<td>PNG</td>"));
    }

    @Test
    void theNamespaceOrAnXmlDeclarationDeclareXhtmlToo() {
        assertTrue(SelfClosedRawText.declaresXhtml("<?xml version=\"1.0\"?>\n<html>"));
        assertTrue(SelfClosedRawText.declaresXhtml("<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>"));
        assertTrue(SelfClosedRawText.declaresXhtml(XHTML_DOCTYPE));
        assertFalse(SelfClosedRawText.declaresXhtml("<!DOCTYPE html><p>xhtml is mentioned in the text</p>"));
        assertFalse(SelfClosedRawText.declaresXhtml("<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.01//EN\">"));
    }

    @Test
    void onlySelfClosedRawTextElementsChangeAndOtherPagesAreTheSameString() {
        String plain = "<!DOCTYPE html><p>a<br/>b</p><iframe src=\"x\"/><p>c</p>";
        assertSame(plain, SelfClosedRawText.repair(plain));
        String xhtml = XHTML_DOCTYPE + "<body><br/><img src=\"a.png\"/><iframe src=\"x\"></iframe>"
                + "<TEXTAREA name=\"t\"/><title/></body>";
        assertEquals(XHTML_DOCTYPE + "<body><br/><img src=\"a.png\"/><iframe src=\"x\"></iframe>"
                + "<TEXTAREA name=\"t\"></TEXTAREA><title></title></body>", SelfClosedRawText.repair(xhtml));
    }
}
