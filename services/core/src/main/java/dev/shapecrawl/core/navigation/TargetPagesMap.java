package dev.shapecrawl.core.navigation;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The target pages map, TPM (Vidal 2006, §3.2, Algorithm 2; specification §4.1–§4.2): the breadth-first tree
 * of the mapping, rooted at the entry point, pruned to the paths from the root to target pages. Its leaves are
 * target pages; the thesis calls it a subset of the minimum spanning tree of the site graph, which for an
 * unweighted graph is the breadth-first tree.
 *
 * <p>Built from the mapping's pages with their breadth-first parents: a page is kept if it is a target or lies on
 * the path from the root to one. The entry point is never a target (it is not tested, §4.2). A page whose parent
 * chain does not reach the entry point (a second root, such as the final URL of a redirected entry point, or an
 * orphan) is left out with everything below it. Children are in discovery order.
 *
 * <p>Immutable; building is iterative, so a deep map (a long pagination chain) cannot overflow the stack.
 */
public final class TargetPagesMap {
    private final Node root;
    private final List<Node> targets;

    private TargetPagesMap(Node root, List<Node> targets) {
        this.root = root;
        this.targets = targets;
    }

    /**
     * The TPM of one mapping.
     *
     * @param entryUrl the entry point (the root); must be among {@code pages}
     * @param pages    the pages the mapping requested, in any order; a URL given twice keeps its earlier
     *                 discovery
     * @return the map; a map without targets is the root alone
     * @throws IllegalArgumentException if the entry point is not among the pages
     */
    public static TargetPagesMap of(String entryUrl, Collection<MappedPage> pages) {
        Map<String, MappedPage> byUrl = new HashMap<>(pages.size() * 2);
        for (MappedPage p : pages) {
            byUrl.merge(p.url(), p, (a, b) -> a.order() <= b.order() ? a : b);
        }
        MappedPage rootPage = byUrl.get(entryUrl);
        if (rootPage == null) {
            throw new IllegalArgumentException("entryUrl: not among the " + pages.size() + " mapped pages: "
                    + entryUrl);
        }
        Set<String> kept = keptUrls(entryUrl, byUrl);
        Map<String, List<MappedPage>> children = new HashMap<>();
        for (String url : kept) {
            MappedPage p = byUrl.get(url);
            if (!url.equals(entryUrl)) {
                children.computeIfAbsent(p.parentUrl(), k -> new ArrayList<>()).add(p);
            }
        }
        children.values().forEach(l -> l.sort(Comparator.comparingLong(MappedPage::order)));
        return build(rootPage, children);
    }

    /** The root and every page on a path from it to a target. */
    private static Set<String> keptUrls(String entryUrl, Map<String, MappedPage> byUrl) {
        Set<String> kept = new HashSet<>();
        Set<String> dead = new HashSet<>();
        kept.add(entryUrl);
        List<String> chain = new ArrayList<>();
        for (MappedPage p : byUrl.values()) {
            if (!p.target() || kept.contains(p.url())) {
                continue;
            }
            chain.clear();
            MappedPage cur = p;
            // at most one step per page: a parent cycle in bad input ends here
            while (cur != null && !kept.contains(cur.url()) && !dead.contains(cur.url())
                    && chain.size() <= byUrl.size()) {
                chain.add(cur.url());
                cur = cur.parentUrl() == null ? null : byUrl.get(cur.parentUrl());
            }
            (cur != null && kept.contains(cur.url()) ? kept : dead).addAll(chain);
        }
        return kept;
    }

    /** Nodes bottom-up, by an explicit post-order walk. */
    private static TargetPagesMap build(MappedPage rootPage, Map<String, List<MappedPage>> children) {
        Deque<Frame> stack = new ArrayDeque<>();
        stack.push(new Frame(rootPage, children.getOrDefault(rootPage.url(), List.of())));
        List<Node> targets = new ArrayList<>();
        Node root = null;
        while (!stack.isEmpty()) {
            Frame f = stack.peek();
            if (f.next < f.pending.size()) {
                MappedPage child = f.pending.get(f.next++);
                stack.push(new Frame(child, children.getOrDefault(child.url(), List.of())));
                continue;
            }
            stack.pop();
            boolean isRoot = stack.isEmpty();
            Node node = new Node(f.page, f.page.target() && !isRoot, f.built);
            if (node.target()) {
                targets.add(node);
            }
            if (isRoot) {
                root = node;
            } else {
                stack.peek().built.add(node);
            }
        }
        return new TargetPagesMap(root, List.copyOf(targets));
    }

    /** The root: the entry point. */
    public Node root() {
        return root;
    }

    /** The number of target pages in the map, >= 0. */
    public long targetCount() {
        return targets.size();
    }

    /** The target pages, children before parents (the rare target that has children of its own comes after them). */
    public List<Node> targets() {
        return targets;
    }

    /**
     * Follows the map from the root as a crawl by {@code matcher} would follow its links, and tells the states each
     * target page is reached in. A page the matcher does not follow is not descended into, so the targets below
     * it are not told. Iterative; each page's link is tested once.
     *
     * @param matcher  the pattern
     * @param onTarget called with each target page reached and its (non-empty) states
     */
    public void follow(PatternMatcher matcher, BiConsumer<Node, PatternMatcher.States> onTarget) {
        Deque<Map.Entry<Node, PatternMatcher.States>> stack = new ArrayDeque<>();
        stack.push(Map.entry(root, matcher.start()));
        while (!stack.isEmpty()) {
            Map.Entry<Node, PatternMatcher.States> e = stack.pop();
            if (!matcher.expands(e.getValue())) {
                continue;
            }
            for (Node c : e.getKey().children()) {
                PatternMatcher.States s = matcher.next(e.getValue(), c.url(), c.page().formId());
                if (s.isEmpty()) {
                    continue;
                }
                if (c.target()) {
                    onTarget.accept(c, s);
                }
                stack.push(Map.entry(c, s));
            }
        }
    }

    /**
     * One node of the map.
     *
     * @param page     the mapped page
     * @param target   whether it is a target page (never for the root)
     * @param children the kept pages it was the first to link to, in discovery order
     */
    public record Node(MappedPage page, boolean target, List<Node> children) {
        public Node {
            children = List.copyOf(children);
        }

        /** The page's URL. */
        public String url() {
            return page.url();
        }
    }

    private static final class Frame {
        final MappedPage page;
        final List<MappedPage> pending;
        final List<Node> built = new ArrayList<>();
        int next;

        Frame(MappedPage page, List<MappedPage> pending) {
            this.page = page;
            this.pending = pending;
        }
    }
}
