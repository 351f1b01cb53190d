package dev.shapecrawl.core.navigation;

import dev.shapecrawl.events.NavigationPattern;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A site as a link graph with a target predicate standing in for the classifier: mapping by Algorithm 2 (Vidal
 * 2006; specification §4.2) and crawling by a pattern as §7.2 describes, both breadth-first in link order.
 */
final class SiteGraph {
    private final Map<String, List<String>> links = new LinkedHashMap<>();
    private final Predicate<String> isTarget;

    SiteGraph(Predicate<String> isTarget) {
        this.isTarget = isTarget;
    }

    /** Adds links from {@code url} (after any it already has). */
    SiteGraph page(String url, String... outlinks) {
        links.computeIfAbsent(url, k -> new ArrayList<>()).addAll(List.of(outlinks));
        return this;
    }

    boolean target(String url) {
        return isTarget.test(url);
    }

    /**
     * Algorithm 2: breadth-first from the entry point, each URL once, targets not expanded, the entry point never
     * a target, pages beyond level {@code maxLevel} (the entry is level 1) not expanded.
     */
    List<MappedPage> map(String entry, int maxLevel) {
        List<MappedPage> pages = new ArrayList<>();
        Map<String, MappedPage> seen = new HashMap<>();
        Deque<MappedPage> queue = new ArrayDeque<>();
        MappedPage root = new MappedPage(entry, null, 1, 0, false);
        seen.put(entry, root);
        queue.add(root);
        long order = 1;
        while (!queue.isEmpty()) {
            MappedPage p = queue.poll();
            pages.add(p);
            if (p.target() || p.level() >= maxLevel) {
                continue;
            }
            for (String l : links.getOrDefault(p.url(), List.of())) {
                if (!seen.containsKey(l)) {
                    MappedPage c = new MappedPage(l, p.url(), p.level() + 1, order++, isTarget.test(l));
                    seen.put(l, c);
                    queue.add(c);
                }
            }
        }
        return pages;
    }

    /** The crawl of §7.2 by {@code branches}: every URL requested, the entry point first, in request order. */
    Set<String> crawl(String entry, List<NavigationPattern.Branch> branches) {
        PatternMatcher m = PatternMatcher.of(branches);
        Set<String> requested = new LinkedHashSet<>();
        Deque<Map.Entry<String, PatternMatcher.States>> queue = new ArrayDeque<>();
        requested.add(entry);
        queue.add(Map.entry(entry, m.start()));
        while (!queue.isEmpty()) {
            Map.Entry<String, PatternMatcher.States> e = queue.poll();
            if (!m.expands(e.getValue())) {
                continue;
            }
            for (String l : links.getOrDefault(e.getKey(), List.of())) {
                PatternMatcher.States next = m.next(e.getValue(), l);
                if (!next.isEmpty() && requested.add(l)) {
                    queue.add(Map.entry(l, next));
                }
            }
        }
        return requested;
    }

    /** The targets among {@code urls}. */
    Set<String> targets(Set<String> urls) {
        Set<String> t = new LinkedHashSet<>();
        urls.stream().filter(isTarget).forEach(t::add);
        return t;
    }

    /** Every target page of the site. */
    Set<String> allTargets() {
        Set<String> all = new LinkedHashSet<>();
        links.forEach((from, out) -> {
            if (isTarget.test(from)) {
                all.add(from);
            }
            out.stream().filter(isTarget).forEach(all::add);
        });
        return all;
    }
}
