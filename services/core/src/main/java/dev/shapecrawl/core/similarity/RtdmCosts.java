package dev.shapecrawl.core.similarity;

/**
 * Unit costs of RTDM's edit operations (Vidal 2006, thesis §2.2: mapping cost {@code |S|·p + |I|·q + |D|·r}).
 * The thesis says unit costs are the usual choice and does not say which it used; the specification (§3.4, §12
 * [R]) defaults all three to 1, {@link #UNIT}.
 *
 * <p>Deleting (inserting) a subtree costs its node count × {@code deletion} ({@code insertion}): a top-down
 * mapping can only drop whole subtrees. A substitution maps two nodes with different labels; in a restricted
 * mapping nothing below them is mapped, so their descendants are deleted and inserted too.
 *
 * @param deletion     cost per node of the first tree (the sample) left unmapped; finite, > 0
 * @param insertion    cost per node of the second tree (the page) left unmapped; finite, > 0
 * @param substitution cost of mapping two nodes with different labels; finite, >= 0
 */
public record RtdmCosts(double deletion, double insertion, double substitution) {

    /** Unit costs 1, 1, 1: the specification's default (§3.4, §12 [R]). */
    public static final RtdmCosts UNIT = new RtdmCosts(1, 1, 1);

    /**
     * @throws IllegalArgumentException if a cost is not finite, {@code deletion} or {@code insertion} is not
     *                                  positive (free edits make every pair of trees identical), or
     *                                  {@code substitution} is negative
     */
    public RtdmCosts {
        positive("deletion", deletion);
        positive("insertion", insertion);
        if (!Double.isFinite(substitution) || substitution < 0) {
            throw new IllegalArgumentException("substitution: must be finite and >= 0, was " + substitution);
        }
    }

    private static void positive(String field, double value) {
        if (!Double.isFinite(value) || value <= 0) {
            throw new IllegalArgumentException(field + ": must be finite and > 0, was " + value);
        }
    }
}
