package dev.shapecrawl.e2e;

import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.testkit.hidden.HiddenWebSite;
import dev.shapecrawl.testkit.kafka.TestKafka;
import dev.shapecrawl.testkit.kafka.TopicClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The hidden Web end to end (issue 7; Vidal 2006 Chapter 4, Moraes 2013): the five services as separate processes
 * ({@link Stack#startWithForms}) on the test broker, crawling the test kit's {@link HiddenWebSite} on loopback, a
 * catalogue in an embedded H2 database whose detail pages ({@code /item/<id>}, the targets) no page links to: only
 * the result pages of its search forms do. A user publishes the entry point and one detail page as the sample.
 *
 * <p>What must happen: the mapping meets the forms, the form-prober probes the search forms (and never submits the
 * login and the JavaScript-only form), the mapping follows the informative instances it publishes, the learned
 * navigation pattern holds a FORM step, and the crawl by that pattern submits the form step's instances and
 * collects the detail pages. Asserted:
 * <ul>
 *   <li>run 1 ends IDLE, and a branch of the pattern has a FORM step;</li>
 *   <li>the crawl phase's target pages are detail pages only (precision 100%), and cover at least 95% of the detail
 *       pages the database can reach through the forms of the pattern's FORM steps (ground truth by SQL,
 *       {@link HiddenWebSite#detailUrlsReachableThrough});</li>
 *   <li>the login and JavaScript forms were never submitted: no request reached their action paths (the site's
 *       request log) and no fetch request named them (the {@code fetch-requests} topic).</li>
 * </ul>
 * Records: {@code -Dshapecrawl.e2e.hidden-records} (default 2,000 in {@code ./mvnw verify}, to keep CI short; the
 * 5,000-record run for the docs is {@code ./mvnw -B -pl services/e2e -am verify -Dit.test=HiddenWebCrawlIT
 * -Dshapecrawl.e2e.hidden-records=5000 -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false}).
 */
class HiddenWebCrawlIT {
    static final int RECORDS = Integer.getInteger("shapecrawl.e2e.hidden-records", 2_000);
    static final Duration RUN_TIMEOUT = Duration.ofMinutes(12);
    static final String JOB = "e2e-hidden-web";

    @Test
    void targetsReachableOnlyThroughSearchFormsAreCrawledThroughAFormStep() throws Exception {
        try (TopicClient kafka = new TopicClient(TestKafka.bootstrapServers());
             HiddenWebSite site = HiddenWebSite.start(RECORDS, HiddenWebSite.DEFAULT_SEED);
             Stack stack = Stack.startWithForms("hidden-web")) {
            Jobs jobs = new Jobs(kafka);
            long t0 = System.nanoTime();
            jobs.publish(CrawlSeed.of(JOB, site.entry()), List.of(site.detailUrl(1)));
            CrawlStatus done = jobs.awaitRun(JOB, 1, RUN_TIMEOUT);
            double seconds = (System.nanoTime() - t0) / 1e9;

            List<NavigationPattern> patterns = jobs.patterns(JOB);
            NavigationPattern pattern = patterns.isEmpty() ? null : patterns.get(patterns.size() - 1);
            Map<String, String> formSteps = formSteps(pattern, site); // form id → form name
            Set<String> reachable = new HashSet<>();
            formSteps.values().forEach(name -> reachable.addAll(site.detailUrlsReachableThrough(name)));
            Set<String> found = crawlTargets(jobs);
            Set<String> details = found.stream().filter(u -> u.contains("/item/")).collect(Collectors.toSet());
            long collected = reachable.stream().filter(found::contains).count();
            double recall = reachable.isEmpty() ? 0 : (double) collected / reachable.size();

            List<String> neverSubmitted = List.of(HiddenWebSite.actionPath(HiddenWebSite.LOGIN),
                    HiddenWebSite.actionPath(HiddenWebSite.QUICK));
            List<FetchRequest> requests = jobs.requests(JOB);
            long probes = requests.stream().filter(r -> r.purpose() == Purpose.PROBE).count();
            long submissions = requests.stream().filter(r -> r.purpose() != Purpose.PROBE)
                    .filter(r -> formSteps.values().stream()
                            .anyMatch(n -> r.url().startsWith(site.url(HiddenWebSite.actionPath(n))))).count();
            System.out.printf(Locale.ROOT, "HiddenWebCrawlIT: %d records, run 1 %s in %.1f s; mapping fetches %d,"
                            + " crawl fetches %d, probe requests %d, requests to the forms' actions (submissions and"
                            + " their next links) %d; pattern %s;"
                            + " crawl targets %d, reachable through %s: %d, collected %d (%.4f)%n",
                    RECORDS, done.phase(), seconds, done.mappingFetches(), done.crawlingFetches(), probes,
                    submissions, pattern == null ? "none" : branches(pattern), found.size(), formSteps.values(),
                    reachable.size(), collected, recall);

            List<Executable> checks = new ArrayList<>();
            checks.add(() -> assertEquals(Phase.IDLE, done.phase(), "run 1: " + done));
            checks.add(() -> assertFalse(formSteps.isEmpty(), "a branch has a FORM step: " + pattern));
            checks.add(() -> assertEquals(found.size(), details.size(), "only detail pages are targets: " + found));
            checks.add(() -> assertTrue(recall >= 0.95, "collected " + collected + " of " + reachable.size()
                    + " detail pages reachable through " + formSteps.values()));
            for (String path : neverSubmitted) {
                checks.add(() -> assertEquals(List.of(), site.requests(path), "never submitted: " + path));
                checks.add(() -> assertTrue(requests.stream().noneMatch(r -> r.url().contains(path)),
                        "no fetch request names " + path));
            }
            assertAll(checks);
        }
    }

    /**
     * The URLs the classifier confirmed as targets in the crawl phase ({@code pages-classified}, purpose CRAWL),
     * read until two reads in a row find nothing new: thousands of events do not arrive in one short poll.
     */
    private static Set<String> crawlTargets(Jobs jobs) {
        List<PageClassified> all = jobs.classified(JOB);
        for (int before = -1; before != all.size(); ) {
            before = all.size();
            all = jobs.classified(JOB);
        }
        return all.stream().filter(p -> p.request().purpose() == Purpose.CRAWL && p.target())
                .map(p -> p.request().url()).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /** The pattern's FORM steps: form id → the site's name of the form whose action the step's examples use. */
    private static Map<String, String> formSteps(NavigationPattern pattern, HiddenWebSite site) {
        Map<String, String> out = new LinkedHashMap<>();
        if (pattern == null) {
            return out;
        }
        for (NavigationPattern.Branch b : pattern.branches()) {
            for (NavigationPattern.Step s : b.steps()) {
                if (!"FORM".equals(s.kind())) {
                    continue;
                }
                for (String name : List.of(HiddenWebSite.SEARCH, HiddenWebSite.ADVANCED, HiddenWebSite.CATALOGUE)) {
                    String action = site.url(HiddenWebSite.actionPath(name));
                    if (s.examples().stream().anyMatch(e -> e.startsWith(action))) {
                        out.put(s.formId(), name);
                    }
                }
            }
        }
        return out;
    }

    private static String branches(NavigationPattern pattern) {
        return pattern.branches().stream().map(b -> b.steps().stream()
                        .map(s -> s.kind() + (s.loop() ? "*" : "") + " " + s.urlRegex())
                        .collect(Collectors.joining(" → ")) + " (" + b.targetCount() + ")")
                .collect(Collectors.joining(" | "));
    }
}
