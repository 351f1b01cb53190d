package dev.shapecrawl.core.crawl;

import dev.shapecrawl.core.navigation.LinkPosition;
import dev.shapecrawl.core.navigation.MappedPage;
import dev.shapecrawl.core.navigation.PatternMatcher;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.PageCollections;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The groups of links a first crawl can do without (beyond the seeds; issue 19). A generated documentation site
 * lists its target pages several times over, in a complete list (javadoc's {@code allclasses-frame.html}, rustdoc's
 * {@code all.html}, Haddock's module index, RDoc's table of contents) and again in partial ones (package summaries
 * and trees, the identifier index by letter, a navigation list of classes and modules alike), and a pattern learnt
 * from a sample of the site has steps for all of them, since its examples came through each. Every partial list then
 * costs the crawl a request per page and brings no target the complete list does not.
 *
 * <p>The mapping shows which lists are partial. The crawl is <em>replayed</em> over the mapped pages ({@link #replay}:
 * each page in discovery order, expanded once with the states {@link PatternMatcher} gives it by then, as the crawl
 * does, from its kept link collections; a page the mapping did not read is a leaf). What a crawl must keep reaching
 * is what the replay reaches that may be a target (the mapped target pages, by the site-wide decision, and the links
 * into a target step that the mapping did not read) and the hub pages the mapping did not read, whose lists are
 * unknown. The groups of links the replay followed into a step (a link's value-level path, {@link LinkPosition#group()},
 * as {@link ClassLinks}' excluded groups) that cost requests finding no target (links to mapped pages that are no
 * targets, or to unread hub pages) are tried, the costliest first, each excluded on every LINK step of the pattern;
 * a group stays excluded when the replay without it still reaches all that ({@link #redundant}), except its own unread
 * links where the mapping shows what they are like. Each exclusion stays for the next trial, so of two lists that
 * cover each other one is kept, and the groups are tried again until a pass excludes none (a group kept for a list
 * only another group led to may go once that group has). The excluded groups are the pattern's
 * {@link NavigationPattern#excludedLinkPaths()}, which the crawl honours on every step ({@link PatternMatcher}: neither
 * a class link nor the URL regex takes a link that stands only in excluded groups); kept once in the pattern, so that the
 * pattern event does not grow with the number of steps.
 *
 * <p>What it rests on: the links of an excluded group the mapping did not read are like the ones it read, lists of
 * what is listed elsewhere, pages of other kinds, or pages that a complete list of the site does not name (a read
 * page that links to every mapped target, {@link #completeLists}). A pattern with a FORM step is left as it is, since the replay
 * does not submit forms. Pure; at most {@link #MAX_TRIALS} replays, each bounded by the mapped pages and their links.
 */
final class HubCover {
    /** Groups tried at most: each trial replays the crawl over the mapped pages once. */
    static final int MAX_TRIALS = 256;
    /** Pages read through a group alone, none a target, that say its other links are no targets (seed 001's 3). */
    static final int MIN_OTHER_PAGES = 3;

    private HubCover() {
    }

    /**
     * The groups the mapping shows redundant, to be excluded on every step
     * ({@link NavigationPattern#excludedLinkPaths()}).
     *
     * @param branches    the branches, class links already annotated ({@link ClassLinks#annotate})
     * @param entryUrl    the entry point
     * @param pages       the mapped pages
     * @param collections a page's kept collections by its URL, empty when none were kept
     * @return the groups, in the order they were left out; empty when none (and for a pattern with a FORM step)
     */
    static List<String> exclude(List<NavigationPattern.Branch> branches, String entryUrl, List<MappedPage> pages,
                                Function<String, Optional<PageCollections>> collections) {
        if (branches.stream().flatMap(b -> b.steps().stream()).anyMatch(s -> !"LINK".equals(s.kind()))) {
            return List.of();
        }
        Set<String> mapped = new HashSet<>();
        Set<String> targets = new HashSet<>();
        mapped.add(entryUrl);
        for (MappedPage p : pages) {
            mapped.add(p.url());
            if (p.target()) {
                targets.add(p.url());
            }
        }
        Map<String, Map<String, List<LinkPosition>>> linksOf = new HashMap<>();
        for (String url : mapped) {
            collections.apply(url).ifPresent(c -> linksOf.put(url, ClassLinks.pathsByUrl(c, true)));
        }
        Site site = new Site(entryUrl, branches, mapped, targets, linksOf, completeLists(pages, targets, linksOf));
        Replay whole = replay(List.of(), site);
        // only a group that costs requests finding no target is worth leaving out, the costliest first
        Map<String, Integer> waste = new HashMap<>();
        whole.groups().forEach((group, links) -> waste.put(group, (int) links.stream()
                .filter(u -> site.mapped().contains(u) ? !site.targets().contains(u) : whole.unreadHubs().contains(u))
                .count()));
        List<Map.Entry<String, Set<String>>> groups = new ArrayList<>(whole.groups().entrySet());
        groups.removeIf(g -> waste.get(g.getKey()) == 0);
        groups.sort(Comparator.comparingInt((Map.Entry<String, Set<String>> g) -> -waste.get(g.getKey()))
                .thenComparingInt(g -> -g.getValue().size()).thenComparing(Map.Entry::getKey));
        List<String> excluded = new ArrayList<>();
        Replay current = whole;
        int trials = 0;
        boolean changed = true;
        // passes until none excludes more: a group kept for a list only another group leads to may go once that
        // group has gone
        while (changed && trials < MAX_TRIALS) {
            changed = false;
            List<Map.Entry<String, Set<String>>> left = new ArrayList<>();
            for (Map.Entry<String, Set<String>> group : groups) {
                if (trials++ >= MAX_TRIALS) {
                    break;
                }
                List<String> trial = new ArrayList<>(excluded);
                trial.add(group.getKey());
                Replay without = replay(trial, site);
                if (redundant(group.getValue(), current, without, site)) {
                    excluded = trial;
                    current = without;
                    changed = true;
                } else {
                    left.add(group);
                }
            }
            groups = left;
        }
        return List.copyOf(excluded);
    }

    /**
     * Whether a crawl without a group's links ({@code without}) still reaches what it must of what it reaches with
     * them ({@code current}): every may-be target and unread hub, except the group's own unread links where the
     * mapping shows what they are like. Its own unread lists may go if the mapping read one of its lists; its own
     * unread may-be targets if the pages the mapping read through it alone were at least {@link #MIN_OTHER_PAGES}, none
     * of them a target (the closed collection paths' number, docs/navigation.md §8). Where the site has a complete
     * list ({@link #completeLists}), a lost may-be target that no complete list names is no loss: a generator's
     * complete list names every page of the kind, and the links beside it in prose lead elsewhere (Haddock's links to
     * modules the package does not ship, answered 404).
     */
    private static boolean redundant(Set<String> links, Replay current, Replay without, Site site) {
        Set<String> lostHubs = new HashSet<>(current.unreadHubs());
        lostHubs.removeAll(without.unreadHubs());
        if (links.stream().anyMatch(site.linksOf()::containsKey)) {
            lostHubs.removeAll(links);
        }
        Set<String> lostTargets = new HashSet<>(current.mayBeTargets());
        lostTargets.removeAll(without.mayBeTargets());
        Set<String> lostRead = new HashSet<>(current.reachedMapped());
        lostRead.removeAll(without.reachedMapped());
        if (lostRead.size() >= MIN_OTHER_PAGES && lostRead.stream().noneMatch(site.targets()::contains)) {
            lostTargets.removeAll(links);
        }
        if (!site.listed().isEmpty()) {
            lostTargets.retainAll(site.listed());
        }
        return lostHubs.isEmpty() && lostTargets.isEmpty();
    }

    /**
     * The links of the site's complete lists: read pages that link to every mapped target, at least
     * {@link #MIN_OTHER_PAGES} of which the mapping reached from other pages (so that the page is not complete only
     * because the mapping saw the targets through it alone). Empty when no page is.
     */
    static Set<String> completeLists(List<MappedPage> pages, Set<String> targets,
                                     Map<String, Map<String, List<LinkPosition>>> linksOf) {
        Set<String> listed = new HashSet<>();
        if (targets.isEmpty()) {
            return listed;
        }
        linksOf.forEach((url, links) -> {
            if (!links.keySet().containsAll(targets)) {
                return;
            }
            long elsewhere = pages.stream().filter(p -> p.target() && !url.equals(p.parentUrl())).count();
            if (elsewhere >= MIN_OTHER_PAGES) {
                listed.addAll(links.keySet());
            }
        });
        return listed;
    }

    /** The mapped site: its pages, the decision's targets among them, and each read page's links where they stand. */
    record Site(String entryUrl, List<NavigationPattern.Branch> branches, Set<String> mapped, Set<String> targets,
                Map<String, Map<String, List<LinkPosition>>> linksOf, Set<String> listed) {
    }

    /**
     * What a crawl by a pattern does on the mapped pages.
     *
     * @param mayBeTargets  the mapped targets it reaches, and the unread links it follows into a target step
     * @param unreadHubs    the links it follows into a step it would expand, whose pages the mapping did not read
     * @param reachedMapped the mapped pages it follows a link to
     * @param groups        group → the distinct links the crawl follows at it
     */
    record Replay(Set<String> mayBeTargets, Set<String> unreadHubs, Set<String> reachedMapped,
                  Map<String, Set<String>> groups) {
    }

    /** Replays the crawl of the site's pattern, {@code excluded} left out on every step, over the mapped pages. */
    static Replay replay(List<String> excluded, Site site) {
        PatternMatcher matcher = PatternMatcher.of(site.branches(), excluded);
        Map<String, PatternMatcher.States> states = new HashMap<>();
        Set<String> applied = new HashSet<>();
        Deque<String> queue = new ArrayDeque<>();
        states.put(site.entryUrl(), matcher.start());
        queue.add(site.entryUrl());
        Set<String> mayBeTargets = new HashSet<>();
        Set<String> unreadHubs = new HashSet<>();
        Set<String> reachedMapped = new HashSet<>();
        Map<String, Set<String>> groups = new HashMap<>();
        while (!queue.isEmpty()) {
            String url = queue.poll();
            applied.add(url);
            PatternMatcher.States from = states.get(url);
            Map<String, List<LinkPosition>> links = site.linksOf().get(url);
            if (links == null || !matcher.expands(from)) {
                continue;
            }
            links.forEach((link, positions) -> {
                PatternMatcher.States next = matcher.next(from, link, null, positions);
                if (next.isEmpty()) {
                    return;
                }
                positions.forEach(p -> groups.computeIfAbsent(p.group(), g -> new LinkedHashSet<>()).add(link));
                boolean read = site.linksOf().containsKey(link);
                if (site.mapped().contains(link)) {
                    reachedMapped.add(link);
                }
                if (site.targets().contains(link) || !site.mapped().contains(link) && matcher.atTarget(next)) {
                    mayBeTargets.add(link);
                }
                if (!read) {
                    if (matcher.expands(next) && !site.mapped().contains(link)) {
                        unreadHubs.add(link);
                    }
                } else if (!applied.contains(link)) {
                    // as the crawl: a page is expanded once, in discovery order, with the states it has by then
                    PatternMatcher.States seen = states.get(link);
                    states.put(link, seen == null ? next : seen.union(next));
                    if (seen == null) {
                        queue.add(link);
                    }
                }
            });
        }
        return new Replay(mayBeTargets, unreadHubs, reachedMapped, groups);
    }
}
