package dev.shapecrawl.events;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * A versioned navigation pattern: the URL regular expressions (and form steps) that lead from the entry
 * point to the target pages (Vidal 2006, §5). Topic {@link Topics#NAVIGATION_PATTERNS} (compacted), key
 * {@code jobId}: the latest version per job is kept.
 *
 * @param jobId          the job
 * @param patternVersion 1 for the first pattern of the job, raised by every new one
 * @param entryUrl       the entry point the pattern starts from
 * @param branches       the paths of the pattern; the seed keeps one, shapecrawl keeps every path that holds
 *                       a meaningful share of the targets
 * @param targetsMapped  the number of target pages found while mapping
 * @param coverage       the share of mapped targets the pattern reaches, 0..1
 * @param targetThreshold the site-wide target decision's threshold, 0..1 (issue 18): a crawled page at least this
 *                       similar to the samples, and not nearer a negative sample, is a target page; null when the
 *                       job fixed its own threshold (the seed's {@code similarityThreshold})
 * @param decision       the target decision for people: how many mapped pages it takes and why, or null
 * @param excludedLinkPaths groups of links a crawl follows into no step, by class link or by URL, written as a step's
 *                       {@link Step#excludedLinkPaths()}: the lists a replay of the crawl over a sampled mapping's
 *                       pages showed it can do without (docs/navigation.md §8, "Redundant lists"). Kept once here
 *                       rather than on every step, so the event does not grow with the number of steps. Empty when
 *                       none (omitted from JSON then, and in patterns written before 2026-11-29)
 */
public record NavigationPattern(String jobId, long patternVersion, String entryUrl, List<Branch> branches,
                                long targetsMapped, double coverage, Double targetThreshold, String decision,
                                @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> excludedLinkPaths) {
    public NavigationPattern {
        JobIds.require(jobId);
        if (patternVersion < 1) {
            throw new IllegalArgumentException("patternVersion: must be >= 1, was " + patternVersion);
        }
        Urls.requireHttp("entryUrl", entryUrl);
        branches = Checks.list(branches);
        Checks.nonNegative("targetsMapped", targetsMapped);
        Checks.unitInterval("coverage", coverage);
        Checks.unitInterval("targetThreshold", targetThreshold);
        excludedLinkPaths = Checks.list(excludedLinkPaths);
    }

    /** A pattern with no group excluded on every step. */
    public NavigationPattern(String jobId, long patternVersion, String entryUrl, List<Branch> branches,
                             long targetsMapped, double coverage, Double targetThreshold, String decision) {
        this(jobId, patternVersion, entryUrl, branches, targetsMapped, coverage, targetThreshold, decision, null);
    }

    /**
     * One path from the entry point to target pages.
     *
     * @param steps       the levels in order; the last step's pages are the targets
     * @param targetCount targets of the map reached through this branch
     */
    public record Branch(List<Step> steps, long targetCount) {
        public Branch {
            steps = Checks.list(steps);
            Checks.nonNegative("targetCount", targetCount);
        }
    }

    /**
     * One level of a branch.
     *
     * @param kind     {@code LINK} (follow links matching {@code urlRegex}) or {@code FORM} (submit the form
     *                 step {@code formId})
     * @param urlRegex the anchored regular expression the level's URLs match (Java syntax)
     * @param formId   the form template of a FORM step, or null
     * @param loop     whether the level may repeat (pagination, hub-to-hub chains)
     * @param examples a few URLs of the map that matched, for people
     * @param linkPaths the class links of the level (seed 001 §3.3, spec §4): the link-collection paths (the site
     *                  model's element-path notation, {@link PageCollections}) that held the mapping's links to
     *                  this level's pages on the pages of the level before (and, for a loop, on the level's own
     *                  pages). A crawl also follows every link of such a collection, whatever its URL, so a list
     *                  the sample saw three links of is crawled whole. Empty for a FORM step and in patterns
     *                  written before issue 19
     * @param excludedLinkPaths groups of links a crawl does not follow into this step, by class link or by URL:
     *                  a link's path at the lattice's full value level (spec §2.6: every attributed step given its
     *                  value, such as {@code …-DT-SPAN[@CLASS="chapter"]-A}), or its collection's path where the
     *                  collection's links share every value. Set after a sampled mapping (docs/navigation.md §8): on a
     *                  target step, the groups none of whose mapped pages was a target (the groups excluded on every
     *                  step are the pattern's {@link NavigationPattern#excludedLinkPaths()}). A link that also stands
     *                  in a group not excluded is still followed by its URL. Empty when none (omitted from JSON then)
     */
    public record Step(String kind, String urlRegex, String formId, boolean loop, List<String> examples,
                       List<String> linkPaths,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> excludedLinkPaths) {
        public Step {
            Checks.nonBlank("kind", kind);
            Checks.nonBlank("urlRegex", urlRegex);
            examples = Checks.list(examples);
            linkPaths = Checks.list(linkPaths);
            excludedLinkPaths = Checks.list(excludedLinkPaths);
        }

        /** A step with no class link ({@link #linkPaths} empty). */
        public Step(String kind, String urlRegex, String formId, boolean loop, List<String> examples) {
            this(kind, urlRegex, formId, loop, examples, null, null);
        }

        /** A step with class links and no excluded group. */
        public Step(String kind, String urlRegex, String formId, boolean loop, List<String> examples,
                    List<String> linkPaths) {
            this(kind, urlRegex, formId, loop, examples, linkPaths, null);
        }

        /** This step with {@code paths} as its class links, none of their groups excluded. */
        public Step withLinkPaths(List<String> paths) {
            return new Step(kind, urlRegex, formId, loop, examples, paths, null);
        }

        /** This step with {@code paths} as its class links and {@code excluded} as their excluded groups. */
        public Step withLinkPaths(List<String> paths, List<String> excluded) {
            return new Step(kind, urlRegex, formId, loop, examples, paths, excluded);
        }
    }
}
