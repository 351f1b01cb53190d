package dev.shapecrawl.core.eval;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Experiment harness for the margin work (docs/similarity.md, "Alternatives measured, margin"): weighting variants
 * of the label-path trie, each judged on the development sites only by the worst-case margin (min over sites and
 * samples of lowest target − highest decoy) and by the interval of thresholds that pass every run (P 100%,
 * R ≥ 99%). Variants: {@code w = β^(d−2) · γ^r · count^(−α)} with r the first-occurrence rank among new paths,
 * optionally the weight of a path that occurs in the page as often as ... (see {@link #weights}).
 * Run: {@code ./mvnw -B -q -pl services/core -am test -Dtest=VariantSweep -Dsurefire.failIfNoSpecifiedTests=false
 * -Dshapecrawl.eval.sweep=true -Dvariants="0.8:0.93:0,0.8:0.93:1"}.
 */
@EnabledIfSystemProperty(named = "shapecrawl.eval.sweep", matches = "true")
class VariantSweep {

    record Variant(double beta, double gamma, double alpha, int cap) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "β=%.2f γ=%.3f α=%.2f mode=%d", beta, gamma, alpha, cap);
        }
    }

    @Test
    void sweep() {
        List<EvalCorpus.Site> sites = EvalCorpus.sites();
        Map<EvalCorpus.Page, PathTable> tables = new HashMap<>();
        for (EvalCorpus.Site site : sites) {
            site.pages().parallelStream().map(p -> Map.entry(p, new PathTable(p.templateTree()))).toList()
                    .forEach(e -> tables.put(e.getKey(), e.getValue()));
        }
        List<Variant> variants = new ArrayList<>();
        for (String v : System.getProperty("variants", "0.8:0.93:0").split(",")) {
            String[] f = v.split(":");
            variants.add(new Variant(Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2]),
                    f.length > 3 ? Integer.parseInt(f[3]) : 0));
        }
        boolean perSite = Boolean.getBoolean("perSite");
        for (Variant variant : variants) {
            Map<EvalCorpus.Page, double[]> weights = new HashMap<>();
            tables.forEach((p, t) -> weights.put(p, weights(t, variant)));
            double worstMargin = 9;
            double maxDecoy = -1;
            double minT99 = 9;
            String worstRun = "";
            StringBuilder sitesLine = new StringBuilder();
            for (EvalCorpus.Site site : sites) {
                double siteMinT = 9;
                double siteMaxD = -1;
                for (EvalCorpus.Page sample : site.samples()) {
                    PathTable st = tables.get(sample);
                    double[] sw = weights.get(sample);
                    List<Double> t = new ArrayList<>();
                    double runMaxD = -1;
                    String dName = "";
                    for (EvalCorpus.Page page : site.pages()) {
                        if (page == sample) {
                            continue;
                        }
                        double s = dice(st, sw, tables.get(page), weights.get(page));
                        if (page.target()) {
                            t.add(s);
                        } else if (s > runMaxD) {
                            runMaxD = s;
                            dName = page.path();
                        }
                    }
                    double[] ts = t.stream().mapToDouble(Double::doubleValue).sorted().toArray();
                    double t99 = ts[(int) Math.floor(0.01 * ts.length)];
                    double margin = ts[0] - runMaxD;
                    if (margin < worstMargin) {
                        worstMargin = margin;
                        worstRun = site.name() + " " + sample.path() + " vs " + dName;
                    }
                    maxDecoy = Math.max(maxDecoy, runMaxD);
                    minT99 = Math.min(minT99, t99);
                    siteMinT = Math.min(siteMinT, ts[0]);
                    siteMaxD = Math.max(siteMaxD, runMaxD);
                }
                sitesLine.append(String.format(Locale.ROOT, " | %s %.3f/%.3f", site.name().substring(0, 8), siteMinT,
                        Math.max(0, siteMaxD)));
            }
            System.out.printf(Locale.ROOT,
                    "SWEEP %s: worst margin %+.4f  passing τ (%.4f, %.4f] width %+.4f ratio %.3f%s%s%n",
                    variant, worstMargin, maxDecoy, minT99, minT99 - maxDecoy, (1 - maxDecoy) / (1 - minT99), perSite ? sitesLine : "",
                    perSite ? "  worst: " + worstRun : "");
        }
    }

    static double[] weights(PathTable t, Variant v) {
        double[] w = new double[t.size];
        double order = 1;
        for (int i = 0; i < t.size; i++) {
            int d = t.depth[i];
            if (d < 2) {
                continue;
            }
            double c = v.cap == 1 ? t.spread[i] : t.count[i];
            double g = v.alpha == 0 ? 1 : v.cap == 2 ? 1 / (1 + v.alpha * Math.log(c)) : Math.pow(c, -v.alpha);
            w[i] = Math.pow(v.beta, d - 2) * order * g;
            order *= v.gamma;
        }
        return w;
    }

    static double dice(PathTable a, double[] wa, PathTable b, double[] wb) {
        double totalA = Arrays.stream(wa).sum();
        double totalB = Arrays.stream(wb).sum();
        double m = 0;
        for (int i = 0; i < a.size; i++) {
            Integer j = b.index.get(a.hash[i]);
            if (j != null) {
                m += wa[i] + wb[j];
            }
        }
        double total = totalA + totalB;
        return total == 0 ? 1 : Math.min(1, m / total);
    }
}
