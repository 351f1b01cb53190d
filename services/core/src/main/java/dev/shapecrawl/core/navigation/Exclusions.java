package dev.shapecrawl.core.navigation;

import dev.shapecrawl.events.NavigationPattern;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Teaches a branch's target step the pages it must not take (shapecrawl, beyond the seed; docs/navigation.md,
 * "Exclusions"). The mapping fetched and classified every page a target step's regular expression matches; those
 * that were not targets are pages the crawl would fetch again for nothing. When several of them have one URL shape
 * (the same regex-tree leaves level by level) they are a distractor template beside the targets (venue pages {@code ICDT:2000.html} among
 * DBLP authors {@code Name:First_2.html}), and their own URL pattern, if it matches no mapped target, is written
 * into the step as a negative lookahead: {@code ^(?!excluded$)step$}. A lone non-target (a broken link, an odd
 * page) teaches nothing and is left alone.
 *
 * <p>The contract stays one regular expression per step, so every consumer of the pattern applies it unchanged.
 * Immutable; thread-safe.
 */
final class Exclusions {
    /** Fewer alike non-targets than this are an accident, not a template. */
    static final int MIN_GROUP = 2;

    private final boolean refined;

    Exclusions(PatternSettings settings) {
        this.refined = settings.refinedPatterns();
    }

    /** The branches, each target step narrowed by the exclusions the mapping teaches (unchanged if none). */
    List<NavigationPattern.Branch> apply(List<NavigationPattern.Branch> branches, List<MappedPage> pages) {
        List<NavigationPattern.Branch> out = new ArrayList<>(branches.size());
        for (NavigationPattern.Branch b : branches) {
            List<NavigationPattern.Step> steps = new ArrayList<>(b.steps());
            NavigationPattern.Step last = steps.get(steps.size() - 1);
            String narrowed = narrowed(last.urlRegex(), pages);
            if (!narrowed.equals(last.urlRegex())) {
                steps.set(steps.size() - 1,
                        new NavigationPattern.Step(last.kind(), narrowed, last.formId(), last.loop(), last.examples()));
            }
            out.add(new NavigationPattern.Branch(steps, b.targetCount()));
        }
        return out;
    }

    /**
     * The URL's shape: its host and, per level, the sequence of regex-tree leaves of its tokens
     * ({@code ICDT:2000.html} → {@code ALPHA : DIGIT . ALPHA}). Non-targets of one shape are one template; URLsim
     * is too coarse here, since a broken author link and a venue page differ in two levels only.
     */
    private static String shape(UrlLevels levels) {
        RegexTree tree = RegexTree.standard();
        StringBuilder key = new StringBuilder(levels.host());
        for (int i = 1; i < levels.count(); i++) {
            key.append('/');
            for (String token : Tokenizer.standard().tokenize(levels.level(i))) {
                key.append(tree.leafOf(token).name()).append(' ');
            }
        }
        return key.toString();
    }

    private String narrowed(String regex, List<MappedPage> pages) {
        Pattern step = Pattern.compile(regex);
        List<Pattern> targets = new ArrayList<>();
        Map<String, List<UrlLevels>> groups = new LinkedHashMap<>();
        for (MappedPage p : pages) {
            if (p.parentUrl() == null || !BoundedMatch.matches(step, p.url()) || p.target()) {
                continue;
            }
            UrlLevels levels = UrlLevels.of(p.url());
            groups.computeIfAbsent(shape(levels), k -> new ArrayList<>()).add(levels);
        }
        List<String> excluded = new ArrayList<>();
        for (List<UrlLevels> g : groups.values()) {
            if (g.size() < MIN_GROUP) {
                continue;
            }
            UrlPattern negative = UrlPattern.ofLevels(g, refined);
            boolean hitsATarget = pages.stream().anyMatch(p -> p.target() && negative.matches(p.url()));
            if (!hitsATarget) {
                excluded.add(negative.regex().substring(1)); // without ^, with $
            }
        }
        if (excluded.isEmpty()) {
            return regex;
        }
        return "^(?!" + (excluded.size() == 1 ? excluded.get(0) : "(?:" + String.join("|", excluded) + ")") + ")"
                + regex.substring(1);
    }
}
