package dev.shapecrawl.core.navigation;

import dev.shapecrawl.events.NavigationPattern;

import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The pattern-driven crawl's decision (Vidal 2006, Algorithm 7, with the off-by-one corrected as in
 * specification §7.2): which links of a page to follow, given how the page was reached.
 *
 * <p>A page is reached in a set of <em>states</em> (branch {@code b}, step {@code i}): step {@code i} of branch
 * {@code b} (1-based) matched the link that led to it; {@code i = 0} is the entry point, "before step 1" of every
 * branch. A link on a page reached in state {@code (b, i)} is followed iff its URL matches step {@code i + 1} of
 * branch {@code b} (giving state {@code (b, i + 1)}), or step {@code i} again if step {@code i} is a loop (giving
 * {@code (b, i)} again). Pages in the last state of a branch are its targets: they are not expanded, unless the
 * last step is itself a loop (pagination of target pages). States are sets because branches can share
 * prefixes: the entry point's lists may lead both to artists and to albums. With the thesis's E-Jazz pattern
 * ⟨E1, E2⟩ the entry point is level 1, E1 gives the artist lists (level 2) and E2 the artists (level 3), which are
 * the targets.
 *
 * <p>Steps are matched by their {@code urlRegex} against the whole URL. A FORM step takes only submissions of its
 * form (the {@code formId} given with the URL, which is then the submission's key) and a LINK step only links;
 * which submissions to make is decided by the caller (specification §6.6). Each distinct regular expression is tested at
 * most once per URL, and a test whose backtracking would run away counts as no match ({@code BoundedMatch}): the
 * URLs come from the crawled site.
 *
 * <p>Immutable and thread-safe. {@link States} of one matcher mean nothing to another.
 */
public final class PatternMatcher {
    /** Limits of the packed state representation (branch in the high 16 bits, step in the low 16). */
    private static final int MAX_BRANCHES = 1 << 15;
    private static final int MAX_STEPS = (1 << 16) - 1;

    private final int[] stepCount;
    private final int[][] patternOf;
    private final boolean[][] loop;
    /** Branch, step → the form id of a FORM step, null for a LINK step. */
    private final String[][] formOf;
    /** Branch, step → the step's class links ({@link NavigationPattern.Step#linkPaths()}), empty for none. */
    private final Set<String>[][] linkPathsOf;
    /** Branch, step → the value-level groups of them not followed ({@link NavigationPattern.Step#excludedLinkPaths()}). */
    private final Set<String>[][] excludedOf;
    /** The groups excluded on every step ({@link NavigationPattern#excludedLinkPaths()}). */
    private final Set<String> everywhere;
    private final boolean excludesAny;
    private final Pattern[] patterns;
    private final States start;

    private PatternMatcher(List<NavigationPattern.Branch> branches, Collection<String> everywhere) {
        this.everywhere = Set.copyOf(everywhere);
        int nb = branches.size();
        if (nb >= MAX_BRANCHES) {
            throw new IllegalArgumentException("branches: at most " + (MAX_BRANCHES - 1) + ", was " + nb);
        }
        stepCount = new int[nb];
        patternOf = new int[nb][];
        loop = new boolean[nb][];
        formOf = new String[nb][];
        @SuppressWarnings("unchecked")
        Set<String>[][] paths = new Set[nb][];
        linkPathsOf = paths;
        @SuppressWarnings("unchecked")
        Set<String>[][] excluded = new Set[nb][];
        excludedOf = excluded;
        Map<String, Integer> ids = new HashMap<>();
        int[] starts = new int[nb];
        for (int b = 0; b < nb; b++) {
            List<NavigationPattern.Step> steps = branches.get(b).steps();
            if (steps.isEmpty() || steps.size() > MAX_STEPS) {
                throw new IllegalArgumentException("branches[" + b + "]: must have 1.." + MAX_STEPS + " steps, had "
                        + steps.size());
            }
            stepCount[b] = steps.size();
            patternOf[b] = new int[steps.size() + 1];
            loop[b] = new boolean[steps.size() + 1];
            formOf[b] = new String[steps.size() + 1];
            linkPathsOf[b] = new Set[steps.size() + 1];
            linkPathsOf[b][0] = Set.of();
            excludedOf[b] = new Set[steps.size() + 1];
            excludedOf[b][0] = Set.of();
            for (int i = 1; i <= steps.size(); i++) {
                NavigationPattern.Step step = steps.get(i - 1);
                patternOf[b][i] = ids.computeIfAbsent(step.urlRegex(), r -> ids.size());
                loop[b][i] = step.loop();
                formOf[b][i] = "FORM".equals(step.kind()) ? step.formId() : null;
                linkPathsOf[b][i] = Set.copyOf(step.linkPaths());
                excludedOf[b][i] = Set.copyOf(step.excludedLinkPaths());
            }
            starts[b] = pack(b, 0);
        }
        patterns = new Pattern[ids.size()];
        for (Map.Entry<String, Integer> e : ids.entrySet()) {
            try {
                patterns[e.getValue()] = Pattern.compile(e.getKey());
            } catch (PatternSyntaxException ex) {
                throw new IllegalArgumentException("urlRegex: not a Java regular expression: '" + e.getKey() + "' ("
                        + ex.getDescription() + ")", ex);
            }
        }
        start = new States(starts);
        excludesAny = !this.everywhere.isEmpty()
                || Arrays.stream(excludedOf).flatMap(Arrays::stream).anyMatch(e -> !e.isEmpty());
    }

    /**
     * Whether some step excludes a group ({@link NavigationPattern.Step#excludedLinkPaths()}): only then does a
     * link's value-level path ({@link LinkPosition#valuePath()}) change what {@link #next} takes.
     */
    public boolean excludesAny() {
        return excludesAny;
    }

    /**
     * A matcher for the branches of a navigation pattern.
     *
     * @param branches the branches; none gives a matcher that follows nothing
     * @return the matcher
     * @throws IllegalArgumentException if a branch has no step, a step's {@code urlRegex} does not compile, or
     *                                  there are 32,768 branches or more (or 65,536 steps in a branch)
     */
    public static PatternMatcher of(List<NavigationPattern.Branch> branches) {
        return of(branches, List.of());
    }

    /**
     * A matcher for the branches of a navigation pattern with groups excluded on every step.
     *
     * @param branches   the branches; none gives a matcher that follows nothing
     * @param everywhere groups no step follows a link of ({@link NavigationPattern#excludedLinkPaths()}), written as a
     *                   step's {@link NavigationPattern.Step#excludedLinkPaths()}
     * @return the matcher
     * @throws IllegalArgumentException as {@link #of(List)}
     */
    public static PatternMatcher of(List<NavigationPattern.Branch> branches, Collection<String> everywhere) {
        return new PatternMatcher(List.copyOf(branches), everywhere);
    }

    /** The number of branches. */
    public int branchCount() {
        return stepCount.length;
    }

    /** The entry point's states: step 0 of every branch. */
    public States start() {
        return start;
    }

    /**
     * The states a link leads to.
     *
     * @param from the states of the page the link is on
     * @param url  the link's absolute URL
     * @return the states of the linked page; empty if the link is not to be followed
     */
    public States next(States from, String url) {
        return next(from, url, null);
    }

    /**
     * The states a link or a form submission leads to.
     *
     * @param from   the states of the page the link or form is on
     * @param url    the link's absolute URL, or the submission's key
     * @param formId the submitted form's id, or null for a link
     * @return the states of the page reached; empty if it is not to be followed
     */
    public States next(States from, String url, String formId) {
        return next(from, url, formId, List.of());
    }

    /**
     * The states a link leads to, by its URL or by the link collections it stands in: a LINK step also takes a link
     * at one of its class-link paths ({@link NavigationPattern.Step#linkPaths()}, seed 001's crawl by class links,
     * spec §4), whatever its URL, unless the link's value-level path is one of the step's excluded groups
     * ({@link NavigationPattern.Step#excludedLinkPaths()}); a loop step takes a link at one of its class-link paths
     * from its own pages too.
     *
     * @param from      the states of the page the link or form is on
     * @param url       the link's absolute URL, or the submission's key
     * @param formId    the submitted form's id, or null for a link
     * @param linkPaths where the link stands in the page's link collections that hold it (empty: unknown, by URL
     *                  alone)
     * @return the states of the page reached; empty if it is not to be followed
     */
    public States next(States from, String url, String formId, Collection<LinkPosition> linkPaths) {
        byte[] memo = new byte[patterns.length]; // 0 unknown, 1 matches, 2 does not
        int[] out = new int[from.packed.length * 2];
        int n = 0;
        for (int s : from.packed) {
            int b = s >>> 16;
            int i = s & 0xFFFF;
            if (i < stepCount[b] && Objects.equals(formOf[b][i + 1], formId)
                    && follows(patternOf[b][i + 1], linkPathsOf[b][i + 1], excludedOf[b][i + 1], url, memo,
                    linkPaths)) {
                out[n++] = pack(b, i + 1);
            }
            if (i >= 1 && loop[b][i] && Objects.equals(formOf[b][i], formId)
                    && follows(patternOf[b][i], linkPathsOf[b][i], excludedOf[b][i], url, memo, linkPaths)) {
                out[n++] = s;
            }
        }
        return States.of(Arrays.copyOf(out, n));
    }

    /**
     * The states a link on a <b>target page</b> reaches by the pattern's target steps: the link is followed when it
     * is a link the last step of some branch takes (its URL regex, its class links), as if every target step looped
     * and any of them could follow any other. A crawl reads a target page's links this way only when the classifier
     * confirms the page is a target ({@code CrawlCoordinator}): API documentation links many of its target pages only
     * from other ones (classes nested in objects on Scaladoc, a class's members on Sphinx autosummary), which a
     * mapping that does not expand target pages (Vidal 2006, Algorithm 2) never shows the pattern; and the branches
     * learn their regexes from different examples, so a member's URL may be one that another branch's target step
     * takes and not the class page's own (SciPy: {@code scipy.integrate.RK45.step}). Shapecrawl's extension, not
     * the seed's.
     *
     * @param from      the target page's states (at least one at the end of a branch, else nothing is followed)
     * @param url       the link's absolute URL
     * @param linkPaths where the link stands in the page's link collections (empty: unknown, by URL alone)
     * @return the states of the page reached (the target steps that take it, on any branch without a form step
     *         last); empty if none takes the link
     */
    public States nextTarget(States from, String url, Collection<LinkPosition> linkPaths) {
        if (!atTarget(from)) {
            return States.EMPTY;
        }
        byte[] memo = new byte[patterns.length];
        int[] out = new int[stepCount.length];
        int n = 0;
        for (int b = 0; b < stepCount.length; b++) {
            int i = stepCount[b];
            if (i >= 1 && formOf[b][i] == null
                    && follows(patternOf[b][i], linkPathsOf[b][i], excludedOf[b][i], url, memo, linkPaths)) {
                out[n++] = pack(b, i);
            }
        }
        return States.of(Arrays.copyOf(out, n));
    }

    /**
     * Whether a step takes a link: at one of its class links outside the excluded groups, or by its URL unless the
     * link stands in an excluded group (a group whose mapped pages were none of them targets: the lattice's value
     * level tells that group apart where the URL regex, learnt from a few examples, does not).
     */
    private boolean follows(int pattern, Set<String> stepPaths, Set<String> excluded, String url, byte[] memo,
                            Collection<LinkPosition> linkPaths) {
        if (atClassLink(stepPaths, excluded, linkPaths)) {
            return true;
        }
        if (!matches(pattern, url, memo)) {
            return false;
        }
        if (excluded.isEmpty() && everywhere.isEmpty() || linkPaths.isEmpty()) {
            return true;
        }
        for (LinkPosition p : linkPaths) {
            if (!excluded(excluded, p.group())) {
                return true; // it also stands where the mapping did not find only other pages
            }
        }
        return false;
    }

    private boolean excluded(Set<String> step, String group) {
        return step.contains(group) || everywhere.contains(group);
    }

    private boolean atClassLink(Set<String> stepPaths, Set<String> excluded, Collection<LinkPosition> linkPaths) {
        if (stepPaths.isEmpty()) {
            return false;
        }
        for (LinkPosition p : linkPaths) {
            if (stepPaths.contains(p.path()) && !excluded(excluded, p.group())) {
                return true;
            }
        }
        return false;
    }

    /** Whether a page reached in {@code states} has links worth testing: some state has a step that may follow. */
    public boolean expands(States states) {
        for (int s : states.packed) {
            int b = s >>> 16;
            int i = s & 0xFFFF;
            if (i < stepCount[b] || loop[b][i]) {
                return true;
            }
        }
        return false;
    }

    /** Whether a page reached in {@code states} is at the end of some branch: a target by the pattern. */
    public boolean atTarget(States states) {
        for (int s : states.packed) {
            if ((s & 0xFFFF) == stepCount[s >>> 16]) {
                return true;
            }
        }
        return false;
    }

    /** Whether a page reached in {@code states} is at the end of branch {@code branch}. */
    public boolean atTarget(States states, int branch) {
        return states.contains(branch, stepCount[branch]);
    }

    /**
     * Follows a path of links from the entry point.
     *
     * @param path the URLs below the entry point, in order, down to a page
     * @return the states of the path's last page; empty if some link of the path is not followed (the entry
     *         point's own states for an empty path)
     */
    public States follow(List<String> path) {
        States s = start;
        for (String url : path) {
            s = next(s, url);
            if (s.isEmpty()) {
                break;
            }
        }
        return s;
    }

    /**
     * {@code states} as text, for the state store: {@code branch:step} pairs, ascending, comma-separated
     * ({@code 0:1,2:1}); the empty set is the empty string. Decodable by any matcher of the same pattern.
     */
    public String encode(States states) {
        StringBuilder b = new StringBuilder(states.packed.length * 4);
        for (int s : states.packed) {
            if (!b.isEmpty()) {
                b.append(',');
            }
            b.append(s >>> 16).append(':').append(s & 0xFFFF);
        }
        return b.toString();
    }

    /**
     * The states {@link #encode} wrote.
     *
     * @param text the encoded states; null or empty gives the empty set
     * @throws IllegalArgumentException if the text is malformed or names a branch or step this pattern lacks
     */
    public States decode(String text) {
        if (text == null || text.isEmpty()) {
            return States.EMPTY;
        }
        String[] parts = text.split(",", -1);
        int[] packed = new int[parts.length];
        for (int k = 0; k < parts.length; k++) {
            int colon = parts[k].indexOf(':');
            int b;
            int i;
            try {
                b = Integer.parseInt(parts[k].substring(0, Math.max(colon, 0)));
                i = Integer.parseInt(parts[k].substring(colon + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("states: malformed '" + text + "'");
            }
            if (colon < 0 || b < 0 || b >= stepCount.length || i < 0 || i > stepCount[b]) {
                throw new IllegalArgumentException("states: '" + parts[k] + "' is not a state of this pattern ("
                        + stepCount.length + " branches)");
            }
            packed[k] = pack(b, i);
        }
        return States.of(packed);
    }

    private boolean matches(int pattern, String url, byte[] memo) {
        if (memo[pattern] == 0) {
            memo[pattern] = BoundedMatch.matches(patterns[pattern], url) ? (byte) 1 : (byte) 2;
        }
        return memo[pattern] == 1;
    }

    private static int pack(int branch, int step) {
        return (branch << 16) | step;
    }

    /**
     * A set of states (branch, step): the ways one page was reached. Immutable; equal when the sets are.
     */
    public static final class States {
        static final States EMPTY = new States(new int[0]);

        private final int[] packed; // sorted, distinct

        private States(int[] packed) {
            this.packed = packed;
        }

        private static States of(int[] packed) {
            if (packed.length == 0) {
                return EMPTY;
            }
            int[] sorted = packed.clone();
            Arrays.sort(sorted);
            int n = 1;
            for (int k = 1; k < sorted.length; k++) {
                if (sorted[k] != sorted[n - 1]) {
                    sorted[n++] = sorted[k];
                }
            }
            return new States(n == sorted.length ? sorted : Arrays.copyOf(sorted, n));
        }

        /** Whether the set is empty: a page reached so is not followed. */
        public boolean isEmpty() {
            return packed.length == 0;
        }

        /** Whether the set holds state {@code (branch, step)}; step 0 is "before step 1". */
        public boolean contains(int branch, int step) {
            return branch >= 0 && step >= 0 && step <= MAX_STEPS && branch < MAX_BRANCHES
                    && Arrays.binarySearch(packed, pack(branch, step)) >= 0;
        }

        /** The states of either set: a page reached two ways. */
        public States union(States other) {
            if (other.packed.length == 0) {
                return this;
            }
            int[] both = Arrays.copyOf(packed, packed.length + other.packed.length);
            System.arraycopy(other.packed, 0, both, packed.length, other.packed.length);
            return of(both);
        }

        /** Whether every state of {@code other} is in this set. */
        public boolean containsAll(States other) {
            for (int s : other.packed) {
                if (Arrays.binarySearch(packed, s) < 0) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof States other && Arrays.equals(packed, other.packed);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(packed);
        }

        @Override
        public String toString() {
            StringBuilder b = new StringBuilder("{");
            for (int s : packed) {
                if (b.length() > 1) {
                    b.append(", ");
                }
                b.append('(').append(s >>> 16).append(',').append(s & 0xFFFF).append(')');
            }
            return b.append('}').toString();
        }
    }
}
