package dev.shapecrawl.core.sitemodel;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Merges the inferred classes whose path schemas are near (shapecrawl's, beyond seed 001). After MDL has placed every
 * candidate, the two classes whose element-path schemas ({@link PageClass#pathSchema()}: link and text paths, texts
 * left out) are closest by the seed's own distance (eq. 3.1, {@link SchemaDistance}) become one, and so on, the
 * merged class's schema recomputed after each merge, as in agglomerative clustering. Where it stops:
 * <ol>
 *   <li>every merge closer than the floor {@code classMergeDistance} is made (0.4, chosen on the generated shapes
 *       alone: {@link SiteModelSettings#classMergeDistance()});</li>
 *   <li>beyond the floor, the merges go on up to the <b>widest jump in merge height</b>: of the merges still
 *       possible (each at a distance, their running maximum being the height of the merge tree), the cut falls
 *       before the merge whose height is the largest multiple of the height before it (the first merge beyond the
 *       floor is measured against the last one below it; against nothing, a height of 0, it is an infinite rise and
 *       is not made). No constant: the cut is where this site's classes stop being near each other, as the site-wide
 *       target decision cuts its similarities at their widest gap. Relative, not absolute: the absolute rise was
 *       measured beside it and merged one more javadoc site's index pages into its type pages (docs/site-model.md,
 *       "Class consolidation").</li>
 * </ol>
 *
 * <p>Why: under the complete encoding MDL splits one kind of page by its optional sections (a javadoc class page with
 * and without a constructor summary, a reference page without Notes), because each page of a large class pays for
 * every schema entry it lacks, so a consistent difference between two groups costs more the larger they are. Their
 * element paths are still nearly the same: the split lies in which texts a path carries, and the distance over paths
 * sees the one kind. How far apart the parts of one kind lie differs by generator (0.2–0.6 on the real sites), so one
 * distance either leaves kinds split or merges kinds; the widest jump finds each site's own. Measured in
 * docs/site-model.md ("Class consolidation").
 *
 * <p>Deterministic: ties go to the first pair in class order, and to the earlier cut; a merged class takes the lower
 * index, so the entry page's class stays first. Cost: one distance per pair of classes, then one row per merge, all
 * merges made once to find the cut and the kept ones again (at most n = 200 classes: about 60,000 distances).
 */
public final class ClassConsolidation {
    private ClassConsolidation() {
    }

    /**
     * The default consolidation: every merge below {@code floor}, then on to the widest jump in merge height.
     *
     * @param classes the inferred classes, the entry page's first
     * @param floor   merges strictly closer than this are always made, 0..1; 0 merges nothing (the seed's model)
     * @return the classes after merging, in their order (a merged class where the first of its parts was)
     */
    public static List<PageClass> merge(List<PageClass> classes, double floor) {
        if (floor <= 0 || classes.size() < 2) {
            return classes;
        }
        List<Merge> all = merges(classes, Double.POSITIVE_INFINITY);
        return replay(classes, all.subList(0, cut(all, floor)));
    }

    /**
     * Merges while the closest pair is strictly closer than {@code distance} (no widest-jump step): the fixed-distance
     * consolidation the default was measured against (docs/site-model.md).
     *
     * @param classes  the inferred classes, the entry page's first
     * @param distance merge while two classes are strictly closer than this, 0..1; 0 merges nothing
     * @return the classes after merging, in their order
     */
    public static List<PageClass> mergeBelow(List<PageClass> classes, double distance) {
        if (distance <= 0 || classes.size() < 2) {
            return classes;
        }
        return replay(classes, merges(classes, distance));
    }

    /**
     * How many of {@code merges} (in order) the default makes: those below the floor, then up to the widest relative
     * rise of the merge height (the running maximum of their distances); the first widest rise wins. A rise from
     * height 0 is infinite: where nothing was near, the first merge beyond the floor is not made.
     */
    static int cut(List<Merge> merges, double floor) {
        return cut(merges, floor, true);
    }

    /**
     * {@link #cut(List, double)}, or with {@code relative} false the widest absolute rise (the height's difference
     * instead of its ratio; measured beside the default in {@code ClassConsolidationSweep}, not taken).
     */
    static int cut(List<Merge> merges, double floor, boolean relative) {
        int below = 0;
        while (below < merges.size() && merges.get(below).distance() < floor) {
            below++;
        }
        double height = 0;
        for (int t = 0; t < below; t++) {
            height = Math.max(height, merges.get(t).distance());
        }
        int best = below;
        double widest = relative ? 0 : -1;
        for (int t = below; t < merges.size(); t++) {
            double next = Math.max(height, merges.get(t).distance());
            double rise = !relative ? next - height
                    : next == height ? 1 : height == 0 ? Double.POSITIVE_INFINITY : next / height;
            if (rise > widest) {
                widest = rise;
                best = t;
            }
            height = next;
        }
        return best;
    }

    /** One merge: the class at {@code into} takes the one at {@code gone} (indices of the input), at a distance. */
    record Merge(int into, int gone, double distance) {
    }

    /** The merges agglomerative clustering makes, closest pair first, while the closest is below {@code limit}. */
    static List<Merge> merges(List<PageClass> classes, double limit) {
        return agglomerate(classes, (i, j, d, gone) -> d[i][j] < limit);
    }

    /**
     * Which two classes may merge now: {@code i < j} index the input, {@code d} holds the current distances between
     * the classes (symmetric, eq. 3.1; a merged class's row recomputed from its union) and {@code gone} the classes
     * merged away. Neither {@code i} nor {@code j} is gone when it is asked.
     */
    @FunctionalInterface
    interface Admissible {
        boolean test(int i, int j, double[][] d, boolean[] gone);
    }

    /**
     * Agglomerative clustering over the classes' path schemas ({@link PageClass#pathSchema()},
     * {@link SchemaDistance}): the closest admissible pair merges, the merged class's schema and distances are
     * recomputed, and so on until no pair is admissible. Ties go to the first pair in class order; the merged class
     * takes the lower index. Shared by the consolidation here and {@link KindMarkers}, which differ only in which
     * pairs they admit.
     *
     * @return the merges made, in order
     */
    static List<Merge> agglomerate(List<PageClass> classes, Admissible admissible) {
        int k = classes.size();
        List<PageClass> cs = new ArrayList<>(classes);
        List<Set<SchemaPath>> schemas = new ArrayList<>();
        cs.forEach(c -> schemas.add(c.pathSchema()));
        double[][] d = new double[k][k];
        for (int i = 0; i < k; i++) {
            for (int j = i + 1; j < k; j++) {
                d[i][j] = d[j][i] = SchemaDistance.between(schemas.get(i), schemas.get(j));
            }
        }
        boolean[] gone = new boolean[k];
        List<Merge> out = new ArrayList<>();
        while (true) {
            int bi = -1;
            int bj = -1;
            double best = Double.POSITIVE_INFINITY;
            for (int i = 0; i < k; i++) {
                for (int j = i + 1; j < k && !gone[i]; j++) {
                    if (!gone[j] && d[i][j] < best && admissible.test(i, j, d, gone)) {
                        best = d[i][j];
                        bi = i;
                        bj = j;
                    }
                }
            }
            if (bi < 0) {
                return out;
            }
            out.add(new Merge(bi, bj, best));
            cs.set(bi, cs.get(bi).union(cs.get(bj)));
            gone[bj] = true;
            schemas.set(bi, cs.get(bi).pathSchema());
            for (int o = 0; o < k; o++) {
                if (o != bi && !gone[o]) {
                    d[bi][o] = d[o][bi] = SchemaDistance.between(schemas.get(bi), schemas.get(o));
                }
            }
        }
    }

    /** The classes after making {@code merges} (from {@link #merges}) in order. */
    static List<PageClass> replay(List<PageClass> classes, List<Merge> merges) {
        if (merges.isEmpty()) {
            return classes;
        }
        List<PageClass> cs = new ArrayList<>(classes);
        boolean[] gone = new boolean[cs.size()];
        for (Merge m : merges) {
            cs.set(m.into(), cs.get(m.into()).union(cs.get(m.gone())));
            gone[m.gone()] = true;
        }
        List<PageClass> out = new ArrayList<>();
        for (int i = 0; i < cs.size(); i++) {
            if (!gone[i]) {
                out.add(cs.get(i));
            }
        }
        return out;
    }
}
