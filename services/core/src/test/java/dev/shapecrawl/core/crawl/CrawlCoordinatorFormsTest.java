package dev.shapecrawl.core.crawl;

import dev.shapecrawl.core.forms.FormSubmissions;
import dev.shapecrawl.core.navigation.NavigationPatternGenerator;
import dev.shapecrawl.core.navigation.PatternSettings;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.FormField;
import dev.shapecrawl.events.FormInfo;
import dev.shapecrawl.events.FormTemplate;
import dev.shapecrawl.events.HttpMethod;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.Outlink;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.Purpose;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Form steps in mapping and crawling (Vidal 2006 Chapter 4, specification §6.6): a site whose target pages are
 * reachable only through a search form. The form-prober is played by the test (its verdicts are given to
 * {@link CrawlCoordinator#onFormTemplate}); the fetcher and classifier by a small simulated site that answers GET and
 * POST submissions of the form.
 */
class CrawlCoordinatorFormsTest {
    private static final String E = "http://s.test/";
    private static final FormInfo GET_FORM = new FormInfo(E + "find", HttpMethod.GET, null, List.of(
            new FormInfo.Field("select", "cat", List.of(new FormInfo.Option("", "any"), new FormInfo.Option("a", "A"),
                    new FormInfo.Option("b", "B"), new FormInfo.Option("c", "C")), "", "Category", false),
            new FormInfo.Field("text", "q", List.of(), "", "Title", false)));
    private static final FormInfo POST_FORM = new FormInfo(E + "pfind", HttpMethod.POST, null, List.of(
            new FormInfo.Field("select", "year", List.of(new FormInfo.Option("2001", "2001"),
                    new FormInfo.Option("2002", "2002")), "2001", "Year", false)));
    private static final FormInfo LOGIN = new FormInfo(E + "login", HttpMethod.POST, null, List.of(
            new FormInfo.Field("text", "user", List.of(), null, "User", true),
            new FormInfo.Field("password", "pw", List.of(), null, "Password", true)));

    /** Items of each category and year: reachable only from the result pages. */
    private static final Map<String, List<String>> ITEMS = Map.of(
            "a", List.of("item/1", "item/2", "item/3"),
            "b", List.of("item/4", "item/5"),
            "c", List.of("item/6"),
            "2001", List.of("item/7", "item/8"),
            "2002", List.of("item/9"));

    private final AtomicLong clock = new AtomicLong(1_000);
    private final InMemoryCrawlStore store = new InMemoryCrawlStore();
    private final List<FetchRequest> requests = new ArrayList<>();
    private final SimulatedSite site = SimulatedSite.answeredBy(this::answer);
    private final CrawlCoordinator coordinator = new CrawlCoordinator(store, site,
            new NavigationPatternGenerator(PatternSettings.defaults()), clock::get, 60_000);

    private PageClassified answer(FetchRequest r) {
        requests.add(r);
        String path = r.url().substring(E.length());
        List<String> links = new ArrayList<>();
        List<FormInfo> forms = List.of();
        boolean target = path.startsWith("item/");
        if (path.isEmpty()) {
            links.addAll(List.of("search", "about"));
        } else if (path.equals("search")) {
            forms = List.of(GET_FORM, LOGIN);
        } else if (path.equals("about")) {
            forms = List.of(GET_FORM, LOGIN); // the header's forms again: met once
        } else if (path.startsWith("find?")) {
            Map<String, String> q = query(path.substring(5));
            links.addAll(ITEMS.getOrDefault(q.get("cat"), List.of()));
        } else if (path.equals("pfind")) {
            Map<String, String> body = r.form().stream().collect(Collectors.toMap(FormField::name, FormField::value));
            links.addAll(ITEMS.getOrDefault(body.get("year"), List.of()));
        } else if (path.equals("archive")) {
            forms = List.of(POST_FORM);
        }
        List<Outlink> outlinks = links.stream().map(l -> new Outlink(E + l, "", true)).toList();
        return new PageClassified(r.jobId(), r, r.url(), 200, target ? 0.95 : 0.3, target, "s1", outlinks, forms,
                "h", 100, 10, null, null, null);
    }

    /** {@link #answer}, with a news page linked from the entry after the others, linking to two news items. */
    private PageClassified answerWithNews(FetchRequest r) {
        String path = r.url().substring(E.length());
        List<String> links = switch (path) {
            case "" -> List.of("search", "about", "news");
            case "news" -> List.of("news/1", "news/2");
            default -> null;
        };
        if (links == null && !path.startsWith("news/")) {
            return answer(r);
        }
        requests.add(r);
        List<Outlink> outlinks = (links == null ? List.<String>of() : links).stream()
                .map(l -> new Outlink(E + l, "", true)).toList();
        return new PageClassified(r.jobId(), r, r.url(), 200, 0.3, false, "s1", outlinks, List.of(), "h", 100, 10,
                null, null, null);
    }

    private static Map<String, String> query(String q) {
        Map<String, String> out = new HashMap<>();
        for (String pair : q.split("&")) {
            int eq = pair.indexOf('=');
            out.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        return out;
    }

    private static FormTemplate informative(FormInfo form, List<Map<String, String>> instances,
                                            List<FormField> fixed) {
        return new FormTemplate("j", form.id(), E + "search", form.action(), form.method(), fixed,
                List.copyOf(instances.get(0).keySet()), instances, "ITP", 10, 2, 6, FormTemplate.Outcome.INFORMATIVE,
                null);
    }

    private static FormTemplate rejected(FormInfo form) {
        return new FormTemplate("j", form.id(), E + "search", form.action(), form.method(), List.of(), List.of(),
                List.of(), "ITP", 0, 0, 0, FormTemplate.Outcome.REJECTED, "PASSWORD pw: a password field");
    }

    private List<String> urls(Purpose purpose) {
        return requests.stream().filter(r -> r.purpose() == purpose).map(FormSubmissions::key).toList();
    }

    @Test
    void aMappingWaitsForTheFormsItMetThenFollowsTheFormStepAndTheCrawlSubmitsItsInstances() {
        coordinator.onSeed(CrawlSeed.of("j", E));
        site.drain(coordinator);
        // every link answered, two forms awaited: the mapping waits, nothing learnt yet
        JobState waiting = store.job("j").orElseThrow();
        assertEquals(Phase.MAPPING, waiting.phase());
        assertEquals(0, waiting.outstanding());
        assertEquals(List.of(GET_FORM.id(), LOGIN.id()),
                waiting.awaitedForms().stream().map(AwaitedForm::formId).toList());
        assertEquals(E + "search", waiting.awaitedForms().get(0).pageUrl());
        assertEquals(1_000, waiting.formWaitSinceMs());
        assertTrue(site.patterns.isEmpty());

        // settled, never submitted; still awaited behind the form met before it, whose submissions come first
        coordinator.onFormTemplate(rejected(LOGIN));
        assertEquals(2, store.job("j").orElseThrow().awaitedForms().size());
        coordinator.onFormTemplate(informative(GET_FORM, List.of(Map.of("cat", "a"), Map.of("cat", "b"),
                Map.of("cat", "c")), List.of(new FormField("q", ""))));
        assertEquals(List.of(E + "find?q=&cat=a", E + "find?q=&cat=b", E + "find?q=&cat=c"),
                site.queue.stream().map(FetchRequest::url).toList(), "the instances, submitted from the form page");
        assertTrue(site.queue.stream().allMatch(r -> r.purpose() == Purpose.MAP && r.depth() == 2
                && r.parentUrl().equals(E + "search")));
        site.drain(coordinator);

        // the mapping ended, learnt a pattern through the form step and crawled by it
        NavigationPattern pattern = site.patterns.get(0);
        assertEquals(1, pattern.branches().size(), pattern.toString());
        List<NavigationPattern.Step> steps = pattern.branches().get(0).steps();
        assertEquals(List.of("LINK", "FORM", "LINK"), steps.stream().map(NavigationPattern.Step::kind).toList());
        assertEquals(GET_FORM.id(), steps.get(1).formId());
        assertEquals(6, pattern.targetsMapped());
        JobState done = store.job("j").orElseThrow();
        assertEquals(Phase.IDLE, done.phase());
        assertEquals(6, done.targets(), "the crawl found every item through the form");
        List<String> crawled = urls(Purpose.CRAWL);
        assertTrue(crawled.containsAll(List.of(E + "find?q=&cat=a", E + "find?q=&cat=b", E + "find?q=&cat=c")),
                crawled.toString());
        assertTrue(crawled.stream().noneMatch(u -> u.contains("about")), "the pattern skips the about page");
        assertTrue(requests.stream().noneMatch(r -> r.url().contains("login")), "the login form is never submitted");
    }

    @Test
    void aPostFormStepIsKeyedByItsBodyAndCrawledAgain() {
        FormTemplate post = new FormTemplate("j", POST_FORM.id(), E + "archive", POST_FORM.action(), HttpMethod.POST,
                List.of(), List.of("year"), List.of(Map.of("year", "2001"), Map.of("year", "2002")), "ITP", 4, 0, 3,
                FormTemplate.Outcome.INFORMATIVE, null);
        // the verdict came before the job's seed: reported as for an unknown job, and kept, used when met
        assertEquals(Delivery.UNKNOWN_JOB, coordinator.onFormTemplate(post));
        coordinator.onSeed(CrawlSeed.of("j", E + "archive"));
        site.drain(coordinator);

        assertEquals(List.of(E + "pfind?year=2001#post", E + "pfind?year=2002#post"),
                urls(Purpose.MAP).stream().filter(u -> u.contains("pfind")).toList());
        assertTrue(requests.stream().filter(r -> r.url().equals(E + "pfind"))
                .allMatch(r -> r.method() == HttpMethod.POST && r.form().size() == 1));
        NavigationPattern.Step form = site.patterns.get(0).branches().get(0).steps().get(0);
        assertEquals("FORM", form.kind());
        assertEquals(POST_FORM.id(), form.formId());
        assertEquals(List.of(E + "pfind?year=2001#post", E + "pfind?year=2002#post"),
                urls(Purpose.CRAWL).stream().filter(u -> u.contains("pfind")).toList());
        assertEquals(3, store.job("j").orElseThrow().targets());
    }

    @Test
    void theSeedsValuesForTheFormsFieldsReplaceTheInstancesInACrawl() {
        coordinator.onFormTemplate(informative(GET_FORM, List.of(Map.of("cat", "a"), Map.of("cat", "b")),
                List.of(new FormField("q", ""))));
        coordinator.onFormTemplate(rejected(LOGIN));
        CrawlSeed seed = new CrawlSeed("j", E, null, null, null, null, null,
                Map.of("cat", List.of("c", "b"), "unknown", List.of("x")), null);
        coordinator.onSeed(seed);
        site.drain(coordinator);

        assertEquals(List.of(E + "find?q=&cat=a", E + "find?q=&cat=b"),
                urls(Purpose.MAP).stream().filter(u -> u.contains("find")).toList(), "mapping: the instances");
        assertEquals(List.of(E + "find?q=&cat=c", E + "find?q=&cat=b"),
                urls(Purpose.CRAWL).stream().filter(u -> u.contains("find")).toList(), "crawl: the user's values");
        assertEquals(3, store.job("j").orElseThrow().targets());
    }

    /**
     * The mapping applies no answer while a form it met is awaited, and submits the forms in the order it met them,
     * so the requests (and so the map and the pattern) are the same whenever the verdicts come: here the verdicts
     * come at once (as from a fast form-prober), or after every link is answered and in reverse order (as from a
     * form-prober restarted after a crash). The entry also links to a news page, after the search page, whose
     * links the mapping discovers after the search page's form: before, the form's instances were requested when
     * the verdict came, after whatever the mapping had discovered by then (here the news items).
     */
    @Test
    void theMappingsRequestsDoNotDependOnWhenTheVerdictsCome() {
        FormTemplate get = informative(GET_FORM, List.of(Map.of("cat", "a"), Map.of("cat", "b")),
                List.of(new FormField("q", "")));
        SimulatedSite site = SimulatedSite.answeredBy(this::answerWithNews);
        CrawlCoordinator coordinator = new CrawlCoordinator(store, site,
                new NavigationPatternGenerator(PatternSettings.defaults()), clock::get, 60_000);
        coordinator.onSeed(CrawlSeed.of("j", E));
        while (!site.queue.isEmpty()) {
            coordinator.onPage(answerWithNews(site.queue.poll()));
            if (store.job("j").orElseThrow().awaitedForms().size() == 2) {
                coordinator.onFormTemplate(get);
                coordinator.onFormTemplate(rejected(LOGIN));
            }
        }
        List<String> prompt = requests.stream().map(r -> r.purpose() + " " + FormSubmissions.key(r)).toList();

        requests.clear();
        InMemoryCrawlStore store2 = new InMemoryCrawlStore();
        SimulatedSite site2 = SimulatedSite.answeredBy(this::answerWithNews);
        CrawlCoordinator late = new CrawlCoordinator(store2, site2,
                new NavigationPatternGenerator(PatternSettings.defaults()), clock::get, 60_000);
        late.onSeed(CrawlSeed.of("j", E));
        site2.drain(late);
        late.onFormTemplate(rejected(LOGIN));
        late.onFormTemplate(get);
        site2.drain(late);
        List<String> delayed = requests.stream().map(r -> r.purpose() + " " + FormSubmissions.key(r)).toList();

        assertTrue(prompt.containsAll(List.of("MAP " + E + "find?q=&cat=b", "MAP " + E + "news/2")), prompt.toString());
        assertEquals(prompt, delayed);
        assertEquals(site.patterns, site2.patterns);
    }

    @Test
    void aMappingWhoseFormsGetNoVerdictEndsWhenTheWaitRunsOut() {
        coordinator.onSeed(CrawlSeed.of("j", E));
        site.drain(coordinator);
        clock.set(1_000 + 59_999);
        coordinator.onClock(clock.get());
        assertEquals(Phase.MAPPING, store.job("j").orElseThrow().phase(), "still within the wait");

        clock.set(1_000 + 60_000);
        coordinator.onClock(clock.get());
        JobState ended = store.job("j").orElseThrow();
        assertEquals(Phase.FAILED, ended.phase());
        assertTrue(ended.lastError().contains("no verdict from the form-prober within 60000 ms for forms ["
                + GET_FORM.id() + ", " + LOGIN.id() + "]"), ended.lastError());
        assertTrue(ended.awaitedForms().isEmpty());

        // a verdict that comes late changes nothing but is kept for the next mapping
        coordinator.onFormTemplate(rejected(LOGIN));
        assertEquals(Phase.FAILED, store.job("j").orElseThrow().phase());
        assertTrue(store.form("j", LOGIN.id()).isPresent());
    }

    /**
     * A probe result of the job renews the wait (a probe that makes progress is waited for, however long it takes:
     * a form-prober restarted after a crash, a politeness delay), at most once per tenth of the wait; without one
     * for the whole wait the mapping goes on.
     */
    @Test
    void probeResultsOfTheJobRenewTheFormWait() {
        coordinator.onSeed(CrawlSeed.of("j", E));
        site.drain(coordinator);
        FetchRequest probe = new FetchRequest("j", E + "find?q=a", HttpMethod.GET, List.of(), Purpose.PROBE, 1, E, 0,
                null, null, null);
        PageClassified result = new PageClassified("j", probe, probe.url(), 200, 0.3, false, "s1", List.of(),
                List.of(), "h", 100, 10, null, null, null);

        clock.set(1_000 + 5_999);
        coordinator.onPage(result);
        assertEquals(1_000, store.job("j").orElseThrow().formWaitSinceMs(), "within a tenth of the wait: no write");
        clock.set(1_000 + 50_000);
        coordinator.onPage(result);
        assertEquals(51_000, store.job("j").orElseThrow().formWaitSinceMs(), "renewed");

        clock.set(1_000 + 60_000);
        coordinator.onClock(clock.get());
        assertEquals(Phase.MAPPING, store.job("j").orElseThrow().phase(), "the probe was at work 10 s ago");
        clock.set(51_000 + 60_000);
        coordinator.onClock(clock.get());
        assertEquals(Phase.FAILED, store.job("j").orElseThrow().phase(), "a whole wait without a probe result");
        coordinator.onPage(result);
        assertEquals(Phase.FAILED, store.job("j").orElseThrow().phase(), "a late probe result changes nothing");
    }
}
