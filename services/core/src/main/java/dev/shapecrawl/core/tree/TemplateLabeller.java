package dev.shapecrawl.core.tree;

import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * The labelling of the {@code rtdm-template} similarity: the tag name plus the element's <em>stable</em> class
 * tokens, and nothing that is not displayed structure (docs/similarity.md, "Labels").
 *
 * <ol>
 *   <li><b>Element label</b> = lower-case tag, then {@code .}-joined class tokens, sorted and deduplicated, for
 *       example {@code body.class-declaration-page} or {@code td.navbarcell#}. Templates of different page classes
 *       often differ mainly in class attributes (issue 3: "labels made of tag names alone make pages of different
 *       classes look alike"); measured on the evaluation sites, adding class tokens separates the javadoc 17/21
 *       page classes outright (their {@code body} carries {@code class-declaration-page}, {@code package-declaration-page},
 *       {@code class-use-page}, {@code source-page}, …).</li>
 *   <li><b>Data-like tokens</b>: a run of digits becomes {@code #} ({@code postid-123} → {@code postid-#},
 *       {@code NavBarCell1} → {@code navbarcell#}), so per-record numbering does not split one template position
 *       into many; a token that is more than half digits, or longer than {@value #MAX_TOKEN_LENGTH} characters
 *       (hashes, generated CSS-module names), is dropped. Tokens are case-folded. Ids and other attributes are
 *       ignored: on the sites measured, ids are mostly per-record anchors (member names), which are data.</li>
 *   <li><b>Dropped subtrees</b>: {@code head}, {@code script}, {@code noscript}, {@code style}, {@code template},
 *       {@code link}, {@code meta}. None is displayed page structure; the {@code head} is identical on every page
 *       of a site, so keeping it only raises the similarity of every page to every sample (measured: keeping it
 *       raised the decoys' similarity on every old-javadoc site).</li>
 *   <li><b>Text</b>: a non-blank text node is a leaf {@value Labeller#TEXT_LABEL}; its content is never used.
 *       Comments, doctype and processing instructions are dropped.</li>
 * </ol>
 *
 * <p>Stateless and thread-safe.
 */
public final class TemplateLabeller implements Labeller {

    /** The one instance; the labelling has no settings. */
    public static final TemplateLabeller INSTANCE = new TemplateLabeller();

    /** Class tokens longer than this are treated as generated data and dropped. */
    public static final int MAX_TOKEN_LENGTH = 40;

    private static final Set<String> DROPPED =
            Set.of("head", "script", "noscript", "style", "template", "link", "meta");

    private TemplateLabeller() {
    }

    @Override
    public String label(Node node) {
        if (node instanceof Element element) {
            String tag = element.normalName();
            if (DROPPED.contains(tag)) {
                return null;
            }
            String classAttribute = element.attr("class");
            if (classAttribute.isBlank()) {
                return tag;
            }
            String tokens = classTokens(classAttribute);
            return tokens.isEmpty() ? tag : tag + "." + tokens;
        }
        if (node instanceof TextNode text) {
            return text.isBlank() ? null : TEXT_LABEL;
        }
        return null;
    }

    @Override
    public boolean descendInto(Element element) {
        return true; // dropped elements never get here; every kept element is walked
    }

    /**
     * The stable tokens of a class attribute, normalised, sorted, deduplicated and joined with {@code .}.
     *
     * @param attribute the attribute value
     * @return the joined tokens; empty if none is stable
     */
    static String classTokens(String attribute) {
        String[] raw = attribute.trim().toLowerCase(Locale.ROOT).split("\\s+");
        String[] kept = new String[raw.length];
        int count = 0;
        for (String token : raw) {
            String normal = normaliseToken(token);
            if (normal != null) {
                kept[count++] = normal;
            }
        }
        Arrays.sort(kept, 0, count);
        StringBuilder out = new StringBuilder();
        String previous = null;
        for (int i = 0; i < count; i++) {
            if (!kept[i].equals(previous)) {
                if (out.length() > 0) {
                    out.append('.');
                }
                out.append(kept[i]);
                previous = kept[i];
            }
        }
        return out.toString();
    }

    /**
     * A class token with digit runs replaced by {@code #}, or null if it looks like data (more than half digits,
     * or too long).
     *
     * @param token a lower-case token, not blank
     * @return the normalised token or null
     */
    static String normaliseToken(String token) {
        if (token.isEmpty() || token.length() > MAX_TOKEN_LENGTH) {
            return null;
        }
        StringBuilder out = new StringBuilder(token.length());
        int digits = 0;
        boolean inDigits = false;
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if (c >= '0' && c <= '9') {
                digits++;
                if (!inDigits) {
                    out.append('#');
                    inDigits = true;
                }
            } else {
                out.append(c);
                inDigits = false;
            }
        }
        return digits * 2 > token.length() ? null : out.toString();
    }

    @Override
    public String toString() {
        return "TemplateLabeller";
    }
}
