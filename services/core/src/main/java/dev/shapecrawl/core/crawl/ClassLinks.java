package dev.shapecrawl.core.crawl;

import dev.shapecrawl.core.navigation.MappedPage;
import dev.shapecrawl.core.navigation.PatternMatcher;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.PageCollections;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The class links of a navigation pattern: for each LINK step, the link-collection paths that hold the mapping's
 * links to the step's pages on the pages of the step before, and only those (seed 001's class links, Cibecchini 2017 §3.3.4; spec
 * §4: "the crawler follows the XPath of a class link on every page of its source class"). A sampled mapping sees
 * three links of a list; the URL regexes learnt from three examples can be narrower than the list (a nested type's
 * {@code Outer.Inner.html} when the examples had no dot, a single example's literal URL), and the crawl would miss
 * the rest. Following the collection the examples stood in reaches the whole list, and the classifier still decides
 * which of its pages are targets, so precision does not rest on it.
 *
 * <p>Only a <em>list</em> is followed so (seed 001's class-link types, spec §2.7): a collection every fetched link of
 * which leads to the step. A collection where the mapping also fetched a page the step does not take (a menu, a
 * list that mixes kinds) is followed by the URL regexes alone, as before: following it whole would fetch its other
 * kinds too (measured on the test kit's mixed-distractor shapes: 165 crawl requests for 60 targets against 73).
 *
 * <p>Pure: computed from the mapping's tree (each page under its breadth-first parent) and the collections the
 * mapping kept.
 */
final class ClassLinks {
    private ClassLinks() {
    }

    /**
     * The branches with each LINK step's {@link NavigationPattern.Step#linkPaths()} filled in.
     *
     * @param branches    the learnt branches
     * @param entryUrl    the entry point (the states of {@link PatternMatcher#start()})
     * @param pages       the mapped pages below the entry point, each with its breadth-first parent
     * @param collections a page's kept collections by its URL, empty when none were kept
     * @return the branches, with class-link paths where the map shows them; the same steps otherwise
     */
    static List<NavigationPattern.Branch> annotate(List<NavigationPattern.Branch> branches, String entryUrl,
                                                   List<MappedPage> pages,
                                                   Function<String, Optional<PageCollections>> collections) {
        PatternMatcher matcher = PatternMatcher.of(branches);
        Map<String, MappedPage> byUrl = new HashMap<>();
        pages.forEach(p -> byUrl.put(p.url(), p));
        Map<String, PatternMatcher.States> states = new HashMap<>();
        states.put(entryUrl, matcher.start());
        List<List<Set<String>>> paths = new ArrayList<>();
        for (NavigationPattern.Branch b : branches) {
            List<Set<String>> perStep = new ArrayList<>();
            b.steps().forEach(s -> perStep.add(new LinkedHashSet<>()));
            paths.add(perStep);
        }
        // parents before children: a page's states follow from its parent's
        List<MappedPage> ordered = pages.stream().sorted(Comparator.comparingInt(MappedPage::level)
                .thenComparingLong(MappedPage::order)).toList();
        for (MappedPage page : ordered) {
            PatternMatcher.States from = page.parentUrl() == null ? null : states.get(page.parentUrl());
            if (from != null && !from.isEmpty()) {
                states.put(page.url(), matcher.next(from, page.url(), page.formId()));
            }
        }
        states.forEach((url, from) -> {
            if (from.isEmpty() || !matcher.expands(from)) {
                return;
            }
            collections.apply(url).ifPresent(page -> page.links().forEach((path, urls) -> {
                // the links of this collection the mapping fetched, and the states each leads to from here
                List<PatternMatcher.States> reached = new ArrayList<>();
                List<Boolean> targets = new ArrayList<>();
                for (String u : urls) {
                    MappedPage linked = byUrl.get(u);
                    if (linked != null) {
                        reached.add(matcher.next(from, u));
                        targets.add(linked.target());
                    }
                }
                if (reached.isEmpty()) {
                    return;
                }
                for (int b = 0; b < branches.size(); b++) {
                    List<NavigationPattern.Step> steps = branches.get(b).steps();
                    for (int i = 0; i < steps.size(); i++) {
                        int next = i + 1;
                        int branch = b;
                        // class links lead to the targets only: the step a regex learnt from a few examples misses
                        // the most of, and the one whose pages the classifier checks
                        if (next == steps.size() && from.contains(b, i) && "LINK".equals(steps.get(i).kind())
                                && allLeadTo(reached, targets, branch, next, true)) {
                            paths.get(b).get(i).add(path);
                        }
                    }
                }
            }));
        });
        List<NavigationPattern.Branch> out = new ArrayList<>();
        for (int b = 0; b < branches.size(); b++) {
            NavigationPattern.Branch branch = branches.get(b);
            List<NavigationPattern.Step> steps = new ArrayList<>();
            for (int i = 0; i < branch.steps().size(); i++) {
                NavigationPattern.Step step = branch.steps().get(i);
                Set<String> found = paths.get(b).get(i);
                steps.add(found.isEmpty() ? step : step.withLinkPaths(List.copyOf(found)));
            }
            out.add(new NavigationPattern.Branch(steps, branch.targetCount()));
        }
        return out;
    }

    /**
     * Whether every fetched link of a collection leads to step {@code next} of {@code branch}: by its URL, or, for
     * the branch's last step, by being a target page of the mapping (a list of targets whose URLs the regex learnt
     * from a few examples is too narrow for is still a list of targets).
     */
    private static boolean allLeadTo(List<PatternMatcher.States> reached, List<Boolean> targets, int branch, int next,
                                     boolean last) {
        for (int k = 0; k < reached.size(); k++) {
            if (reached.get(k).contains(branch, next)) {
                return true;
            }
        }
        return false;
    }

    /** Link URL → the paths of the page's link collections that hold it. */
    static Map<String, List<String>> pathsByUrl(PageCollections page) {
        Map<String, List<String>> out = new HashMap<>();
        page.links().forEach((path, urls) -> urls.forEach(u -> out.computeIfAbsent(u, k -> new ArrayList<>(1))
                .add(path)));
        return out;
    }
}
