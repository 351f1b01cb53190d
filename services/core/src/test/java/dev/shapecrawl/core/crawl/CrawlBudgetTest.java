package dev.shapecrawl.core.crawl;

import dev.shapecrawl.core.navigation.NavigationPatternGenerator;
import dev.shapecrawl.core.navigation.PatternSettings;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.Outlink;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.Purpose;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The crawl's budget ({@link CrawlSeed#maxCrawlPages()}): a pattern learnt on an endless calendar (each month
 * links to the next and to its own event page, a target) would crawl forever; the run stops at its budget.
 */
class CrawlBudgetTest {
    private static final String E = "http://s.test/";

    private static PageClassified calendar(FetchRequest r) {
        String path = r.url().substring(E.length());
        boolean target = path.startsWith("event/");
        List<Outlink> links = List.of();
        if (path.isEmpty()) {
            links = List.of(new Outlink(E + "cal/1", "", true));
        } else if (path.startsWith("cal/")) {
            int n = Integer.parseInt(path.substring(4));
            links = List.of(new Outlink(E + "cal/" + (n + 1), "next", true), new Outlink(E + "event/" + n, "", true));
        }
        return new PageClassified(r.jobId(), r, r.url(), 200, target ? 0.95 : 0.3, target, "s1", links, List.of(),
                "h", 100, 10, null, null, null);
    }

    @Test
    void aCrawlRunStopsAtItsBudgetOnAnEndlessCalendar() {
        InMemoryCrawlStore store = new InMemoryCrawlStore();
        SimulatedSite site = SimulatedSite.answeredBy(CrawlBudgetTest::calendar);
        CrawlCoordinator coordinator = new CrawlCoordinator(store, site,
                new NavigationPatternGenerator(PatternSettings.defaults()), () -> 1_000L);
        coordinator.onSeed(new CrawlSeed("j", E, null, 40, 30, null, null, null, 120, null));
        site.drain(coordinator);

        JobState done = store.job("j").orElseThrow();
        assertEquals(Phase.IDLE, done.phase(), done.toString());
        assertEquals(1, site.patterns.size());
        long crawled = site.requests.stream().filter(r -> r.purpose() == Purpose.CRAWL).count();
        assertEquals(120, crawled, "the run requests exactly its budget");
        assertEquals(120, done.requested());
        assertTrue(done.lastError().startsWith("crawl budget of 120 requests reached"), done.lastError());
        assertEquals(40, site.requests.stream().filter(r -> r.purpose() == Purpose.MAP).count(),
                "the mapping stops at maxPages");
    }
}
