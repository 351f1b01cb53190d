package dev.shapecrawl.core.sitemodel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
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
 * (|P|, document frequency). {@link #cost} costs a model from scratch, from its pages; the model update under the
 * default encoding keeps the statistics of the cost between updates instead ({@link IncrementalMdl}), with the same
 * result.
 */
public final class Mdl {
    /**
     * How pages are encoded given their class.
     *
     * <p>{@link #THESIS} is eq. 3.9 as written: a page pays for the class schema's paths only, and the class schema
     * is the thesis's (link paths united, text paths whose texts are identical in at least two pages). Two things
     * follow that split one kind of page into many classes (measured on the test kit's generated sites: the detail
     * pages of one template in 6–10 classes, F* 0.35–0.66): a path of the page outside the class schema costs nothing,
     * so a class of one page, whose schema has no text path, is cheap; and in a large class, texts that two pages
     * share by chance (the same year, the same genre) enter the schema, where every page that joins and lacks them
     * pays c_miss for each.
     *
     * <p>{@link #COMPLETE} (shapecrawl's, beyond the seed) makes the code complete, as MDL requires: every feature of
     * a page ({@link SitePage#features()}: its link paths, its text paths with their texts) is paid for, either
     * through the class schema or literally, at c_miss (the cost the thesis gives a path it has to spell out). A
     * schema entry is itself spelled once, at c_miss, and referenced by each page of the class, c_index·w if the page
     * has it and c_miss·w if not; a class's schema is the set of its pages' features that makes that cheapest: a
     * feature that k of the class's n pages have enters iff c_miss + w·(k·c_index + (n − k)·c_miss) &lt; k·c_miss.
     * So a class of one page describes its page literally (it cannot encode a feature more cheaply than by spelling
     * it), texts two pages of a large class share by chance stay out, and the labels every page repeats are in. No
     * new constant: c_index, c_miss and the weights are the thesis's. Measured on the seven generated shapes
     * ({@code ModelInferenceTest}): mean F* 0.490 (THESIS) against 0.920 (COMPLETE), purity 0.999 and 0.995. With
     * the schema entry at w instead of c_miss, F* was 0.651: rare data texts made one-page classes cheap.
     */
    public enum Encoding {
        /** Eq. 3.6–3.10 as in the thesis. */
        THESIS,
        /** Every page feature paid for; the class schema chosen by the same cost. */
        COMPLETE
    }

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

    /**
     * Eq. 3.2–3.5 from counts: tf = inClass / classSize, idf = ln(total / df). {@link StrictMath#log}, not
     * {@code Math.log}: the JIT's intrinsic may differ from the interpreter's by an ulp, and a near-tie between two
     * models must not depend on what the JVM had run before.
     */
    private static double weight(long inClass, int classSize, int total, int df) {
        return 1 / ((double) inClass / classSize * StrictMath.log((double) total / df) + 1);
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
        return cost(model, settings, countingUrls, Encoding.THESIS);
    }

    /**
     * MDL(M) with the given encoding ({@link Encoding}).
     *
     * @param countingUrls whether |URLs(p)| is included (see {@link #cost(List, SiteModelSettings, boolean)})
     */
    public static double cost(List<PageClass> model, SiteModelSettings settings, boolean countingUrls,
                              Encoding encoding) {
        if (encoding == Encoding.THESIS) {
            return thesisCost(model, settings, countingUrls);
        }
        List<Map<SchemaPath, Integer>> counts = new ArrayList<>();
        Map<SchemaPath, Integer> df = new HashMap<>();
        int total = 0;
        for (PageClass c : model) {
            // Insertion order, not hash order: the sum below must add the same doubles in the same order in every JVM
            // (an enum's hash code is its identity), or near-ties between models flip from run to run.
            Map<SchemaPath, Integer> k = new LinkedHashMap<>();
            for (SitePage p : c.pages()) {
                for (SchemaPath f : p.features()) {
                    k.merge(f, 1, Integer::sum);
                    df.merge(f, 1, Integer::sum);
                }
            }
            counts.add(k);
            total += c.size();
        }
        double cost = 0;
        for (int i = 0; i < model.size(); i++) {
            PageClass c = model.get(i);
            int n = c.size();
            for (Map.Entry<SchemaPath, Integer> e : counts.get(i).entrySet()) {
                cost += completeTerm(e.getValue(), n, StrictMath.log((double) total / df.get(e.getKey())),
                        settings.indexCost(), settings.missCost());
            }
            if (countingUrls) {
                cost += c.pages().stream().mapToInt(SitePage::urlCount).sum();
            }
        }
        return cost;
    }

    /**
     * One feature's cost in a class under {@link Encoding#COMPLETE}: the cheaper of its schema entry (c_miss, then
     * c_index per page with it and c_miss per page without, weighted) and spelling it in each of its k pages. Shared
     * with {@link IncrementalMdl}, so both give the same double.
     *
     * @param k   pages of the class with the feature
     * @param n   pages of the class
     * @param log ln(|P| / df) of the feature
     */
    static double completeTerm(int k, int n, double log, double indexCost, double missCost) {
        double w = 1 / ((double) k / n * log + 1);
        double inSchema = missCost + w * (k * indexCost + (n - k) * missCost);
        return Math.min(inSchema, k * missCost);
    }

    private static double thesisCost(List<PageClass> model, SiteModelSettings settings, boolean countingUrls) {
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
        return update(model, candidate, settings, Encoding.THESIS);
    }

    /**
     * {@link #update(List, PageClass, SiteModelSettings)} with the given encoding. {@link Encoding#COMPLETE} is
     * costed incrementally ({@link IncrementalMdl}: the same decision, bit for bit, as costing each alternative model
     * from scratch with {@link #cost}); {@link Encoding#THESIS} costs each alternative from scratch.
     */
    public static List<PageClass> update(List<PageClass> model, PageClass candidate, SiteModelSettings settings,
                                         Encoding encoding) {
        if (encoding == Encoding.COMPLETE) {
            IncrementalMdl incremental = new IncrementalMdl(model, settings);
            incremental.update(candidate);
            return incremental.classes();
        }
        return updateFromScratch(model, candidate, settings, encoding);
    }

    /**
     * The model update with every alternative model (the candidate as a new class, or merged into each class in
     * turn) costed from scratch by {@link #cost}: the THESIS encoding's update, and the oracle {@link IncrementalMdl}
     * is tested against for the COMPLETE encoding.
     */
    static List<PageClass> updateFromScratch(List<PageClass> model, PageClass candidate, SiteModelSettings settings,
                                             Encoding encoding) {
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
            double cost = cost(merged, settings, false, encoding);
            if (cost < bestCost) {
                bestCost = cost;
                best = merged;
            }
        }
        return bestCost < cost(added, settings, false, encoding) ? best : added;
    }
}
