/**
 * Navigation patterns: learning from a site mapping which links lead from the entry point to the target pages,
 * and following them in later crawls (Vidal 2006, thesis §3.3–§3.4; specification
 * {@code shared/specs/vidal-2006-navigation-patterns.md} §4–§7, §12).
 *
 * <p>Learning, in order: {@link dev.shapecrawl.core.navigation.TargetPagesMap} (the breadth-first tree pruned to
 * the paths to target pages), {@link dev.shapecrawl.core.navigation.Group} (GROUP: similar URLs under one parent
 * become one node, by {@link dev.shapecrawl.core.navigation.UrlSimilarity} over
 * {@link dev.shapecrawl.core.navigation.UrlLevels}, with a {@link dev.shapecrawl.core.navigation.UrlPattern} built
 * from the {@link dev.shapecrawl.core.navigation.RegexTree} by {@link dev.shapecrawl.core.navigation.Tokenizer} and
 * {@link dev.shapecrawl.core.navigation.TokenRegex}), and {@link dev.shapecrawl.core.navigation.BranchChoice}
 * (Definition 5, or several branches). {@link dev.shapecrawl.core.navigation.NavigationPatternGenerator} runs them,
 * tuned by {@link dev.shapecrawl.core.navigation.PatternSettings}. Following:
 * {@link dev.shapecrawl.core.navigation.PatternMatcher} (the crawl of §7.2, off-by-one corrected).
 *
 * <p>The seed's procedure is {@link dev.shapecrawl.core.navigation.PatternSettings#seedFaithful()}; where the
 * thesis is silent or garbled the specification's [R] choices are followed and named where they are made.
 * shapecrawl's own additions, several branches and loop steps, are marked as such in the classes that make them.
 * Plain Java; no Kafka, no Quarkus.
 */
package dev.shapecrawl.core.navigation;
