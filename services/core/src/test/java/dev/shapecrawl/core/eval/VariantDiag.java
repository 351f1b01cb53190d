package dev.shapecrawl.core.eval;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/** Diagnostic: per-path weights of a sample and presence in a given decoy and target. */
@EnabledIfSystemProperty(named = "shapecrawl.eval.diag", matches = "true")
class VariantDiag {
    @Test
    void diag() {
        String siteName = System.getProperty("site", "junit-4.13.2");
        String sampleP = System.getProperty("sample", "org/hamcrest/Factory.html");
        List<String> others = List.of(System.getProperty("others", "org/junit/package-summary.html").split(","));
        EvalCorpus.Site site = EvalCorpus.sites().stream().filter(s -> s.name().equals(siteName)).findFirst().orElseThrow();
        PathTable sample = table(site, sampleP);
        List<PathTable> o = others.stream().map(p -> table(site, p)).toList();
        double w = 1;
        for (int i = 0; i < Math.min(sample.size, Integer.getInteger("limit", 120)); i++) {
            int depth = sample.depth[i];
            double weight = depth < 2 ? 0 : Math.pow(0.8, depth - 2) * w;
            if (depth >= 2) w *= 0.93;
            StringBuilder in = new StringBuilder();
            for (PathTable t : o) {
                Integer at = t.index.get(sample.hash[i]);
                in.append(at == null ? "  -  " : String.format(Locale.ROOT, "%4d ", t.count[at]));
            }
            System.out.printf(Locale.ROOT, "DIAG %3d w=%.4f c=%3d %s %s%n", i, weight, sample.count[i], in, sample.path(i));
        }
        for (PathTable t : o) {
            System.out.println("DIAG other paths " + t.size + " sample paths " + sample.size);
            int shown = 0;
            for (int i = 0; i < t.size && shown < Integer.getInteger("olimit", 40); i++) {
                if (!sample.index.containsKey(t.hash[i])) {
                    System.out.printf(Locale.ROOT, "DIAG  extra r=%d c=%d %s%n", i, t.count[i], t.path(i));
                    shown++;
                }
            }
        }
    }

    static PathTable table(EvalCorpus.Site site, String path) {
        return new PathTable(site.pages().stream().filter(p -> p.path().equals(path)).findFirst().orElseThrow().templateTree());
    }
}
