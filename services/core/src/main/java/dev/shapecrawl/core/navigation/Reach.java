package dev.shapecrawl.core.navigation;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Which mapped target pages a crawl by a pattern reaches, judged on the whole mapping rather than on the target
 * pages map alone (shapecrawl, beyond the seed; docs/navigation.md, "Coverage through referrers").
 *
 * <p>Each mapped page gets the states ({@link PatternMatcher}) a crawl reaches it in along its breadth-first path.
 * A target is reached if its own path leads to it in a target state, <em>or</em> if one of its referrers (mapped
 * hubs that also link to it, {@link MappedPage#referrers()}) is reached and the pattern's next step takes the
 * link to the target. The seed's map keeps only the first path to each page, so a target first met through a
 * news article counts only for an "articles" branch, although the crawl also finds it on the list that names
 * it: judged on paths alone, the pattern needs a branch per route (the generated sites with distractors took
 * 4–5 branches, and the crawl fetched every article). Referrers are judged one link deep: a hub is reached only
 * along its own breadth-first path.
 *
 * <p>Linear in the mapped pages and their referrers for each call. Immutable; thread-safe.
 */
final class Reach {
    private final List<MappedPage> pages;
    /** Each page's position in {@link #pages}, by URL. */
    private final Map<String, Integer> index;

    /** @param pages every page of one mapping, in any order */
    Reach(List<MappedPage> pages) {
        List<MappedPage> sorted = new ArrayList<>(pages);
        sorted.sort(Comparator.comparingLong(MappedPage::order)); // a parent is discovered before its children
        this.pages = List.copyOf(sorted);
        Map<String, Integer> positions = new HashMap<>(sorted.size() * 2);
        for (int i = 0; i < sorted.size(); i++) {
            positions.put(sorted.get(i).url(), i);
        }
        this.index = positions;
    }

    /**
     * Tells each mapped target the pattern reaches, with the states it is reached in (its own path's and every
     * referrer's, united), in discovery order.
     *
     * @param matcher  the pattern
     * @param onTarget called once per reached target, with states holding at least one target state
     */
    void follow(PatternMatcher matcher, BiConsumer<MappedPage, PatternMatcher.States> onTarget) {
        follow(matcher, states(matcher), onTarget);
    }

    private void follow(PatternMatcher matcher, Map<String, PatternMatcher.States> states,
                        BiConsumer<MappedPage, PatternMatcher.States> onTarget) {
        for (MappedPage p : pages) {
            if (!p.target()) {
                continue;
            }
            PatternMatcher.States s = states.getOrDefault(p.url(), PatternMatcher.States.EMPTY);
            for (String referrer : p.referrers()) {
                s = s.union(after(matcher, states.get(referrer), p.url(), null)); // referrers link
            }
            if (matcher.atTarget(s)) {
                onTarget.accept(p, s);
            }
        }
    }

    /**
     * The mapped pages a crawl by the pattern fetches, as indices into {@link #pages()}: the targets it reaches
     * (as {@link #follow}) and the other pages it requests on the way (hubs, and pages a step matches that are not
     * targets, judged along their breadth-first paths).
     */
    Fetches fetches(PatternMatcher matcher) {
        BitSet targets = new BitSet(pages.size());
        BitSet others = new BitSet(pages.size());
        Map<String, PatternMatcher.States> states = states(matcher);
        states.forEach((url, s) -> {
            int i = index.get(url);
            if (!pages.get(i).target() && pages.get(i).parentUrl() != null) {
                others.set(i);
            }
        });
        follow(matcher, states, (t, s) -> targets.set(index.get(t.url())));
        return new Fetches(targets, others);
    }

    /** The mapped pages, in discovery order. */
    List<MappedPage> pages() {
        return pages;
    }

    /**
     * What a pattern makes the crawl fetch among the mapped pages.
     *
     * @param targets the reached targets, indices into {@link #pages()}
     * @param others  the other pages requested (not the entry point)
     */
    record Fetches(BitSet targets, BitSet others) {
    }

    /** Each page reached along its breadth-first path, with its states. */
    private Map<String, PatternMatcher.States> states(PatternMatcher matcher) {
        Map<String, PatternMatcher.States> states = new HashMap<>(pages.size() * 2);
        for (MappedPage p : pages) {
            PatternMatcher.States s = p.parentUrl() == null ? matcher.start()
                    : after(matcher, states.get(p.parentUrl()), p.url(), p.formId());
            if (!s.isEmpty()) {
                states.put(p.url(), s);
            }
        }
        return states;
    }

    /**
     * The states of a link to {@code url} (or of a submission of form {@code formId}) on a page reached in
     * {@code from} (null: not reached).
     */
    private static PatternMatcher.States after(PatternMatcher matcher, PatternMatcher.States from, String url,
                                               String formId) {
        return from == null || !matcher.expands(from) ? PatternMatcher.States.EMPTY
                : matcher.next(from, url, formId);
    }
}
