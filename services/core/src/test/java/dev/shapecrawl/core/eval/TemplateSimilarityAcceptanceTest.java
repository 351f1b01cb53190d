package dev.shapecrawl.core.eval;

import dev.shapecrawl.testkit.site.JavadocSite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shapecrawl.core.similarity.Similarities;
import dev.shapecrawl.core.similarity.StructuralSimilarity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The acceptance line of issue 3 on real sites: the default classifier ({@link Similarities#defaultSimilarity()}
 * at its default threshold, one sample, no per-site setting) reaches precision 100% and recall ≥ 99% on every
 * evaluation site with every sample tried ({@link EvalCorpus#SAMPLE_QUANTILES}: smallest, 10th percentile, …,
 * largest target by node count). The sites are javadoc jars from Maven Central unpacked into
 * {@code target/eval-sites} at {@code generate-test-resources}; ground truth comes from the file layout
 * ({@link JavadocSite}).
 */
class TemplateSimilarityAcceptanceTest {

    @Test
    void defaultClassifierSeparatesTypePagesOnEverySiteWithEverySample() {
        StructuralSimilarity similarity = Similarities.defaultSimilarity();
        List<String> failures = new ArrayList<>();
        int runs = 0;
        for (EvalCorpus.Site site : EvalCorpus.sites()) {
            for (EvalCorpus.Page sample : site.samples()) {
                Evaluation.Result r = Evaluation.run(site, similarity, List.of(sample), EvalCorpus.Page::templateTree);
                runs++;
                String line = String.format(Locale.ROOT,
                        "%s sample %s: P=%.4f R=%.4f (tp %d fp %d fn %d) min target %.4f (%s) max decoy %.4f (%s)",
                        site.name(), sample.path(), r.precision(), r.recall(), r.tp(), r.fp(), r.fn(),
                        r.targets()[0], r.worstTarget(), r.nonTargets()[r.nonTargets().length - 1], r.worstDecoy());
                System.out.println(line);
                if (!r.accepted()) {
                    failures.add(line);
                }
            }
        }
        assertEquals(7, EvalCorpus.sites().size(), "the seven javadoc sites of docs/evaluation.md");
        assertEquals(EvalCorpus.sites().size() * EvalCorpus.SAMPLE_QUANTILES.length, runs,
                "every site with every sample (7 × 7 = 49 runs)");
        assertTrue(failures.isEmpty(), failures.size() + " of " + runs + " runs miss P=100%/R≥99%:\n"
                + String.join("\n", failures));
    }
}
