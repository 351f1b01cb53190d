package dev.shapecrawl.core.sitemodel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The description length of a site model and the choice it drives (thesis §3.3.4; spec §2.7, §2.9, §3.6).
 *
 * <p>Path weights, eq. 3.2–3.5, with P the pages of the whole model: tf(cp, C) = |{p ∈ C : cp ∈ p}| / |C|,
 * idf(cp) = ln(|P| / |{p ∈ P : cp ∈ p}|), weight = 1 / (tf·idf + 1). A class path (frequent in C, rare elsewhere)
 * weighs little; a site path (idf ≈ 0) and a single-page path (tf low) weigh about 1.
 *
 * <p>Cost, eq. 3.6–3.10: MDL(M) = Σ_C Σ_{cp ∈ S(C)} w(cp, C) + Σ_C Σ_{p ∈ C} enc(p | C), where
 * enc(p | C) = |URLs(p)| + Σ_{cp ∈ S(C), cp ∈ p} c_index·w + Σ_{cp ∈ S(C), cp ∉ p} c_miss·w. "cp ∈ p" for a text
 * path means the page has it with the class's invariant texts (spec §8 #7). Weights depend on the whole model
 * (|P|, document frequency), so each alternative is costed from scratch; models hold at most n (200) pages.
 */
public final class Mdl {
    private Mdl() {
    }

    /**
     * The weight of {@code path} in class {@code c} of {@code model} (eq. 3.5), in (0, 1].
     *
     * @throws IllegalArgumentException if no page of the model has {@code path}
     */
    public static double weight(SchemaPath path, PageClass c, List<PageClass> model) {
        int df = documentFrequency(path, model);
        if (df == 0) {
            throw new IllegalArgumentException("no page of the model has " + path);
        }
        int total = model.stream().mapToInt(PageClass::size).sum();
        return weight(c.pages().stream().filter(p -> p.has(path)).count(), c.size(), total, df);
    }

    /** Eq. 3.2–3.5 from counts: tf = inClass / classSize, idf = ln(total / df). */
    private static double weight(long inClass, int classSize, int total, int df) {
        return 1 / ((double) inClass / classSize * Math.log((double) total / df) + 1);
    }

    /**
     * MDL(M), eq. 3.10.
     *
     * @param model        the classes; their pages are P
     * @param settings     c_index and c_miss
     * @param countingUrls whether enc(p|C) includes |URLs(p)|: the thesis's cost does; it is the same for every
     *                     model of the same pages, so a comparison may leave it out (spec §2.9), as the spec's
     *                     worked example does
     */
    public static double cost(List<PageClass> model, SiteModelSettings settings, boolean countingUrls) {
        Map<SchemaPath, Integer> df = new HashMap<>();
        int total = 0;
        List<Set<SchemaPath>> schemas = new ArrayList<>();
        for (PageClass c : model) {
            Set<SchemaPath> schema = c.schema();
            schemas.add(schema);
            total += c.size();
        }
        for (Set<SchemaPath> schema : schemas) {
            for (SchemaPath cp : schema) {
                df.computeIfAbsent(cp, k -> documentFrequency(k, model));
            }
        }
        double cost = 0;
        for (int i = 0; i < model.size(); i++) {
            PageClass c = model.get(i);
            for (SchemaPath cp : schemas.get(i)) {
                long inClass = c.pages().stream().filter(p -> p.has(cp)).count();
                double w = weight(inClass, c.size(), total, df.get(cp));
                cost += w + inClass * settings.indexCost() * w + (c.size() - inClass) * settings.missCost() * w;
            }
            if (countingUrls) {
                cost += c.pages().stream().mapToInt(SitePage::urlCount).sum();
            }
        }
        return cost;
    }

    private static int documentFrequency(SchemaPath cp, List<PageClass> model) {
        int df = 0;
        for (PageClass k : model) {
            for (SitePage p : k.pages()) {
                if (p.has(cp)) {
                    df++;
                }
            }
        }
        return df;
    }

    /**
     * One step of the model update (thesis §3.3.4, Algorithm 1 lines 27–31; spec §3.6): the candidate becomes a new
     * class, or joins the existing class whose union costs least, whichever gives the smaller MDL; a tie makes a new
     * class (strict &lt;).
     *
     * @param model     the current classes
     * @param candidate a candidate class from {@link Candidates#select}
     * @return the next model: a new list, the merged class in the place of the class it absorbed
     */
    public static List<PageClass> update(List<PageClass> model, PageClass candidate, SiteModelSettings settings) {
        List<PageClass> added = new ArrayList<>(model);
        added.add(candidate);
        if (model.isEmpty()) {
            return added;
        }
        List<PageClass> best = null;
        double bestCost = Double.POSITIVE_INFINITY;
        for (int i = 0; i < model.size(); i++) {
            List<PageClass> merged = new ArrayList<>(model);
            merged.set(i, model.get(i).union(candidate));
            double cost = cost(merged, settings, false);
            if (cost < bestCost) {
                bestCost = cost;
                best = merged;
            }
        }
        return bestCost < cost(added, settings, false) ? best : added;
    }
}
