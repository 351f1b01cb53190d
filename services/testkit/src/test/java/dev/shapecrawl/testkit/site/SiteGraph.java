package dev.shapecrawl.testkit.site;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/** Walks a generated site's link graph the way the tests need it: breadth-first, as the mapping does. */
final class SiteGraph {
    private SiteGraph() {
    }

    /**
     * Pages reached from the entry by following links out of every reached page for which {@code expand} is true
     * (mapping never expands targets, specification §4.2). Broken links are reached too, but have no links.
     */
    static Set<String> reachable(GeneratedSite site, Predicate<String> expand) {
        Set<String> seen = new LinkedHashSet<>(List.of(site.entry()));
        Deque<String> queue = new ArrayDeque<>(seen);
        while (!queue.isEmpty()) {
            String url = queue.poll();
            if (!url.equals(site.entry()) && !expand.test(url)) {
                continue;
            }
            for (String link : site.outlinks(url)) {
                if (seen.add(link)) {
                    queue.add(link);
                }
            }
        }
        return seen;
    }

    /**
     * The BFS tree of the mapping (specification §4.2): for each page reached from the entry, targets not
     * expanded, the page that discovered it first, links taken in document order.
     */
    static Map<String, String> mappingParents(GeneratedSite site) {
        Map<String, String> parent = new LinkedHashMap<>();
        parent.put(site.entry(), null);
        Deque<String> queue = new ArrayDeque<>(List.of(site.entry()));
        while (!queue.isEmpty()) {
            String url = queue.poll();
            if (site.isTarget(url)) {
                continue;
            }
            for (String link : site.outlinks(url)) {
                if (!parent.containsKey(link)) {
                    parent.put(link, url);
                    queue.add(link);
                }
            }
        }
        return parent;
    }

    /** Pages that link to {@code url}. */
    static Set<String> linkedFrom(GeneratedSite site, String url) {
        Set<String> out = new LinkedHashSet<>();
        site.pages().keySet().forEach(page -> {
            if (site.outlinks(page).contains(url)) {
                out.add(page);
            }
        });
        return out;
    }

    /**
     * The URLsim levels of a root-relative URL (specification §5.3): the host, then the path segments split on
     * {@code /}, the query kept in the last level, a trailing {@code /} giving an empty last level.
     */
    static List<String> levels(String url) {
        return List.of(("127.0.0.1" + url).split("/", -1));
    }

    /** Differing levels after the first, or -1 when the level counts differ. */
    static int differingLevels(String u, String v) {
        List<String> a = levels(u);
        List<String> b = levels(v);
        if (a.size() != b.size()) {
            return -1;
        }
        int d = 0;
        for (int i = 1; i < a.size(); i++) {
            if (!a.get(i).equals(b.get(i))) {
                d++;
            }
        }
        return d;
    }
}
