package dev.shapecrawl.core.navigation;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.PriorityQueue;

/**
 * GROUP (Vidal 2006, Algorithm 3, Figure 3.2; specification §5.2): turns the target pages map into the grouped
 * map T', where the children of a node that have similar URLs ({@link UrlSimilarity}) become one node with one
 * URL pattern ({@link UrlPattern}), whose children are all their children, grouped in turn.
 *
 * <p><b>Partition.</b> URLsim is not transitive, so "same group iff similar" does not define a partition. As the
 * specification recommends (§5.2 [R]), children are visited in discovery order and each joins the first group
 * whose <em>leader</em> (first member) it is similar to, or opens a new group: deterministic leader clustering.
 * In strict mode a child must be similar to every member of the group instead.
 *
 * <p><b>Loops</b> (shapecrawl, beyond the seed; off in {@link PatternSettings#seedFaithful()}). Breadth-first
 * search hangs each page of a pagination chain ({@code list?page=2 → list?page=3 → …}) or of a hub-to-hub chain
 * ({@code /cat/1 → /cat/17 → …}) one level below the previous one, so the seed's single path would need one step
 * per page of the chain and would stop at the depth seen while mapping. Here a node also absorbs, level after
 * level, the map pages below its members that are of its own kind, and is marked {@link GroupedNode#loop()}:
 * a crawl may repeat its step. A page {@code c} below a member is of the node's kind if
 * <ol>
 *   <li>it has children in the map (it leads to targets: it is a hub, not a target; targets are leaves of the
 *       map), and</li>
 *   <li>it has the same level count and first level as the node's leader, and</li>
 *   <li>either the URL pattern of the node's members (before absorbing, when there are at least two) matches
 *       it, or its URL equals the leader's after generalisation: they differ in at most
 *       {@value #LOOP_LEVELS} level, and there both values cut into the same sequence of regex-tree leaves
 *       ({@code list?page=2} and {@code list?page=13} both are {@code ALPHA ? ALPHA = DIGIT}).</li>
 * </ol>
 * Absorbed pages' children become the node's children, so the chain is followed to its end; the members'
 * pattern is then made from all members. Only a step that repeats itself directly is folded: the event
 * contract's {@code loop} lets a step follow itself, not an earlier step, so a longer cycle (A → B → A) keeps its
 * levels as mapped.
 *
 * <p>Immutable and thread-safe; {@link #apply} is iterative, so a deep map cannot overflow the stack.
 */
public final class Group {
    /**
     * How many levels a page may differ in from a node's leader and still be of its kind by shape alone: one.
     * Pagination and hub chains change one parameter (a page number, a category id); allowing two, URLsim's K,
     * would fold {@code /section/books} into {@code /list/A}, pages of different kinds whose two words both happen
     * to be letters.
     */
    public static final int LOOP_LEVELS = 1;

    private static final Comparator<TargetPagesMap.Node> DISCOVERY =
            Comparator.comparingLong(n -> n.page().order());

    private final UrlSimilarity similarity;
    private final boolean strict;
    private final boolean loops;
    private final boolean refined;
    private final boolean separateRoles;

    /**
     * The seed's URLPattern (no refinements), target pages and hubs grouped alike.
     *
     * @param similarity URLsim, with its K
     * @param strict     whether a child must be similar to every member of a group (else to its leader)
     * @param loops      whether chains of pages of one kind are folded into loop nodes
     */
    public Group(UrlSimilarity similarity, boolean strict, boolean loops) {
        this(similarity, strict, loops, false, false);
    }

    /**
     * @param similarity URLsim, with its K
     * @param strict     whether a child must be similar to every member of a group (else to its leader)
     * @param loops      whether chains of pages of one kind are folded into loop nodes
     * @param refined    whether groups' URL patterns use shapecrawl's refinements
     *                   ({@link UrlPattern#ofLevels(List, boolean)})
     * @param separateRoles whether a target page and a hub (a page with children in the map) never share a group
     *                   ({@link PatternSettings#separateRoles()})
     */
    public Group(UrlSimilarity similarity, boolean strict, boolean loops, boolean refined, boolean separateRoles) {
        this.similarity = Objects.requireNonNull(similarity, "similarity");
        this.strict = strict;
        this.loops = loops;
        this.refined = refined;
        this.separateRoles = separateRoles;
    }

    /** GROUP with the settings' URLsim, grouping mode, loop folding and URL pattern rules. */
    public static Group of(PatternSettings settings) {
        return new Group(new UrlSimilarity(settings.k(), settings.sharedLevel()), settings.strictGrouping(),
                settings.loops(), settings.refinedPatterns(), settings.separateRoles());
    }

