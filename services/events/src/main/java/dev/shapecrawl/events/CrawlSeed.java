package dev.shapecrawl.events;

import java.util.List;
import java.util.Map;

/**
 * A crawl job. Topic {@link Topics#CRAWL_SEEDS}, key {@code jobId}. Publishing a seed for a job that already
 * ran starts a re-crawl by its navigation pattern.
 *
 * @param jobId               the job's id, not blank, at most 200 characters of {@code [A-Za-z0-9._-]}
 * @param entryUrl            the entry point, absolute http(s) URL
 * @param scope               which URLs may be fetched; default {@link ScopeMode#HOST}
 * @param maxPages            upper bound of pages fetched while mapping, >= 1; default 10,000
 * @param maxDepth            upper bound of link depth while mapping, >= 0; default 10 (Vidal 2006, §4,
 *                            bounds the breadth-first traversal the same way)
 * @param similarityMeasure   the similarity's name (for example {@code rtdm-plain}); null = the classifier's
 *                            default
 * @param similarityThreshold the threshold in 0..1 above which a page is a target; null = the measure's default
 * @param formValues          values for form fields the system cannot guess, by field name (Vidal 2006, §6:
 *                            user-supplied values for text fields); may be empty
 * @param maxCrawlPages       upper bound of the requests of one crawl run (the job's budget once the pattern is
 *                            learnt: a pattern that matches an endless URL space, a calendar trap, stops there),
 *                            >= 1; default 1,000,000 (a hundred times the mapping's default: a crawl fetches the
 *                            whole site's targets, a mapping a sample of its structure)
 * @param remap               on a job that already has a navigation pattern: map the site again and learn a new
 *                            pattern instead of re-crawling by the stored one (Vidal 2006, §7.3: "if the site's
 *                            structure changes, generate a new crawler"); default false
 * @param sampleIds           the ids of the job's samples for this run (its {@code crawl-samples}, positive and
 *                            negative): the classifier classifies no page of the job before each of them is
 *                            resolved (fetched or failed), and classifies against exactly these, so that samples
 *                            spread over partitions are never seen in part (issue 18). Empty, the default: every
 *                            sample declared for the job so far, as the classifier sees them arrive
 * @param mapping             how the mapping chooses its pages; default {@link MappingMode#SAMPLED} (issue 19)
 * @param samplePages         upper bound of the requests of a {@link MappingMode#SAMPLED} mapping, >= 1; default 200,
 *                            seed 001's n (Cibecchini 2017 §3.3.1, the budget of its experiments); {@code maxPages}
 *                            bounds it too
 * @param spec                a crawl specification (seed 001's model, loaded instead of inferred), or null: the job
 *                            crawls by its class links from the entry point at once, without a mapping, and its
 *                            target pages are the pages of the spec's target classes ({@link CrawlSpec})
 * @param scriptLinks         whether the job follows the scripts its pages load and the pages their string literals
 *                            name ({@link Outlink#script()}; a Doxygen main page links its indexes only from
 *                            {@code menudata.js}); default false. Off by default because on sites whose HTML already
 *                            links everything, the scripts' second way to the same pages made the sampled mapping
 *                            and the pattern wander (docs/navigation.md "Links in scripts"). A mapping without it that
 *                            met scripts and found no target page maps again with it, and a job whose pattern was
 *                            learnt through scripts re-crawls through them whatever later seeds say
 */
