package dev.shapecrawl.core.eval;

import dev.shapecrawl.core.similarity.RtdmTemplateSimilarity;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The parameter sweep behind {@link RtdmTemplateSimilarity}'s defaults (docs/similarity.md, "Tuning"): for each
 * (β, γ), per site the lowest target similarity and the highest non-target similarity over all single samples,
 * and how many (site, sample) runs reach precision 100% and recall ≥ 99% at the best single threshold.
 * Run: {@code ./mvnw -B -q -pl services/core test -Dtest=TemplateTuningReport -Dshapecrawl.eval.tune=true}.
 */
@EnabledIfSystemProperty(named = "shapecrawl.eval.tune", matches = "true")
class TemplateTuningReport {

    @Test
    void sweep() {
        var sites = EvalCorpus.sites();
        double[] betas = java.util.Arrays.stream(System.getProperty("betas", "0.4,0.5,0.6,0.7,0.8,1.0").split(",")).mapToDouble(Double::parseDouble).toArray();
        double[] gammas = java.util.Arrays.stream(System.getProperty("gammas", "1.0,0.99,0.98,0.97,0.96,0.95").split(",")).mapToDouble(Double::parseDouble).toArray();
        for (double beta : betas) {
            for (double gamma : gammas) {
                RtdmTemplateSimilarity similarity = new RtdmTemplateSimilarity(beta, gamma, 0.5);
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "β=%.2f γ=%.2f", beta, gamma));
                java.util.List<Evaluation.Result> results = new java.util.ArrayList<>();
                for (EvalCorpus.Site site : sites) {
                    double minT = 1;
                    double maxN = 0;
                    for (EvalCorpus.Page sample : site.samples()) {
                        Evaluation.Result r = Evaluation.run(site, similarity, java.util.List.of(sample),
                                EvalCorpus.Page::templateTree);
                        results.add(r);
                        minT = Math.min(minT, Evaluation.quantile(r.targets(), 0.01));
                        maxN = Math.max(maxN, r.nonTargets()[r.nonTargets().length - 1]);
                    }
                    line.append(String.format(Locale.ROOT, " | %s %.3f/%.3f", site.name().substring(0, 8), minT, maxN));
                }
                // best single threshold: count accepted runs
                int best = 0;
                double bestTau = 0;
                for (double tau = 0.50; tau <= 0.995; tau += Double.parseDouble(System.getProperty("taustep", "0.005"))) {
                    int ok = 0;
                    for (Evaluation.Result r : results) {
                        double[] t = r.targets();
                        double[] n = r.nonTargets();
                        final double th = tau;
                        long tp = java.util.Arrays.stream(t).filter(v -> v >= th).count();
                        long fp = java.util.Arrays.stream(n).filter(v -> v >= th).count();
                        if (fp == 0 && tp >= 0.99 * t.length) {
                            ok++;
                        }
                    }
                    if (Boolean.getBoolean("taus") && ok >= results.size() - 2) {
                        System.out.printf(Locale.ROOT, "   τ=%.3f accepted %d%n", tau, ok);
                    }
                    if (ok > best) {
                        best = ok;
                        bestTau = tau;
                    }
                }
                line.append(String.format(Locale.ROOT, " || accepted %d/%d at τ=%.3f", best, results.size(), bestTau));
                System.out.println(line);
            }
        }
    }
}
