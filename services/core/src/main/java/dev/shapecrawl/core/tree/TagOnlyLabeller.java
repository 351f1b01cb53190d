package dev.shapecrawl.core.tree;

import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * The seed labelling, {@code TAG_ONLY}: structure by tags only, as the specification reconstructs the thesis's
 * pre-processing (Vidal 2006 gives none; specification §3.2 [R], and §11 item 3):
 *
 * <ol>
 *   <li>Every element is a node labelled with its lower-cased tag name (jsoup's normal name). Attributes are
 *       ignored: the goal is to match pages generated from one template.</li>
 *   <li>A text node that is not blank is a leaf labelled {@value Labeller#TEXT_LABEL}; its content is never
 *       compared, because one template filled with different data must look identical. Blank (whitespace-only)
 *       text nodes are dropped. CDATA sections count as text. ({@link TreeBuilder} also merges text nodes that
 *       end up adjacent, see there.)</li>
 *   <li>Comments, the doctype and XML declarations / processing instructions are dropped.</li>
 *   <li>{@code <script>} and {@code <style>} are kept as leaves and their content (jsoup data nodes) is dropped;
 *       with {@code dropScriptsAndStyles} they are dropped entirely (the specification asks for both options).
 *       Data nodes are dropped in either mode: they are never displayed text.</li>
 *   <li>Any other node type is dropped.</li>
 * </ol>
 *
 * @param dropScriptsAndStyles true to drop {@code <script>} and {@code <style>} elements; false (the
 *                             specification's default) to keep them as empty leaves
 */
public record TagOnlyLabeller(boolean dropScriptsAndStyles) implements Labeller {

    /** The default of the specification §3.2: script/style kept as leaves. */
    public static final TagOnlyLabeller SEED = new TagOnlyLabeller(false);

    @Override
    public String label(Node node) {
        if (node instanceof Element element) {
            String tag = element.normalName();
            if (dropScriptsAndStyles && isScriptOrStyle(tag)) {
                return null;
            }
            return tag;
        }
        if (node instanceof TextNode text) { // includes CDataNode; DataNode is not a TextNode
            return text.isBlank() ? null : TEXT_LABEL;
        }
        return null;
    }

    @Override
    public boolean descendInto(Element element) {
        return !isScriptOrStyle(element.normalName());
    }

    private static boolean isScriptOrStyle(String tag) {
        return tag.equals("script") || tag.equals("style");
    }
}
