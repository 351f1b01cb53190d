package dev.shapecrawl.core.sitemodel;

/**
 * The site model's parameters, with the values of the thesis's experiments (spec §10, thesis §5.3 and footnotes).
 *
 * @param sampleBudget          n, the most pages fetched to infer a model: 200 (thesis §3.3.1, §5.3)
 * @param mergeDistance         dt, candidate groups merge when their distance is strictly below it: 0.2 (§3.3.2 fn. 4)
 * @param linksPerCollection    links sampled per link collection, non-consecutive; all for a menu: 3 (§3.3.1 fn. 3)
 * @param indexCost             c_index, MDL cost of a class path the page has: 0.8 (§3.3.4.2 fn. 8)
 * @param missCost              c_miss, MDL cost of a class path the page lacks: 1.0 (§3.3.4.2 fn. 8)
 * @param maxTextLength         only texts strictly shorter than this (characters) join a text collection: 64
 *                              (§4.2.2.2 fn. 4)
 * @param maxLinksPerPage       the most links a page keeps in its link collections (bounds a hostile page; the same
 *                              bound as the page analysis' outlinks, {@code PageAnalysisSettings}): 10,000
 * @param maxTextsPerPage       the most texts a page keeps in its text collections (bounds a hostile page): 10,000
 * @param maxCollectionChars    the most characters a page's collections keep, paths, URLs and texts together (bounds
 *                              a hostile page of long URLs or long distinct paths, so that its collections fit the
 *                              16 MiB {@code pages-classified} message beside its outlinks even when JSON escapes
 *                              every character): 2,000,000
 * @param classMergeDistance    the floor of class consolidation ({@link ClassConsolidation}; shapecrawl's, not the
 *                              seed's): after MDL, classes whose path schemas are strictly closer than this (eq. 3.1)
 *                              are always merged, and merging goes on beyond it up to the widest relative rise in
 *                              merge height: 0.4, the largest value of a 0.1 grid at which every generated site shape
 *                              keeps F* and purity at or above 0.95 (chosen on the test kit's generated sites only;
 *                              docs/site-model.md "Class consolidation" gives the real sites' figures and
 *                              leave-one-site-out ones); 0 merges nothing, the seed's model
 * @param refinement            when a link collection's path is refined on the lattice (spec §3.5,
 *                              {@link PathRefinement}): {@link Refinement#LINKS} (the default, shapecrawl's) once the
 *                              sample is drawn, for the class links only; {@link Refinement#SAMPLING} during sampling,
 *                              as the thesis's loop does, which also changes what is sampled (docs/site-model.md
 *                              "Path refinement" measures both)
 * @param kindMarkers           whether the consolidated classes are regrouped by the page-kind words generators
 *                              write on {@code <body class>} ({@link KindMarkers}; shapecrawl's, not the seed's):
 *                              true, the default since 2026-11-28 (docs/site-model.md "Kind markers"); false is the
 *                              model of the paths alone
 */
public record SiteModelSettings(int sampleBudget, double mergeDistance, int linksPerCollection, double indexCost,
                                double missCost, int maxTextLength, int maxLinksPerPage, int maxTextsPerPage,
                                int maxCollectionChars, double classMergeDistance, Refinement refinement,
                                boolean kindMarkers) {
    /** When path refinement happens (spec §3.5). */
    public enum Refinement {
        /**
         * In the sampling loop (thesis §3.3.3, spec §3.3 and §3.5): a collection whose sample falls into several
         * candidate classes is split into more specific collections that are sampled in turn, and a menu is fetched
         * whole only where no level splits it; a collection of one URL is first generalised.
         */
        SAMPLING,
        /**
         * After sampling, on the class links: the sample is drawn as without refinement (a collection of several
         * candidates is a menu fetched whole), and a menu whose links a more specific level splits into groups of
         * one class each becomes a list (or singleton) class link per group; a singleton whose generalised path
         * gathers more links, all to its class where known, becomes a list.
         */
        LINKS
    }

    /** The settings of the thesis's experiments with path refinement {@link Refinement#LINKS} and kind markers. */
    public SiteModelSettings(int sampleBudget, double mergeDistance, int linksPerCollection, double indexCost,
                             double missCost, int maxTextLength, int maxLinksPerPage, int maxTextsPerPage,
                             int maxCollectionChars, double classMergeDistance) {
        this(sampleBudget, mergeDistance, linksPerCollection, indexCost, missCost, maxTextLength, maxLinksPerPage,
                maxTextsPerPage, maxCollectionChars, classMergeDistance, Refinement.LINKS, true);
    }

    public SiteModelSettings {
        java.util.Objects.requireNonNull(refinement, "refinement");
        positive("sampleBudget", sampleBudget);
        positive("linksPerCollection", linksPerCollection);
        positive("maxTextLength", maxTextLength);
        positive("maxLinksPerPage", maxLinksPerPage);
        positive("maxTextsPerPage", maxTextsPerPage);
        positive("maxCollectionChars", maxCollectionChars);
        if (!(mergeDistance >= 0 && mergeDistance <= 1)) {
            throw new IllegalArgumentException("mergeDistance: must be in 0..1, was " + mergeDistance);
        }
        if (!(classMergeDistance >= 0 && classMergeDistance <= 1)) {
            throw new IllegalArgumentException("classMergeDistance: must be in 0..1, was " + classMergeDistance);
        }
        if (!(indexCost >= 0) || !(missCost >= 0)) {
            throw new IllegalArgumentException("indexCost and missCost must be >= 0, were " + indexCost + ", "
                    + missCost);
        }
    }

    /** The thesis's experimental setting (spec §5.3). */
    public static SiteModelSettings defaults() {
        return new SiteModelSettings(200, 0.2, 3, 0.8, 1.0, 64, 10_000, 10_000, 2_000_000, 0.4);
    }

    /** These settings with another {@link #classMergeDistance()} (0: the seed's model, no consolidation). */
    public SiteModelSettings withClassMergeDistance(double distance) {
        return new SiteModelSettings(sampleBudget, mergeDistance, linksPerCollection, indexCost, missCost,
                maxTextLength, maxLinksPerPage, maxTextsPerPage, maxCollectionChars, distance, refinement, kindMarkers);
    }

    /** These settings with another {@link #refinement()}. */
    public SiteModelSettings withRefinement(Refinement when) {
        return new SiteModelSettings(sampleBudget, mergeDistance, linksPerCollection, indexCost, missCost,
                maxTextLength, maxLinksPerPage, maxTextsPerPage, maxCollectionChars, classMergeDistance, when,
                kindMarkers);
    }

    /** These settings with kind markers on or off ({@link #kindMarkers()}). */
    public SiteModelSettings withKindMarkers(boolean on) {
        return new SiteModelSettings(sampleBudget, mergeDistance, linksPerCollection, indexCost, missCost,
                maxTextLength, maxLinksPerPage, maxTextsPerPage, maxCollectionChars, classMergeDistance, refinement,
                on);
    }

    private static void positive(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + ": must be >= 1, was " + value);
        }
    }
}
