package dev.shapecrawl.core.similarity;

import dev.shapecrawl.core.tree.LabelledTree;
import dev.shapecrawl.core.tree.SubtreeClasses;
import java.util.Arrays;
import java.util.Objects;

/**
 * RTDM: the restricted top-down tree edit distance (Vidal 2006, thesis §2.2, after de Castro Reis et al. 2004 and
 * de Moura 2004), computed with the specification's Yang-style recurrence (§3.4 [R]).
 *
 * <p>Definitions (thesis §2.2, Definitions 2 and 3). A mapping pairs nodes one-to-one, keeping sibling order and
 * ancestry. It is <em>top-down</em> if every mapped non-root pair has its parents mapped to each other (and a root
 * is only paired with the other root, having no parent to pair: the reading under which, as the specification puts
 * it, an unmapped node takes its whole subtree with it), and <em>restricted</em> if nothing below a pair with
 * different labels is mapped, the root pair included. Its cost is
 * {@code deletion·|unmapped nodes of T1| + insertion·|unmapped nodes of T2| + substitution·|pairs with different
 * labels|} ({@link RtdmCosts}); the distance is the least cost over all such mappings.
 *
 * <p>Recurrence, for a pair {@code (a, b)} of nodes (specification §3.4):
 * <pre>
 * rtdm(a, b) = 0                                          if the subtrees are identical ({@link SubtreeClasses})
 *            = sub + del·(|a|−1) + ins·(|b|−1)            if label(a) ≠ label(b)   (restricted: nothing below)
 *            = M[m][n]                                    otherwise, where over the children a1..am, b1..bn
 *   M[i][j] = min(M[i−1][j] + del·|a_i|, M[i][j−1] + ins·|b_j|, M[i−1][j−1] + rtdm(a_i, b_j))
 * distance(T1, T2) = min(rtdm(root1, root2), del·|T1| + ins·|T2|)
 * </pre>
 * where {@code |x|} is a subtree's node count. The last line adds the empty mapping, which is also a restricted
 * top-down mapping; the specification's recurrence always maps the roots, and with unit costs that is always
 * cheaper (by at least 1), so the result is the specification's. It only matters when
 * {@code sub > del + ins}, where relabelling the roots costs more than dropping both trees.
 *
 * <p>Complexity (thesis §2.2: O(n1·n2) worst case, "much better in practice"): each pair of nodes is a DP cell of
 * at most one parent pair, so at most {@code n1·n2} cells; identical subtrees cost O(1) once their classes are
 * known (O(n1 + n2)). Identical children at both ends of two child sequences are paired before the DP, which is
 * exact (proof at {@code Search.push}) and makes pages of one template, which differ mostly in list lengths,
 * cheap. Memory: no n1×n2 table; each active pair keeps its two child lists and two DP rows, and pairs are
 * active only along one root-to-node path, so O(n1 + n2) in total.
 *
 * <p>Deep trees: the recursion is run on an explicit stack of frames (one per active pair), so 100,000 levels of
 * nesting need no Java stack.
 *
 * <p>Early exit ({@link #distanceWithin}): with a bound {@code k} the search is branch-and-bound. A child pair
 * is only explored with the budget its DP cell can still use ({@code min(k, best alternative) − diagonal}); a
 * pair whose size difference alone costs more than its budget is skipped; a DP row whose every cell exceeds the
 * budget ends that pair (all later cells only grow; specification §3.4, "stop filling the DP early when every
 * cell of a row exceeds k"). The result is exact whenever the distance is at most {@code k}; otherwise it is
 * {@link #EXCEEDED} ({@code +∞}) rather than the specification's {@code k+1}, because costs need not be integers.
 * The plain {@link #distance} runs the same search with {@code k = +∞}, where the per-cell budget still prunes.
 *
 * <p>Immutable and thread-safe; each call allocates its own working state.
 */
public final class Rtdm {

    /** What {@link #distanceWithin} returns when the distance exceeds the bound: {@code +∞}. */
    public static final double EXCEEDED = Double.POSITIVE_INFINITY;

    private final RtdmCosts costs;

