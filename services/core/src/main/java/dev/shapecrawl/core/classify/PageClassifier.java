package dev.shapecrawl.core.classify;

import dev.shapecrawl.core.page.CrawlScope;
import dev.shapecrawl.core.page.LinkResolver;
import dev.shapecrawl.core.page.PageAnalysis;
import dev.shapecrawl.core.page.PageAnalyzer;
import dev.shapecrawl.core.page.ScriptLinks;
import dev.shapecrawl.core.similarity.SampleSet;
import dev.shapecrawl.core.sitemodel.PageParser;
import dev.shapecrawl.core.sitemodel.SitePage;
import dev.shapecrawl.core.sitemodel.SiteModelSettings;
import dev.shapecrawl.core.sitemodel.SpecLinks;
import dev.shapecrawl.core.tree.HtmlTrees;
import dev.shapecrawl.core.tree.LabelledTree;
import dev.shapecrawl.events.CrawlSpec;
import dev.shapecrawl.events.Hashes;
import dev.shapecrawl.events.PageCollections;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.TargetPage;
import org.jsoup.nodes.Document;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns one fetched page into its classification: structural similarity to the job's nearest sample (RTDM
 * family, {@link SampleSet}), target or not, and the page's outlinks, forms, content hash, size and node count.
 * A page is a target when its similarity reaches its request's {@code targetThreshold} (a crawl by a pattern whose
 * site-wide decision set it, {@link TargetDecision}) or else the job's threshold; only a CRAWL page's target
 * verdict yields a target-page event.
 *
 * <p>Every page gets a {@link PageClassified}; a page that cannot be classified gets one with a {@code reason}
 * and no similarity, and is never a target: a failed fetch, no body (non-HTML), an empty body, binary content,
 * a script ({@link #SCRIPT_REASON}: its outlinks are the pages it names, {@link ScriptLinks}),
 * a body over {@link ClassifierSettings#maxBodyChars()}, a tree cut at the node limit, or nesting deeper than
 * {@link ClassifierSettings#maxHeight()}. Parsing is bounded (jsoup's nesting limit, the node limit) and
 * iterative, so hostile pages cost bounded time and memory and never overflow the stack. Thread-safe.
 *
 * <p>A classified MAP page also carries its link and text collections ({@link PageParser}, seed 001 §3.1, with
 * {@link SiteModelSettings#defaults()}' bounds), from which the pattern service infers the site model at the end of
 * the mapping (issue 18).
 */
public final class PageClassifier {
    /**
     * The reason a fetched script carries: it has no structure to compare and is never a target; its outlinks are
     * the pages its string literals name ({@link ScriptLinks}).
     */
    public static final String SCRIPT_REASON = "a script: its outlinks are the pages its string literals name";
    private final ClassifierSettings settings;
    private final PageAnalyzer analyzer;
    private final SiteModelSettings modelSettings = SiteModelSettings.defaults();

    /**
     * @param settings bounds on hostile pages
     * @param analyzer extracts outlinks and forms
     */
    public PageClassifier(ClassifierSettings settings, PageAnalyzer analyzer) {
        this.settings = settings;
        this.analyzer = analyzer;
    }

    /** A page's classification, and the target-page event when it is a target. */
    public record Outcome(PageClassified classified, Optional<TargetPage> target) {
    }

    /**
     * @param page  the fetched page
     * @param model the job's samples, or null when the job has no usable sample (every page then gets a reason)
     * @param scope the job's crawl scope, for the outlinks' in-scope flags
     * @return the classification; never null
     */
    public Outcome classify(PageFetched page, JobModel model, CrawlScope scope) {
        return classify(page, model, scope, null);
    }

    /**
     * As {@link #classify(PageFetched, JobModel, CrawlScope)}, for a job with a crawl spec. A CRAWL page that carries
     * its class ({@code FetchRequest#pageClass}, assigned at discovery: seed 001 §4.2) has as collections the links its
     * class's class links select by their XPaths ({@link SpecLinks}), keyed by XPath. Unless it is the entry point
     * (§4.2), it is a target as any crawled page is, by its structure against the job's threshold; in a crawl of a
     * class ({@code crawl --class}) by its class ({@link #bySpec}). The seed trusts the class alone; a model inferred
     * from three links per collection does not earn that trust: a collection whose sampled links all led to targets
     * also holds news items, print versions and tree pages on the generated sites, which class alone took for targets
     * (SpecCrawlTest).
     *
     * @param spec the job's crawl spec, or null
     */
    public Outcome classify(PageFetched page, JobModel model, CrawlScope scope, CrawlSpec spec) {
        String jobId = page.request().jobId();
        String body = page.body();
        String refusal = refusal(page, model);
        if (refusal != null) {
            return unclassified(page, refusal, body == null ? 0 : utf8Length(body), 0, null);
        }
        if (ScriptLinks.isScript(page.contentType())) {
            // a script a page loads: not a page to compare, but the pages its literals name are links (ScriptLinks)
            PageAnalysis analysis = analyzer.analyzeScript(body, page.finalUrl(), scope);
            return unclassified(page, SCRIPT_REASON, analysis.byteSize(), 0, analysis);
        }
        Document doc = HtmlTrees.parse(body, page.finalUrl());
        LabelledTree tree = model.trees().build(doc);
        LinkResolver resolver = LinkResolver.of(doc); // one normalisation per href for outlinks and collections
        PageAnalysis analysis = analyzer.analyze(doc, body, scope, resolver);
        if (tree.truncated()) {
            return unclassified(page, "tree truncated at " + settings.maxNodes() + " nodes", analysis.byteSize(),
                    tree.nodeCount(), analysis);
        }
        if (tree.height() >= settings.maxHeight()) {
            return unclassified(page, "nesting deeper than " + settings.maxHeight() + " levels",
                    analysis.byteSize(), tree.nodeCount(), analysis);
        }
        SampleSet.Classification c = model.samples().classify(tree);
        double similarity = clamp(c.similarity());
        Double rawNegative = model.negativeSimilarity(tree);
        Double negative = rawNegative == null ? null : clamp(rawNegative);
        Double decided = page.request().targetThreshold();
        String pageClass = spec == null ? null : page.request().pageClass();
        boolean similar = TargetDecision.isTarget(similarity, negative,
                decided == null ? model.samples().threshold() : decided);
        boolean isTarget = pageClass == null ? similar : page.request().depth() > 0 && bySpec(spec, pageClass, similar);
        PageCollections collections = pageClass != null
                ? new PageCollections(SpecLinks.select(doc, spec.linksFrom(pageClass), modelSettings.maxLinksPerPage(),
                resolver), Map.of())
                : collections(page, doc, isTarget, resolver);
        PageClassified classified = new PageClassified(jobId, page.request(), page.finalUrl(), page.status(),
                similarity, isTarget, model.sampleIds().get(c.nearestSample()), analysis.outlinks(),
                analysis.forms(), analysis.contentHash(), analysis.byteSize(), tree.nodeCount(), null, negative,
                collections).answeredAs(page);
        // Only a crawl by a pattern publishes target pages: a mapping's verdicts are provisional until the
        // site-wide decision at its end (issue 18), and a crawl fetches every target the decision keeps. The
        // extractor is spared a page whose records an earlier run wrote from this very content (a 304's copy, or a
        // whole answer where the site gives no validators or the fetcher's copy is gone); a page that is a target
        // only now (one more sample) or has changed gets its records.
        boolean written = analysis.contentHash().equals(page.request().knownTargetHash());
        Optional<TargetPage> target = isTarget && page.request().purpose() == Purpose.CRAWL
                ? Optional.of(new TargetPage(jobId, page.finalUrl(), page.request().purpose(), similarity,
                page.charset(), body, written ? Boolean.TRUE : null))
                : Optional.empty();
        return new Outcome(classified, target);
    }

    /**
     * Whether a page of class {@code pageClass} (one, or alternatives) is a target of a crawl by {@code spec}: in a
     * crawl of a class ({@code crawl --class}), a page a class link gave that class; otherwise, and for a page left
     * between alternatives, a structure that passes the job's threshold ({@code similar}), as in a crawl by a
     * navigation pattern. The class a URL got from the first class link to reach it does not decide there: rustdoc's
     * {@code String}, {@code Arc} and {@code VecDeque} pages were first reached through a link the sample had only
     * seen lead to module pages, and a rule "target class and similar" missed them (docs/navigation.md §9).
     */
    private static boolean bySpec(CrawlSpec spec, String pageClass, boolean similar) {
        List<String> classes = CrawlSpec.classesOf(pageClass);
        if (spec.trustsClasses() && classes.size() == 1) {
            return spec.isTarget(classes.get(0));
        }
        return similar;
    }

    /**
     * The page's link and text collections when the site model needs them (a MAP page); the link collections and
     * their attribute values on a crawled page that is not a target, or that the crawl expands whatever its verdict
     * ({@code FetchRequest#expanded}), whose links the crawl follows by their
     * class-link paths as well as by their URLs, less the groups a step excludes (issue 19,
     * {@code NavigationPattern.Step#linkPaths} and {@code #excludedLinkPaths}); else null.
     */
    private PageCollections collections(PageFetched page, Document doc, boolean isTarget, LinkResolver resolver) {
        Purpose purpose = page.request().purpose();
        if (purpose == Purpose.MAP) {
            return PageParser.parse(page.finalUrl(), doc, modelSettings, resolver).collections();
        }
        if (purpose == Purpose.CRAWL && (!isTarget || Boolean.TRUE.equals(page.request().expanded()))) {
            // the links and their attribute values: a class link's excluded groups are value-level paths
            SitePage parsed = PageParser.parse(page.finalUrl(), doc, modelSettings, resolver);
            return new PageCollections(parsed.links(), Map.of(), parsed.values());
        }
        return null;
    }

    /**
     * The classification of a page that cannot be classified for a reason outside the page (its job has no
     * usable sample): no similarity, not a target, the reason given.
     */
    public Outcome unclassifiable(PageFetched page, String reason) {
        String body = page.body();
        // the page's own trouble (a failed fetch, no HTML) comes first: it is what a failed sample's job reports
        String own = pageRefusal(page);
        return unclassified(page, own != null ? own : reason, body == null ? 0 : utf8Length(body), 0, null);
    }

    /** Why the page cannot be classified before parsing it, or null. */
    private String refusal(PageFetched page, JobModel model) {
        String own = pageRefusal(page);
        if (own != null) {
            return own;
        }
        return model == null ? "no usable sample page for the job" : null;
    }

    /** Why the page itself cannot be classified (its fetch, its body), whatever its job's samples, or null. */
    private String pageRefusal(PageFetched page) {
        if (page.error() != null) {
            return "fetch failed: " + page.error().kind() + (page.error().message().isEmpty() ? ""
                    : " (" + page.error().message() + ")");
        }
        String body = page.body();
        if (body == null) {
            return "no HTML body (content type " + page.contentType() + ")";
        }
        if (body.isBlank()) {
            return "empty body";
        }
        if (body.length() > settings.maxBodyChars()) {
            return "body of " + body.length() + " characters exceeds " + settings.maxBodyChars();
        }
        if (isBinary(body)) {
            return "binary content";
        }
        return null;
    }

    /** A NUL, or more than {@code maxControlShare} control characters in the first {@code binaryProbe}. */
    boolean isBinary(String body) {
        int n = Math.min(body.length(), settings.binaryProbe());
        int control = 0;
        for (int i = 0; i < n; i++) {
            char ch = body.charAt(i);
            if (ch == 0) {
                return true;
            }
            if (ch < 0x20 && ch != '\t' && ch != '\n' && ch != '\r' && ch != '\f') {
                control++;
            }
        }
        return n > 0 && control > settings.maxControlShare() * n;
    }

    private static Outcome unclassified(PageFetched page, String reason, long bytes, int nodes, PageAnalysis analysis) {
        String hash = page.body() == null || page.body().isEmpty() ? null
                : analysis != null ? analysis.contentHash() : Hashes.sha256Hex(page.body());
        PageClassified classified = new PageClassified(page.request().jobId(), page.request(), page.finalUrl(),
                page.status(), null, false, null,
                analysis == null ? List.of() : analysis.outlinks(), analysis == null ? List.of() : analysis.forms(),
                hash, bytes, nodes, reason, null, null).answeredAs(page);
        return new Outcome(classified, Optional.empty());
    }

    private static long utf8Length(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    private static double clamp(double v) {
        return Math.max(0.0, Math.min(1.0, v));
    }
}
