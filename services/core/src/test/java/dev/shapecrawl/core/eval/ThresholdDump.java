package dev.shapecrawl.core.eval;

import dev.shapecrawl.core.similarity.RtdmTemplateSimilarity;
import dev.shapecrawl.core.similarity.StructuralSimilarity;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Scratch harness of the threshold work (docs/similarity.md, section 8): for every development site (javadoc, and
 * the directory sites of {@link DirectorySites}) and every single sample, writes the default measure's similarity
 * of every other page ({@code sims.csv}) and features of the sample ({@code samples.csv}: trie size, weight,
 * share of weight in repeated paths, and the similarity of the sample to structurally perturbed copies of itself),
 * so threshold rules can be compared offline. Run with {@code -Dshapecrawl.eval.dump=<dir>}.
 *
 * <p>Asserts what the offline analysis ({@code src/test/python/threshold-rules}) relies on, read back from the files
 * written: one {@code sims.csv} row per (site, sample, other page), with at least one target per run, and one
 * {@code samples.csv} row per (site, sample); every row has the header's fields; every similarity, share and
 * perturbed self-similarity lies in [0, 1].
 */
@EnabledIfSystemProperty(named = "shapecrawl.eval.dump", matches = ".+")
class ThresholdDump {

    static final VariantSweep.Variant DEFAULT = new VariantSweep.Variant(RtdmTemplateSimilarity.DEPTH_DECAY,
            RtdmTemplateSimilarity.ORDER_DECAY, RtdmTemplateSimilarity.COUNT_DAMPING, 2);
    static final double[] DROP = {0.05, 0.1, 0.2};
    static final int[] MIN_DEPTH = {2, 3, 4};
    static final int K = 100;