    /**
     * @param costs the operation costs
     * @throws NullPointerException if {@code costs} is null
     */
    public Rtdm(RtdmCosts costs) {
        this.costs = Objects.requireNonNull(costs, "costs");
    }

    /** RTDM with {@link RtdmCosts#UNIT}, the specification's default. */
    public static Rtdm withUnitCosts() {
        return new Rtdm(RtdmCosts.UNIT);
    }

    /** The operation costs. */
    public RtdmCosts costs() {
        return costs;
    }

    /**
     * The restricted top-down edit distance from {@code first} to {@code second}.
     *
     * @param first  the first tree (its unmapped nodes cost {@link RtdmCosts#deletion()})
     * @param second the second tree (its unmapped nodes cost {@link RtdmCosts#insertion()}); same dictionary
     * @return the distance, in cost units, in {@code [0, maximumDistance(first, second)]}
     * @throws IllegalArgumentException if the trees use different label dictionaries
     */
    public double distance(LabelledTree first, LabelledTree second) {
        return search(first, second, Double.POSITIVE_INFINITY).distance();
    }

    /**
     * The distance if it is at most {@code bound}, else {@link #EXCEEDED}; may stop early in the second case.
     *
     * @param first  the first tree
     * @param second the second tree; same dictionary
     * @param bound  the largest distance of interest, in cost units; negative means none ({@link #EXCEEDED}
     *               always), {@code +∞} means {@link #distance}
     * @return the exact distance if {@code <= bound}, else {@link #EXCEEDED}
     * @throws IllegalArgumentException if {@code bound} is NaN or the trees use different dictionaries
     */
    public double distanceWithin(LabelledTree first, LabelledTree second, double bound) {
        if (Double.isNaN(bound)) {
            throw new IllegalArgumentException("bound: must not be NaN");
        }
        return search(first, second, bound).distance();
    }

    /**
     * The largest possible distance: the cost of the empty mapping, {@code deletion·|first| + insertion·|second|}
     * ({@code |T1| + |T2|} with unit costs, the specification's normaliser, §3.5).
     *
     * @param first  the first tree
     * @param second the second tree
     * @return the bound, > 0
     */
    public double maximumDistance(LabelledTree first, LabelledTree second) {
        return costs.deletion() * first.nodeCount() + costs.insertion() * second.nodeCount();
    }

    /** The search with its work counter, for tests and diagnostics. */
    Outcome search(LabelledTree first, LabelledTree second, double bound) {
        Search search = new Search(first, second, SubtreeClasses.of(first, second), costs);
        double rooted = search.run(bound);
        double distance = Math.min(rooted, maximumDistance(first, second));
        return new Outcome(distance <= bound ? distance : EXCEEDED, search.cells);
    }

    /**
     * @param distance the result of {@link #distanceWithin}
     * @param cells    DP cells evaluated, a measure of work
     */
    record Outcome(double distance, long cells) {
    }

    @Override
    public String toString() {
        return "Rtdm[" + costs + "]";
    }

    /** One computation: the explicit-stack form of the recurrence. */
    private static final class Search {
        /** Marks "needs the DP" in {@link #direct}; distances are never negative. */
        private static final double NEEDS_DP = -1;

        private final LabelledTree t1;
        private final LabelledTree t2;
        private final SubtreeClasses classes;
        private final double del;
        private final double ins;
        private final double sub;
        /** DP rows of the active frames, stacked: a frame owns [rowsBase, rowsBase + 2·(n + 1)). */
        private double[] rows = new double[256];
        private int rowsTop;
        /** Child lists of the active frames, stacked: a frame owns [kidsBase, kidsBase + m + n) before trimming. */
        private int[] kids = new int[256];
        private int kidsTop;
        private Frame[] frames = new Frame[16];
        private int depth;
        long cells;

        Search(LabelledTree t1, LabelledTree t2, SubtreeClasses classes, RtdmCosts costs) {
            this.t1 = t1;
            this.t2 = t2;
            this.classes = classes;
            this.del = costs.deletion();
            this.ins = costs.insertion();
            this.sub = costs.substitution();
        }

