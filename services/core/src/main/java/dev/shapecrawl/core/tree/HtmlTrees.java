package dev.shapecrawl.core.tree;

import java.util.Objects;
import org.jsoup.nodes.Document;
import org.jsoup.parser.Parser;

/**
 * Parses HTML with jsoup under limits, and builds trees from HTML strings.
 *
 * <p>The parser is jsoup's lenient HTML5 parser ({@link Parser#htmlParser()}), which repairs any markup into a
 * tree (specification §3.2, rule 1). Its one structural limit is the element nesting depth
 * ({@link Parser#setMaxDepth(int)}, jsoup ≥ 1.21): a start tag that would nest deeper than {@code maxDepth} open
 * elements (jsoup counts its own stack, which includes {@code html} and {@code body}) first closes the deepest
 * open element, so excess nesting is <em>flattened into siblings</em> at the maximum depth; no content is lost.
 * Without the limit jsoup's end-tag scope searches make deep nesting quadratic: measured on 100,000 nested
 * {@code <div>}s, about 17 s unlimited versus under 0.5 s at the default of 512. We set the depth explicitly so
 * a jsoup upgrade cannot change it silently.
 *
 * <p>A page that declares XHTML is read as its author wrote it where HTML parsing would lose the rest of the page
 * behind a self-closed raw-text element such as {@code <iframe/>} ({@link SelfClosedRawText}).
 *
 * <p>Input size is not limited here: the fetcher caps bodies ({@code PageFetched.truncated}), and
 * {@link TreeBuilder} caps the tree. Measured on a developer machine (JDK 17, jsoup 1.23.2; see
 * {@code HtmlTreesHostileInputTest}, which prints these): 10 MiB of list rows (about a million DOM nodes) parse in
 * 0.6–1.1 s and build in 0.2–0.6 s into a tree cut at 200,000 nodes; 10 MiB of unclosed {@code <div>}s parse in
 * 3–4 s (the depth limit flattens them); 100,000 nested {@code <div>}s parse in under 0.2 s and build in under
 * 10 ms into 100,004 nodes of height 512; 4 MiB of random bytes read as ISO-8859-1 parse in 0.2–0.3 s. jsoup's
 * parser is iterative, so none of these overflows the stack.
 *
 * <p>Thread-safe: every call uses a new jsoup parser (jsoup parsers are not thread-safe).
 */
public final class HtmlTrees {

    /** Default element nesting depth for jsoup: 512, jsoup's own default, made explicit. */
    public static final int DEFAULT_MAX_DEPTH = 512;

    private HtmlTrees() {
    }

    /**
     * Parses HTML with jsoup's HTML parser and a nesting depth of {@value #DEFAULT_MAX_DEPTH}.
     *
     * @param html    the page source (any string, including empty or binary garbage)
     * @param baseUri the URL the page came from, used by jsoup to resolve relative links; null means none
     * @return the document; never null, always with {@code html}, {@code head} and {@code body} elements
     * @throws NullPointerException if {@code html} is null
     */
    public static Document parse(String html, String baseUri) {
        return parse(html, baseUri, DEFAULT_MAX_DEPTH);
    }

    /**
     * Parses HTML with jsoup's HTML parser and the given nesting depth.
     *
     * @param html     the page source
     * @param baseUri  the page's URL; null means none
     * @param maxDepth the largest element nesting jsoup builds (its open-element stack), >= 1
     * @return the document
     * @throws NullPointerException     if {@code html} is null
     * @throws IllegalArgumentException if {@code maxDepth < 1}
     */
    public static Document parse(String html, String baseUri, int maxDepth) {
        Objects.requireNonNull(html, "html");
        if (maxDepth < 1) {
            throw new IllegalArgumentException("maxDepth: must be >= 1, was " + maxDepth);
        }
        return Parser.htmlParser().setMaxDepth(maxDepth)
                .parseInput(SelfClosedRawText.repair(html), baseUri == null ? "" : baseUri);
    }

    /**
     * {@link #parse(String, String)} followed by {@link TreeBuilder#build(Document)}.
     *
     * @param html    the page source
     * @param baseUri the page's URL; null means none
     * @param builder the tree builder (labelling rules, node limit, dictionary)
     * @return the page's tree, possibly {@linkplain LabelledTree#truncated() truncated}
     * @throws NullPointerException if {@code html} or {@code builder} is null
     */
    public static LabelledTree tree(String html, String baseUri, TreeBuilder builder) {
        Objects.requireNonNull(builder, "builder");
        return builder.build(parse(html, baseUri));
    }
}