public record CrawlSeed(String jobId, String entryUrl, ScopeMode scope, Integer maxPages, Integer maxDepth,
                        String similarityMeasure, Double similarityThreshold,
                        Map<String, List<String>> formValues, Integer maxCrawlPages, Boolean remap,
                        List<String> sampleIds, MappingMode mapping, Integer samplePages, CrawlSpec spec,
                        Boolean scriptLinks) {

    /** Default of {@link #maxPages}. */
    public static final int DEFAULT_MAX_PAGES = 10_000;
    /** Default of {@link #maxCrawlPages}. */
    public static final int DEFAULT_MAX_CRAWL_PAGES = 1_000_000;
    /** Default of {@link #samplePages}: seed 001's n = 200 (Cibecchini 2017 §3.3.1; spec §2.10). */
    public static final int DEFAULT_SAMPLE_PAGES = 200;
    /** Default of {@link #mapping}. */
    public static final MappingMode DEFAULT_MAPPING = MappingMode.SAMPLED;
    /** Default of {@link #maxDepth}. */
    public static final int DEFAULT_MAX_DEPTH = 10;

    public CrawlSeed {
        JobIds.require(jobId);
        Urls.requireHttp("entryUrl", entryUrl);
        scope = scope == null ? ScopeMode.HOST : scope;
        maxPages = maxPages == null ? DEFAULT_MAX_PAGES : maxPages;
        if (maxPages < 1) {
            throw new IllegalArgumentException("maxPages: must be >= 1, was " + maxPages);
        }
        maxDepth = maxDepth == null ? DEFAULT_MAX_DEPTH : maxDepth;
        Checks.nonNegative("maxDepth", maxDepth);
        Checks.unitInterval("similarityThreshold", similarityThreshold);
        formValues = formValues == null ? Map.of() : Map.copyOf(formValues);
        maxCrawlPages = maxCrawlPages == null ? DEFAULT_MAX_CRAWL_PAGES : maxCrawlPages;
        if (maxCrawlPages < 1) {
            throw new IllegalArgumentException("maxCrawlPages: must be >= 1, was " + maxCrawlPages);
        }
        remap = remap != null && remap;
        sampleIds = sampleIds == null ? List.of() : List.copyOf(sampleIds);
        for (String id : sampleIds) {
            Checks.nonBlank("sampleIds[]", id);
        }
        if (sampleIds.stream().distinct().count() != sampleIds.size()) {
            throw new IllegalArgumentException("sampleIds: each id once, was " + sampleIds);
        }
        mapping = mapping == null ? DEFAULT_MAPPING : mapping;
        samplePages = samplePages == null ? DEFAULT_SAMPLE_PAGES : samplePages;
        if (samplePages < 1) {
            throw new IllegalArgumentException("samplePages: must be >= 1, was " + samplePages);
        }
        scriptLinks = Boolean.TRUE.equals(scriptLinks) ? Boolean.TRUE : null; // absent from the JSON when off
    }

    /** A seed that does not follow scripts ({@link #scriptLinks} off). */
    public CrawlSeed(String jobId, String entryUrl, ScopeMode scope, Integer maxPages, Integer maxDepth,
                     String similarityMeasure, Double similarityThreshold, Map<String, List<String>> formValues,
                     Integer maxCrawlPages, Boolean remap, List<String> sampleIds, MappingMode mapping,
                     Integer samplePages, CrawlSpec spec) {
        this(jobId, entryUrl, scope, maxPages, maxDepth, similarityMeasure, similarityThreshold, formValues,
                maxCrawlPages, remap, sampleIds, mapping, samplePages, spec, null);
    }

    /** Whether the job follows scripts and the pages they name ({@link #scriptLinks}). */
    public boolean followsScripts() {
        return scriptLinks != null;
    }

    /** This seed following scripts or not ({@link #scriptLinks}). */
    public CrawlSeed withScriptLinks(boolean follow) {
        return new CrawlSeed(jobId, entryUrl, scope, maxPages, maxDepth, similarityMeasure, similarityThreshold,
                formValues, maxCrawlPages, remap, sampleIds, mapping, samplePages, spec, follow ? Boolean.TRUE : null);
    }

    /** A seed without a spec: it maps the site first. */
    public CrawlSeed(String jobId, String entryUrl, ScopeMode scope, Integer maxPages, Integer maxDepth,
                     String similarityMeasure, Double similarityThreshold, Map<String, List<String>> formValues,
                     Integer maxCrawlPages, Boolean remap, List<String> sampleIds, MappingMode mapping,
                     Integer samplePages) {
        this(jobId, entryUrl, scope, maxPages, maxDepth, similarityMeasure, similarityThreshold, formValues,
                maxCrawlPages, remap, sampleIds, mapping, samplePages, null);
    }

    /** This seed crawling by {@code crawlSpec} instead of mapping the site ({@link #spec}), or null. */
    public CrawlSeed withSpec(CrawlSpec crawlSpec) {
        return new CrawlSeed(jobId, entryUrl, scope, maxPages, maxDepth, similarityMeasure, similarityThreshold,
                formValues, maxCrawlPages, remap, sampleIds, mapping, samplePages, crawlSpec, scriptLinks);
    }

    /** A seed with the default mapping ({@link #DEFAULT_MAPPING}, {@link #DEFAULT_SAMPLE_PAGES}). */
    public CrawlSeed(String jobId, String entryUrl, ScopeMode scope, Integer maxPages, Integer maxDepth,
                     String similarityMeasure, Double similarityThreshold, Map<String, List<String>> formValues,
                     Integer maxCrawlPages, Boolean remap, List<String> sampleIds) {
        this(jobId, entryUrl, scope, maxPages, maxDepth, similarityMeasure, similarityThreshold, formValues,
                maxCrawlPages, remap, sampleIds, null, null);
    }

    /** This seed mapping by {@code mode}, with at most {@code pages} requests when sampled (null: the default). */
    public CrawlSeed withMapping(MappingMode mode, Integer pages) {
        return new CrawlSeed(jobId, entryUrl, scope, maxPages, maxDepth, similarityMeasure, similarityThreshold,
                formValues, maxCrawlPages, remap, sampleIds, mode, pages, spec, scriptLinks);
    }

    /** The most requests this seed's mapping makes: {@code maxPages}, and {@code samplePages} when sampled. */
    public int mappingBudget() {
        return mapping == MappingMode.SAMPLED ? Math.min(maxPages, samplePages) : maxPages;
    }

    /** A seed that names no sample ids (every sample declared for the job counts, {@link #sampleIds}). */
    public CrawlSeed(String jobId, String entryUrl, ScopeMode scope, Integer maxPages, Integer maxDepth,
                     String similarityMeasure, Double similarityThreshold, Map<String, List<String>> formValues,
                     Integer maxCrawlPages, Boolean remap) {
        this(jobId, entryUrl, scope, maxPages, maxDepth, similarityMeasure, similarityThreshold, formValues,
                maxCrawlPages, remap, null);
    }

    /** This seed naming {@code ids} as its samples ({@link #sampleIds}). */
    public CrawlSeed withSampleIds(List<String> ids) {
        return new CrawlSeed(jobId, entryUrl, scope, maxPages, maxDepth, similarityMeasure, similarityThreshold,
                formValues, maxCrawlPages, remap, ids, mapping, samplePages, spec, scriptLinks);
    }

    /** A seed with the default crawl budget ({@link #DEFAULT_MAX_CRAWL_PAGES}). */
    public CrawlSeed(String jobId, String entryUrl, ScopeMode scope, Integer maxPages, Integer maxDepth,
                     String similarityMeasure, Double similarityThreshold, Map<String, List<String>> formValues,
                     Boolean remap) {
        this(jobId, entryUrl, scope, maxPages, maxDepth, similarityMeasure, similarityThreshold, formValues, null,
                remap);
    }

    /** A seed with every default. */
    public static CrawlSeed of(String jobId, String entryUrl) {
        return new CrawlSeed(jobId, entryUrl, null, null, null, null, null, null, null, null);
    }
}
