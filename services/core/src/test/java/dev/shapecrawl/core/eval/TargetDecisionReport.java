package dev.shapecrawl.core.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shapecrawl.core.classify.TargetDecision;
import dev.shapecrawl.core.classify.TargetDecision.Scored;
import dev.shapecrawl.core.classify.TargetDecision.Settings;
import dev.shapecrawl.core.classify.TargetDecision.Status;
import dev.shapecrawl.core.similarity.RtdmTemplateSimilarity;
import dev.shapecrawl.core.similarity.StructuralSimilarity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The site-wide target decision ({@link TargetDecision}) against today's fixed threshold, on every development site
 * (the seven javadoc sites and the directory sites of {@link DirectorySites}), one sample at a time (the 7 samples
 * of each site), with leave-one-site-out figures for the decision's two constants (docs/evaluation.md "Site-wide
 * target decision"). Writes {@code target/target-decision.md}.
 *
 * <p>An AMBIGUOUS run is resolved as a person would: they read the neighbouring class's example URLs and give the
 * first one that is not of the kind they want as a negative sample, or, if every example is of their kind, the
 * first one as a second sample; the similarities of every page to that page are computed and the decision taken
 * again. Ground truth is the site's own files (file layout or generator markup), never our output.
 *
 * <p>For every run the defaults do not pass, a last section tries every non-target page of the site as the one
 * negative sample, to tell a run no negative can resolve from one whose status named the wrong examples.
 *
 * <p>A run <em>passes</em> when it ends DECIDED with precision 1 and recall &ge; 0.99; a DECIDED run that does not
 * pass is a <em>silent error</em>, the outcome the decision exists to prevent. Asserts the goal it is run for: no
 * silent error with the default constants on the javadoc sites, and the decision passes at least as many runs as
 * the fixed threshold.
 *
 * <p>Run: {@code ./mvnw -B -pl services/core test -Dtest=TargetDecisionReport -Dsurefire.failIfNoSpecifiedTests=false
 * -Dshapecrawl.eval.decision=true [-Dshapecrawl.eval.dirs=…]}.
 */
@EnabledIfSystemProperty(named = "shapecrawl.eval.decision", matches = "true")
class TargetDecisionReport {
    static final double[] FLOORS = {0.6, 0.7, 0.75, 0.8, 0.85};
    static final double[] RATIOS = {1.25, 1.5, 2.0, 2.5, 3.0, 4.0};

    /** One run: a site and one sample, with every other page's similarity to it. */
    record Run(EvalCorpus.Site site, EvalCorpus.Page sample, List<EvalCorpus.Page> pages, double[] sims) {
    }

    /** What became of a run under some constants. */
    enum Outcome { PASS, RESOLVED, UNRESOLVED, SILENT_ERROR, AMBIGUOUS_WRONG_RESOLUTION }

    record Scored2(Outcome outcome, double precision, double recall, Status first, String note) {
    }

    private final StructuralSimilarity measure = new RtdmTemplateSimilarity();
    private final Map<String, double[]> simsByExtra = new ConcurrentHashMap<>();

