package dev.shapecrawl.core.tree;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Test helper: random small trees as plain node objects (fine for tests), and random edits of them, converted to
 * {@link LabelledTree}s. All randomness comes from the caller's seeded {@link Random}.
 */
public final class RandomTrees {

    /** A mutable test tree node. */
    public static final class Node {
        /** The label; tests may change it. */
        public String label;
        /** The children, in order; tests may change them. */
        public final List<Node> children = new ArrayList<>();

        Node(String label) {
            this.label = label;
        }

        Node copy() {
            Node copy = new Node(label);
            for (Node child : children) {
                copy.children.add(child.copy());
            }
            return copy;
        }
    }

    private RandomTrees() {
    }

    /** A random tree of 1..maxNodes nodes with labels drawn from {@code labels}. */
    public static Node random(Random random, int maxNodes, String... labels) {
        int nodes = 1 + random.nextInt(maxNodes);
        List<Node> all = new ArrayList<>();
        all.add(new Node(pick(random, labels)));
        for (int k = 1; k < nodes; k++) {
            Node node = new Node(pick(random, labels));
            Node parent = all.get(random.nextInt(all.size()));
            parent.children.add(random.nextInt(parent.children.size() + 1), node);
            all.add(node);
        }
        return all.get(0);
    }

    /** A copy of {@code tree} with {@code edits} random edits: relabel, delete a subtree, insert a leaf, duplicate. */
    public static Node mutate(Random random, Node tree, int edits, String... labels) {
        Node copy = tree.copy();
        for (int e = 0; e < edits; e++) {
            List<Node> nodes = new ArrayList<>();
            collect(copy, nodes);
            Node target = nodes.get(random.nextInt(nodes.size()));
            switch (random.nextInt(4)) {
                case 0 -> target.label = pick(random, labels);
                case 1 -> {
                    if (!target.children.isEmpty()) {
                        target.children.remove(random.nextInt(target.children.size()));
                    }
                }
                case 2 -> target.children.add(random.nextInt(target.children.size() + 1),
                        new Node(pick(random, labels)));
                default -> {
                    if (!target.children.isEmpty()) {
                        Node child = target.children.get(random.nextInt(target.children.size()));
                        target.children.add(random.nextInt(target.children.size() + 1), child.copy());
                    }
                }
            }
        }
        return copy;
    }

    /** The {@link LabelledTree} of a test tree. */
    public static LabelledTree toLabelled(Node tree, LabelDictionary dictionary) {
        LabelledTree.Builder builder = LabelledTree.builder(dictionary);
        add(tree, builder);
        return builder.build();
    }

    private static void add(Node node, LabelledTree.Builder builder) {
        builder.open(node.label);
        for (Node child : node.children) {
            add(child, builder);
        }
        builder.close();
    }

    private static void collect(Node node, List<Node> out) {
        out.add(node);
        for (Node child : node.children) {
            collect(child, out);
        }
    }

    private static String pick(Random random, String... labels) {
        return labels[random.nextInt(labels.length)];
    }
}
