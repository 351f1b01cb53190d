package dev.shapecrawl.core.sitemodel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The model update of thesis §3.3.4 (Algorithm 1 lines 27–31; spec §3.6) under the complete encoding
 * ({@link Mdl.Encoding#COMPLETE}), kept incrementally: the classes of the model being inferred together with the
 * statistics their MDL cost is made of, so that a candidate's alternatives ("a new class", "joins class i") are
 * costed without rebuilding the model's statistics from its pages.
 *
 * <p>Under the complete encoding MDL(M) = Σ_C Σ_{f ∈ F(C)} min(c_miss + w·(k·c_index + (n − k)·c_miss), k·c_miss),
 * where F(C) are the features of C's pages ({@link SitePage#features()}) in first-appearance order, n = |C|, k the
 * pages of C with f, and w the weight of eq. 3.5 from k, n, the model's page count |P| and f's document frequency
 * df(f) over P ({@link Mdl}). Every alternative of one update holds the same pages (the model's and the
 * candidate's), so |P| and df are the same for all of them; they differ only in how the pages are grouped. Kept
 * here, per class: n, its features in first-appearance order with their counts k; for the model: df per feature
 * and |P|. An update then costs each class's terms once (the terms of a class depend on |P|, which grows with every
 * candidate, so they are recomputed each update, from the counts: no page is read), each union
 * "class i + candidate" once, and ln(|P| / df) once per distinct df value.
 *
 * <p><b>Identical to costing every alternative from scratch</b> ({@link Mdl#cost} on each alternative model, the
 * code before this class): the comparison is made on the same doubles, computed by the same expressions and added
 * in the same order (class by class in model order, each class's features in first-appearance order, the union's
 * being the class's then the candidate's new ones), so every strict comparison, near-ties included, comes out the
 * same. Only the sums are re-added per alternative (a pass over cached terms), not recomputed.
 *
 * <p>Not thread-safe. {@link Mdl.Encoding#THESIS} is not kept here: its class schema (texts shared by two pages)
 * is not a sum over per-class counts, and {@link Mdl#update(List, PageClass, SiteModelSettings, Mdl.Encoding)} costs
 * it from scratch.
 */
public final class IncrementalMdl {
    private final double indexCost;
    private final double missCost;
    /** Feature → dense id, in order of first sight. */
    private final Map<SchemaPath, Integer> ids = new HashMap<>();
    /** df per feature id: pages of the model that have it. */
    private int[] df = new int[256];
    /** |P|: pages of the model. */
    private int total;
    private final List<Stats> classes = new ArrayList<>();
    /** Scratch, by feature id: the candidate's count k of each of its features (0 elsewhere). */
    private int[] candidateCount = new int[256];
    /** ln(|P| / df) by df, for the current |P|. */
    private double[] logs = new double[0];

    /**
     * An empty model.
     *
     * @param settings c_index and c_miss (the other settings are not used here)
     */
    public IncrementalMdl(SiteModelSettings settings) {
        Objects.requireNonNull(settings, "settings");
        this.indexCost = settings.indexCost();
        this.missCost = settings.missCost();
    }

    /**
     * A model holding {@code model}'s classes, in order, as they are (no update made).
     *
     * @param model    classes, each with at least one page
     * @param settings c_index and c_miss
     */
    public IncrementalMdl(List<PageClass> model, SiteModelSettings settings) {
        this(settings);
        for (PageClass c : model) {
            Stats s = stats(c);
            for (int i = 0; i < s.features; i++) {
                df[s.ids[i]] += s.counts[i];
            }
            total += c.size();
            classes.add(s);
        }
    }

    /** The classes, in model order (a copy). */
    public List<PageClass> classes() {
        List<PageClass> out = new ArrayList<>(classes.size());
        classes.forEach(s -> out.add(s.pageClass));
        return out;
    }

    /** The number of classes. */
    public int size() {
        return classes.size();
    }

    /**
     * One step of the model update (spec §3.6): {@code candidate} becomes a new class (appended), or joins the
     * existing class whose union costs least (the union takes the class's place: its pages, then the candidate's),
     * whichever gives the smaller MDL; a tie makes a new class, and among equal unions the first class wins (strict
     * &lt;). The same decision as {@link Mdl#update(List, PageClass, SiteModelSettings, Mdl.Encoding)} with
     * {@link Mdl.Encoding#COMPLETE}, bit for bit (class comment).
     *
     * @param candidate a candidate class ({@link Candidates#select}); its pages are new to the model
     * @return the index of the class the candidate now is or is in
     */
    public int update(PageClass candidate) {
        Stats cand = stats(candidate);
        for (int i = 0; i < cand.features; i++) {
            df[cand.ids[i]] += cand.counts[i];
        }
        total += candidate.size();
        if (classes.isEmpty()) {
            classes.add(cand);
            return 0;
        }
        logs = new double[total + 1];
        for (int d = 1; d <= total; d++) {
            logs[d] = StrictMath.log((double) total / d);
        }
        int m = classes.size();
        // Each class's terms, in its feature order, and the running sum up to each class (model order).
        double[][] terms = new double[m][];
        double[] prefix = new double[m + 1];
        for (int j = 0; j < m; j++) {
            Stats s = classes.get(j);
            terms[j] = terms(s.ids, s.counts, s.features, s.size);
            prefix[j + 1] = add(prefix[j], terms[j], terms[j].length);
        }
        double added = add(prefix[m], terms(cand.ids, cand.counts, cand.features, cand.size), cand.features);
        for (int i = 0; i < cand.features; i++) {
            candidateCount[cand.ids[i]] = cand.counts[i];
        }
        int best = -1;
        double bestCost = Double.POSITIVE_INFINITY;
        double[] union = new double[0];
        for (int i = 0; i < m; i++) {
            Stats s = classes.get(i);
            int n = s.size + cand.size;
            if (union.length < s.features + cand.features) {
                union = new double[s.features + cand.features];
            }
            int u = 0;
            for (int f = 0; f < s.features; f++) {
                int id = s.ids[f];
                union[u++] = term(s.counts[f] + candidateCount[id], n, logs[df[id]]);
            }
            for (int f = 0; f < cand.features; f++) {
                int id = cand.ids[f];
                if (!s.has(id)) {
                    union[u++] = term(cand.counts[f], n, logs[df[id]]);
                }
            }
            double cost = add(prefix[i], union, u);
            for (int j = i + 1; j < m; j++) {
                cost = add(cost, terms[j], terms[j].length);
            }
            if (cost < bestCost) {
                bestCost = cost;
                best = i;
            }
        }
        for (int i = 0; i < cand.features; i++) {
            candidateCount[cand.ids[i]] = 0;
        }
        if (bestCost < added) {
            classes.set(best, classes.get(best).union(cand));
            return best;
        }
        classes.add(cand);
        return m;
    }

    /** {@code acc} plus the first {@code length} terms, one by one, in order. */
    private static double add(double acc, double[] terms, int length) {
        for (int i = 0; i < length; i++) {
            acc += terms[i];
        }
        return acc;
    }

    private double[] terms(int[] featureIds, int[] counts, int features, int n) {
        double[] out = new double[features];
        for (int f = 0; f < features; f++) {
            out[f] = term(counts[f], n, logs[df[featureIds[f]]]);
        }
        return out;
    }

    /** One feature's cost in a class: {@link Mdl#completeTerm}, the term {@link Mdl#cost} adds. */
    private double term(int k, int n, double log) {
        return Mdl.completeTerm(k, n, log, indexCost, missCost);
    }

    /** The statistics of a class new to this model (its features interned). */
    private Stats stats(PageClass c) {
        Stats s = new Stats(c);
        for (SitePage p : c.pages()) {
            for (SchemaPath f : p.features()) {
                Integer id = ids.get(f);
                if (id == null) {
                    id = ids.size();
                    ids.put(f, id);
                    if (id >= df.length) {
                        df = Arrays.copyOf(df, df.length * 2);
                        candidateCount = Arrays.copyOf(candidateCount, df.length);
                    }
                }
                s.count(id);
            }
        }
        return s;
    }

    /**
     * A class and its counts: its features (ids) in first-appearance order over its pages, and how many of its pages
     * have each.
     */
    private static final class Stats {
        final PageClass pageClass;
        final int size;
        int[] ids = new int[16];
        int[] counts = new int[16];
        int features;
        /** Position of a feature id in {@link #ids}, plus one; 0 when absent (indexed by id, grown on demand). */
        int[] position = new int[0];

        Stats(PageClass pageClass) {
            this.pageClass = pageClass;
            this.size = pageClass.size();
        }

        boolean has(int id) {
            return id < position.length && position[id] != 0;
        }

        /** One more page with feature {@code id}. */
        void count(int id) {
            count(id, 1);
        }

        private void count(int id, int k) {
            if (has(id)) {
                counts[position[id] - 1] += k;
                return;
            }
            if (id >= position.length) {
                position = Arrays.copyOf(position, Math.max(id + 1, position.length * 2));
            }
            if (features == ids.length) {
                ids = Arrays.copyOf(ids, features * 2);
                counts = Arrays.copyOf(counts, features * 2);
            }
            ids[features] = id;
            counts[features] = k;
            features++;
            position[id] = features;
        }

        /** This class and {@code other} as one: {@link PageClass#union}, the counts added, new features appended. */
        Stats union(Stats other) {
            Stats out = new Stats(pageClass.union(other.pageClass));
            out.ids = Arrays.copyOf(ids, Math.max(16, features + other.features));
            out.counts = Arrays.copyOf(counts, out.ids.length);
            out.features = features;
            out.position = position; // taken over: this class leaves the model
            for (int f = 0; f < other.features; f++) {
                out.count(other.ids[f], other.counts[f]);
            }
            return out;
        }
    }
}
