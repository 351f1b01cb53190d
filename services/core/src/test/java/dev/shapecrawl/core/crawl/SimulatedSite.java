package dev.shapecrawl.core.crawl;

import dev.shapecrawl.core.classify.TargetDecision;
import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.Hashes;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.Outlink;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.PageCollections;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.SiteModelSnapshot;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A site as a link graph plus a stand-in for the fetcher and the classifier: requests queue first in, first out
 * (one host, as the fetcher serves it) and each is answered with a classified page whose target flag comes from
 * a predicate. The classifier's structural decision is simulated here because this test is about the
 * coordinator; the real classifier runs in the pattern service's end-to-end tests. {@link #answeredBy(Function)}
 * takes any other way of answering ({@link ClassifiedSite}: real pages, real classifier).
 */
final class SimulatedSite implements CrawlOutput {
    final Map<String, List<String>> links = new LinkedHashMap<>();
    final Predicate<String> isTarget;
    private final Function<FetchRequest, PageClassified> answerer;
    final Deque<FetchRequest> queue = new ArrayDeque<>();
    final List<FetchRequest> requests = new ArrayList<>();
    final List<NavigationPattern> patterns = new ArrayList<>();
    final List<CrawlStatus> statuses = new ArrayList<>();
    final List<SiteModelSnapshot> models = new ArrayList<>();
    /** Each page's similarity to the samples; by default 0.95 for a target and 0.4 for the rest. */
    Function<String, Double> similarity = url -> isTarget().test(url) ? 0.95 : 0.4;
    /** Each MAP page's link and text collections (the site model's material); by default none (null). */
    Function<String, PageCollections> collections = url -> null;
    /** Each page's similarity to the nearest negative sample; by default none (null). */
    Function<String, Double> negativeSimilarity = url -> null;
    /** The anchor text of every link to a URL; by default empty. */
    Function<String, String> anchorText = url -> "";
    /**
     * As the fetcher's page store answers: a request that allows reuse of a URL answered before is answered from the
     * copy ({@code reused}); with {@code validators}, a request that does not is a conditional one the unchanged site
     * answers 304 ({@code notModified}).
     */
    final java.util.Set<String> answered = new java.util.HashSet<>();
    boolean validators;

    SimulatedSite(Predicate<String> isTarget) {
        this.isTarget = isTarget;
        this.answerer = this::answer;
    }

    private SimulatedSite(Function<FetchRequest, PageClassified> answerer) {
        this.isTarget = url -> false;
        this.answerer = answerer;
    }

    /** A site whose requests {@code answerer} answers (the link graph and the predicate are unused). */
    static SimulatedSite answeredBy(Function<FetchRequest, PageClassified> answerer) {
        return new SimulatedSite(answerer);
    }

    SimulatedSite page(String url, String... outlinks) {
        links.put(url, List.of(outlinks));
        return this;
    }

    @Override
    public void fetch(FetchRequest request) {
        requests.add(request);
        queue.add(request);
    }

    @Override
    public void pattern(NavigationPattern pattern) {
        patterns.add(pattern);
    }

    @Override
    public void model(SiteModelSnapshot model) {
        models.add(model);
    }

    @Override
    public void status(CrawlStatus status) {
        statuses.add(status);
    }

    CrawlStatus lastStatus() {
        return statuses.get(statuses.size() - 1);
    }

    /** Answers queued requests until none is left. */
    void drain(CrawlCoordinator coordinator) {
        while (!queue.isEmpty()) {
            coordinator.onPage(answerer.apply(queue.poll()));
        }
    }

    /**
     * Answers queued requests until none is left, each time one drawn at random from all queued: answers arrive
     * in any order, as from a classifier with many threads and hosts fetched in parallel.
     */
    void drainShuffled(CrawlCoordinator coordinator, Random random) {
        List<FetchRequest> pending = new ArrayList<>();
        while (!queue.isEmpty() || !pending.isEmpty()) {
            pending.addAll(queue);
            queue.clear();
            coordinator.onPage(answerer.apply(pending.remove(random.nextInt(pending.size()))));
        }
    }

    PageClassified answer(FetchRequest request) {
        List<String> out = links.get(request.url());
        if (out == null) {
            return new PageClassified(request.jobId(), request, request.url(), 404, null, false, null, List.of(),
                    List.of(), null, 0, 0, "HTTP_STATUS: 404", null, null);
        }
        double s = similarity.apply(request.url());
        Double negative = negativeSimilarity.apply(request.url());
        // the classifier's rule: a crawl decides by its request's threshold, a mapping by the job's (provisional)
        boolean target = request.targetThreshold() != null
                ? TargetDecision.isTarget(s, negative, request.targetThreshold()) : isTarget.test(request.url());
        List<Outlink> outlinks = out.stream().map(u -> new Outlink(u, anchorText.apply(u), u.startsWith("http://s.test/"))).toList();
        boolean stored = !answered.add(request.url());
        boolean reused = stored && request.reuseSinceMs() != null;
        boolean notModified = stored && !reused && validators;
        return new PageClassified(request.jobId(), request, request.url(), notModified ? 304 : 200, s, target, "s1",
                outlinks, List.of(), Hashes.sha256Hex(request.url()), 100, 10, null, negative,
                request.purpose() == Purpose.MAP ? collections.apply(request.url()) : null, reused ? true : null,
                notModified ? true : null);
    }

    private Predicate<String> isTarget() {
        return isTarget;
    }

    long requestsFor(String url) {
        return requests.stream().filter(r -> r.url().equals(url)).count();
    }
}
