package dev.shapecrawl.core.tree;

import java.util.Arrays;
import java.util.Objects;

/**
 * An ordered, labelled, rooted tree (Vidal 2006, thesis §2.2: the page model for tree edit distance), stored
 * compactly and immutable once built.
 *
 * <p>Layout: nodes are numbered {@code 0..nodeCount()-1} in <b>pre-order</b> (the numbering of the thesis's
 * mapping definition, §2.2, where {@code T[i]} is the i-th node in pre-order); node 0 is the root. Four parallel
 * {@code int} arrays hold, per node, the label id, the parent (-1 for the root), the subtree size (nodes, the
 * node included) and the depth (edges from the root; the root has depth 0). That is 16 bytes per node instead of
 * one object per node, which matters at 5,000–50,000 nodes per page and thousands of pages. Pre-order makes the
 * structure implicit: the first child of {@code v} is {@code v + 1} (if {@code subtreeSize(v) > 1}), the next
 * sibling of {@code v} is {@code v + subtreeSize(v)} (if still inside the parent's range), and the descendants of
 * {@code v} are exactly {@code v+1 .. v+subtreeSize(v)-1}. Visiting nodes in <em>reverse</em> pre-order visits
 * every node after all its descendants, which is all a bottom-up pass (such as {@link SubtreeClasses}) needs.
 *
 * <p>Labels are ids in the tree's {@link #dictionary()}; two trees are comparable only if they share it.
 *
 * <p>A tree built under a node limit may be {@link #truncated()}: it then holds a pre-order prefix of the page's
 * tree, which is itself a tree (every node's parent precedes it in pre-order).
 *
 * <p>Node arguments are pre-order indices; an index outside {@code 0..nodeCount()-1} throws
 * {@link IndexOutOfBoundsException}. Instances are immutable and thread-safe.
 */
public final class LabelledTree {

    private final LabelDictionary dictionary;
    private final int[] labels;
    private final int[] parents;
    private final int[] sizes;
    private final int[] depths;
    private final int height;
    private final boolean truncated;

    private LabelledTree(LabelDictionary dictionary, int[] labels, int[] parents, int[] sizes, int[] depths,
                         int height, boolean truncated) {
        this.dictionary = dictionary;
        this.labels = labels;
        this.parents = parents;
        this.sizes = sizes;
        this.depths = depths;
        this.height = height;
        this.truncated = truncated;
    }

    /**
     * A builder that receives nodes in pre-order through {@link Builder#open}/{@link Builder#close}.
     *
     * @param dictionary the dictionary the labels are interned in
     * @return a new, empty builder
     */
    public static Builder builder(LabelDictionary dictionary) {
        return new Builder(dictionary);
    }

    /** The dictionary that gives meaning to {@link #labelId} values. */
    public LabelDictionary dictionary() {
        return dictionary;
    }

    /** The number of nodes, >= 1. */
    public int nodeCount() {
        return labels.length;
    }

    /** The largest node depth, in edges (0 for a single node). */
    public int height() {
        return height;
    }

    /**
     * Whether the builder stopped at a node limit, so this tree is a pre-order prefix of the page's tree (see
     * {@link TreeBuilder}).
     */
    public boolean truncated() {
        return truncated;
    }

    /** The root's index: always 0. */
    public int root() {
        return 0;
    }

    /** The label id of {@code node}, an id of {@link #dictionary()}. */
    public int labelId(int node) {
        return labels[node];
    }

    /** The label of {@code node} as a string (a dictionary look-up; meant for diagnostics). */
    public String label(int node) {
        return dictionary.label(labels[node]);
    }

    /** The parent of {@code node}, or -1 for the root. */
    public int parent(int node) {
        return parents[node];
    }

    /** The number of nodes in the subtree rooted at {@code node}, the node included; >= 1. */
    public int subtreeSize(int node) {
        return sizes[node];
    }

    /** The depth of {@code node} in edges from the root (the root has depth 0). */
    public int depth(int node) {
        return depths[node];
    }

    /** The first child of {@code node}, or -1 if it is a leaf. */
    public int firstChild(int node) {
        return sizes[node] > 1 ? node + 1 : -1;
    }

    /** The next sibling of {@code node}, or -1 if it is the last child (or the root). */
    public int nextSibling(int node) {
        int parent = parents[node];
        if (parent < 0) {
            return -1;
        }
        int next = node + sizes[node];
        return next < parent + sizes[parent] ? next : -1;
    }

    /** The number of children of {@code node}; takes time linear in that number. */
    public int childCount(int node) {
        int count = 0;
        int end = node + sizes[node];
        for (int child = node + 1; child < end; child += sizes[child]) {
            count++;
        }
        return count;
    }