        /** rtdm(root1, root2) if at most {@code bound}, else a larger value or +∞. */
        double run(double bound) {
            double direct = direct(t1.root(), t2.root(), bound);
            if (direct != NEEDS_DP) {
                return direct;
            }
            push(t1.root(), t2.root(), bound);
            double childResult = 0;
            boolean delivering = false;
            while (true) {
                Frame frame = frames[depth - 1];
                if (delivering) {
                    setCell(frame, frame.pendingBest, frame.pendingDiagonal + childResult);
                    delivering = false;
                }
                if (advance(frame)) {
                    continue; // a child frame is on top now
                }
                childResult = finish(frame);
                rowsTop = frame.rowsBase;
                kidsTop = frame.kidsBase;
                depth--;
                if (depth == 0) {
                    return childResult;
                }
                delivering = true;
            }
        }

        /**
         * rtdm(a, b) when it needs no DP, or {@link #NEEDS_DP}. Like every result here it is exact if at most
         * {@code bound}; a value above the bound may be replaced by +∞.
         */
        private double direct(int a, int b, double bound) {
            if (classes.identical(a, b)) {
                return 0;
            }
            int sizeA = t1.subtreeSize(a);
            int sizeB = t2.subtreeSize(b);
            double cost;
            if (t1.labelId(a) != t2.labelId(b)) {
                cost = sub + del * (sizeA - 1) + ins * (sizeB - 1);
            } else if (sizeA == 1 || sizeB == 1) {
                cost = del * (sizeA - 1) + ins * (sizeB - 1); // one side has no children to align
            } else {
                // At most min(sizeA, sizeB) pairs, so the surplus of the larger side is unmapped.
                double lowerBound = sizeA > sizeB ? del * (sizeA - sizeB) : ins * (sizeB - sizeA);
                return lowerBound > bound ? EXCEEDED : NEEDS_DP;
            }
            return cost <= bound ? cost : EXCEEDED;
        }

        /**
         * Starts the child-sequence DP of (a, b), both with children, same label, different classes.
         *
         * <p>Identical children at the start or end of both sequences are matched up front and left out of the
         * DP. This is exact: if a1 ≡ b1, an optimal alignment that does not pair them either deletes a1 and
         * inserts b1 (pairing them saves both costs), or pairs one of them with a later child x of the other
         * sequence (pairing a1 with b1 instead and dropping x costs {@code del·|x|}, which is at most what the
         * old alignment paid for dropping a1 plus rtdm(x, b1), because rtdm(x, b1) ≥ {@code del·(|x| − |b1|)}
         * and |a1| = |b1|; symmetrically for insertions); pairs cannot cross, so there is no other case. The
         * same holds at the end. Pages built from one template differ mostly in list lengths, so this removes
         * most of the n1·n2 work in practice; the worst case stays O(n1·n2).
         */
        private void push(int a, int b, double bound) {
            if (depth == frames.length) {
                frames = Arrays.copyOf(frames, depth * 2);
            }
            Frame frame = frames[depth];
            if (frame == null) {
                frame = frames[depth] = new Frame();
            }
            depth++;
            int m = t1.childCount(a);
            int n = t2.childCount(b);
            frame.kidsBase = kidsTop;
            if (kidsTop + m + n > kids.length) {
                kids = Arrays.copyOf(kids, Math.max(kidsTop + m + n, kids.length * 2));
            }
            for (int child = a + 1, k = 0; k < m; child += t1.subtreeSize(child), k++) {
                kids[kidsTop + k] = child;
            }
            for (int child = b + 1, k = 0; k < n; child += t2.subtreeSize(child), k++) {
                kids[kidsTop + m + k] = child;
            }
            kidsTop += m + n;
            int prefix = 0;
            while (prefix < m && prefix < n
                    && classes.identical(kids[frame.kidsBase + prefix], kids[frame.kidsBase + m + prefix])) {
                prefix++;
            }
            int suffix = 0;
            while (prefix + suffix < m && prefix + suffix < n
                    && classes.identical(kids[frame.kidsBase + m - 1 - suffix], kids[frame.kidsBase + m + n - 1 - suffix])) {
                suffix++;
            }
            frame.aKids = frame.kidsBase + prefix;
            frame.bKids = frame.kidsBase + m + prefix;
            frame.m = m - prefix - suffix;
            frame.n = n - prefix - suffix;
            frame.bound = bound;
            frame.i = 1;
            frame.j = 0;
            frame.exceeded = false;

            int width = frame.n + 1;
            frame.rowsBase = rowsTop;
            if (rowsTop + 2 * width > rows.length) {
                rows = Arrays.copyOf(rows, Math.max(rowsTop + 2 * width, rows.length * 2));
            }
            frame.previous = rowsTop;
            frame.current = rowsTop + width;
            rowsTop += 2 * width;
            // Row 0: insert the first j children of b.
            rows[frame.previous] = 0;
            for (int j = 1; j <= frame.n; j++) {
                rows[frame.previous + j] = rows[frame.previous + j - 1] + ins * t2.subtreeSize(kids[frame.bKids + j - 1]);
            }
        }