    /**
     * GROUP(root of the map).
     *
     * @param map the target pages map
     * @return the root of T': the entry point alone, its children grouped
     */
    public GroupedNode apply(TargetPagesMap map) {
        Map<String, UrlLevels> levels = new HashMap<>();
        Draft root = new Draft();
        root.members.add(map.root());
        root.pending = map.root().children();
        List<Draft> all = new ArrayList<>();
        all.add(root);
        Deque<Draft> work = new ArrayDeque<>();
        work.push(root);
        while (!work.isEmpty()) {
            Draft d = work.pop();
            for (List<TargetPagesMap.Node> members : partition(d.pending, levels)) {
                Draft g = new Draft();
                g.members.addAll(members);
                List<TargetPagesMap.Node> below = new ArrayList<>();
                members.forEach(m -> below.addAll(m.children()));
                below.sort(DISCOVERY);
                g.pending = below;
                if (loops) {
                    fold(g, levels);
                }
                d.children.add(g);
                all.add(g);
                work.push(g);
            }
        }
        // children were drafted after their parents: build from the last drafted up
        for (int i = all.size() - 1; i >= 0; i--) {
            all.get(i).build(levels, i == 0, refined);
        }
        return root.built;
    }

    /** The groups of {@code nodes}, leader clustering in discovery order. */
    private List<List<TargetPagesMap.Node>> partition(List<TargetPagesMap.Node> nodes, Map<String, UrlLevels> levels) {
        List<List<TargetPagesMap.Node>> groups = new ArrayList<>();
        for (TargetPagesMap.Node c : nodes) {
            UrlLevels lc = levels(c, levels);
            List<TargetPagesMap.Node> home = null;
            for (List<TargetPagesMap.Node> g : groups) {
                if (separateRoles && g.get(0).target() != c.target()
                        || !Objects.equals(g.get(0).page().formId(), c.page().formId())) {
                    continue; // a form's submissions form a node of their own (specification §6.6)
                }
                if (strict ? g.stream().allMatch(m -> similarity.similar(levels(m, levels), lc))
                        : similarity.similar(levels(g.get(0), levels), lc)) {
                    home = g;
                    break;
                }
            }
            if (home == null) {
                home = new ArrayList<>();
                groups.add(home);
            }
            home.add(c);
        }
        return groups;
    }

    /** Absorbs the chain of same-kind hubs below the draft's members (see the class comment). */
    private void fold(Draft g, Map<String, UrlLevels> levels) {
        UrlLevels leader = levels(g.members.get(0), levels);
        UrlPattern before = null;
        if (g.members.size() >= 2) {
            before = UrlPattern.ofLevels(g.members.stream().map(m -> levels(m, levels)).toList(), refined);
        }
        PriorityQueue<TargetPagesMap.Node> queue = new PriorityQueue<>(DISCOVERY);
        queue.addAll(g.pending);
        List<TargetPagesMap.Node> kept = new ArrayList<>();
        while (!queue.isEmpty()) {
            TargetPagesMap.Node c = queue.poll();
            boolean sameForm = Objects.equals(g.members.get(0).page().formId(), c.page().formId());
            if (sameForm && !c.children().isEmpty() && sameKind(before, leader, c, levels(c, levels))) {
                g.members.add(c);
                g.loop = true;
                queue.addAll(c.children());
            } else {
                kept.add(c);
            }
        }
        g.members.sort(DISCOVERY);
        g.pending = kept;
    }

    private static boolean sameKind(UrlPattern before, UrlLevels leader, TargetPagesMap.Node c, UrlLevels lc) {
        if (lc.count() != leader.count() || !lc.host().equals(leader.host())) {
            return false;
        }
        if (before != null && before.matches(c.url())) {
            return true;
        }
        int differing = 0;
        for (int i = 1; i < lc.count(); i++) {
            if (!lc.level(i).equals(leader.level(i))) {
                if (++differing > LOOP_LEVELS || !sameLeaves(lc.level(i), leader.level(i))) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether both values cut into the same sequence of regex-tree leaves. */
    static boolean sameLeaves(String a, String b) {
        List<String> ta = Tokenizer.standard().tokenize(a);
        List<String> tb = Tokenizer.standard().tokenize(b);
        if (ta.size() != tb.size()) {
            return false;
        }
        RegexTree tree = RegexTree.standard();
        for (int j = 0; j < ta.size(); j++) {
            if (tree.leafOf(ta.get(j)) != tree.leafOf(tb.get(j))) {
                return false;
            }
        }
        return true;
    }

    private static UrlLevels levels(TargetPagesMap.Node n, Map<String, UrlLevels> cache) {
        return cache.computeIfAbsent(n.url(), UrlLevels::of);
    }

    /** A node of T' while it is being made. */
    private static final class Draft {
        final List<TargetPagesMap.Node> members = new ArrayList<>();
        final List<Draft> children = new ArrayList<>();
        List<TargetPagesMap.Node> pending = List.of();
        boolean loop;
        GroupedNode built;

        void build(Map<String, UrlLevels> levels, boolean root, boolean refined) {
            UrlPattern pattern = UrlPattern.ofLevels(members.stream().map(m -> levels(m, levels)).toList(), refined);
            long targets = root ? 0 : members.stream().filter(TargetPagesMap.Node::target).count();
            built = new GroupedNode(pattern, members.stream().map(TargetPagesMap.Node::page).toList(), targets, loop,
                    children.stream().map(c -> c.built).toList());
        }
    }
}
