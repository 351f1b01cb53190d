package dev.shapecrawl.core.tree;

import java.util.Objects;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * Turns a jsoup DOM into a {@link LabelledTree} (specification §3.2 [R]; the thesis, Vidal 2006 §2.2, says only
 * that pages are modelled by their DOM trees).
 *
 * <p>Rules, on top of the {@link Labeller}'s:
 * <ul>
 *   <li><b>Root</b>: {@link #build(Document)} starts at the document's root element, {@code <html>} for any
 *       document jsoup's HTML parser produced (specification §3.2, rule 1); {@link #build(Element)} at the given
 *       element. The labeller must keep the root.</li>
 *   <li><b>Dropping</b>: a node the labeller drops is skipped with its whole subtree; a kept element the
 *       labeller does not {@linkplain Labeller#descendInto descend into} becomes a leaf.</li>
 *   <li><b>Adjacent text</b>: consecutive kept text nodes with equal labels, with no kept node between them,
 *       become one leaf. {@code a<!--c-->b} is two DOM text nodes once the comment goes, but on screen it is
 *       one run of text, and a comment must not change the structure.</li>
 *   <li><b>Node limit</b>: at most {@link #maxNodes()} tree nodes (default {@value #DEFAULT_MAX_NODES}). When
 *       the next node would exceed it, the walk stops and the tree is marked {@link LabelledTree#truncated()}:
 *       it then holds the first {@code maxNodes} nodes in pre-order (document order), a valid tree. This bounds
 *       memory and the cost of every later comparison.</li>
 * </ul>
 *
 * <p>The walk is iterative (jsoup's parent/sibling links, no recursion, no Java stack per level), so a DOM nested
 * 100,000 levels deep builds without {@link StackOverflowError}; time and memory are linear in the nodes
 * visited. Immutable and thread-safe if the labeller is.
 */
public final class TreeBuilder {

    /** Default of {@link #maxNodes()}: 200,000 nodes, four times the largest pages we expect (50,000). */
    public static final int DEFAULT_MAX_NODES = 200_000;

    private final LabelDictionary dictionary;
    private final Labeller labeller;
    private final int maxNodes;

    /**
     * @param dictionary the dictionary labels are interned in; share it across all trees that will be compared
     * @param labeller   the labelling rules
     * @param maxNodes   the node limit, >= 1
     * @throws NullPointerException     if {@code dictionary} or {@code labeller} is null
     * @throws IllegalArgumentException if {@code maxNodes < 1}
     */
    public TreeBuilder(LabelDictionary dictionary, Labeller labeller, int maxNodes) {
        this.dictionary = Objects.requireNonNull(dictionary, "dictionary");
        this.labeller = Objects.requireNonNull(labeller, "labeller");
        if (maxNodes < 1) {
            throw new IllegalArgumentException("maxNodes: must be >= 1, was " + maxNodes);
        }
        this.maxNodes = maxNodes;
    }

    /**
     * The seed configuration: {@link Labeller#tagOnly()} and {@value #DEFAULT_MAX_NODES} nodes.
     *
     * @param dictionary the shared dictionary
     * @return the builder
     */
    public static TreeBuilder seed(LabelDictionary dictionary) {
        return new TreeBuilder(dictionary, Labeller.tagOnly(), DEFAULT_MAX_NODES);
    }

    /** The dictionary labels are interned in. */
    public LabelDictionary dictionary() {
        return dictionary;
    }

    /** The labelling rules. */
    public Labeller labeller() {
        return labeller;
    }

    /** The node limit, >= 1. */
    public int maxNodes() {
        return maxNodes;
    }

    /**
     * The tree of a document, rooted at its root element ({@code <html>}); a document without elements is
     * rooted at the document node itself.
     *
     * @param document a parsed document, for example from {@link HtmlTrees#parse}
     * @return the tree, possibly {@linkplain LabelledTree#truncated() truncated}
     * @throws IllegalArgumentException if the labeller drops the root
     */
    public LabelledTree build(Document document) {
        Element root = document.firstElementChild();
        return build(root != null ? root : document);
    }

    /**
     * The tree of the DOM subtree rooted at {@code root}.
     *
     * @param root the root element
     * @return the tree, possibly {@linkplain LabelledTree#truncated() truncated}
     * @throws IllegalArgumentException if the labeller drops the root
     */
    public LabelledTree build(Element root) {
        String rootLabel = labeller.label(root);
        if (rootLabel == null) {
            throw new IllegalArgumentException("root <" + root.normalName() + ">: the labeller drops it");
        }
        LabelledTree.Builder out = LabelledTree.builder(dictionary);
        out.open(rootLabel);
        Node node = labeller.descendInto(root) ? root.firstChild() : null;
        // Label of the last kept sibling if it was a text leaf, for merging adjacent text; null otherwise.
        String previousText = null;
        while (node != null) {
            boolean descend = false;
            String label = labeller.label(node);
            if (label != null) {
                boolean mergesWithPrevious = node instanceof TextNode && label.equals(previousText);
                if (!mergesWithPrevious) {
                    if (out.nodeCount() >= maxNodes) {
                        out.markTruncated();
                        break;
                    }
                    if (node instanceof Element element && element.childNodeSize() > 0
                            && labeller.descendInto(element)) {
                        out.open(label);
                        descend = true;
                    } else {
                        out.leaf(label);
                    }
                }
                previousText = node instanceof TextNode ? label : null;
            }
            if (descend) {
                node = node.firstChild();
                previousText = null;
                continue;
            }
            // Climb until a node with a next sibling, closing the elements whose children are all done.
            while (node != null && node.nextSibling() == null) {
                node = node.parent();
                if (node == root) {
                    node = null;
                } else {
                    out.close();
                    previousText = null;
                }
            }
            if (node != null) {
                node = node.nextSibling();
            }
        }
        return out.build();
    }

    @Override
    public String toString() {
        return "TreeBuilder[labeller=" + labeller + ", maxNodes=" + maxNodes + "]";
    }
}
