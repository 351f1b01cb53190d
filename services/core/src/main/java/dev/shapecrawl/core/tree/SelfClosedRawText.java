package dev.shapecrawl.core.tree;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * XHTML's self-closed raw-text elements, read as their author wrote them. A page written as XHTML (an XHTML
 * doctype, an XML declaration or the XHTML namespace) and served as HTML may close an element in XML's way:
 * {@code <iframe src="…"/>}, {@code <script src="…"/>}. The HTML parsing algorithm (WHATWG HTML §13.2.6.4.7, "A
 * start tag whose tag name is iframe": the generic raw text element parsing algorithm) ignores the {@code /}, so a
 * browser and jsoup read everything after such a tag, up to an end tag that never comes, as the element's text: the
 * rest of the page is gone from the document. Measured on the ImageMagick site's formats page as Debian ships it
 * (issue 20's held-out half): its five tables of formats sat in the text of a self-closed sponsor {@code iframe}.
 *
 * <p>In a page that declares XHTML, such a tag is rewritten as a start tag followed by its end tag, which is what
 * the XHTML author meant and what an XML parser reads. Pages that do not declare XHTML are read as browsers read
 * them. Linear in the page's length; pure; thread-safe.
 */
public final class SelfClosedRawText {
    /** How many characters at the start of a page are looked at for a declaration of XHTML. */
    static final int DECLARATION_WINDOW = 4_096;

    /**
     * A self-closed start tag of an element whose content HTML parses as raw or escapable raw text (WHATWG HTML
     * §13.1.2): iframe, noembed, noframes, xmp, script, style, textarea, title. {@code noscript} is left out: jsoup
     * parses its content as markup.
     */
    private static final Pattern SELF_CLOSED = Pattern.compile(
            "<(iframe|noembed|noframes|xmp|script|style|textarea|title)((?:\\s[^<>]*?)?)/>",
            Pattern.CASE_INSENSITIVE);

    private SelfClosedRawText() {
    }

    /**
     * The page with every self-closed raw-text element written as an empty element, when it declares XHTML.
     *
     * @param html the page source
     * @return the same string when the page does not declare XHTML or has no such tag; else the repaired source
     */
    public static String repair(String html) {
        if (html.indexOf("/>") < 0 || !declaresXhtml(html)) {
            return html;
        }
        Matcher m = SELF_CLOSED.matcher(html);
        if (!m.find()) {
            return html;
        }
        StringBuilder sb = new StringBuilder(html.length() + 64);
        do {
            m.appendReplacement(sb, "");
            sb.append('<').append(m.group(1)).append(m.group(2)).append("></").append(m.group(1)).append('>');
        } while (m.find());
        m.appendTail(sb);
        return sb.toString();
    }

    /** Whether the page's start declares XHTML: an XML declaration, an XHTML doctype or the XHTML namespace. */
    static boolean declaresXhtml(String html) {
        // the prolog up to the end of the html start tag (or the window): a declaration comes before the content
        String head = html.substring(0, Math.min(html.length(), DECLARATION_WINDOW)).toLowerCase(Locale.ROOT);
        int htmlTag = head.indexOf("<html");
        int close = htmlTag < 0 ? -1 : head.indexOf('>', htmlTag);
        if (close >= 0) {
            head = head.substring(0, close + 1);
        }
        int doctype = head.indexOf("<!doctype");
        return head.stripLeading().startsWith("<?xml")
                || doctype >= 0 && head.indexOf("xhtml", doctype) > doctype
                    && head.indexOf("xhtml", doctype) < head.indexOf('>', doctype)
                || head.contains("http://www.w3.org/1999/xhtml");
    }
}
