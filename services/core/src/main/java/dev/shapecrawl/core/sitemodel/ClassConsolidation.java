package dev.shapecrawl.core.sitemodel;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Merges the inferred classes whose path schemas are near (shapecrawl's, beyond seed 001): after MDL has placed every
 * candidate, two classes whose element-path schemas ({@link PageClass#pathSchema()}: link and text paths, texts left
 * out) are closer than {@code classMergeDistance} by the seed's own distance (eq. 3.1, {@link SchemaDistance}) become
 * one, the closest pair first, until no pair is that close.
 *
 * <p>Why: under the complete encoding MDL splits one kind of page by its optional sections (a javadoc class page with
 * and without a constructor summary, a reference page without Notes), because each page of a large class pays for
 * every schema entry it lacks, so a consistent difference between two groups costs more the larger they are. Their
 * element paths are still nearly the same: the split lies in which texts a path carries, and the distance over paths
 * sees the one kind. Measured in docs/site-model.md ("Class consolidation"), with how the default was chosen.
 *
 * <p>Deterministic: ties go to the first pair in class order; a merged class takes the lower index, so the entry
 * page's class stays first. Cost: one distance per pair of classes, then one row per merge (at most n = 200 classes,
 * about 20,000 distances).
 */
public final class ClassConsolidation {
    private ClassConsolidation() {
    }

    /**
     * @param classes  the inferred classes, the entry page's first
     * @param distance merge while two classes are strictly closer than this, 0..1; 0 merges nothing
     * @return the classes after merging, in their order (a merged class where the first of its parts was)
     */
    public static List<PageClass> merge(List<PageClass> classes, double distance) {
        int k = classes.size();
        if (distance <= 0 || k < 2) {
            return classes;
        }
        List<PageClass> cs = new ArrayList<>(classes);
        List<Set<SchemaPath>> schemas = new ArrayList<>();
        cs.forEach(c -> schemas.add(c.pathSchema()));
        double[][] d = new double[k][k];
        for (int i = 0; i < k; i++) {
            for (int j = i + 1; j < k; j++) {
                d[i][j] = SchemaDistance.between(schemas.get(i), schemas.get(j));
            }
        }
        boolean[] gone = new boolean[k];
        while (true) {
            int bi = -1;
            int bj = -1;
            double best = distance;
            for (int i = 0; i < k; i++) {
                for (int j = i + 1; j < k && !gone[i]; j++) {
                    if (!gone[j] && d[i][j] < best) {
                        best = d[i][j];
                        bi = i;
                        bj = j;
                    }
                }
            }
            if (bi < 0) {
                break;
            }
            cs.set(bi, cs.get(bi).union(cs.get(bj)));
            gone[bj] = true;
            schemas.set(bi, cs.get(bi).pathSchema());
            for (int o = 0; o < k; o++) {
                if (o != bi && !gone[o]) {
                    double v = SchemaDistance.between(schemas.get(bi), schemas.get(o));
                    if (o < bi) {
                        d[o][bi] = v;
                    } else {
                        d[bi][o] = v;
                    }
                }
            }
        }
        List<PageClass> out = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            if (!gone[i]) {
                out.add(cs.get(i));
            }
        }
        return out;
    }
}
