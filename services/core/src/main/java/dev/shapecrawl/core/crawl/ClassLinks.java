package dev.shapecrawl.core.crawl;

import dev.shapecrawl.core.navigation.LinkPosition;
import dev.shapecrawl.core.navigation.MappedPage;
import dev.shapecrawl.core.navigation.PatternMatcher;
import dev.shapecrawl.core.sitemodel.ValueLevel;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.PageCollections;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The class links of a navigation pattern: for each LINK step, the link-collection paths that hold the mapping's
 * links to the step's pages on the pages of the step before, and only those (seed 001's class links, Cibecchini
 * 2017 §3.3.4; spec §4: "the crawler follows the XPath of a class link on every page of its source class"). A
 * sampled mapping sees three links of a list; the URL regexes learnt from three examples can be narrower than the
 * list (a nested type's {@code Outer.Inner.html} when the examples had no dot, a single example's literal URL), and
 * the crawl would miss the rest. Following the collection the examples stood in reaches the whole list, and the
 * classifier still decides which of its pages are targets, so precision does not rest on it.
 *
 * <p>Every LINK step gets class links: the collections on pages of the step before (and, for a loop step, on its own
 * pages) whose mapped links lead to the step.
 * <ul>
 *   <li><b>Into a hub step</b> (not the last), whose pages the crawl expands in turn: a collection <em>every</em>
 *       mapped link of which leads to the step by the URL regexes (a list of hubs, a pagination bar), so that a menu
 *       of several kinds does not carry the crawl across the site; the regexes learnt from a few hubs miss the rest
 *       of such a list (docs/navigation.md §8).</li>
 *   <li><b>Into the targets</b>: a collection <em>any</em> mapped link of which leads to the step by the URL
 *       regexes. Seed 001 types a collection whose sampled pages all fall in one class a list (spec §2.7, §3.5) and
 *       would follow only those; requiring every mapped link to lead to the step was measured
 *       ({@code FirstRunReport}, docs/navigation.md §8) and lost recall where targets sit in mixed lists
 *       (PostgreSQL's reference pages, rustdoc's module indexes, gtk-doc's chapters) while saving no request on the
 *       javadoc sites. The classifier decides which pages a followed collection holds are targets, so precision
 *       does not rest on the rule; only requests do.</li>
 * </ul>
 *
 * <p><b>Excluded groups</b> (beyond the seed, after its path refinement, spec §2.6 and §3.5): on the pages before a
 * target step, each mapped link falls in a group, its value-level path ({@link ValueLevel}: gtk-doc's
 * {@code span[@class="chapter"]} and {@code span[@class="refentrytitle"]} in one table of contents) or, where a
 * collection's links share every value, its collection's path. A group none of whose mapped pages, on any of those
 * pages, is a target page (the site-wide decision's) is excluded: the crawl follows its links into the target step
 * neither by the class link nor by the URL regex ({@link NavigationPattern.Step#excludedLinkPaths()}). The regex
 * learnt from a few examples ({@code [a-zA-Z]+\.html}) also matches a manual's chapters; the groups the sample
 * fetched them through say that they are not targets. A link that also stands in a group the mapping did not
 * judge is still followed by its URL.
 *
 * <p>Pure: computed from the mapping's tree (each page under its breadth-first parent) and the collections the
 * mapping kept.
 */
final class ClassLinks {
    private ClassLinks() {
    }

    /**
     * The branches with each LINK step's {@link NavigationPattern.Step#linkPaths()} filled in (hub steps, loops and
     * the target step).
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
        Set<String> mapped = new HashSet<>();
        Set<String> targets = new HashSet<>();
        pages.forEach(p -> {
            mapped.add(p.url());
            if (p.target()) {
                targets.add(p.url());
            }
        });
        Map<String, PatternMatcher.States> states = new HashMap<>();
        states.put(entryUrl, matcher.start());
        List<List<Set<String>>> paths = perStep(branches);
        // the target steps' value-level groups: those a mapped link of which is a target page, and the others
        List<List<Set<String>>> into = perStep(branches);
        List<List<Set<String>>> elsewhere = perStep(branches);
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
                // the links of this collection the mapping fetched, the states each leads to from here, and
                // where each stands (its group)
                List<PatternMatcher.States> reached = new ArrayList<>();
                List<LinkPosition> reachedAt = new ArrayList<>();
                List<Boolean> reachedTarget = new ArrayList<>();
                List<String> valuePaths = null;
                for (int k = 0; k < urls.size(); k++) {
                    if (mapped.contains(urls.get(k))) {
                        if (reached.isEmpty()) {
                            valuePaths = ValueLevel.paths(page, path);
                        }
                        reached.add(matcher.next(from, urls.get(k)));
                        reachedAt.add(new LinkPosition(path, valuePaths == null ? null : valuePaths.get(k)));
                        reachedTarget.add(targets.contains(urls.get(k)));
                    }
                }
                if (reached.isEmpty()) {
                    return;
                }
                for (int b = 0; b < branches.size(); b++) {
                    List<NavigationPattern.Step> steps = branches.get(b).steps();
                    for (int i = 0; i < steps.size(); i++) {
                        int next = i + 1;
                        NavigationPattern.Step step = steps.get(i);
                        boolean before = from.contains(b, i) || step.loop() && from.contains(b, next);
                        if (!before || !"LINK".equals(step.kind())) {
                            continue;
                        }
                        // into the targets: any mapped link of the collection (the classifier checks what it
                        // brings); into a hub step, whose pages the crawl expands: every mapped link of it
                        boolean target = next == steps.size();
                        boolean takes = target ? anyLeadsTo(reached, b, next) : allLeadTo(reached, b, next);
                        if (takes) {
                            paths.get(b).get(i).add(path);
                        }
                        // the groups the target step's source pages hold, sorted by what the mapped ones are
                        for (int r = 0; target && r < reached.size(); r++) {
                            (reachedTarget.get(r) ? into : elsewhere).get(b).get(i).add(reachedAt.get(r).group());
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
                // a group is excluded where every mapped link of it, on every page, is not a target page
                Set<String> excluded = new LinkedHashSet<>(elsewhere.get(b).get(i));
                excluded.removeAll(into.get(b).get(i));
                found.removeAll(excluded); // a collection excluded whole is no class link
                steps.add(found.isEmpty() && excluded.isEmpty() ? step
                        : step.withLinkPaths(List.copyOf(found), List.copyOf(excluded)));
            }
            out.add(new NavigationPattern.Branch(steps, branch.targetCount()));
        }
        return out;
    }

    /** Whether every fetched link of a collection leads to step {@code next} of {@code branch} by its URL. */
    private static boolean allLeadTo(List<PatternMatcher.States> reached, int branch, int next) {
        return reached.stream().allMatch(s -> s.contains(branch, next));
    }

    /** Whether a fetched link of a collection leads to step {@code next} of {@code branch} by its URL. */
    private static boolean anyLeadsTo(List<PatternMatcher.States> reached, int branch, int next) {
        return reached.stream().anyMatch(s -> s.contains(branch, next));
    }

    /**
     * Link URL → where it stands in the page's link collections that hold it: the collection's path and, with
     * {@code valueLevel}, the link's value-level path (needed only where a step excludes groups,
     * {@link PatternMatcher#excludesAny()}). In the order the page's collections hold the links (the parser keeps
     * document order), so that a replay of the crawl over them ({@link HubCover}) does not depend on hashing.
     */
    static Map<String, List<LinkPosition>> pathsByUrl(PageCollections page, boolean valueLevel) {
        Map<String, List<LinkPosition>> out = new LinkedHashMap<>();
        page.links().forEach((path, urls) -> {
            List<String> valuePaths = valueLevel ? ValueLevel.paths(page, path) : null;
            for (int k = 0; k < urls.size(); k++) {
                out.computeIfAbsent(urls.get(k), u -> new ArrayList<>(1))
                        .add(new LinkPosition(path, valuePaths == null ? null : valuePaths.get(k)));
            }
        });
        return out;
    }

    private static List<List<Set<String>>> perStep(List<NavigationPattern.Branch> branches) {
        List<List<Set<String>>> out = new ArrayList<>();
        for (NavigationPattern.Branch b : branches) {
            List<Set<String>> perStep = new ArrayList<>();
            b.steps().forEach(s -> perStep.add(new LinkedHashSet<>()));
            out.add(perStep);
        }
        return out;
    }
}
