package dev.shapecrawl.core.crawl;

import dev.shapecrawl.core.navigation.NavigationPatternGenerator;
import dev.shapecrawl.core.navigation.PatternSettings;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.CrawlSpec;
import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.SiteModelSnapshot;
import dev.shapecrawl.testkit.site.GeneratedSite;
import dev.shapecrawl.testkit.site.SiteShape;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A crawl by a spec (issue 19: {@code crawl --spec}): a job's site model exported as a crawl spec
 * ({@link CrawlSpec#of}) and crawled by its class links from the entry point, without a mapping (seed 001 §4), finds
 * the same target pages as the job that exported it. In process, on the generated site shapes, with core's real
 * classifier selecting each class's links by their XPaths.
 */
class SpecCrawlTest {

    static Stream<SiteShape> shapes() {
        return Stream.of(SiteShape.ejazz(), SiteShape.paginatedCatalogue(), SiteShape.deepHierarchy(),
                SiteShape.dblpAuthors(), SiteShape.mixedDistractors(), SiteShape.farDistractors());
    }

    @ParameterizedTest
    @MethodSource("shapes")
    void aCrawlByTheExportedSpecFindsTheSameTargets(SiteShape shape) {
        GeneratedSite site = GeneratedSite.generate(shape);
        String entry = ClassifiedSite.BASE + site.entry();

        List<PageClassified> inferred = new ArrayList<>();
        SimulatedSite first = run(site, CrawlSeed.of(shape.name(), entry), inferred);
        SiteModelSnapshot model = first.models.get(first.models.size() - 1);
        CrawlSpec spec = CrawlSpec.of(model);
        Double decided = model.targetThreshold(); // what `model --export` tells to pass as --threshold

        List<PageClassified> bySpec = new ArrayList<>();
        CrawlSeed seed = new CrawlSeed(shape.name() + "-spec", entry, null, null, null, null, decided, null, null,
                null).withSpec(spec);
        SimulatedSite second = run(site, seed, bySpec);

        assertTrue(second.models.isEmpty() && second.patterns.isEmpty(), "a spec job neither maps nor learns");
        assertTrue(second.requests.stream().noneMatch(r -> r.purpose() == Purpose.MAP), "no mapping request");
        assertTrue(second.requests.stream().filter(r -> r.purpose() == Purpose.CRAWL)
                .allMatch(r -> r.pageClass() != null), "every crawl request carries its class");
        Set<String> expected = targets(inferred);
        assertTrue(expected.size() >= 10, shape.name() + ": the exporting job found targets: " + expected.size());
        Set<String> found = targets(bySpec);
        Set<String> missed = new TreeSet<>(expected);
        missed.removeAll(found);
        Set<String> extra = new TreeSet<>(found);
        extra.removeAll(expected);
        assertEquals(expected, found, shape.name() + ": missed " + missed + ", extra " + extra + "; spec " + spec);
    }

    /**
     * {@code crawl --class}: every page a class link gives the class is a target by its class alone, whatever its
     * structure (a page left between alternatives is decided by its structure). On E-Jazz and on the far-distractors
     * shape that is exactly the site's detail pages (the generator's truth). On the latter it also took 9 press
     * pages before path refinement (seed 001 §3.5), which a class link written at the default level gave the detail
     * class; refined, the artist index's items are two class links by their own attribute values (detail pages and
     * print views).
     */
    @org.junit.jupiter.api.Test
    void aCrawlOfOneClassTakesEveryPageTheClassLinksGiveIt() {
        GeneratedSite ejazz = GeneratedSite.generate(SiteShape.ejazz());
        Set<String> truth = new TreeSet<>();
        ejazz.targets().forEach(path -> truth.add(ClassifiedSite.BASE + path));
        assertEquals(truth, targets(byClass(ejazz, "ejazz")));

        GeneratedSite far = GeneratedSite.generate(SiteShape.farDistractors());
        List<PageClassified> confirmed = new ArrayList<>();
        run(far, CrawlSeed.of("far", ClassifiedSite.BASE + far.entry()), confirmed);
        Set<String> byClass = targets(byClass(far, "far"));
        assertTrue(byClass.containsAll(targets(confirmed)), "every page the structure confirmed");
        Set<String> farTruth = new TreeSet<>();
        far.targets().forEach(path -> farTruth.add(ClassifiedSite.BASE + path));
        assertEquals(farTruth, byClass, "the detail pages, and no press page or print view");
    }

    /** The answers of a crawl that takes the exported target class's pages by their class alone. */
    private static List<PageClassified> byClass(GeneratedSite site, String job) {
        String entry = ClassifiedSite.BASE + site.entry();
        SimulatedSite first = run(site, CrawlSeed.of(job, entry), new ArrayList<>());
        CrawlSpec exported = CrawlSpec.of(first.models.get(first.models.size() - 1));
        CrawlSpec spec = new CrawlSpec(exported.startClass(), exported.targetClasses(), exported.links(), true);
        List<PageClassified> answers = new ArrayList<>();
        run(site, CrawlSeed.of(job + "-class", entry).withSpec(spec), answers);
        return answers;
    }

    private static SimulatedSite run(GeneratedSite site, CrawlSeed seed, List<PageClassified> answers) {
        SimulatedSite out = ClassifiedSite.recorded(site, seed, answers);
        CrawlCoordinator coordinator = new CrawlCoordinator(new InMemoryCrawlStore(), out,
                new NavigationPatternGenerator(PatternSettings.defaults()), () -> 0L);
        coordinator.onSeed(seed);
        out.drain(coordinator);
        CrawlStatus end = out.lastStatus();
        assertEquals(Phase.IDLE, end.phase(), seed.jobId() + ": " + end);
        return out;
    }

    /** The target pages a crawl run published (a CRAWL page the classifier took). */
    private static Set<String> targets(List<PageClassified> answers) {
        Set<String> out = new TreeSet<>();
        answers.stream().filter(a -> a.request().purpose() == Purpose.CRAWL && a.target())
                .map(PageClassified::request).map(FetchRequest::url).forEach(out::add);
        return out;
    }
}
