package dev.shapecrawl.core.sitemodel;

import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * GENERATE MODEL (thesis Algorithm 1, §3.3; spec §3.2–§3.3, §3.7–§3.8): infers a site model from at most n fetched
 * pages by sampling link collections.
 *
 * <p>From the entry point, link collections wait in a priority queue (dense navigation, spec §3.7 [D]: a collection's
 * URLs over its source page's links, larger first, ties first come first; menus re-queued in front). For each, a few
 * of its URLs (spec §8 #4: evenly spaced, first, middle and last of those not yet seen, on the entry point's host) are
 * fetched; the pages become candidate classes ({@link Candidates}); the collection gets its type (spec §3.5): several
 * candidates make it a <b>menu</b>, all of whose URLs are then fetched; one URL a <b>singleton</b>; else a
 * <b>list</b>. Each candidate joins the model by MDL ({@link Mdl#update}). The fetched pages' own collections are
 * queued. Inference stops when the queue is empty or n pages were fetched. Finally each page link becomes a class
 * link from its page's class to its targets' classes (spec §3.8). Before that, classes whose path schemas are near
 * are merged: every pair nearer than {@link SiteModelSettings#classMergeDistance()}, then on to the widest relative
 * rise in merge height ({@link ClassConsolidation}, shapecrawl's addition; not for the seed's encoding).
 *
 * <p>Not yet here: path refinement on the lattice (spec §3.5); a collection with several candidates is a menu at
 * once. Deterministic: the same site gives the same model.
 */
public final class ModelInference {
    private ModelInference() {
    }

    /** A link collection of a fetched page, waiting to be sampled. */
    private record Queued(String source, String path, List<String> urls, double priority, long order, boolean menu) {
    }

    /** Links at one path of one page toward the pages fetched from them, with the collection's type. */
    private record PageLink(String source, String path, ClassLink.Type type, List<String> targets) {
    }

    /**
     * @param entryUrl the site's entry point
     * @param fetch    fetches and parses a URL: the page (its {@link SitePage#url()} the final URL), or empty when
     *                 the fetch failed or the page is not HTML; each call counts against the budget
     * @param settings n, dt, links per collection, c_index, c_miss
     * @return the model; its first class holds the entry page (empty model if the entry point cannot be fetched)
     */
    public static SiteModel infer(String entryUrl, Function<String, Optional<SitePage>> fetch,
                                  SiteModelSettings settings) {
        return infer(entryUrl, fetch, settings, Mdl.Encoding.COMPLETE);
    }

    /**
     * {@link #infer(String, Function, SiteModelSettings)} with the given MDL encoding ({@link Mdl.Encoding}:
     * {@code THESIS} for the seed's, measured beside shapecrawl's default {@code COMPLETE}).
     */
    public static SiteModel infer(String entryUrl, Function<String, Optional<SitePage>> fetch,
                                  SiteModelSettings settings, Mdl.Encoding encoding) {
        Objects.requireNonNull(fetch, "fetch");
        if (encoding == Mdl.Encoding.COMPLETE) {
            IncrementalMdl incremental = new IncrementalMdl(settings);
            return infer(entryUrl, fetch, settings, (model, candidate) -> {
                incremental.update(candidate);
                return incremental.classes();
            });
        }
        // the seed's encoding is measured as the seed has it: no consolidation after MDL
        SiteModelSettings seed = settings.withClassMergeDistance(0);
        return infer(entryUrl, fetch, seed, (model, candidate) -> Mdl.update(model, candidate, seed, encoding));
    }

    /**
     * GENERATE MODEL with the given model update: {@code update} maps the current classes and one candidate class to
     * the next classes (spec §3.6). Package-private: the tests run inference with the update costed from scratch
     * beside the incremental one.
     */
    static SiteModel infer(String entryUrl, Function<String, Optional<SitePage>> fetch, SiteModelSettings settings,
                           BiFunction<List<PageClass>, PageClass, List<PageClass>> update) {
        Objects.requireNonNull(fetch, "fetch");
        String host = host(entryUrl);
        PriorityQueue<Queued> queue = new PriorityQueue<>((a, b) -> a.menu != b.menu ? (a.menu ? -1 : 1)
                : a.priority != b.priority ? Double.compare(b.priority, a.priority) : Long.compare(a.order, b.order));
        Set<String> seen = new HashSet<>();
        Set<String> placed = new HashSet<>();
        List<PageLink> pageLinks = new ArrayList<>();
        List<PageClass> model = new ArrayList<>();
        long order = 0;
        int fetched = 0;
        queue.add(new Queued(null, null, List.of(entryUrl), 1, order++, true));
        while (!queue.isEmpty() && fetched < settings.sampleBudget()) {
            Queued lc = queue.poll();
            List<String> fresh = lc.urls.stream().filter(u -> !seen.contains(u) && host.equals(host(u))).toList();
            List<String> urls = lc.menu ? fresh : sample(fresh, settings.linksPerCollection());
            List<SitePage> pages = new ArrayList<>();
            List<String> targets = new ArrayList<>();
            for (String u : urls) {
                if (fetched >= settings.sampleBudget()) {
                    break;
                }
                seen.add(u);
                fetched++;
                Optional<SitePage> page = fetch.apply(u);
                if (page.isEmpty() || !placed.add(page.get().url())) {
                    continue; // failed, or a redirect to a page placed already
                }
                seen.add(page.get().url());
                pages.add(page.get());
                targets.add(page.get().url());
            }
            if (pages.isEmpty()) {
                continue;
            }
            List<PageClass> candidates = Candidates.select(pages, settings.mergeDistance());
            ClassLink.Type type = candidates.size() > 1 ? ClassLink.Type.MENU
                    : lc.urls.size() == 1 ? ClassLink.Type.SINGLETON : ClassLink.Type.LIST;
            if (type == ClassLink.Type.MENU && !lc.menu && fresh.size() > urls.size()) {
                // The rest of a menu leads to other regions of the site: fetch it all, next (thesis §3.3.1).
                List<String> rest = fresh.stream().filter(u -> !seen.contains(u)).toList();
                queue.add(new Queued(lc.source, lc.path, rest, lc.priority, order++, true));
            }
            for (PageClass c : candidates) {
                model = update.apply(model, c);
            }
            if (lc.source != null) {
                pageLinks.add(new PageLink(lc.source, lc.path, type, targets));
            }
            for (SitePage p : pages) {
                int total = Math.max(1, p.urlCount());
                for (Map.Entry<String, List<String>> e : p.links().entrySet()) {
                    queue.add(new Queued(p.url(), e.getKey(), e.getValue(), (double) e.getValue().size() / total,
                            order++, false));
                }
            }
        }
        return finish(ClassConsolidation.merge(model, settings.classMergeDistance()), pageLinks, fetched);
    }

    /** Class links from page links (spec §3.8), each (source, path, type, destination) once. */
    private static SiteModel finish(List<PageClass> model, List<PageLink> pageLinks, int fetched) {
        Map<String, Integer> classOf = new HashMap<>();
        for (int c = 0; c < model.size(); c++) {
            for (SitePage p : model.get(c).pages()) {
                classOf.put(p.url(), c);
            }
        }
        Set<ClassLink> links = new LinkedHashSet<>();
        for (PageLink pl : pageLinks) {
            Integer source = classOf.get(pl.source);
            if (source == null) {
                continue;
            }
            for (String target : pl.targets) {
                Integer destination = classOf.get(target);
                if (destination != null) {
                    links.add(new ClassLink(source, pl.path, pl.type, destination));
                }
            }
        }
        return new SiteModel(model, new ArrayList<>(links), fetched);
    }

    /**
     * Up to {@code k} non-consecutive URLs, evenly spaced: first, middle, last for k = 3 (spec §8 #4). Fewer than
     * 2k − 1 URLs cannot all be non-consecutive; then every other one, from the first.
     */
    static List<String> sample(List<String> urls, int k) {
        int n = urls.size();
        if (n <= k) {
            return urls;
        }
        if (k == 1) {
            return List.of(urls.get(0));
        }
        Set<Integer> picked = new LinkedHashSet<>();
        if (n >= 2 * k - 1) {
            for (int i = 0; i < k; i++) {
                picked.add((int) Math.round((double) i * (n - 1) / (k - 1)));
            }
        } else {
            for (int i = 0; i < n && picked.size() < k; i += 2) {
                picked.add(i);
            }
        }
        return picked.stream().map(urls::get).toList();
    }

    private static String host(String url) {
        try {
            String h = URI.create(url).getHost();
            return h == null ? "" : h.toLowerCase(java.util.Locale.ROOT);
        } catch (IllegalArgumentException e) {
            return "";
        }
    }
}
