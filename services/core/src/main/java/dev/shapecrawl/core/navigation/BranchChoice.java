package dev.shapecrawl.core.navigation;

import dev.shapecrawl.core.forms.FormSubmissions;
import dev.shapecrawl.events.NavigationPattern;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Chooses the paths of the grouped map T' that make the navigation pattern.
 *
 * <p><b>The seed</b> (Vidal 2006, Definition 5; specification §5.6): the pattern is the path from the root to
 * the node of T' that holds the most target pages, counted on the node itself, not its subtree. The thesis does
 * not break ties; here the shorter path wins, then the earlier discovery (§5.6 [R]).
 *
 * <p><b>Several branches</b> (shapecrawl, beyond the seed): greedy weighted set cover, the weight being what the
 * crawl pays. Of the first {@value #MAX_CANDIDATES} candidates in Definition 5's order, the one with the most
 * mapped targets not yet reached per page it adds to the crawl ({@code gain / (1 + new non-target fetches)}, both
 * counted on the mapping, {@link Reach#fetches}) is taken, ties going to the earlier candidate, until the branches
 * reach {@code minCoverage} of the mapped targets, {@code maxBranches} are taken, or no candidate adds a target
 * ({@link PatternSettings}). Measured on the generated sites (docs/navigation.md): taking candidates in
 * Definition 5's order took a branch through 30 news articles before the lists' second pages and kept both;
 * taking the largest gain took the articles (40 targets for 31 pages) before the lists (30 targets for 3 pages).
 * The goal is the seed's: a crawl that fetches little more than the targets. With {@code maxBranches} 1 the first candidate is taken, which is
 * Definition 5. "Reach" is measured as the crawl
 * would decide it ({@link PatternMatcher}), on the whole mapping ({@link Reach}): a target is reached if the
 * branches follow its breadth-first path link by link, loops included, or reach one of the other hubs that link
 * to it and their next step matches it. So a branch that only leads to targets other branches already find on
 * their lists (articles that link to artists) is not taken.
 *
 * <p><b>The shortcut</b> (thesis §3.2, specification §4.3, §5.7): a target linked straight from the entry point is
 * grouped under the root on its own and is a candidate with one target. The seed never chooses it; the crawl
 * finds it through the lists anyway, since the list step's pattern matches it there. With several branches it
 * is taken only if the other branches reach less than {@code minCoverage} of the targets without it: on the
 * thesis's E-Jazz (148 artists through the lists, 1 shortcut) 148/149 ≥ 0.99 and it is left out; on a small site
 * it becomes a one-step branch whose pattern is that URL as a literal, which costs the crawl one request.
 *
 * <p>Each step carries its node's pattern, its loop flag and up to {@value #EXAMPLES_PER_STEP} member URLs in
 * discovery order, for people. Immutable and thread-safe.
 */
public final class BranchChoice {
    /** How many example URLs a step shows. */
    public static final int EXAMPLES_PER_STEP = 3;

    /**
     * How many candidates, in Definition 5's order, the multi-branch choice weighs: each costs one pass over the
     * mapping; a pattern of more than {@link PatternSettings#DEFAULT_MAX_BRANCHES} branches is not wanted anyway.
     */
    public static final int MAX_CANDIDATES = 64;

    /** Definition 5's order, with the specification's ties (§5.6 [R]). */
    private static final Comparator<Candidate> ORDER = Comparator.comparingLong(Candidate::targetCount).reversed()
            .thenComparingInt(Candidate::length)
            .thenComparingLong(c -> c.end().discovery());

    private final int maxBranches;
    private final double minCoverage;

    /**
     * @param maxBranches the most branches taken, >= 1
     * @param minCoverage the share of mapped targets after which no more branches are taken, in (0, 1]
     * @throws IllegalArgumentException if either is out of range
     */
    public BranchChoice(int maxBranches, double minCoverage) {
        if (maxBranches < 1) {
            throw new IllegalArgumentException("maxBranches: must be >= 1, was " + maxBranches);
        }
        if (!(minCoverage > 0 && minCoverage <= 1)) {
            throw new IllegalArgumentException("minCoverage: must be in (0, 1], was " + minCoverage);
        }
        this.maxBranches = maxBranches;
        this.minCoverage = minCoverage;
    }

    /** The choice the settings describe. */
    public static BranchChoice of(PatternSettings settings) {
        return new BranchChoice(settings.maxBranches(), settings.minCoverage());
    }

    /**
     * Every path of T' from the root to a node holding targets, in Definition 5's order: most targets on the end
     * node, then shorter path, then earlier discovery.
     *
     * @param root the root of T' ({@link Group#apply})
     */
    public static List<Candidate> candidates(GroupedNode root) {
        List<Candidate> out = new ArrayList<>();
        Deque<Candidate> work = new ArrayDeque<>();
        for (GroupedNode c : root.children()) {
            work.push(new Candidate(c, null));
        }
        while (!work.isEmpty()) {
            Candidate path = work.pop();
            if (path.targetCount() > 0) {
                out.add(path);
            }
            for (GroupedNode c : path.end().children()) {
                work.push(new Candidate(c, path));
            }
        }
        out.sort(ORDER);
        return out;
    }

    /**
     * The pattern: branches chosen from T', each with the number of mapped targets it reaches, and the coverage.
     *
     * @param root  the root of T' made from {@code map}
     * @param map   the target pages map
     * @param reach the whole mapping, to judge which targets the branches reach
     */
    GeneratedPattern choose(GroupedNode root, TargetPagesMap map, Reach reach) {
        List<Candidate> candidates = candidates(root);
        if (candidates.isEmpty()) {
            return counted(List.of(), map, reach);
        }
        if (maxBranches == 1) {
            return counted(List.of(candidates.get(0).toBranch(0)), map, reach); // Definition 5
        }
        candidates = candidates.subList(0, Math.min(MAX_CANDIDATES, candidates.size()));
        Set<String> mapped = new HashSet<>();
        map.targets().forEach(t -> mapped.add(t.url()));
        BitSet inMap = new BitSet();
        for (int i = 0; i < reach.pages().size(); i++) {
            inMap.set(i, mapped.contains(reach.pages().get(i).url()));
        }
        // what each candidate makes the crawl fetch alone; a set of branches fetches the union (states are per
        // branch)
        List<NavigationPattern.Branch> branches = new ArrayList<>(candidates.size());
        List<Reach.Fetches> fetches = new ArrayList<>(candidates.size());
        for (Candidate c : candidates) {
            NavigationPattern.Branch branch = c.toBranch(0);
            Reach.Fetches f = reach.fetches(PatternMatcher.of(List.of(branch)));
            f.targets().and(inMap);
            branches.add(branch);
            fetches.add(f);
        }
        BitSet covered = new BitSet();
        BitSet fetched = new BitSet();
        List<NavigationPattern.Branch> chosen = new ArrayList<>();
        boolean[] taken = new boolean[candidates.size()];
        while (chosen.size() < maxBranches && !reached(covered.cardinality(), mapped.size())) {
            int best = -1;
            double bestScore = 0;
            for (int i = 0; i < candidates.size(); i++) {
                if (taken[i]) {
                    continue;
                }
                BitSet gain = (BitSet) fetches.get(i).targets().clone();
                gain.andNot(covered);
                BitSet cost = (BitSet) fetches.get(i).others().clone();
                cost.andNot(fetched);
                double score = gain.cardinality() / (1.0 + cost.cardinality());
                if (score > bestScore) { // strictly more: ties keep Definition 5's order
                    best = i;
                    bestScore = score;
                }
            }
            if (best < 0) {
                break; // no candidate reaches anything more
            }
            taken[best] = true;
            chosen.add(branches.get(best));
            covered.or(fetches.get(best).targets());
            fetched.or(fetches.get(best).others());
        }
        return counted(chosen, map, reach);
    }

    /** The branches with the targets each reaches, and the share all of them reach. */
    private static GeneratedPattern counted(List<NavigationPattern.Branch> chosen, TargetPagesMap map, Reach reach) {
        PatternMatcher matcher = PatternMatcher.of(chosen);
        long[] perBranch = new long[chosen.size()];
        long[] covered = new long[1];
        Set<String> mapped = new HashSet<>();
        map.targets().forEach(t -> mapped.add(t.url()));
        reach.follow(matcher, (t, s) -> {
            if (!mapped.contains(t.url())) {
                return; // a target the map left out (the entry point, an orphan)
            }
            boolean any = false;
            for (int b = 0; b < perBranch.length; b++) {
                if (matcher.atTarget(s, b)) {
                    perBranch[b]++;
                    any = true;
                }
            }
            covered[0] += any ? 1 : 0;
        });
        List<NavigationPattern.Branch> branches = new ArrayList<>(chosen.size());
        for (int b = 0; b < chosen.size(); b++) {
            branches.add(new NavigationPattern.Branch(chosen.get(b).steps(), perBranch[b]));
        }
        long total = map.targetCount();
        return new GeneratedPattern(branches, total, total == 0 ? 0 : (double) covered[0] / total);
    }

    private boolean reached(long covered, long total) {
        return total == 0 || (double) covered / total >= minCoverage;
    }

    /**
     * A path of T' from the root (excluded) to a node, kept as a link to the path of its parent so that the paths
     * of a deep map share their prefixes.
     */
    public static final class Candidate {
        private final GroupedNode end;
        private final Candidate parent;
        private final int length;

        private Candidate(GroupedNode end, Candidate parent) {
            this.end = end;
            this.parent = parent;
            this.length = parent == null ? 1 : parent.length + 1;
        }

        /** The end node. */
        public GroupedNode end() {
            return end;
        }

        /** The number of nodes on the path (steps of the branch), >= 1. */
        public int length() {
            return length;
        }

        /** The end node's own targets. */
        public long targetCount() {
            return end.targetCount();
        }

        /** The nodes from a child of the root to the end node. */
        public List<GroupedNode> path() {
            GroupedNode[] nodes = new GroupedNode[length];
            Candidate c = this;
            for (int i = length - 1; i >= 0; i--, c = c.parent) {
                nodes[i] = c.end;
            }
            return List.of(nodes);
        }

        /**
         * The path as a branch: each node's pattern, loop flag and first members as examples. A node of form
         * submissions (its members' {@link MappedPage#formId()}) is a FORM step: the crawl submits that form's
         * informative instances on the pages of the step before, and its regex is every submission of the form's
         * action, since the form id, not the URL, decides which submissions it takes (specification §6.6).
         */
        public NavigationPattern.Branch toBranch(long targetCount) {
            List<NavigationPattern.Step> steps = new ArrayList<>(length);
            for (GroupedNode n : path()) {
                List<String> examples = n.members().stream().limit(EXAMPLES_PER_STEP).map(MappedPage::url).toList();
                String formId = n.members().get(0).formId();
                if (formId == null) {
                    steps.add(new NavigationPattern.Step("LINK", n.pattern().regex(), null, n.loop(), examples));
                } else {
                    steps.add(new NavigationPattern.Step("FORM", FormSubmissions.actionRegex(n.members().get(0).url()),
                            formId, false, examples));
                }
            }
            return new NavigationPattern.Branch(steps, targetCount);
        }
    }
}
