package dev.shapecrawl.core.classify;

import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The pages the site-wide decision takes, checked for lists of them: a taken page that links to every other taken
 * page is a contents, index or namespace page of the targets, not one of them (shapecrawl's rule, not a seed's;
 * docs/site-model.md "Pages that list the targets").
 *
 * <p>Why: a generator that renders one frame for everything gives its lists of the targets the targets' template. A
 * Doxygen namespace page is a class page's template whose member table lists every class of the namespace (jsoncpp:
 * taken at 0.90 beside class pages at 0.95 and above), and libxml2's reference manual contents pages sit in the same
 * frame as its API pages. The structural similarity cannot tell them apart; the links can, since no target of a kind
 * usually links to every other one.
 *
 * <p>The rule, after {@link TargetDecision#decide} and {@link InnerBoundary}, on a DECIDED result only:
 * <ol>
 *   <li>A taken page whose links (as the mapping read them) include every other taken page is a <i>list</i>, when at
 *       least {@value #MIN_OTHER_PAGES} of those pages were first reached from another page (so that a page the mapping
 *       met the targets through is not a list only for that; the closed collection paths' number, seed 001's three
 *       links per collection).</li>
 *   <li>When half or more of the taken pages are lists, nothing changes: that is a site whose every target carries a
 *       list of the others (a navigation bar of all modules), not lists among targets.</li>
 *   <li>When every list lies below every other taken page, the boundary moves into the gap above them: DECIDED, the
 *       lists left out.</li>
 *   <li>Otherwise a list lies amid the targets, where no boundary leaves it out: AMBIGUOUS, naming the lists.</li>
 * </ol>
 * No constant of its own; the pages without read links (none kept) are never lists.
 */
public final class ListedTargets {

    /** Other taken pages, first reached elsewhere, that a list must link to (seed 001's sample of a collection). */
    public static final int MIN_OTHER_PAGES = 3;

    private ListedTargets() {
    }

    /**
     * Checks a decision for taken pages that list the others.
     *
     * @param result   the decision so far
     * @param pages    the mapped pages it was taken over, as {@link TargetDecision#decide} had them
     * @param linksOf  a mapped page's links by its URL (absolute, normalised as the mapped URLs), or null when the
     *                 mapping kept none for it
     * @param parentOf the page a mapped URL was first reached from, or null (the entry point)
     * @return the decision with the lists left out (DECIDED) or named (AMBIGUOUS); empty when it stands as it is
     */
    public static Optional<TargetDecision.Result> check(TargetDecision.Result result, List<TargetDecision.Scored> pages,
                                                        Function<String, Set<String>> linksOf,
                                                        Function<String, String> parentOf) {
        if (result.status() != TargetDecision.Status.DECIDED) {
            return Optional.empty();
        }
        List<TargetDecision.Scored> taken = pages.stream().filter(p -> result.isTarget(p.positive(), p.negative()))
                .sorted(Comparator.comparingDouble(TargetDecision.Scored::positive).reversed()
                        .thenComparing(TargetDecision.Scored::url))
                .toList();
        Set<String> takenUrls = new HashSet<>();
        taken.forEach(p -> takenUrls.add(p.url()));
        List<TargetDecision.Scored> lists = taken.stream().filter(p -> listsTheOthers(p.url(), takenUrls, linksOf,
                parentOf)).toList();
        if (lists.isEmpty() || 2 * lists.size() >= taken.size()) {
            return Optional.empty();
        }
        double highestList = lists.get(0).positive();
        Set<TargetDecision.Scored> listed = Set.copyOf(lists);
        double lowestOther = taken.stream().filter(p -> !listed.contains(p))
                .mapToDouble(TargetDecision.Scored::positive).min().orElseThrow();
        TargetDecision.Neighbour neighbour = TargetDecision.Neighbour.of(lists, true);
        String examples = String.join(", ", neighbour.examples());
        if (highestList < lowestOther) {
            double threshold = (highestList + lowestOther) / 2;
            return Optional.of(new TargetDecision.Result(TargetDecision.Status.DECIDED, threshold,
                    lowestOther - highestList, result.runnerUp(), taken.size() - lists.size(), result.pages(),
                    List.of(), String.format(Locale.ROOT, "%s; %d taken page%s that link%s to every other (%s), "
                                    + "lists of the targets, left out below %.3f", result.reason(), lists.size(),
                            lists.size() == 1 ? "" : "s", lists.size() == 1 ? "s" : "", examples, threshold)));
        }
        return Optional.of(new TargetDecision.Result(TargetDecision.Status.AMBIGUOUS, result.threshold(),
                result.gap(), result.runnerUp(), result.targets(), result.pages(), List.of(neighbour),
                String.format(Locale.ROOT, "%d of the %d pages taken link%s to every other page taken (similarity "
                                + "%.3f-%.3f: %s): lists of the targets, but amid them, so no boundary leaves them "
                                + "out", lists.size(), taken.size(), lists.size() == 1 ? "s" : "", neighbour.lowest(),
                        neighbour.highest(), examples)));
    }

    private static boolean listsTheOthers(String url, Set<String> taken, Function<String, Set<String>> linksOf,
                                          Function<String, String> parentOf) {
        Set<String> links = linksOf.apply(url);
        if (links == null) {
            return false;
        }
        int elsewhere = 0;
        for (String other : taken) {
            if (other.equals(url)) {
                continue;
            }
            if (!links.contains(other)) {
                return false;
            }
            if (!url.equals(parentOf.apply(other))) {
                elsewhere++;
            }
        }
        return elsewhere >= MIN_OTHER_PAGES;
    }
}
