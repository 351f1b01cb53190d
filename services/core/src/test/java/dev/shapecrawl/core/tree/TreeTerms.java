package dev.shapecrawl.core.tree;

/**
 * Test helper: builds trees from term notation, {@code html(head(title(#text)),body)}, the notation of
 * {@link LabelledTree#toTerm}. Labels are any characters except {@code (),} and white space.
 */
public final class TreeTerms {

    private TreeTerms() {
    }

    /** The tree of {@code term}, labels interned in {@code dictionary}. */
    public static LabelledTree parse(LabelDictionary dictionary, String term) {
        LabelledTree.Builder builder = LabelledTree.builder(dictionary);
        int i = 0;
        while (i < term.length()) {
            char c = term.charAt(i);
            if (Character.isWhitespace(c) || c == ',') {
                i++;
            } else if (c == ')') {
                builder.close();
                i++;
            } else if (c == '(') {
                throw new IllegalArgumentException("unexpected '(' at " + i + " in " + term);
            } else {
                int start = i;
                while (i < term.length() && "(),".indexOf(term.charAt(i)) < 0
                        && !Character.isWhitespace(term.charAt(i))) {
                    i++;
                }
                String label = term.substring(start, i);
                if (i < term.length() && term.charAt(i) == '(') {
                    builder.open(label);
                    i++;
                } else {
                    builder.leaf(label);
                }
            }
        }
        return builder.build();
    }

    /** The term of the subtree of {@code tree} rooted at {@code node}, by direct recursion (small trees only). */
    public static String subtreeTerm(LabelledTree tree, int node) {
        StringBuilder out = new StringBuilder(tree.label(node));
        int child = tree.firstChild(node);
        if (child >= 0) {
            out.append('(');
            for (boolean first = true; child >= 0; child = tree.nextSibling(child), first = false) {
                if (!first) {
                    out.append(',');
                }
                out.append(subtreeTerm(tree, child));
            }
            out.append(')');
        }
        return out.toString();
    }
}
