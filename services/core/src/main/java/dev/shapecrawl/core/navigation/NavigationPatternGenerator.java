package dev.shapecrawl.core.navigation;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Learns a navigation pattern from a finished mapping (Vidal 2006, §3.3; specification §5): the target pages map
 * of the mapped pages ({@link TargetPagesMap}), grouped by URL similarity into T' ({@link Group}), and the paths
 * of T' chosen as the pattern's branches ({@link BranchChoice}); with refined patterns, target steps are then
 * narrowed by the distractor templates the mapping met ({@link Exclusions}).
 *
 * <p>With {@link PatternSettings#seedFaithful()} this is the thesis's procedure: one path, to the grouped node
 * with the most targets (Definition 5). With {@link PatternSettings#defaults()} a pattern may hold several
 * branches and loop steps. Immutable and thread-safe.
 */
public final class NavigationPatternGenerator {
    private final PatternSettings settings;
    private final Group group;
    private final BranchChoice choice;
    private final Exclusions exclusions;

    /** @param settings how patterns are learned */
    public NavigationPatternGenerator(PatternSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.group = Group.of(settings);
        this.choice = BranchChoice.of(settings);
        this.exclusions = new Exclusions(settings);
    }

    /** The settings. */
    public PatternSettings settings() {
        return settings;
    }

    /**
     * The navigation pattern of one mapping.
     *
     * @param entryUrl the mapping's entry point
     * @param pages    every page the mapping requested, with its breadth-first parent, level, discovery order,
     *                 target flag and referrers, in any order
     * @return the branches with their target counts, the number of mapped targets and the coverage; no branch if
     *         no target page hangs below the entry point
     * @throws IllegalArgumentException if the entry point is not among the pages
     */
    public GeneratedPattern generate(String entryUrl, List<MappedPage> pages) {
        // In discovery order whatever order the caller's store lists them in (a map, a RocksDB key scan), so the
        // same mapping always gives the same pattern: exclusions group distractors in the order they meet them.
        List<MappedPage> byOrder = pages.stream().sorted(Comparator.comparingLong(MappedPage::order)).toList();
        TargetPagesMap map = TargetPagesMap.of(entryUrl, byOrder);
        GeneratedPattern chosen = choice.choose(group.apply(map), map, new Reach(byOrder));
        if (!settings.refinedPatterns()) {
            return chosen;
        }
        // exclusions match no mapped target, so the counts and the coverage stay as chosen
        return new GeneratedPattern(exclusions.apply(chosen.branches(), byOrder), chosen.targetsMapped(),
                chosen.coverage());
    }
}
