package dev.shapecrawl.core.sitemodel;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Seed 001's measures of a clustering against true classes (thesis §5.2, eq. 5.3–5.10; spec §5.2), over the pages
 * that were sampled (spec §8 #8 resolution: the sample S); pages without a true class are left out.
 *
 * <p>With e_ij the pages of true class C_i in computed class Ĉ_j: P = e_ij / |Ĉ_j|, R = e_ij / |C_i|, F = 2PR/(P+R),
 * F_i = max_j F; <b>F*</b> = Σ_i F_i·|C_i| / Σ|C_i| (higher is better); <b>H</b> = Σ_j H(Ĉ_j)·|Ĉ_j| / Σ|Ĉ_j| with
 * H(Ĉ_j) = −Σ_i P log₂ P (lower is better; log base 2, spec §8 #14); <b>purity</b> = Σ_j max_i e_ij / Σ|Ĉ_j|. The
 * thesis's typos (the minus sign of 5.9, the swapped indices of 5.10) are corrected as the spec says.
 *
 * @param fStar  F*, 0..1
 * @param h      weighted entropy, bits, >= 0
 * @param purity weighted purity, 0..1
 * @param pages  pages measured
 */
public record ClassQuality(double fStar, double h, double purity, int pages) {
    /**
     * @param computed computed class of each measured page (any labels)
     * @param truth    true class of each page; pages absent from it are not measured
     */
    public static <A, B> ClassQuality of(Map<String, A> computed, Map<String, B> truth) {
        Map<B, Map<A, Integer>> e = new HashMap<>();
        Map<A, Integer> computedSize = new HashMap<>();
        Map<B, Integer> trueSize = new HashMap<>();
        int n = 0;
        for (Map.Entry<String, A> page : computed.entrySet()) {
            B t = truth.get(page.getKey());
            if (t == null) {
                continue;
            }
            A c = Objects.requireNonNull(page.getValue());
            e.computeIfAbsent(t, k -> new HashMap<>()).merge(c, 1, Integer::sum);
            computedSize.merge(c, 1, Integer::sum);
            trueSize.merge(t, 1, Integer::sum);
            n++;
        }
        if (n == 0) {
            return new ClassQuality(0, 0, 0, 0);
        }
        double fStar = 0;
        for (Map.Entry<B, Map<A, Integer>> row : e.entrySet()) {
            double best = 0;
            for (Map.Entry<A, Integer> cell : row.getValue().entrySet()) {
                double p = (double) cell.getValue() / computedSize.get(cell.getKey());
                double r = (double) cell.getValue() / trueSize.get(row.getKey());
                best = Math.max(best, 2 * p * r / (p + r));
            }
            fStar += best * trueSize.get(row.getKey()) / n;
        }
        double h = 0;
        double purity = 0;
        for (Map.Entry<A, Integer> col : computedSize.entrySet()) {
            double hj = 0;
            int max = 0;
            for (Map<A, Integer> row : e.values()) {
                Integer count = row.get(col.getKey());
                if (count != null) {
                    double p = (double) count / col.getValue();
                    hj -= p * Math.log(p) / Math.log(2);
                    max = Math.max(max, count);
                }
            }
            h += hj * col.getValue() / n;
            purity += (double) max / n;
        }
        return new ClassQuality(fStar, h, purity, n);
    }

    /**
     * {@link #of(Map, Map)} for a model's classes: each page's computed class is the index of the class holding it.
     *
     * @param classes the computed classes
     * @param truth   true class of each page by URL; pages absent from it are not measured
     */
    public static <B> ClassQuality of(List<PageClass> classes, Map<String, B> truth) {
        Map<String, Integer> computed = new LinkedHashMap<>();
        for (int c = 0; c < classes.size(); c++) {
            for (SitePage p : classes.get(c).pages()) {
                computed.put(p.url(), c);
            }
        }
        return of(computed, truth);
    }

    /** Unweighted means, as the spec's table of the thesis's 25 sites. */
    public static ClassQuality mean(List<ClassQuality> all) {
        return new ClassQuality(all.stream().mapToDouble(ClassQuality::fStar).average().orElse(0),
                all.stream().mapToDouble(ClassQuality::h).average().orElse(0),
                all.stream().mapToDouble(ClassQuality::purity).average().orElse(0),
                all.stream().mapToInt(ClassQuality::pages).sum());
    }
}
