package dev.shapecrawl.core.sitemodel;

import dev.shapecrawl.events.SiteModelSnapshot;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Lays a job's target decision over its site model and describes the model for people and other services
 * ({@link SiteModelSnapshot}, issue 18 item 4): each page class with its sampled pages, distinctive element
 * paths and similarity range, whether it is a <b>target class</b> and why, and the class links.
 *
 * <p>A class is a target class when most of its sampled pages (strictly more than half) are target pages under the
 * decision. The decision itself is made over the similarity distribution of the whole mapping
 * ({@link dev.shapecrawl.core.classify.TargetDecision}); a class that holds pages on both sides of its boundary is
 * said to be mixed, which tells a person (and later the decision) where structure and similarity disagree.
 *
 * <p>Distinctive paths (shapecrawl's, not the seed's): the element paths of the class's pages (link and text paths,
 * texts left out) that at least half of its pages have, ranked by their share in the class minus their share in the
 * rest of the sample; at most {@value #DISTINCTIVE} with a positive lead, ties by path. Pure function of its inputs.
 */
public final class TargetClasses {
    /** Distinctive paths per class. */
    public static final int DISTINCTIVE = 5;

    private TargetClasses() {
    }

    /**
     * What the mapping knows of one page.
     *
     * @param similarity its similarity to the nearest sample, 0..1, or null when it was not classified
     * @param target     whether the target decision takes it
     */
    public record Verdict(Double similarity, boolean target) {
        /** A page the mapping does not know (not classified, not a target). */
        public static final Verdict UNKNOWN = new Verdict(null, false);
    }

    /**
     * The model and the decision, as the {@code site-models} topic carries them.
     *
     * @param jobId          the job
     * @param modelVersion   the mapping the model comes from, >= 1
     * @param entryUrl       the entry point
     * @param mappedPages    pages the mapping classified, >= 0
     * @param model          the inferred model
     * @param verdicts       a page's verdict by its URL (the model's page URL, after redirects); null for a page it
     *                       does not know ({@link Verdict#UNKNOWN})
     * @param decisionStatus DECIDED, AMBIGUOUS, NONE or FIXED
     * @param threshold      the decision's threshold, 0..1, or null
     * @param decision       the decision's words, or null
     * @return the snapshot; classes largest first (ties in inference order), numbered from 1
     * @throws IllegalArgumentException for values the event refuses (a bad job id, entry URL, threshold)
     */
    public static SiteModelSnapshot describe(String jobId, long modelVersion, String entryUrl, int mappedPages,
                                             SiteModel model, Function<String, Verdict> verdicts,
                                             String decisionStatus, Double threshold, String decision) {
        List<PageClass> classes = model.classes();
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < classes.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingInt((Integer i) -> -classes.get(i).size()).thenComparingInt(i -> i));
        Map<Integer, Integer> idOf = new HashMap<>();
        for (int rank = 0; rank < order.size(); rank++) {
            idOf.put(order.get(rank), rank + 1);
        }
        Map<String, Integer> havingAll = pathCounts(classes);
        int sampled = classes.stream().mapToInt(PageClass::size).sum();
        List<SiteModelSnapshot.PageClass> described = new ArrayList<>();
        for (int i : order) {
            described.add(describe(idOf.get(i), classes.get(i), verdicts, havingAll, sampled, threshold));
        }
        List<SiteModelSnapshot.ClassLink> links = model.links().stream()
                .map(l -> new SiteModelSnapshot.ClassLink(idOf.get(l.source()), idOf.get(l.destination()), l.path(),
                        l.type().name(), l.anchor() == null ? null : l.anchor().name()))
                .toList();
        // Pages read are the pages of the classes: model.fetched() also counts the lookups that found no page (a
        // link the sampled mapping did not fetch), which reported more pages sampled than mapped.
        return new SiteModelSnapshot(jobId, modelVersion, entryUrl, mappedPages, sampled, described, links,
                decisionStatus, threshold, decision);
    }

    private static SiteModelSnapshot.PageClass describe(int id, PageClass c, Function<String, Verdict> verdicts,
                                                        Map<String, Integer> havingAll, int sampled,
                                                        Double threshold) {
        int targets = 0;
        Double min = null;
        Double max = null;
        for (SitePage p : c.pages()) {
            Verdict v = verdicts.apply(p.url());
            if (v == null) {
                v = Verdict.UNKNOWN;
            }
            if (v.target()) {
                targets++;
            }
            if (v.similarity() != null) {
                min = min == null ? v.similarity() : Math.min(min, v.similarity());
                max = max == null ? v.similarity() : Math.max(max, v.similarity());
            }
        }
        int n = c.size();
        boolean target = 2 * targets > n;
        String why = String.format(Locale.ROOT, "%d of %d sampled pages are target pages%s%s", targets, n,
                threshold == null ? "" : String.format(Locale.ROOT, " (threshold %.3f)", threshold),
                targets > 0 && targets < n ? "; mixed: the class has pages on both sides of the boundary" : "");
        List<String> pages = c.pages().stream().map(SitePage::url).toList();
        return new SiteModelSnapshot.PageClass(id, n, pages, distinctive(c, havingAll, sampled), target, targets,
                min, max, why);
    }

    /**
     * The model's classes that hold pages of a similarity band, for a person resolving an ambiguous decision (issue
     * 18: "names the neighbouring classes: sizes, three example URLs each, and their similarity"): the classes whose
     * similarity range meets {@code [lowest, highest]}, largest first, at most {@code max}; every class when the band
     * is null (a site whose pages are all like the samples). Empty when no class is there.
     *
     * @param model   the model
     * @param lowest  the band's lower end, 0..1, or null for every class
     * @param highest the band's upper end, 0..1 (ignored when {@code lowest} is null)
     * @param max     the most classes named, >= 1
     * @return e.g. {@code site model classes there: class 3 (12 pages, similarity 0.850-0.880, target class, e.g. u1,
     *         u2, u3); class 5 (…)}, or the empty string
     */
    public static String neighbouring(SiteModelSnapshot model, Double lowest, double highest, int max) {
        List<String> named = new ArrayList<>();
        int more = 0;
        for (SiteModelSnapshot.PageClass c : model.classes()) {
            boolean there = lowest == null || (c.minSimilarity() != null && c.minSimilarity() <= highest
                    && c.maxSimilarity() >= lowest);
            if (!there) {
                continue;
            }
            if (named.size() == max) {
                more++;
                continue;
            }
            named.add(String.format(Locale.ROOT, "class %d (%d pages, similarity %s%s, e.g. %s)", c.id(), c.size(),
                    c.minSimilarity() == null ? "-" : String.format(Locale.ROOT, "%.3f-%.3f", c.minSimilarity(),
                            c.maxSimilarity()), c.target() ? ", target class" : "", String.join(", ", c.examples())));
        }
        if (named.isEmpty()) {
            return "";
        }
        return (lowest == null ? "site model classes: " : "site model classes there: ") + String.join("; ", named)
                + (more > 0 ? "; and " + more + " more (./shapecrawl model)" : "");
    }

    /** The class's most telling paths: at least half its pages have them, far fewer of the rest do. */
    static List<String> distinctive(PageClass c, Map<String, Integer> havingAll, int sampled) {
        Map<String, Integer> here = pathCounts(List.of(c));
        int n = c.size();
        int rest = sampled - n;
        if (rest == 0) {
            return List.of(); // a model of one class: nothing to tell it from
        }
        record Scored(String path, double lead) {
        }
        List<Scored> scored = new ArrayList<>();
        here.forEach((path, k) -> {
            double inClass = (double) k / n;
            double outside = (double) (havingAll.get(path) - k) / rest;
            if (2 * k >= n && inClass - outside > 0) {
                scored.add(new Scored(path, inClass - outside));
            }
        });
        return scored.stream()
                .sorted(Comparator.comparingDouble(Scored::lead).reversed().thenComparing(Scored::path))
                .limit(DISTINCTIVE).map(Scored::path).toList();
    }

    /** Pages having each path ({@code link:} or {@code text:} and the path), over the given classes. */
    private static Map<String, Integer> pathCounts(List<PageClass> classes) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (PageClass c : classes) {
            for (SitePage p : c.pages()) {
                p.links().keySet().forEach(path -> counts.merge("link:" + path, 1, Integer::sum));
                p.texts().keySet().forEach(path -> counts.merge("text:" + path, 1, Integer::sum));
            }
        }
        return counts;
    }
}
