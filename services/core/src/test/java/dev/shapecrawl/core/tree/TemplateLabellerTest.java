package dev.shapecrawl.core.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class TemplateLabellerTest {

    private final TreeBuilder builder =
            new TreeBuilder(new LabelDictionary(), TemplateLabeller.INSTANCE, TreeBuilder.DEFAULT_MAX_NODES);

    private String term(String html) {
        return HtmlTrees.tree(html, null, builder).toTerm(10_000);
    }

    @Test
    void labelsAreTagPlusSortedStableClassTokens() {
        assertEquals("html(body.class-declaration-page(div.b.flex-box(#text)))",
                term("<body class='class-declaration-page'><div class=' flex-box  B b '>x</div>"));
    }

    @Test
    void digitRunsBecomeHashAndDataLikeTokensAreDropped() {
        assertEquals("html(body(td.navbarcell#(#text),div.post.postid-#(#text),p(#text)))",
                term("<table><tr><td class='NavBarCell1'>a</td></tr></table><div class='post postid-123'>b</div>"
                        + "<p class='12345 a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1'>c</p>")
                        .replace("table(tbody(tr(", "").replace("))),div", ",div"));
        assertEquals("navbarcell#", TemplateLabeller.normaliseToken("navbarcell1"));
        assertNull(TemplateLabeller.normaliseToken("x123"));
        assertEquals("col-md-#", TemplateLabeller.normaliseToken("col-md-6"));
    }

    @Test
    void dropsHeadScriptsAndInvisibleElements() {
        assertEquals("html(body(p(#text)))", term("<html><head><title>t</title><link rel=x></head><body>"
                + "<script>x()</script><noscript><p>n</p></noscript><style>p{}</style><p>text</p><!-- c --></body>"));
    }
}