    @Test
    void dump() throws IOException {
        Path dir = Path.of(System.getProperty("shapecrawl.eval.dump"));
        Files.createDirectories(dir);
        List<EvalCorpus.Site> sites = EvalCorpus.developmentSites();
        assertFalse(sites.isEmpty(), "no site to dump: drop -DnoJavadoc or give -Dshapecrawl.eval.dirs");
        Map<String, Integer> expectedRows = new LinkedHashMap<>();
        StructuralSimilarity measure = new RtdmTemplateSimilarity();
        try (PrintWriter sims = new PrintWriter(Files.newBufferedWriter(dir.resolve("sims.csv")));
             PrintWriter feats = new PrintWriter(Files.newBufferedWriter(dir.resolve("samples.csv")))) {
            sims.println("site,sample,path,target,sim");
            StringBuilder head = new StringBuilder("site,sample,nodes,paths,weight,repeatedShare");
            for (double p : DROP) {
                for (int m : MIN_DEPTH) {
                    for (String s : List.of("mean", "p10", "min")) {
                        head.append(String.format(Locale.ROOT, ",%s_p%.2f_d%d", s, p, m));
                    }
                }
            }
            feats.println(head);
            for (EvalCorpus.Site site : sites) {
                System.out.println("DUMP " + site.name() + " " + site.pages().size());
                for (EvalCorpus.Page sample : site.samples()) {
                    var prepared = measure.prepare(List.of(sample.templateTree()));
                    List<EvalCorpus.Page> pages = site.pages().stream().filter(p -> p != sample).toList();
                    expectedRows.put(site.name() + "," + sample.path(), pages.size());
                    double[] values = pages.parallelStream()
                            .mapToDouble(p -> prepared.similarities(p.templateTree())[0]).toArray();
                    for (int i = 0; i < values.length; i++) {
                        sims.printf(Locale.ROOT, "%s,%s,%s,%d,%.6f%n", site.name(), sample.path(), pages.get(i).path(),
                                pages.get(i).target() ? 1 : 0, values[i]);
                    }
                    PathTable table = new PathTable(sample.templateTree());
                    double[] w = VariantSweep.weights(table, DEFAULT);
                    double total = Arrays.stream(w).sum();
                    double repeated = 0;
                    for (int i = 0; i < table.size; i++) {
                        if (table.count[i] > 1) {
                            repeated += w[i];
                        }
                    }
                    StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%s,%s,%d,%d,%.6f,%.6f",
                            site.name(), sample.path(), sample.tagNodes(), table.size, total, repeated / total));
                    for (double p : DROP) {
                        for (int m : MIN_DEPTH) {
                            double[] s = perturbed(table, w, p, m, K, 42);
                            Arrays.sort(s);
                            line.append(String.format(Locale.ROOT, ",%.6f,%.6f,%.6f", Arrays.stream(s).average()
                                    .orElse(1), s[K / 10], s[0]));
                        }
                    }
                    feats.println(line);
                }
            }
        }
        System.out.println("DUMP wrote " + dir.toAbsolutePath());
        checkDump(dir, expectedRows);
    }

    /** Reads the dump back and checks it against the runs made ({@code "site,sample"} → number of other pages). */
    static void checkDump(Path dir, Map<String, Integer> expectedRows) throws IOException {
        List<String> sims = Files.readAllLines(dir.resolve("sims.csv"));
        assertEquals("site,sample,path,target,sim", sims.get(0));
        Map<String, Integer> rows = new LinkedHashMap<>();
        Map<String, Integer> targets = new LinkedHashMap<>();
        for (String line : sims.subList(1, sims.size())) {
            String[] f = line.split(",", -1);
            assertEquals(5, f.length, "sims.csv row without 5 fields: " + line);
            String run = f[0] + "," + f[1];
            rows.merge(run, 1, Integer::sum);
            assertTrue(f[3].equals("0") || f[3].equals("1"), "sims.csv target not 0/1: " + line);
            targets.merge(run, Integer.parseInt(f[3]), Integer::sum);
            double sim = Double.parseDouble(f[4]);
            assertTrue(sim >= 0 && sim <= 1, "sims.csv similarity outside [0, 1]: " + line);
        }
        assertEquals(expectedRows, rows, "sims.csv: rows per (site, sample) differ from the pages compared");
        targets.forEach((run, n) -> assertTrue(n > 0, "sims.csv: no target page in run " + run));

        List<String> feats = Files.readAllLines(dir.resolve("samples.csv"));
        String[] head = feats.get(0).split(",", -1);
        assertEquals(6 + 3 * DROP.length * MIN_DEPTH.length, head.length, "samples.csv header: " + feats.get(0));
        List<String> runs = new ArrayList<>();
        for (String line : feats.subList(1, feats.size())) {
            String[] f = line.split(",", -1);
            assertEquals(head.length, f.length, "samples.csv row without the header's fields: " + line);
            runs.add(f[0] + "," + f[1]);
            assertTrue(Integer.parseInt(f[2]) > 0 && Integer.parseInt(f[3]) > 0 && Double.parseDouble(f[4]) > 0,
                    "samples.csv: empty sample: " + line);
            for (int i = 5; i < f.length; i++) {
                double v = Double.parseDouble(f[i]);
                assertTrue(v >= 0 && v <= 1, "samples.csv " + head[i] + " outside [0, 1]: " + line);
            }
        }
        assertEquals(List.copyOf(expectedRows.keySet()), runs, "samples.csv: not one row per (site, sample)");
    }

    /**
     * Similarities of the sample to k copies of itself in which every trie path at depth ≥ minDepth is dropped with
     * probability p, together with its whole trie subtree (a page of the same template without some optional
     * positions); the copy's weights are recomputed (document-order ranks close up).
     */
    static double[] perturbed(PathTable t, double[] w, double p, int minDepth, int k, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] out = new double[k];
        double total = Arrays.stream(w).sum();
        boolean[] kept = new boolean[t.size];
        for (int run = 0; run < k; run++) {
            double order = 1;
            double matchedSample = 0;
            double copyTotal = 0;
            for (int i = 0; i < t.size; i++) {
                int parent = t.trieParent[i];
                boolean keep = (parent < 0 || kept[parent]) && (t.depth[i] < minDepth || random.nextDouble() >= p);
                kept[i] = keep;
                if (!keep || t.depth[i] < 2) {
                    continue;
                }
                double damping = 1 / (1 + DEFAULT.alpha() * Math.log(t.count[i]));
                double wc = Math.pow(DEFAULT.beta(), t.depth[i] - 2) * order * damping;
                order *= DEFAULT.gamma();
                copyTotal += wc;
                matchedSample += w[i];
            }
            out[run] = (matchedSample + copyTotal) / (total + copyTotal);
        }
        return out;
    }
}
