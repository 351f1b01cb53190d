package dev.shapecrawl.core.sitemodel;

import dev.shapecrawl.testkit.site.GeneratedSite;
import dev.shapecrawl.testkit.site.SiteShape;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The incremental model update ({@link IncrementalMdl}, the default of {@link ModelInference}) against the update
 * that costs every alternative model from scratch ({@link Mdl#updateFromScratch}, the code before it): the same
 * decision at every step and the same inferred models (classes with their pages in order, class links), on the
 * generated shapes of {@link ModelInferenceTest}, on the worked example of spec §3.6, on random models built to contain ties, and (opt-in)
 * on the real javadoc sites of {@link JavadocClassQualityTest}.
 */
class IncrementalMdlTest {
    static final SiteModelSettings S = SiteModelSettings.defaults();

    /** An update that applies both and asserts they agree; counts the steps and the merges it checked. */
    static final class Checked implements BiFunction<List<PageClass>, PageClass, List<PageClass>> {
        final IncrementalMdl incremental;
        final SiteModelSettings settings;
        int steps;
        int merges;

        Checked(SiteModelSettings settings) {
            this.settings = settings;
            this.incremental = new IncrementalMdl(settings);
        }

        @Override
        public List<PageClass> apply(List<PageClass> model, PageClass candidate) {
            List<PageClass> expected = Mdl.updateFromScratch(model, candidate, settings, Mdl.Encoding.COMPLETE);
            assertEquals(model, incremental.classes(), "step " + steps + ": the models diverged before");
            int at = incremental.update(candidate);
            List<PageClass> next = incremental.classes();
            assertEquals(expected, next, "step " + steps);
            assertEquals(expected, Mdl.update(model, candidate, settings, Mdl.Encoding.COMPLETE), "step " + steps);
            assertTrue(at >= 0 && at < next.size() && next.get(at).pages().containsAll(candidate.pages()));
            steps++;
            merges += next.size() == model.size() ? 1 : 0;
            return next;
        }
    }

    static Function<String, Optional<SitePage>> fetch(GeneratedSite site, SiteModelSettings settings) {
        return url -> site.html(url.substring(ModelInferenceTest.BASE.length()))
                .map(html -> PageParser.parse(url, Jsoup.parse(html, url), settings));
    }

    /**
     * Every step of inference on every generated shape, at the thesis's setting and at two others (a smaller budget;
     * another c_index), checked against the oracle; then the whole model, the incremental inference (the public
     * entry point) against inference with the oracle's update.
     */
    @Test
    void sameDecisionsAndModelsAsCostingFromScratchOnEveryGeneratedShape() {
        List<SiteModelSettings> settingsList = List.of(S,
                new SiteModelSettings(60, 0.2, 3, 0.8, 1.0, 64, 10_000, 10_000, 2_000_000, 0.4),
                new SiteModelSettings(200, 0.2, 3, 0.5, 1.0, 64, 10_000, 10_000, 2_000_000, 0.4));
        int steps = 0;
        int merges = 0;
        for (SiteModelSettings settings : settingsList) {
            for (Supplier<SiteShape> shape : ModelInferenceTest.SHAPES) {
                GeneratedSite site = GeneratedSite.generate(shape.get());
                Function<String, Optional<SitePage>> fetch = fetch(site, settings);
                String entry = ModelInferenceTest.BASE + site.entry();
                Checked checked = new Checked(settings);
                SiteModel stepwise = ModelInference.infer(entry, fetch, settings, checked);
                SiteModel oracle = ModelInference.infer(entry, fetch, settings,
                        (model, c) -> Mdl.updateFromScratch(model, c, settings, Mdl.Encoding.COMPLETE));
                SiteModel incremental = ModelInference.infer(entry, fetch, settings);
                assertEquals(oracle, incremental, shape.get().name());
                assertEquals(oracle, stepwise, shape.get().name());
                assertTrue(oracle.classes().size() > 1 && oracle.links().size() > 1, shape.get().name());
                steps += checked.steps;
                merges += checked.merges;
            }
        }
        System.out.printf("generated shapes: %d updates checked, %d merges, %d new classes%n", steps, merges,
                steps - merges);
        assertTrue(merges > 100 && steps - merges > 100, steps + " steps, " + merges + " merges");
    }

    /** Spec §3.6's worked example (the URL term left out), under the complete encoding, both ways. */
    @Test
    void theWorkedExampleDecidesAlike() {
        PageClass a = PageClass.of(SiteModelWorkedExamplesTest.paths("p1", "s", "a1", "a2"),
                SiteModelWorkedExamplesTest.paths("p2", "s", "a1", "a2"));
        PageClass other = PageClass.of(SiteModelWorkedExamplesTest.paths("p3", "s", "b1"));
        PageClass like = PageClass.of(SiteModelWorkedExamplesTest.paths("p3", "s", "a1"));
        PageClass p1p2 = PageClass.of(SiteModelWorkedExamplesTest.P1, SiteModelWorkedExamplesTest.P2);
        PageClass p3 = PageClass.of(SiteModelWorkedExamplesTest.P3);
        PageClass p4 = PageClass.of(SiteModelWorkedExamplesTest.P4);
        for (List<PageClass> model : List.of(List.of(a), List.of(p1p2), List.of(p1p2, p3), List.<PageClass>of())) {
            for (PageClass candidate : List.of(other, like, p4)) {
                assertEquals(Mdl.updateFromScratch(model, candidate, S, Mdl.Encoding.COMPLETE),
                        Mdl.update(model, candidate, S, Mdl.Encoding.COMPLETE), model + " + " + candidate);
            }
        }
        List<PageClass> added = Mdl.update(List.of(p1p2), p3, S, Mdl.Encoding.COMPLETE);
        assertSame(p3, added.get(added.size() - 1), "a new class is the candidate itself, as before");
    }

    /**
     * Random models over a small vocabulary (so features repeat and costs tie): duplicated classes make several
     * merges cost exactly the same, and one-page candidates of one feature often cost as much merged as alone. The
     * first of equal merges wins, a tie between merging and a new class makes a new class; both ways, every step.
     */
    @Test
    void randomModelsWithTiesDecideAlike() {
        Random random = new Random(18);
        int steps = 0;
        int ties = 0;
        int pageNumber = 0;
        for (int run = 0; run < 150; run++) {
            int vocabulary = 2 + random.nextInt(8);
            SiteModelSettings settings = run % 3 == 0 ? S
                    : new SiteModelSettings(200, 0.2, 3, random.nextInt(5) * 0.25, 1.0, 64, 10_000, 10_000,
                    2_000_000, 0.4);
            Checked checked = new Checked(settings);
            List<PageClass> model = new ArrayList<>();
            for (int step = 0; step < 25; step++) {
                List<SitePage> pages = new ArrayList<>();
                int size = 1 + random.nextInt(step % 5 == 0 ? 4 : 2);
                SitePage template = randomPage("r" + pageNumber++, random, vocabulary);
                for (int p = 0; p < size; p++) {
                    // Copies of one page (an exact duplicate class later) or fresh pages.
                    pages.add(random.nextBoolean() ? new SitePage("r" + pageNumber++, template.links(),
                            template.texts()) : randomPage("r" + pageNumber++, random, vocabulary));
                }
                ties += tied(model, new PageClass(pages), settings) ? 1 : 0;
                model = checked.apply(model, new PageClass(pages));
                steps++;
            }
        }
        System.out.printf("random models: %d updates checked, %d with two alternatives of exactly equal cost%n",
                steps, ties);
        assertEquals(150 * 25, steps);
        assertTrue(ties > 100, ties + " ties");
    }

    /** Whether two of the update's alternatives cost exactly the same, costed from scratch. */
    private static boolean tied(List<PageClass> model, PageClass candidate, SiteModelSettings settings) {
        List<Double> costs = new ArrayList<>();
        List<PageClass> added = new ArrayList<>(model);
        added.add(candidate);
        costs.add(Mdl.cost(added, settings, false, Mdl.Encoding.COMPLETE));
        for (int i = 0; i < model.size(); i++) {
            List<PageClass> merged = new ArrayList<>(model);
            merged.set(i, model.get(i).union(candidate));
            costs.add(Mdl.cost(merged, settings, false, Mdl.Encoding.COMPLETE));
        }
        return costs.stream().distinct().count() < costs.size();
    }

    private static SitePage randomPage(String url, Random random, int vocabulary) {
        Map<String, List<String>> links = new LinkedHashMap<>();
        Map<String, List<String>> texts = new LinkedHashMap<>();
        int features = random.nextInt(4);
        for (int f = 0; f < features; f++) {
            int v = random.nextInt(vocabulary);
            if (random.nextBoolean()) {
                links.put("L" + v, List.of("http://r.test/" + v));
            } else {
                texts.put("T" + v, List.of("t" + random.nextInt(2)));
            }
        }
        return new SitePage(url, links, texts);
    }

    /**
     * The seven real javadoc sites (opt-in, as {@link JavadocClassQualityTest}: {@code -Dshapecrawl.eval.sitemodel=true};
     * about a minute, the oracle costing every alternative from scratch): every step checked, and the models equal.
     */
    @Test
    @EnabledIfSystemProperty(named = "shapecrawl.eval.sitemodel", matches = "true")
    void sameDecisionsAndModelsOnTheJavadocSites() throws IOException {
        for (SampledSites.Site site : JavadocClassQualityTest.sites()) {
            Map<String, Optional<SitePage>> cache = new LinkedHashMap<>();
            Function<String, Optional<SitePage>> parsed = SampledSites.fetch(site, S);
            Function<String, Optional<SitePage>> fetch = url -> cache.computeIfAbsent(url, parsed);
            String entry = site.base() + site.entry();
            Checked checked = new Checked(S);
            SiteModel stepwise = ModelInference.infer(entry, fetch, S, checked);
            SiteModel incremental = ModelInference.infer(entry, fetch, S);
            assertEquals(stepwise, incremental, site.name());
            System.out.printf("%s: %d updates checked (%d merges); %d classes, %d class links%n", site.name(),
                    checked.steps, checked.merges, incremental.classes().size(), incremental.links().size());
        }
    }
}