        /** Fills cells of {@code frame}; true if it stopped to push a child frame, false when the frame is done. */
        private boolean advance(Frame frame) {
            while (frame.i <= frame.m) {
                int childA = kids[frame.aKids + frame.i - 1];
                double deleteA = del * t1.subtreeSize(childA);
                if (frame.j == 0) {
                    rows[frame.current] = rows[frame.previous] + deleteA;
                    frame.rowMin = rows[frame.current];
                    frame.j = 1;
                }
                while (frame.j <= frame.n) {
                    int j = frame.j;
                    int childB = kids[frame.bKids + j - 1];
                    double up = rows[frame.previous + j] + deleteA;
                    double left = rows[frame.current + j - 1] + ins * t2.subtreeSize(childB);
                    double best = Math.min(up, left);
                    double diagonal = rows[frame.previous + j - 1];
                    // The diagonal only matters if it beats both the alternatives and the bound.
                    double cap = Math.min(best, frame.bound);
                    double childBound = cap - diagonal + 1e-9 * (1 + Math.abs(cap)); // slack for rounding
                    double direct = direct(childA, childB, childBound);
                    if (direct == NEEDS_DP) {
                        frame.pendingBest = best;
                        frame.pendingDiagonal = diagonal;
                        push(childA, childB, childBound);
                        return true;
                    }
                    setCell(frame, best, diagonal + direct);
                }
                if (frame.rowMin > frame.bound) {
                    frame.exceeded = true; // every path to M[m][n] crosses this row, and costs are >= 0
                    return false;
                }
                int finished = frame.previous;
                frame.previous = frame.current;
                frame.current = finished;
                frame.i++;
                frame.j = 0;
            }
            return false;
        }

        private void setCell(Frame frame, double best, double diagonalTerm) {
            double value = Math.min(best, diagonalTerm);
            rows[frame.current + frame.j] = value;
            frame.rowMin = Math.min(frame.rowMin, value);
            frame.j++;
            cells++;
        }

        private double finish(Frame frame) {
            if (frame.exceeded) {
                return EXCEEDED;
            }
            double result = rows[frame.previous + frame.n]; // rows are swapped after each one, so M[m] is here
            return result <= frame.bound ? result : EXCEEDED;
        }
    }

    /**
     * The DP state of one pair (a, b) over the children left after trimming identical ends; reused across pairs at
     * the same stack depth.
     */
    private static final class Frame {
        double bound;
        /** Children left to align: a's at kids[aKids .. aKids + m), b's at kids[bKids .. bKids + n). */
        int m;
        int n;
        int aKids;
        int bKids;
        /** Where this frame's blocks start in the children and rows stacks, restored when it ends. */
        int kidsBase;
        int rowsBase;
        /** Offsets of rows i−1 and i in the rows stack. */
        int previous;
        int current;
        /** The next cell to fill. */
        int i;
        int j;
        double rowMin;
        boolean exceeded;
        /** While a child frame runs: min(up, left) and the diagonal of the waiting cell. */
        double pendingBest;
        double pendingDiagonal;
    }
}
