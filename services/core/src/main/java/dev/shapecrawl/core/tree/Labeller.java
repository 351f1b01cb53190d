package dev.shapecrawl.core.tree;

import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;

/**
 * Decides which DOM nodes become tree nodes and what their labels are: the "pre-processing" step the thesis leaves
 * open (Vidal 2006; specification §3.2 [R]). A strategy, so richer labellings (for example tag plus class) can be
 * added without touching {@link TreeBuilder} or the similarities.
 *
 * <p>Implementations must be stateless or thread-safe: one labeller serves every build of a {@link TreeBuilder}.
 * They must not walk the subtree of the node they are given (the builder does the walking, iteratively).
 */
public interface Labeller {

    /** The label of text leaves in the seed labelling (specification §3.2, rule 3). */
    String TEXT_LABEL = "#text";

    /**
     * The label of a DOM node, or null to drop the node together with its whole subtree.
     *
     * @param node any jsoup node: element, text, data (script/style content), comment, doctype, …
     * @return the label (not null to keep the node)
     */
    String label(Node node);

    /**
     * Whether the builder visits the children of a kept element. False makes the element a leaf, for example a
     * {@code <script>} kept without its content.
     *
     * @param element an element that {@link #label} kept
     * @return true to visit its children
     */
    boolean descendInto(Element element);

    /** The seed labelling, {@link TagOnlyLabeller#SEED}: tag names, {@code #text} leaves, script/style as leaves. */
    static Labeller tagOnly() {
        return TagOnlyLabeller.SEED;
    }
}