    /**
     * The tree in term notation, for diagnostics: {@code html(head(title(#text)),body)}. Iterative, so safe on
     * deep trees.
     *
     * @param maxChars the output is cut after about this many characters and ends with {@code …}; >= 0
     * @return the term
     */
    public String toTerm(int maxChars) {
        StringBuilder out = new StringBuilder();
        int[] open = new int[Math.min(height + 1, labels.length)];
        int top = 0;
        for (int node = 0; node < labels.length; node++) {
            while (top > 0 && node >= open[top - 1] + sizes[open[top - 1]]) {
                out.append(')');
                top--;
            }
            if (top > 0 && node != open[top - 1] + 1) {
                out.append(',');
            }
            if (out.length() > maxChars) {
                return out.append('…').toString();
            }
            out.append(label(node));
            if (sizes[node] > 1) {
                out.append('(');
                open[top++] = node;
            }
        }
        while (top-- > 0) {
            out.append(')');
        }
        return out.toString();
    }

    @Override
    public String toString() {
        return "LabelledTree[nodes=" + nodeCount() + ", height=" + height + ", truncated=" + truncated + "]";
    }

    /**
     * Builds a {@link LabelledTree} from nodes given in pre-order: {@link #open} a node (it becomes a child of the
     * innermost open node), add its children, {@link #close} it. Not thread-safe; single use.
     */
    public static final class Builder {
        private final LabelDictionary dictionary;
        private int[] labels = new int[64];
        private int[] parents = new int[64];
        private int[] depths = new int[64];
        private int count;
        /** Open nodes, innermost last. */
        private int[] open = new int[16];
        private int openCount;
        private int height;
        private boolean truncated;
        private boolean built;

        private Builder(LabelDictionary dictionary) {
            this.dictionary = Objects.requireNonNull(dictionary, "dictionary");
        }

        /**
         * Adds a node as the next child of the innermost open node (or as the root) and leaves it open.
         *
         * @param label the node's label, interned in the builder's dictionary
         * @return the node's pre-order index
         * @throws IllegalStateException if the root was already closed (a tree has one root) or after
         *                               {@link #build}
         */
        public int open(String label) {
            int node = add(label);
            if (openCount == open.length) {
                open = Arrays.copyOf(open, openCount * 2);
            }
            open[openCount++] = node;
            return node;
        }

        /**
         * Adds a leaf: {@link #open} followed by {@link #close}.
         *
         * @param label the node's label
         * @return the node's pre-order index
         * @throws IllegalStateException as {@link #open}
         */
        public int leaf(String label) {
            return add(label);
        }

        /**
         * Closes the innermost open node.
         *
         * @throws IllegalStateException if no node is open
         */
        public void close() {
            if (openCount == 0) {
                throw new IllegalStateException("close: no open node");
            }
            openCount--;
        }

        /** Marks the tree as cut at a node limit ({@link LabelledTree#truncated()}). */
        public void markTruncated() {
            truncated = true;
        }

        /** The number of nodes added so far. */
        public int nodeCount() {
            return count;
        }

        /**
         * Closes every open node and returns the tree.
         *
         * @return the tree
         * @throws IllegalStateException if no node was added, or if called twice
         */
        public LabelledTree build() {
            requireUsable();
            if (count == 0) {
                throw new IllegalStateException("build: a tree needs at least one node");
            }
            built = true;
            int[] finalLabels = Arrays.copyOf(labels, count);
            int[] finalParents = Arrays.copyOf(parents, count);
            int[] finalDepths = Arrays.copyOf(depths, count);
            int[] sizes = new int[count];
            Arrays.fill(sizes, 1);
            // Reverse pre-order: every node is complete before its size is added to its parent's.
            for (int node = count - 1; node > 0; node--) {
                sizes[finalParents[node]] += sizes[node];
            }
            return new LabelledTree(dictionary, finalLabels, finalParents, sizes, finalDepths, height, truncated);
        }

        private int add(String label) {
            requireUsable();
            if (count > 0 && openCount == 0) {
                throw new IllegalStateException("open: the root is closed; a tree has exactly one root");
            }
            if (count == labels.length) {
                int capacity = count * 2;
                labels = Arrays.copyOf(labels, capacity);
                parents = Arrays.copyOf(parents, capacity);
                depths = Arrays.copyOf(depths, capacity);
            }
            int node = count++;
            labels[node] = dictionary.intern(label);
            parents[node] = openCount == 0 ? -1 : open[openCount - 1];
            depths[node] = openCount;
            height = Math.max(height, openCount);
            return node;
        }

        private void requireUsable() {
            if (built) {
                throw new IllegalStateException("builder already built its tree");
            }
        }
    }
}
