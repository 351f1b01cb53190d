package dev.shapecrawl.core.navigation;

import dev.shapecrawl.core.config.SettingValues;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything navigation pattern generation ({@link NavigationPatternGenerator}) can be tuned with. Immutable;
 * the constructor validates every field and throws {@link IllegalArgumentException} naming the setting and the
 * rule broken.
 *
 * <p>Two presets: {@link #defaults()}, shapecrawl's multi-branch patterns with loops, and
 * {@link #seedFaithful()}, the seed's single path (Vidal 2006, Definition 5) without loops, so that evaluations
 * can put the two side by side on the same map.
 *
 * <p><b>The multi-branch rule</b> ({@link BranchChoice}). Candidate branches are the paths of the grouped map T'
 * from the root to each node that holds target pages. They are taken in the order of Definition 5: most targets
 * on the end node first, then the shorter path, then the earlier discovery. A candidate is added if it reaches a
 * mapped target that the branches taken so far do not; taking stops once the branches reach at least
 * {@code minCoverage} of the mapped targets, or {@code maxBranches} are taken. With {@code maxBranches} 1 this is
 * exactly Definition 5.
 *
 * @param k              URLsim's K: the largest number of levels, the first excluded, in which two URLs may differ
 *                       and still be similar, >= 0. Default 2, the thesis's value from preliminary experiments,
 *                       confirmed in the final ones (thesis §3.3; specification §5.3, §12).
 * @param strictGrouping whether GROUP puts a URL into a group only if it is similar to every member, instead of to
 *                       the group's leader. Default false: leader clustering in discovery order, the
 *                       specification's recommendation (§5.2 [R]); the thesis leaves it open.
 * @param loops          whether chains of pages of one kind (pagination, hub-to-hub) are folded into loop steps
 *                       ({@link Group}). Default true; false in the seed-faithful preset (the seed has no loops).
 * @param maxBranches    the most branches a pattern holds, >= 1. Default {@value #DEFAULT_MAX_BRANCHES}: a bound
 *                       for people reading the pattern and for the crawl's cost per link (one regular-expression
 *                       test per distinct step that may follow); not tuned on data. If it cuts the choice short,
 *                       the pattern's coverage says so. 1 gives the seed's single path.
 * @param minCoverage    the share of the mapped targets the branches must reach before no more are taken, in
 *                       (0, 1]. Default {@value #DEFAULT_MIN_COVERAGE}: "the pattern covers at least 99% of the
 *                       targets found in mapping" (the multi-branch issue's wording). Without effect when
 *                       {@code maxBranches} is 1.
 * @param sharedLevel    whether URLsim also asks similar URLs to share a path level, or the first token of their
 *                       differing levels, or to be one token apart ({@link UrlSimilarity#sharedLevel()}). Default
 *                       true; false in the seed-faithful preset. Measured on the generated sites (docs/navigation.md,
 *                       the settings table, row {@code shared-level}): without it, two-level URLs of different kinds
 *                       form one group.
 * @param refinedPatterns whether URLPattern never cuts a number with a common prefix or suffix and generalises
 *                       columns some URLs lack ({@link UrlPattern#ofLevels(List, boolean)}). Default true; false
 *                       in the seed-faithful preset (Algorithm 4 as printed, typo fixed, literals quoted).
 * @param separateRoles  whether GROUP keeps target pages and hubs (pages that lead to targets) in different groups
 *                       ({@link Group}). The seed lets a target and a hub with similar URLs merge (specification
 *                       §5.2 [R]: "in rare cases"); the merged step then matches both kinds, so the crawl fetches
 *                       pages of the hub's kind where only targets were wanted (the generated DBLP site: a
 *                       shortcut author page merged with the letter indexes, and the step also matched the venue
 *                       pages). Default true; false in the seed-faithful preset.
 */
public record PatternSettings(int k, boolean strictGrouping, boolean loops, int maxBranches, double minCoverage,
                              boolean sharedLevel, boolean refinedPatterns, boolean separateRoles) {

    /** Default of {@link #maxBranches()}. */
    public static final int DEFAULT_MAX_BRANCHES = 16;
    /** Default of {@link #minCoverage()}. */
    public static final double DEFAULT_MIN_COVERAGE = 0.99;

    /** The names {@link #fromProperties} understands, in component order. */
    public static final List<String> PROPERTY_NAMES = List.of("k", "strict-grouping", "loops", "max-branches",
            "min-coverage", "shared-level", "refined-patterns", "separate-roles");

    /**
     * Validates every setting.
     *
     * @throws IllegalArgumentException naming the first invalid setting and the rule broken
     */
    public PatternSettings {
        if (k < 0) {
            throw new IllegalArgumentException("k: must be >= 0, was " + k);
        }
        if (maxBranches < 1) {
            throw new IllegalArgumentException("maxBranches: must be >= 1, was " + maxBranches);
        }
        if (!(minCoverage > 0 && minCoverage <= 1)) {
            throw new IllegalArgumentException("minCoverage: must be in (0, 1], was " + minCoverage);
        }
    }

    /**
     * shapecrawl's defaults: K 2 with the shared-level rule, leader clustering, loops, up to 16 branches covering
     * 99% of the targets, refined URL patterns, targets and hubs in separate groups.
     */
    public static PatternSettings defaults() {
        return new PatternSettings(UrlSimilarity.DEFAULT_K, false, true, DEFAULT_MAX_BRANCHES, DEFAULT_MIN_COVERAGE,
                true, true, true);
    }

    /**
     * The seed's navigation pattern: one path, to the grouped node with the most targets (Definition 5), no
     * loops, the seed's URLsim (K 2) and URLPattern; leader clustering as in {@link #defaults()}.
     */
    public static PatternSettings seedFaithful() {
        return new PatternSettings(UrlSimilarity.DEFAULT_K, false, false, 1, DEFAULT_MIN_COVERAGE, false, false,
                false);
    }

    /**
     * Settings from configuration properties, for the services: the kebab-case names in {@link #PROPERTY_NAMES};
     * values are trimmed, numbers may use {@code _} separators, booleans are {@code true} or {@code false}. An
     * absent name keeps its default ({@link #defaults()}).
     *
     * @param properties setting name to value; not null
     * @return the validated settings
     * @throws IllegalArgumentException for an unknown name (a typo must not be silently ignored), a value that
     *                                  does not parse, or a value the constructor refuses
     */
    public static PatternSettings fromProperties(Map<String, String> properties) {
        PatternSettings d = defaults();
        int k = d.k;
        boolean strict = d.strictGrouping;
        boolean loops = d.loops;
        int maxBranches = d.maxBranches;
        double minCoverage = d.minCoverage;
        boolean sharedLevel = d.sharedLevel;
        boolean refined = d.refinedPatterns;
        boolean separateRoles = d.separateRoles;
        for (Map.Entry<String, String> e : new TreeMap<>(properties).entrySet()) {
            String name = e.getKey();
            String v = e.getValue() == null ? "" : e.getValue().strip();
            switch (name) {
                case "k" -> k = SettingValues.intNumber(name, v);
                case "strict-grouping" -> strict = SettingValues.bool(name, v);
                case "loops" -> loops = SettingValues.bool(name, v);
                case "max-branches" -> maxBranches = SettingValues.intNumber(name, v);
                case "min-coverage" -> minCoverage = SettingValues.number(name, v);
                case "shared-level" -> sharedLevel = SettingValues.bool(name, v);
                case "refined-patterns" -> refined = SettingValues.bool(name, v);
                case "separate-roles" -> separateRoles = SettingValues.bool(name, v);
                default -> throw new IllegalArgumentException(name + ": unknown navigation pattern setting; known: "
                        + PROPERTY_NAMES);
            }
        }
        return new PatternSettings(k, strict, loops, maxBranches, minCoverage, sharedLevel, refined, separateRoles);
    }
}