    @Test
    void report() throws IOException {
        List<EvalCorpus.Site> sites = EvalCorpus.developmentSites();
        List<Run> runs = new ArrayList<>();
        for (EvalCorpus.Site site : sites) {
            for (EvalCorpus.Page sample : site.samples()) {
                List<EvalCorpus.Page> pages = site.pages().stream().filter(p -> p != sample).toList();
                runs.add(new Run(site, sample, pages, sims(sample, pages)));
            }
        }
        StringBuilder md = new StringBuilder("# Site-wide target decision against the fixed threshold\n\n");
        Settings defaults = Settings.defaults();
        md.append(String.format(Locale.ROOT, "Default constants: floor %.2f, clear ratio %.2f. Fixed threshold %.3f.%n%n",
                defaults.floor(), defaults.clearRatio(), RtdmTemplateSimilarity.DEFAULT_THRESHOLD));
        md.append("| site | sample | fixed τ: P / R | decision: status, τ | P / R | after one more sample: status, P / R | outcome |\n");
        md.append("|---|---|---|---|---|---|---|\n");
        Map<String, int[]> perSite = new LinkedHashMap<>(); // pass fixed, pass decision, silent, ambiguous, resolved
        for (Run run : runs) {
            double[] fixed = pr(run, run.sims, null, RtdmTemplateSimilarity.DEFAULT_THRESHOLD, null);
            Scored2 s = score(run, defaults, md);
            int[] c = perSite.computeIfAbsent(run.site.name(), k -> new int[6]);
            c[0] += pass(fixed) ? 1 : 0;
            c[1] += s.outcome == Outcome.PASS ? 1 : 0;
            c[2] += s.outcome == Outcome.SILENT_ERROR ? 1 : 0;
            c[3] += s.first == Status.AMBIGUOUS ? 1 : 0;
            c[4] += s.outcome == Outcome.RESOLVED ? 1 : 0;
            c[5]++;
        }
        md.append("\n## Per site (default constants)\n\n| site | runs | fixed τ passes | decision passes | AMBIGUOUS | "
                + "resolved by one more sample | silent errors |\n|---|---|---|---|---|---|---|\n");
        int[] total = new int[6];
        perSite.forEach((site, c) -> {
            md.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %d | %d |%n", site, c[5], c[0], c[1], c[3],
                    c[4], c[2]));
            for (int i = 0; i < 6; i++) {
                total[i] += c[i];
            }
        });
        md.append(String.format(Locale.ROOT, "| all | %d | %d | %d | %d | %d | %d |%n", total[5], total[0], total[1],
                total[3], total[4], total[2]));
        md.append(leaveOneSiteOut(runs, sites));
        md.append(everyNegative(runs, defaults));
        Path out = Path.of("target", "target-decision.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, md);
        System.out.println(md);
        int javadocSilent = 0;
        int javadocFixed = 0;
        int javadocDecision = 0;
        for (EvalCorpus.Site site : EvalCorpus.sites()) {
            int[] c = perSite.get(site.name());
            if (c != null) {
                javadocSilent += c[2];
                javadocFixed += c[0];
                javadocDecision += c[1] + c[4];
            }
        }
        assertEquals(0, javadocSilent, "silent errors on the javadoc sites");
        assertTrue(javadocDecision >= javadocFixed, "the decision passes fewer javadoc runs than the fixed threshold");
        assertTrue(total[1] + total[4] >= total[0], "the decision passes fewer runs than the fixed threshold");
    }

    private String leaveOneSiteOut(List<Run> runs, List<EvalCorpus.Site> sites) {
        // outcome of every run under every pair of constants
        Map<String, Map<String, List<Outcome>>> bySetting = new LinkedHashMap<>();
        for (double f : FLOORS) {
            for (double r : RATIOS) {
                Settings s = new Settings(f, r);
                Map<String, List<Outcome>> perSite = new HashMap<>();
                for (Run run : runs) {
                    perSite.computeIfAbsent(run.site.name(), k -> new ArrayList<>()).add(score(run, s, null).outcome);
                }
                bySetting.put(f + ":" + r, perSite);
            }
        }
        StringBuilder grid = new StringBuilder("\n## Every setting of the grid\n\nRuns passed / resolved by one more "
                + "sample / silent errors, over all sites, for each pair (floor, clear ratio).\n\n| floor | clear ratio "
                + "| passed | resolved | silent errors | sites with a silent error |\n|---|---|---|---|---|---|\n");
        bySetting.forEach((key, perSite) -> {
            long[] t = new long[3];
            List<String> silentSites = new ArrayList<>();
            perSite.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
                t[0] += count(e.getValue(), Outcome.PASS);
                t[1] += count(e.getValue(), Outcome.RESOLVED);
                long silent = count(e.getValue(), Outcome.SILENT_ERROR);
                t[2] += silent;
                if (silent > 0) {
                    silentSites.add(e.getKey() + " " + silent);
                }
            });
            String[] fr = key.split(":");
            grid.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %d | %s |%n", fr[0], fr[1], t[0], t[1], t[2],
                    String.join(", ", silentSites)));
        });
        StringBuilder md = new StringBuilder(grid).append("\n## Leave one site out\n\nFor each site, the constants (floor, clear "
                + "ratio) are chosen on the other sites alone (fewest silent errors, then most runs passed or resolved, "
                + "then fewest AMBIGUOUS, then the default's neighbourhood by grid order) and the site is scored with "
                + "them. Grid: floors " + Arrays.toString(FLOORS) + ", ratios " + Arrays.toString(RATIOS) + ".\n\n"
                + "| site | chosen without it | passes | resolved | unresolved | silent errors | with the defaults: "
                + "passes / resolved / silent |\n|---|---|---|---|---|---|---|\n");
        String def = TargetDecision.Settings.DEFAULT_FLOOR + ":" + TargetDecision.Settings.DEFAULT_CLEAR_RATIO;
        for (EvalCorpus.Site held : sites) {
            String bestKey = null;
            long[] bestScore = null;
            for (var e : bySetting.entrySet()) {
                long silent = 0;
                long good = 0;
                long amb = 0;
                for (var site : e.getValue().entrySet()) {
                    if (site.getKey().equals(held.name())) {
                        continue;
                    }
                    for (Outcome o : site.getValue()) {
                        silent += o == Outcome.SILENT_ERROR ? 1 : 0;
                        good += o == Outcome.PASS || o == Outcome.RESOLVED ? 1 : 0;
                        amb += o == Outcome.PASS || o == Outcome.SILENT_ERROR ? 0 : 1;
                    }
                }
                long[] score = {-silent, good, -amb};
                if (bestScore == null || Arrays.compare(score, bestScore) > 0) {
                    bestScore = score;
                    bestKey = e.getKey();
                }
            }
            List<Outcome> o = bySetting.get(bestKey).get(held.name());
            List<Outcome> d = bySetting.get(def).get(held.name());
            md.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %d | %d | %d / %d / %d |%n", held.name(),
                    bestKey.replace(":", ", "), count(o, Outcome.PASS), count(o, Outcome.RESOLVED),
                    count(o, Outcome.UNRESOLVED) + count(o, Outcome.AMBIGUOUS_WRONG_RESOLUTION),
                    count(o, Outcome.SILENT_ERROR), count(d, Outcome.PASS), count(d, Outcome.RESOLVED),
                    count(d, Outcome.SILENT_ERROR)));
        }
        return md.toString();
    }

    /**
     * For every run the defaults do not pass: would <em>any</em> one page of the site, given as the negative sample,
     * make it pass? Each page not of the sample's kind is tried in turn (the whole site, not only the examples the
     * AMBIGUOUS status names), so a run no page resolves is beyond one negative sample under this similarity, whatever
     * the person picks.
     */
    private String everyNegative(List<Run> runs, Settings settings) {
        StringBuilder md = new StringBuilder("\n## Any one negative sample\n\nFor each run the defaults do not pass, "
                + "every page of the site that is not a target is tried as the one negative sample, and the decision "
                + "taken again over the other pages.\n\n| site | sample | first | pages tried | negatives that make it "
                + "pass | examples | best P / R (its negative) |\n|---|---|---|---|---|---|---|\n");
        Map<String, double[][]> bySite = new HashMap<>();
        for (Run run : runs) {
            Scored2 first = score(run, settings, null);
            if (first.outcome == Outcome.PASS) {
                continue;
            }
            List<EvalCorpus.Page> all = run.site.pages();
            double[][] sims = bySite.computeIfAbsent(run.site.name(), k -> all.stream().map(p -> sims(p, all))
                    .toArray(double[][]::new));
            int sampleIndex = all.indexOf(run.sample);
            int tried = 0;
            int passing = 0;
            List<String> examples = new ArrayList<>();
            double[] best = {0, 0};
            String bestPage = "–";
            for (int k = 0; k < all.size(); k++) {
                if (k == sampleIndex || all.get(k).target()) {
                    continue;
                }
                tried++;
                // the decision over the site without the sample and without the negative page
                List<EvalCorpus.Page> pages = new ArrayList<>();
                double[] positive = new double[all.size() - 2];
                double[] negative = new double[all.size() - 2];
                for (int j = 0; j < all.size(); j++) {
                    if (j != sampleIndex && j != k) {
                        positive[pages.size()] = sims[sampleIndex][j];
                        negative[pages.size()] = sims[k][j];
                        pages.add(all.get(j));
                    }
                }
                Run without = new Run(run.site, run.sample, pages, positive);
                TargetDecision.Result r = TargetDecision.decide(scored(without, positive, negative), settings);
                if (r.status() != Status.DECIDED) {
                    continue;
                }
                double[] pr = pr(without, positive, negative, r.threshold(), r);
                if (pass(pr)) {
                    passing++;
                    if (examples.size() < 3) {
                        examples.add("`" + all.get(k).path() + "`");
                    }
                }
                if (pr[0] * pr[1] > best[0] * best[1]) {
                    best = pr;
                    bestPage = all.get(k).path();
                }
            }
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %d | %d | %s | %.3f / %.3f (`%s`) |%n",
                    run.site.name(), run.sample.path(), first.first, tried, passing, String.join(", ", examples),
                    best[0], best[1], bestPage));
        }
        return md.toString();
    }

    private static long count(List<Outcome> list, Outcome o) {
        return list.stream().filter(x -> x == o).count();
    }

    /** Scores one run under {@code settings}; appends its table row when {@code md} is given. */
    private Scored2 score(Run run, Settings settings, StringBuilder md) {
        TargetDecision.Result first = TargetDecision.decide(scored(run, run.sims, null), settings);
        double[] firstPr = pr(run, run.sims, null, first.threshold(), first);
        Outcome outcome;
        String after = "";
        double[] finalPr = firstPr;
        if (first.status() == Status.DECIDED) {
            outcome = pass(firstPr) ? Outcome.PASS : Outcome.SILENT_ERROR;
        } else if (first.status() == Status.NONE || first.neighbours().isEmpty()) {
            outcome = Outcome.UNRESOLVED;
            after = "no neighbour to resolve with";
        } else {
            // a person's answer: the first example not of their kind is "not like this", else another sample
            TargetDecision.Neighbour band = first.neighbours().get(0);
            EvalCorpus.Page chosen = null;
            boolean negative = false;
            for (String url : band.examples()) {
                EvalCorpus.Page p = page(run, url);
                if (!p.target()) {
                    chosen = p;
                    negative = true;
                    break;
                }
            }
            if (chosen == null) {
                chosen = page(run, band.examples().get(0));
            }
            EvalCorpus.Page extraPage = chosen;
            // keyed by the run too: a run's pages leave its own sample out, so the arrays of two runs differ
            double[] extra = simsByExtra.computeIfAbsent(run.site.name() + '\n' + run.sample.path() + '\n'
                    + chosen.path(), k -> sims(extraPage, run.pages));
            if (md != null && System.getProperty("shapecrawl.eval.decision.dump") != null) {
                dumpExtra(run, chosen, negative, extra);
            }
            double[] positive = negative ? run.sims : max(run.sims, extra);
            TargetDecision.Result second = TargetDecision.decide(scored(run, positive, negative ? extra : null),
                    settings);
            finalPr = pr(run, positive, negative ? extra : null, second.threshold(), second);
            boolean ok = second.status() == Status.DECIDED && pass(finalPr);
            outcome = ok ? Outcome.RESOLVED : second.status() == Status.DECIDED
                    ? Outcome.AMBIGUOUS_WRONG_RESOLUTION : Outcome.UNRESOLVED;
            after = String.format(Locale.ROOT, "%s `%s`: %s, %.3f / %.3f", negative ? "not like" : "also like",
                    chosen.path(), second.status(), finalPr[0], finalPr[1]);
        }
        if (md != null) {
            double[] fixed = pr(run, run.sims, null, RtdmTemplateSimilarity.DEFAULT_THRESHOLD, null);
            md.append(String.format(Locale.ROOT, "| %s | %s | %.3f / %.3f | %s, %.3f | %.3f / %.3f | %s | %s |%n",
                    run.site.name(), run.sample.path(), fixed[0], fixed[1], first.status(), first.threshold(),
                    firstPr[0], firstPr[1], after, outcome));
        }
        return new Scored2(outcome, finalPr[0], finalPr[1], first.status(), after);
    }

    /** Scratch: every page's similarity to the sample and to the person's extra page, for offline study. */
    private static synchronized void dumpExtra(Run run, EvalCorpus.Page extra, boolean negative, double[] sims) {
        Path out = Path.of(System.getProperty("shapecrawl.eval.decision.dump"));
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < sims.length; i++) {
            sb.append(String.format(Locale.ROOT, "%s,%s,%s,%d,%s,%d,%.6f,%.6f%n", run.site.name(), run.sample.path(),
                    extra.path(), negative ? 1 : 0, run.pages.get(i).path(), run.pages.get(i).target() ? 1 : 0,
                    run.sims[i], sims[i]));
        }
        try {
            Files.writeString(out, sb, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static EvalCorpus.Page page(Run run, String url) {
        return run.pages.stream().filter(p -> p.path().equals(url)).findFirst().orElseThrow();
    }

    private static List<Scored> scored(Run run, double[] positive, double[] negative) {
        List<Scored> out = new ArrayList<>(positive.length);
        for (int i = 0; i < positive.length; i++) {
            out.add(new Scored(run.pages.get(i).path(), clamp(positive[i]),
                    negative == null ? null : clamp(negative[i])));
        }
        return out;
    }

    private static double clamp(double s) {
        return Math.max(0, Math.min(1, s));
    }

    /** Precision and recall of a threshold (a decision's rule when given) over a run's pages. */
    private static double[] pr(Run run, double[] positive, double[] negative, double tau, TargetDecision.Result rule) {
        int tp = 0;
        int fp = 0;
        int t = 0;
        for (int i = 0; i < positive.length; i++) {
            boolean truth = run.pages.get(i).target();
            Double neg = negative == null ? null : negative[i];
            boolean chosen = rule == null ? positive[i] >= tau : rule.isTarget(clamp(positive[i]), neg);
            t += truth ? 1 : 0;
            tp += chosen && truth ? 1 : 0;
            fp += chosen && !truth ? 1 : 0;
        }
        return new double[]{tp + fp == 0 ? 0 : (double) tp / (tp + fp), t == 0 ? 0 : (double) tp / t};
    }

    private static boolean pass(double[] pr) {
        return pr[0] == 1.0 && pr[1] >= 0.99;
    }

    private double[] sims(EvalCorpus.Page sample, List<EvalCorpus.Page> pages) {
        var prepared = measure.prepare(List.of(sample.templateTree()));
        return pages.parallelStream().mapToDouble(p -> prepared.similarities(p.templateTree())[0]).toArray();
    }

    private static double[] max(double[] a, double[] b) {
        double[] m = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            m[i] = Math.max(a[i], b[i]);
        }
        return m;
    }
}
