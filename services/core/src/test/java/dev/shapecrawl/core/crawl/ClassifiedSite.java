package dev.shapecrawl.core.crawl;

import dev.shapecrawl.core.classify.ClassifierSettings;
import dev.shapecrawl.core.classify.JobModel;
import dev.shapecrawl.core.classify.PageClassifier;
import dev.shapecrawl.core.navigation.NavigationPatternGenerator;
import dev.shapecrawl.core.navigation.PatternSettings;
import dev.shapecrawl.core.page.CrawlScope;
import dev.shapecrawl.core.page.PageAnalyzer;
import dev.shapecrawl.core.tree.TreeBuilder;
import dev.shapecrawl.events.CrawlSample;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.CrawlSpec;
import dev.shapecrawl.events.FetchError;
import dev.shapecrawl.events.FetchErrorKind;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.SamplePage;
import dev.shapecrawl.events.Timings;
import dev.shapecrawl.testkit.site.GeneratedSite;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The answers a crawl of a generated site gets, computed in process: the "fetch" is a look-up of the generated
 * page (404 for a URL the site does not have), the classification is core's {@link PageClassifier} with the
 * job's sample pages, exactly as the classifier service runs it. Only Kafka and HTTP are left out, so the
 * coordinator, the pattern generation and the structural classifier are measured together in milliseconds; the
 * same runs with the real services and the broker are the end-to-end tests.
 *
 * <p>URLs are {@value #BASE} + the site's root-relative paths; nothing is ever resolved or sent.
 */
final class ClassifiedSite {
    /** The site's origin; a reserved name (RFC 2606 {@code .test}), only used as a string. */
    static final String BASE = "http://site.test";

    private final Function<String, Optional<String>> htmlByPath;
    private final PageClassifier classifier = new PageClassifier(ClassifierSettings.defaults(), new PageAnalyzer());
    private final JobModel model;
    private final CrawlScope scope;
    private final CrawlSpec spec;

    /**
     * @param site    the generated site (its growths show at once)
     * @param seed    the job's seed (its scope is used for outlinks)
     * @param samples root-relative paths of the sample pages
     */
    ClassifiedSite(GeneratedSite site, CrawlSeed seed, List<String> samples) {
        this(site::html, seed, samples);
    }

    /**
     * @param htmlByPath the site's HTML by root-relative path (empty: the site has no such page, a 404)
     * @param seed       the job's seed (its scope is used for outlinks)
     * @param samples    root-relative paths of the sample pages; one after a {@code !} is a negative sample
     */
    ClassifiedSite(Function<String, Optional<String>> htmlByPath, CrawlSeed seed, List<String> samples) {
        this.htmlByPath = htmlByPath;
        this.scope = CrawlScope.of(seed);
        this.spec = seed.spec();
        List<SamplePage> pages = new ArrayList<>();
        for (int i = 0; i < samples.size(); i++) {
            Sample sample = Sample.of(samples.get(i));
            String html = htmlByPath.apply(sample.path()).orElseThrow();
            pages.add(new SamplePage(seed.jobId(), "s" + (i + 1), BASE + sample.path(), SamplePage.Status.READY,
                    html, null, sample.negative()));
        }
        this.model = JobModel.of(pages, seed.similarityMeasure(), seed.similarityThreshold(),
                TreeBuilder.DEFAULT_MAX_NODES);
    }

    /**
     * A crawl of {@code site} from its entry point with its sample target as the one sample: its seed, and a simulated
     * fetcher and classifier that answer with {@link #answer} and add each answer to {@code answers}.
     */
    static SimulatedSite recorded(GeneratedSite site, String job, List<PageClassified> answers) {
        return recorded(site, CrawlSeed.of(job, BASE + site.entry()), answers);
    }

    /** As {@link #recorded(GeneratedSite, String, List)}, classifying as the job of {@code seed} (its spec too). */
    static SimulatedSite recorded(GeneratedSite site, CrawlSeed seed, List<PageClassified> answers) {
        ClassifiedSite pages = new ClassifiedSite(site, seed, List.of(site.sampleTarget()));
        return SimulatedSite.answeredBy(request -> {
            PageClassified answer = pages.answer(request);
            answers.add(answer);
            return answer;
        });
    }

    /**
     * A job run to its end against these pages: its samples published first, by URL, as the CLI publishes them, then
     * its seed; no form-prober (the mapping waits for no form verdict, {@code formWaitMs} 0).
     *
     * @param out         the simulated output: every request, status and pattern of the job
     * @param answers     every answer, in the order the coordinator took them
     * @param coordinator the coordinator, for more seeds of the job (answered by {@code out.drain})
     */
    record Job(SimulatedSite out, List<PageClassified> answers, CrawlCoordinator coordinator) {
    }

    /**
     * Runs the job of {@code seed} against these pages ({@link Job}).
     *
     * @param samples the job's samples, root-relative paths as {@link Sample} names them, numbered
     *                {@code sample-1}, {@code sample-2}, …
     */
    Job run(CrawlSeed seed, List<Sample> samples) {
        List<PageClassified> answers = new ArrayList<>();
        SimulatedSite out = SimulatedSite.answeredBy(request -> {
            PageClassified answer = answer(request);
            answers.add(answer);
            return answer;
        });
        CrawlCoordinator coordinator = new CrawlCoordinator(new InMemoryCrawlStore(), out,
                new NavigationPatternGenerator(PatternSettings.defaults()), () -> 0L, 0);
        for (int i = 0; i < samples.size(); i++) {
            String path = samples.get(i).path();
            coordinator.onSample(new CrawlSample(seed.jobId(), "sample-" + (i + 1),
                    BASE + (path.startsWith("/") ? "" : "/") + path, null, samples.get(i).negative()));
        }
        coordinator.onSeed(seed);
        out.drain(coordinator);
        return new Job(out, answers, coordinator);
    }

    /** The classified page for a request, as the classifier service would publish it. */
    PageClassified answer(FetchRequest request) {
        Timings timings = new Timings(0, 0, 0);
        List<String> chain = List.of(request.url());
        PageFetched fetched = html(request.url())
                .map(html -> new PageFetched(request, request.url(), chain, 200, contentType(request.url()), "UTF-8",
                        html, false,
                        html.length(), 1, timings, null))
                .orElseGet(() -> new PageFetched(request, request.url(), chain, 404, "text/html", null, null, false,
                        0, 1, timings, new FetchError(FetchErrorKind.HTTP_STATUS, "404")));
        return classifier.classify(fetched, model, scope, spec).classified();
    }

    /** The media type a file server gives the file at {@code url}: a script's for {@code .js}, else HTML's. */
    static String contentType(String url) {
        return url.endsWith(".js") ? "text/javascript" : "text/html";
    }

    /** The generated page at an absolute URL; URL normalisation may have percent-encoded what the site wrote. */
    private Optional<String> html(String url) {
        if (!url.startsWith(BASE)) {
            return Optional.empty();
        }
        String path = url.substring(BASE.length());
        return htmlByPath.apply(path).or(() -> htmlByPath.apply(URLDecoder.decode(path, StandardCharsets.UTF_8)));
    }

    /** Root-relative path of an absolute URL of this site. */
    static String path(String url) {
        return url.substring(BASE.length());
    }

    /**
     * A sample as a report names it: a path, or {@code !path} for a negative sample ("not like this page").
     *
     * @param path     the page's path as given, without the {@code !}
     * @param negative {@code TRUE} for a negative sample, else null (as {@link SamplePage#negative()} carries it)
     */
    record Sample(String path, Boolean negative) {
        static Sample of(String given) {
            return given.startsWith("!") ? new Sample(given.substring(1), Boolean.TRUE) : new Sample(given, null);
        }
    }
}
