package dev.shapecrawl.core.eval;

import dev.shapecrawl.core.similarity.RtdmTemplateSimilarity;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The parameter sweep behind the first version of {@link RtdmTemplateSimilarity} (docs/similarity.md, section 3,
 * "Sweep of the final design": β and γ, no count damping): for each (β, γ), per site the lowest 1st-percentile
 * target similarity and the highest non-target similarity over all single samples, and how many (site, sample) runs
 * reach precision 100% and recall ≥ 99% at the best single threshold (thresholds 0.5 + k · {@code taustep}).
 *
 * <p>Asserts the claim the docs make of the sweep: β 0.8, γ 0.93 is the only setting measured at which one threshold
 * serves every site and every sample. Every other swept setting must leave some run unaccepted at every threshold,
 * and β 0.8, γ 0.93, if swept, must accept every run at one threshold. The default grid holds every row of the table
 * in section 3.
 * Run: {@code ./mvnw -B -q -pl services/core test -Dtest=TemplateTuningReport -Dshapecrawl.eval.tune=true
 * [-Dbetas=… -Dgammas=… -Dtaustep=0.001 -Dtaus=true]}.
 */
@EnabledIfSystemProperty(named = "shapecrawl.eval.tune", matches = "true")
class TemplateTuningReport {

    /** The first version's setting (β, γ), chosen by this sweep. */
    static final double CHOSEN_BETA = 0.8;
    static final double CHOSEN_GAMMA = 0.93;

    @Test
    void sweep() {
        var sites = EvalCorpus.sites();
        double[] betas = Arrays.stream(System.getProperty("betas", "0.4,0.6,0.8,0.9,1.0").split(","))
                .mapToDouble(Double::parseDouble).toArray();
        double[] gammas = Arrays.stream(System.getProperty("gammas", "1.0,0.97,0.95,0.94,0.93,0.92,0.90").split(","))
                .mapToDouble(Double::parseDouble).toArray();
        double step = Double.parseDouble(System.getProperty("taustep", "0.001"));
        List<String> othersAcceptingAll = new ArrayList<>();
        String chosenMisses = null;
        for (double beta : betas) {
            for (double gamma : gammas) {
                RtdmTemplateSimilarity similarity = new RtdmTemplateSimilarity(beta, gamma, 0.5);
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "β=%.2f γ=%.2f", beta, gamma));
                List<Evaluation.Result> results = new ArrayList<>();
                for (EvalCorpus.Site site : sites) {
                    double minT = 1;
                    double maxN = 0;
                    for (EvalCorpus.Page sample : site.samples()) {
                        Evaluation.Result r = Evaluation.run(site, similarity, List.of(sample),
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
                double lastBestTau = 0;
                for (int k = 0; 0.50 + k * step <= 0.995; k++) {
                    double tau = 0.50 + k * step;
                    int ok = 0;
                    for (Evaluation.Result r : results) {
                        double[] t = r.targets();
                        double[] n = r.nonTargets();
                        long tp = Arrays.stream(t).filter(v -> v >= tau).count();
                        long fp = Arrays.stream(n).filter(v -> v >= tau).count();
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
                    if (ok == best) {
                        lastBestTau = tau;
                    }
                }
                line.append(String.format(Locale.ROOT, " || accepted %d/%d at τ=%.3f (first) – %.3f (last)", best,
                        results.size(), bestTau, lastBestTau));
                System.out.println(line);
                boolean isChosen = Math.abs(beta - CHOSEN_BETA) < 1e-9 && Math.abs(gamma - CHOSEN_GAMMA) < 1e-9;
                if (isChosen && best < results.size()) {
                    chosenMisses = line.toString();
                } else if (!isChosen && best == results.size()) {
                    othersAcceptingAll.add(line.toString());
                }
            }
        }
        // docs/similarity.md section 3: "it is the only setting measured at which one threshold serves every site
        // and every sample" (49 of 49 at τ 0.942–0.943)
        assertNull(chosenMisses, "β 0.8, γ 0.93 does not accept every run at one threshold (a τ step of " + step
                + " may miss its window): " + chosenMisses);
        assertTrue(othersAcceptingAll.isEmpty(), "settings other than β 0.8, γ 0.93 also accept every run at one "
                + "threshold: " + othersAcceptingAll);
    }
}
