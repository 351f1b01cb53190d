package dev.shapecrawl.core.crawl;

import dev.shapecrawl.core.navigation.NavigationPatternGenerator;
import dev.shapecrawl.core.navigation.PatternSettings;
import dev.shapecrawl.events.CrawlSample;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.MappingMode;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.testkit.site.GeneratedSite;
import dev.shapecrawl.testkit.site.Growth;
import dev.shapecrawl.testkit.site.SiteShape;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The seed's static-site protocol (Vidal 2006, specification §8.3, Tables 5.2 and 5.3) on the test kit's generated
 * sites, in process: map from the entry with one sample, learn the navigation pattern, crawl by it, grow the site,
 * re-crawl by the stored pattern. Everything is real but Kafka and HTTP ({@link ClassifiedSite}): page analysis,
 * the structural classifier with its default measure and threshold, GROUP/URLPattern, the coordinator.
 *
 * <p>The test asserts issue 4's lines for shapecrawl's default patterns (several branches, loops) after the seed's
 * full mapping (Algorithm 2, {@code MappingMode.FULL}) on every shape:
 * precision 100%, recall ≥ 99% of the targets a crawl by links can reach, in the first crawl and in the re-crawl
 * after growth, and a crawl phase of at most 1.2 fetches per target, or, where the site's lists are too short for
 * that (two shapes: 10 targets per list page and broken entries), no more fetches than the site's own route
 * through its sections and lists ({@link GeneratedSite#listRoute}). With {@code -Dshapecrawl.eval.crawl=true} it
 * also prints the table of docs/evaluation.md ("Navigation patterns"), the seed's single path beside the default.
 */
class PatternCrawlEvaluationTest {
    /** Targets added after mapping: appended to lists, and linked only from one new article. */
    static final int GROWN_LISTED = 12;
    static final int GROWN_UNLISTED = 3;

    static final List<Supplier<SiteShape>> SHAPES = List.of(SiteShape::ejazz, SiteShape::paginatedCatalogue,
            SiteShape::deepHierarchy, SiteShape::dblpAuthors, SiteShape::mixedDistractors, SiteShape::farDistractors,
            SiteShape::queryCatalogue);

    /** One site under one pattern setting: the first crawl and the re-crawl after growth. */
    record Run(String site, String settings, int truth, long mappingFetches, int mapped, int branches,
               Crawl first, int truthGrown, int unlisted, Crawl second, long firstRunSiteRequests) {
    }


    /**
     * One crawl by the pattern.
     *
     * @param fetches   pages requested in the crawl phase
     * @param found     pages the classifier confirmed as targets
     * @param correct   of those, true targets
     * @param reachable true targets reachable by links from lists and sections (unlisted growth excluded)
     * @param unlisted  unlisted grown targets found
     * @param newOnes   targets no earlier traversal of the job had found (crawl-status newTargets)
     * @param listRoute the fetches of the site's own route to its listed targets ({@link GeneratedSite#listRoute})
     */
    record Crawl(long fetches, int found, int correct, int reachable, int unlisted, long newOnes, int listRoute) {
        double precision() {
            return found == 0 ? 1 : (double) correct / found;
        }

        double recall() {
            return (double) (correct - unlisted) / reachable;
        }
    }

    static Run run(SiteShape shape, String settingsName, PatternSettings settings) {
        return run(shape, settingsName, settings, MappingMode.FULL);
    }

    static Run run(SiteShape shape, String settingsName, PatternSettings settings, MappingMode mapping) {
        GeneratedSite site = GeneratedSite.generate(shape);
        String job = shape.name();
        CrawlSeed seed = CrawlSeed.of(job, ClassifiedSite.BASE + site.entry()).withMapping(mapping, null);
        List<PageClassified> answers = new ArrayList<>();
        SimulatedSite out = ClassifiedSite.recorded(site, job, answers);
        CrawlCoordinator coordinator = new CrawlCoordinator(new InMemoryCrawlStore(), out,
                new NavigationPatternGenerator(settings), () -> 0L);

        // the sample as the CLI publishes it, by URL before the seed: a sampled mapping reads the lists that hold it
        coordinator.onSample(new CrawlSample(job, "sample-1", ClassifiedSite.BASE + site.sampleTarget(), null, null));
        coordinator.onSeed(seed);
        out.drain(coordinator);
        CrawlStatus first = out.lastStatus();
        assertEquals(Phase.IDLE, first.phase(), () -> job + ": " + first);
        NavigationPattern pattern = out.patterns.get(out.patterns.size() - 1);
        if (Boolean.getBoolean("shapecrawl.eval.crawl.patterns")) {
            System.out.println(job + " " + settingsName + ": " + pattern.branches());
        }
        int truth = site.targets().size();
        long mapped = answers.stream().filter(a -> a.request().purpose() == Purpose.MAP && a.target()).count();
        Crawl one = crawl(site, answers, first, Set.of(), site.listRoute());
        long siteRequests = out.requests.stream().map(FetchRequest::url).distinct().count();

        Growth growth = site.grow(GROWN_LISTED, GROWN_UNLISTED);
        answers.clear();
        coordinator.onSeed(seed);
        out.drain(coordinator);
        CrawlStatus second = out.lastStatus();
        Crawl two = crawl(site, answers, second, Set.copyOf(growth.unlistedTargets()),
                site.listRoute() - growth.unlistedTargets().size());
        return new Run(job, settingsName, truth, first.mappingFetches(), (int) mapped, pattern.branches().size(), one,
                site.targets().size(), growth.unlistedTargets().size(), two, siteRequests);
    }

    private static Crawl crawl(GeneratedSite site, List<PageClassified> answers, CrawlStatus status,
                               Set<String> unlistedTruth, int listRoute) {
        Set<String> found = new LinkedHashSet<>();
        for (PageClassified a : answers) {
            if (a.request().purpose() == Purpose.CRAWL && a.target()) {
                found.add(ClassifiedSite.path(a.request().url()));
            }
        }
        int correct = 0;
        int unlisted = 0;
        for (String url : found) {
            if (site.isTarget(url)) {
                correct++;
                unlisted += unlistedTruth.contains(url) ? 1 : 0;
            }
        }
        Set<String> reachable = new HashSet<>(site.targets());
        reachable.removeAll(unlistedTruth);
        return new Crawl(status.crawlingFetches(), found.size(), correct, reachable.size(), unlisted,
                status.newTargets(), listRoute);
    }

    @Test
    void theDefaultPatternFindsEveryReachableTargetWithFewFetchesOnEveryShape() {
        List<Run> runs = new ArrayList<>();
        for (Supplier<SiteShape> shape : SHAPES) {
            runs.add(run(shape.get(), "default", PatternSettings.defaults()));
        }
        if (Boolean.getBoolean("shapecrawl.eval.crawl")) {
            List<Run> all = new ArrayList<>();
            for (Supplier<SiteShape> shape : SHAPES) {
                all.add(run(shape.get(), "seed", PatternSettings.seedFaithful()));
            }
            all.addAll(runs);
            System.out.println(table(all));
        }
        List<org.junit.jupiter.api.function.Executable> checks = new ArrayList<>();
        for (Run r : runs) {
            for (Crawl c : List.of(r.first(), r.second())) {
                checks.add(() -> assertEquals(1.0, c.precision(), r.site() + ": precision " + c));
                checks.add(() -> assertTrue(c.recall() >= 0.99, r.site() + ": recall " + c));
                checks.add(() -> assertTrue(c.fetches() <= Math.max(1.2 * c.found(), c.listRoute()),
                        r.site() + ": crawl fetches " + c));
            }
            checks.add(() -> assertTrue(r.second().newOnes() >= GROWN_LISTED,
                    r.site() + ": the re-crawl counts the listed targets added after mapping as new " + r.second()));
        }
        assertAll(checks);
    }

    /**
     * Issue 19's default, the sampled mapping (seed 001's bounded sample, {@link LinkSampling}) with the crawl by
     * URL regexes and class links ({@link ClassLinks}): precision 100% and recall ≥ 99% on every shape, in the first
     * crawl and after growth. Its crawl fetches more than after a full mapping on these small sites (the sample's
     * breadth-first tree reaches lists through the about page as well, so the pattern has more branches; the table
     * with {@code -Dshapecrawl.eval.crawl=true} gives both), so the fetch line above is asserted for the full mapping
     * and the whole first run's requests to the site for this one: never more than the full mapping's first run.
     */
    @Test
    void theSampledMappingFindsEveryReachableTargetOnEveryShape() {
        List<org.junit.jupiter.api.function.Executable> checks = new ArrayList<>();
        for (Supplier<SiteShape> shape : SHAPES) {
            Run r = run(shape.get(), "sampled", PatternSettings.defaults(), MappingMode.SAMPLED);
            Run full = run(shape.get(), "full", PatternSettings.defaults(), MappingMode.FULL);
            if (Boolean.getBoolean("shapecrawl.eval.crawl")) {
                System.out.println(table(List.of(full, r)));
            }
            for (Crawl c : List.of(r.first(), r.second())) {
                checks.add(() -> assertEquals(1.0, c.precision(), r.site() + ": precision " + c));
                checks.add(() -> assertTrue(c.recall() >= 0.99, r.site() + ": recall " + c));
            }
            checks.add(() -> assertTrue(r.firstRunSiteRequests() <= full.firstRunSiteRequests(),
                    r.site() + ": first run's requests to the site, sampled " + r.firstRunSiteRequests()
                            + " against full " + full.firstRunSiteRequests()));
        }
        assertAll(checks);
    }

    /**
     * The mapping, the pattern and the first crawl of every shape do not depend on the order in which answers
     * arrive (the classifier service finishes pages on several threads): with answers drawn at random from all
     * outstanding requests, the requests (URL, parent, depth, in sequence) and the pattern are the in-order ones.
     */
    @Test
    void answersInAnyOrderGiveTheSameRequestsAndPatternOnEveryShape() {
        for (Supplier<SiteShape> shape : SHAPES) {
            List<List<FetchRequest>> requests = new ArrayList<>();
            List<List<NavigationPattern>> patterns = new ArrayList<>();
            for (long seed = -1; seed < 2; seed++) {
                GeneratedSite site = GeneratedSite.generate(shape.get());
                CrawlSeed crawlSeed = CrawlSeed.of(shape.get().name(), ClassifiedSite.BASE + site.entry());
                ClassifiedSite pages = new ClassifiedSite(site, crawlSeed, List.of(site.sampleTarget()));
                SimulatedSite out = SimulatedSite.answeredBy(pages::answer);
                CrawlCoordinator coordinator = new CrawlCoordinator(new InMemoryCrawlStore(), out,
                        new NavigationPatternGenerator(PatternSettings.defaults()), () -> 0L);
                coordinator.onSample(new CrawlSample(crawlSeed.jobId(), "sample-1",
                        ClassifiedSite.BASE + site.sampleTarget(), null, null));
                coordinator.onSeed(crawlSeed);
                if (seed < 0) {
                    out.drain(coordinator);
                } else {
                    out.drainShuffled(coordinator, new Random(seed));
                }
                requests.add(out.requests);
                patterns.add(out.patterns);
            }
            String name = shape.get().name();
            assertAll(name, () -> assertEquals(1, requests.stream().distinct().count(), name + ": requests"),
                    () -> assertEquals(1, patterns.stream().distinct().count(), name + ": patterns"));
        }
    }

    /** The table of docs/evaluation.md, in the shape of the seed's Tables 5.2 and 5.3. */
    static String table(List<Run> runs) {
        StringBuilder out = new StringBuilder("""
                | site | pattern | targets (truth) | mapping: links traversed / targets | branches | crawl: found (recall) | crawl: links traversed (per target; list route) | after growth: targets | re-crawl: found (recall) / new / unlisted found | re-crawl: links traversed |
                |---|---|---|---|---|---|---|---|---|---|
                """);
        for (Run r : runs) {
            out.append(String.format(Locale.ROOT,
                    "| %s | %s | %d | %d / %d | %d | %d (%.1f%%) | %d (%.2f; %d) | %d (+%d listed, +%d unlisted) | %d (%.1f%%) / %d / %d of %d | %d |%n",
                    r.site(), r.settings(), r.truth(), r.mappingFetches(), r.mapped(), r.branches(), r.first().found(),
                    100 * r.first().recall(), r.first().fetches(), (double) r.first().fetches() / r.truth(),
                    r.first().listRoute(), r.truthGrown(), GROWN_LISTED, r.unlisted(),
                    r.second().found(), 100 * r.second().recall(), r.second().newOnes(), r.second().unlisted(),
                    r.unlisted(), r.second().fetches()));
        }
        return out.toString();
    }
}
