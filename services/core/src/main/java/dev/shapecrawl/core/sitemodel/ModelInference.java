package dev.shapecrawl.core.sitemodel;

import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * GENERATE MODEL (thesis Algorithm 1, §3.3; spec §3.2–§3.3, §3.7–§3.8): infers a site model from at most n fetched
 * pages by sampling link collections.
 *
 * <p>From the entry point, link collections wait in a priority queue (dense navigation, spec §3.7 [D]: a collection's
 * URLs over its source page's links, larger first, ties first come first; menus re-queued in front). For each, a few
 * of its URLs (spec §8 #4: evenly spaced, first, middle and last of those not yet seen, on the entry point's host) are
 * fetched; the pages become candidate classes ({@link Candidates}); the collection is inspected (spec §3.5): several
 * candidates make it <b>more specific</b> on the lattice ({@link PathRefinement}: its URLs re-partitioned by their
 * attribute values, each part a collection of its own, queued; the pages fetched wait in a cache for them, and a
 * part samples them first, [D]); where no more specific level splits it, it is a <b>menu</b>, all of whose URLs are
 * then fetched; a collection of one URL is first made <b>more general</b> (a version that gathers more links on its
 * page, queued in its place), else it is a <b>singleton</b>; else a <b>list</b>. Each candidate joins the model by
 * MDL ({@link Mdl#update}). The fetched pages' own collections are queued. Inference stops when the queue is empty
 * or n pages were fetched. Finally each page link becomes a class link from its page's class to its targets' classes
 * (spec §3.8), written with the collection's path version, and a menu gets its subtype (fixed or variable anchor,
 * spec §3.5); its targets are the pages sampled from it and every other placed page it links to (shapecrawl's,
 * {@link #withPlaced}), so a list whose pages fall into several classes is a menu. Refinement happens in the loop as just described with {@link SiteModelSettings.Refinement#SAMPLING};
 * with the default {@link SiteModelSettings.Refinement#LINKS} the loop types a collection of several candidates a
 * menu at once, and the class links are refined at the end, once the classes are known. Before that, classes whose path schemas are near
 * are merged: every pair nearer than {@link SiteModelSettings#classMergeDistance()}, then on to the widest relative
 * rise in merge height ({@link ClassConsolidation}, shapecrawl's addition; not for the seed's encoding), and the
 * merged classes are regrouped by the page-kind words of {@code <body class>} where the site writes them
 * ({@link KindMarkers}, shapecrawl's addition, {@link SiteModelSettings#kindMarkers()}; not for the seed's encoding).
 *
 * <p>Deterministic: the same site gives the same model.
 */
public final class ModelInference {
    /** The live site: every URL may be fetched. */
    private static final Predicate<String> EVERY_URL = url -> true;

    private ModelInference() {
    }

    /** A link collection of a fetched page (at a version of its path), waiting to be sampled. */
    private record Queued(String source, PathRefinement.Version version, List<String> urls, double priority,
                          long order, boolean menu, boolean front) {
        /** A collection fetched in full, or a refined one: both go before the others (spec §3.3 "addFront"). */
        boolean first() {
            return menu || front;
        }
    }

    /** Links at one path version of one page toward the pages fetched from them, with the collection's type. */
    private record PageLink(String source, PathRefinement.Version version, ClassLink.Type type, List<String> targets,
                            List<String> requested) {
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
        return infer(entryUrl, fetch, EVERY_URL, settings, encoding);
    }

    /**
     * GENERATE MODEL over the pages a crawl has already read (a finished mapping's): the site is what
     * {@code available} admits. A link to a URL it refuses is left out of its collection, as a page the crawl never
     * read, instead of being asked for and failing, so a collection's sample is taken among the links that were read
     * and the budget n counts pages read. Asked for every sampled link blindly, inference over a mapping sampled
     * other links of a collection than the mapping had (a different frontier order), and each miss spent the budget:
     * on PostgreSQL's manual the model read 82 of the 200 mapped pages, none of them a reference page, and a crawl by
     * its exported spec found 123 of the 307 reference pages ({@code bin/spec-roundtrip}, 2026-11-28). Tried and not
     * kept: every read link of a collection taken, since reading costs no request here; the model's classes then
     * changed, and the site model's check of the decision said a kafka-clients job AMBIGUOUS.
     *
     * @param available whether a URL was read (its page can be had from {@code fetch} at no request); the entry
     *                  point is asked for whatever it says
     */
    public static SiteModel infer(String entryUrl, Function<String, Optional<SitePage>> fetch,
                                  Predicate<String> available, SiteModelSettings settings, Mdl.Encoding encoding) {
        return infer(entryUrl, List.of(), fetch, available, settings, encoding);
    }

    /**
     * As {@link #infer(String, Function, Predicate, SiteModelSettings, Mdl.Encoding)}, with pages reached another way
     * than by a link collection: {@code alsoFrom} (read pages, in the order they were met) is sampled as one more
     * collection with no source page, after the entry point. A crawl that follows the links in scripts reaches pages
     * no page's collections link (a Doxygen main page's indexes, from its menu script), and without them inference
     * saw the entry point alone.
     */
    public static SiteModel infer(String entryUrl, List<String> alsoFrom, Function<String, Optional<SitePage>> fetch,
                                  Predicate<String> available, SiteModelSettings settings, Mdl.Encoding encoding) {
        Objects.requireNonNull(fetch, "fetch");
        Objects.requireNonNull(available, "available");
        List<String> more = alsoFrom.stream().filter(available).toList();
        if (encoding == Mdl.Encoding.COMPLETE) {
            IncrementalMdl incremental = new IncrementalMdl(settings);
            return infer(entryUrl, more, fetch, available, settings, (model, candidate) -> {
                incremental.update(candidate);
                return incremental.classes();
            });
        }
        // the seed's encoding is measured as the seed has it: no consolidation after MDL, no kind markers
        SiteModelSettings seed = settings.withClassMergeDistance(0).withKindMarkers(false);
        return infer(entryUrl, more, fetch, available, seed,
                (model, candidate) -> Mdl.update(model, candidate, seed, encoding));
    }

    /**
     * GENERATE MODEL with the given model update: {@code update} maps the current classes and one candidate class to
     * the next classes (spec §3.6). Package-private: the tests run inference with the update costed from scratch
     * beside the incremental one.
     */
    static SiteModel infer(String entryUrl, Function<String, Optional<SitePage>> fetch, SiteModelSettings settings,
                           BiFunction<List<PageClass>, PageClass, List<PageClass>> update) {
        return infer(entryUrl, List.of(), fetch, EVERY_URL, settings, update);
    }

    /**
     * @param alsoFrom  read pages reached by no link collection, sampled as one collection after the entry point
     * @param available whether a URL is on the site as inference sees it (links to others are left out)
     */
    private static SiteModel infer(String entryUrl, List<String> alsoFrom, Function<String, Optional<SitePage>> fetch,
                                   Predicate<String> available, SiteModelSettings settings,
                                   BiFunction<List<PageClass>, PageClass, List<PageClass>> update) {
        Objects.requireNonNull(fetch, "fetch");
        String host = host(entryUrl);
        PriorityQueue<Queued> queue = new PriorityQueue<>((a, b) -> a.first() != b.first() ? (a.first() ? -1 : 1)
                : a.priority != b.priority ? Double.compare(b.priority, a.priority) : Long.compare(a.order, b.order));
        Map<String, Optional<SitePage>> fetchedPages = new HashMap<>(); // request URL → page: a refinement's cache
        Map<String, SitePage> sources = new HashMap<>(); // placed pages by final URL, for their collections
        Set<String> done = new HashSet<>(); // request URLs placed, failed, or redirected to a placed page
        Set<String> placed = new HashSet<>();
        Set<String> versions = new HashSet<>(); // (source, path version) queued once (spec §3.5 [D])
        List<PageLink> pageLinks = new ArrayList<>();
        List<PageClass> model = new ArrayList<>();
        long order = 0;
        Budget budget = new Budget(settings.sampleBudget());
        queue.add(new Queued(null, null, List.of(entryUrl), 1, order++, true, true));
        if (!alsoFrom.isEmpty()) {
            queue.add(new Queued(null, null, alsoFrom, 1, order++, false, true));
        }
        while (!queue.isEmpty() && budget.left()) {
            Queued lc = queue.poll();
            List<String> fresh = lc.urls.stream().filter(u -> !done.contains(u) && host.equals(host(u))
                    && (lc.source == null || available.test(u))).toList();
            List<String> urls = lc.menu ? fresh
                    : sample(fresh, settings.linksPerCollection(), fetchedPages::containsKey);
            Sample sample = fetchSample(urls, fetch, fetchedPages, done, placed, budget);
            List<SitePage> pages = sample.pages();
            List<String> requested = sample.requested();
            if (pages.isEmpty()) {
                if (lc.source != null && !lc.menu) {
                    // every link placed already (or none fetched): the class links come from the placed pages
                    // (withPlaced), so a collection met after its pages still says where it leads
                    pageLinks.add(new PageLink(lc.source, lc.version, lc.urls.size() == 1 ? ClassLink.Type.SINGLETON
                            : ClassLink.Type.LIST, List.of(), List.of()));
                }
                continue;
            }
            List<PageClass> candidates = Candidates.select(pages, settings.mergeDistance());
            SitePage source = lc.source == null ? null : sources.get(lc.source);
            if (source != null && !lc.menu && settings.refinement() == SiteModelSettings.Refinement.SAMPLING) {
                long next = refine(lc, candidateOf(candidates, pages, requested), source, queue, versions, order);
                if (next > order) {
                    order = next;
                    continue; // the pages wait in the cache for the refined collections
                }
            }
            ClassLink.Type type = candidates.size() > 1 ? ClassLink.Type.MENU
                    : lc.urls.size() == 1 ? ClassLink.Type.SINGLETON : ClassLink.Type.LIST;
            if (type == ClassLink.Type.MENU && !lc.menu && fresh.size() > urls.size()) {
                // The rest of a menu leads to other regions of the site: fetch it all, next (thesis §3.3.1).
                List<String> rest = fresh.stream().filter(u -> !requested.contains(u) && !done.contains(u)).toList();
                queue.add(new Queued(lc.source, lc.version, rest, lc.priority, order++, true, true));
            }
            for (PageClass c : candidates) {
                model = update.apply(model, c);
            }
            done.addAll(requested);
            List<String> targets = new ArrayList<>();
            for (SitePage p : pages) {
                placed.add(p.url());
                done.add(p.url());
                sources.put(p.url(), p);
                targets.add(p.url());
            }
            if (lc.source != null) {
                pageLinks.add(new PageLink(lc.source, lc.version, type, targets, List.copyOf(requested)));
            }
            order = queueCollections(pages, queue, versions, order);
        }
        List<PageClass> merged = ClassConsolidation.merge(model, settings.classMergeDistance());
        return finish(settings.kindMarkers() ? KindMarkers.regroup(merged) : merged, pageLinks, budget.fetched,
                sources, settings.refinement() == SiteModelSettings.Refinement.LINKS);
    }

    /** The fetches of one inference: at most n (each counts, failed or not; a cached page does not). */
    private static final class Budget {
        private final int limit;
        private int fetched;

        Budget(int limit) {
            this.limit = limit;
        }

        boolean left() {
            return fetched < limit;
        }
    }

    /** The pages a collection's sample gave, with the URLs requested for them, in order. */
    private record Sample(List<SitePage> pages, List<String> requested) {
    }

    /**
     * Fetches the sampled URLs within the budget, from the cache where a refinement fetched them already; a failed
     * URL, or one that redirects to a page placed already (or met in this sample), is done and gives no page.
     */
    private static Sample fetchSample(List<String> urls, Function<String, Optional<SitePage>> fetch,
                                      Map<String, Optional<SitePage>> cache, Set<String> done, Set<String> placed,
                                      Budget budget) {
        List<SitePage> pages = new ArrayList<>();
        List<String> requested = new ArrayList<>();
        for (String u : urls) {
            Optional<SitePage> page = cache.get(u);
            if (page == null) {
                if (!budget.left()) {
                    break;
                }
                budget.fetched++;
                page = fetch.apply(u);
                cache.put(u, page);
            }
            String url = page.map(SitePage::url).orElse(null);
            if (url == null || placed.contains(url) || pages.stream().anyMatch(p -> p.url().equals(url))) {
                done.add(u);
                continue;
            }
            pages.add(page.get());
            requested.add(u);
        }
        return new Sample(pages, requested);
    }

    /** Queues every link collection of the placed pages at its default level (dense priority); the next order. */
    private static long queueCollections(List<SitePage> pages, PriorityQueue<Queued> queue, Set<String> versions,
                                         long order) {
        long next = order;
        for (SitePage p : pages) {
            int total = Math.max(1, p.urlCount());
            for (Map.Entry<String, List<String>> e : p.links().entrySet()) {
                PathRefinement.Version version = PathRefinement.Version.of(e.getKey());
                versions.add(p.url() + '\n' + version.path());
                queue.add(new Queued(p.url(), version, e.getValue(), (double) e.getValue().size() / total,
                        next++, false, false));
            }
        }
        return next;
    }

    /**
     * Inspection's refinements (spec §3.5): queues the more specific versions of a collection whose pages fell into
     * several candidates, or the more general version of a collection of one URL.
     *
     * @param order the order number the first queued collection gets
     * @return the next free order number: {@code order} when the collection was not refined; else its pages wait
     *         for the new collections
     */
    private static long refine(Queued lc, Map<String, Integer> candidateOf, SitePage source,
                                  PriorityQueue<Queued> queue, Set<String> versions, long order) {
        int total = Math.max(1, source.urlCount());
        if (new HashSet<>(candidateOf.values()).size() > 1) {
            Optional<Map<PathRefinement.Version, List<String>>> parts =
                    PathRefinement.specific(source, lc.version, lc.urls, candidateOf);
            if (parts.isEmpty()) {
                return order;
            }
            long o = order;
            for (Map.Entry<PathRefinement.Version, List<String>> part : parts.get().entrySet()) {
                if (versions.add(lc.source + '\n' + part.getKey().path())) {
                    queue.add(new Queued(lc.source, part.getKey(), part.getValue(),
                            (double) part.getValue().size() / total, o++, false, true));
                }
            }
            return o;
        }
        if (lc.urls.size() == 1) {
            Optional<PathRefinement.Version> wider = PathRefinement.general(source, lc.version);
            if (wider.isPresent() && versions.add(lc.source + '\n' + wider.get().path())) {
                List<String> urls = wider.get().select(source);
                queue.add(new Queued(lc.source, wider.get(), urls, (double) urls.size() / total, order, false, true));
                return order + 1;
            }
        }
        return order;
    }

    /** Each sampled request URL's candidate class (its index in {@code candidates}). */
    private static Map<String, Integer> candidateOf(List<PageClass> candidates, List<SitePage> pages,
                                                    List<String> requested) {
        Map<String, Integer> byPage = new HashMap<>();
        for (int c = 0; c < candidates.size(); c++) {
            for (SitePage p : candidates.get(c).pages()) {
                byPage.put(p.url(), c);
            }
        }
        Map<String, Integer> out = new HashMap<>();
        for (int i = 0; i < pages.size(); i++) {
            out.put(requested.get(i), byPage.get(pages.get(i).url()));
        }
        return out;
    }

    /**
     * Class links from page links (spec §3.8), each (source, path, type, destination) once; a menu's anchor subtype
     * from the pages of its source class where its path version selects links (spec §3.5 "Menu subtype").
     *
     * @param refineOn the placed pages by URL when the class links are refined here ({@link
     *                 SiteModelSettings.Refinement#LINKS}), else empty
     */
    private static SiteModel finish(List<PageClass> model, List<PageLink> pageLinks, int fetched,
                                    Map<String, SitePage> sources, boolean refine) {
        Map<String, Integer> classOf = new HashMap<>();
        for (int c = 0; c < model.size(); c++) {
            for (SitePage p : model.get(c).pages()) {
                classOf.put(p.url(), c);
            }
        }
        List<PageLink> seen = pageLinks.stream().map(pl -> withPlaced(pl, sources.get(pl.source), classOf)).toList();
        List<PageLink> links = refine ? refined(seen, sources, classOf) : seen;
        Map<String, ClassLink.Anchor> anchors = new HashMap<>();
        Set<ClassLink> out = new LinkedHashSet<>();
        for (PageLink pl : links) {
            Integer source = classOf.get(pl.source);
            if (source == null) {
                continue;
            }
            ClassLink.Anchor anchor = pl.type != ClassLink.Type.MENU ? null
                    : anchors.computeIfAbsent(source + "\n" + pl.version.path(),
                            k -> anchor(model.get(source), pl.version));
            for (String target : pl.targets) {
                Integer destination = classOf.get(target);
                if (destination != null) {
                    out.add(new ClassLink(source, pl.version.path(), pl.type, destination, anchor));
                }
            }
        }
        return new SiteModel(model, new ArrayList<>(out), fetched);
    }

    /**
     * The page link with every page of its collection that the model placed, not only those sampled from it (a page
     * met first through another collection is not fetched again, so the seed's loop never counts it here); a list
     * whose pages then fall into several classes is a menu. Shapecrawl's, 2026-11-28: sampled over a mapping's read
     * pages, E-Jazz's "related" list on the detail pages led, on its three sampled links, to details alone, while
     * the news it also lists had been placed from the news index; the model called it a list of details, and a crawl
     * of the detail class by the model took the news too ({@code SpecCrawlTest}).
     */
    private static PageLink withPlaced(PageLink pl, SitePage source, Map<String, Integer> classOf) {
        if (source == null || pl.type == ClassLink.Type.SINGLETON) {
            return pl;
        }
        Set<String> targets = new LinkedHashSet<>(pl.targets);
        for (String url : pl.version.select(source)) {
            if (classOf.containsKey(url)) {
                targets.add(url);
            }
        }
        if (targets.size() == pl.targets.size()) {
            return pl;
        }
        long classes = targets.stream().map(classOf::get).filter(Objects::nonNull).distinct().count();
        ClassLink.Type type = pl.type == ClassLink.Type.LIST && classes > 1 ? ClassLink.Type.MENU : pl.type;
        return new PageLink(pl.source, pl.version, type, List.copyOf(targets), pl.requested);
    }

    /**
     * The page links refined once the classes are known ({@link SiteModelSettings.Refinement#LINKS}). The page links
     * of one source class at one path are refined together, so that the model writes that path one way: where a
     * menu among them (its sample and its rest together) splits at a more specific level into groups of one class
     * each, every group leading to a placed page (a group of unknown class would get no class link, and a crawl by
     * the model would lose its links), every page link of the class at that path is split at that level too,
     * each group a list (or a singleton), provided each version still leads to one class. A singleton whose
     * generalised path gathers more links, each of them placed in its class, becomes a list. The others stay.
     */
    private static List<PageLink> refined(List<PageLink> pageLinks, Map<String, SitePage> pages,
                                          Map<String, Integer> classOf) {
        Map<String, List<PageLink>> byClassPath = new LinkedHashMap<>(); // (source class, path) → its page links
        for (PageLink pl : pageLinks) {
            byClassPath.computeIfAbsent(classOf.get(pl.source) + "\n" + pl.version.path(), k -> new ArrayList<>())
                    .add(pl);
        }
        List<PageLink> out = new ArrayList<>();
        for (List<PageLink> links : byClassPath.values()) {
            Optional<List<PageLink>> split = links.stream().filter(pl -> pl.type == ClassLink.Type.MENU).findFirst()
                    .flatMap(menu -> level(menu, links, pages, classOf))
                    .flatMap(k -> splitAt(links, k, pages, classOf));
            if (split.isPresent()) {
                out.addAll(split.get());
                continue;
            }
            for (PageLink pl : links) {
                SitePage source = pages.get(pl.source);
                out.add(pl.type != ClassLink.Type.SINGLETON || source == null ? pl
                        : generalised(pl, source, classOf, requestedClasses(List.of(pl), classOf)).orElse(pl));
            }
        }
        return out;
    }

    /**
     * The level (values added) at which {@code menu}'s collection splits into groups of one class each, every group
     * leading to a placed page; its page links are all of {@code links} from the same source page.
     */
    private static Optional<Integer> level(PageLink menu, List<PageLink> links, Map<String, SitePage> pages,
                                           Map<String, Integer> classOf) {
        SitePage source = pages.get(menu.source);
        List<PageLink> ofPage = links.stream().filter(pl -> pl.source.equals(menu.source)).toList();
        Map<String, Integer> known = requestedClasses(ofPage, classOf);
        if (source == null || new HashSet<>(known.values()).size() < 2) {
            return Optional.empty();
        }
        return PathRefinement.specific(source, menu.version,
                        source.links().getOrDefault(menu.version.base(), List.of()), known)
                .filter(groups -> groups.values().stream().allMatch(g -> g.stream().anyMatch(known::containsKey)))
                .map(groups -> groups.keySet().iterator().next().prefix().size());
    }

    /**
     * Every page link of {@code links} split at level {@code k} on its own source page: one page link per version,
     * a singleton where the version selects one link on that page, else a list; empty when a source page is not at
     * hand or carries no values there, or a version leads to two classes.
     */
    private static Optional<List<PageLink>> splitAt(List<PageLink> links, int k, Map<String, SitePage> pages,
                                                    Map<String, Integer> classOf) {
        Map<String, Integer> classOfVersion = new HashMap<>();
        List<PageLink> out = new ArrayList<>();
        for (PageLink pl : links) {
            SitePage source = pages.get(pl.source);
            if (source == null) {
                return Optional.empty();
            }
            Map<String, String> finalOf = new HashMap<>();
            for (int i = 0; i < pl.requested.size(); i++) {
                finalOf.put(pl.requested.get(i), pl.targets.get(i));
            }
            Map<PathRefinement.Version, List<String>> parts = PathRefinement.at(source, pl.version.base(),
                    pl.requested, k);
            if (parts.values().stream().mapToInt(List::size).sum() < pl.requested.size()) {
                return Optional.empty(); // this page's links there carry no values: the path cannot be split alike
            }
            for (Map.Entry<PathRefinement.Version, List<String>> part : parts.entrySet()) {
                List<String> targets = part.getValue().stream().map(finalOf::get).toList();
                for (String t : targets) {
                    Integer c = classOf.get(t);
                    Integer before = c == null ? null : classOfVersion.putIfAbsent(part.getKey().path(), c);
                    if (before != null && !before.equals(c)) {
                        return Optional.empty();
                    }
                }
                ClassLink.Type type = part.getKey().select(source).size() == 1 ? ClassLink.Type.SINGLETON
                        : ClassLink.Type.LIST;
                out.add(new PageLink(pl.source, part.getKey(), type, targets, part.getValue()));
            }
        }
        return Optional.of(out);
    }

    /** A singleton's link as a list at its generalised path, when every placed page that path gathers is of its class. */
    private static Optional<PageLink> generalised(PageLink singleton, SitePage source, Map<String, Integer> classOf,
                                                  Map<String, Integer> known) {
        Optional<PathRefinement.Version> wider = PathRefinement.general(source, singleton.version);
        if (wider.isEmpty() || known.isEmpty()) {
            return Optional.empty();
        }
        Integer destination = known.values().iterator().next();
        List<String> placed = wider.get().select(source).stream().filter(classOf::containsKey).toList();
        if (placed.size() < 2 || !placed.stream().allMatch(u -> destination.equals(classOf.get(u)))) {
            return Optional.empty();
        }
        return Optional.of(new PageLink(singleton.source, wider.get(), ClassLink.Type.LIST, placed, placed));
    }

    /** The class of each requested URL whose page was placed (request URL → class index). */
    private static Map<String, Integer> requestedClasses(List<PageLink> links, Map<String, Integer> classOf) {
        Map<String, Integer> out = new HashMap<>();
        for (PageLink pl : links) {
            for (int i = 0; i < pl.requested.size(); i++) {
                Integer c = classOf.get(pl.targets.get(i));
                if (c != null) {
                    out.put(pl.requested.get(i), c);
                }
            }
        }
        return out;
    }

    /** FIXED when every page of the class where the version selects links selects the same set, else VARIABLE. */
    static ClassLink.Anchor anchor(PageClass source, PathRefinement.Version version) {
        Set<String> first = null;
        for (SitePage p : source.pages()) {
            List<String> urls = version.select(p);
            if (urls.isEmpty()) {
                continue;
            }
            Set<String> here = new HashSet<>(urls);
            if (first == null) {
                first = here;
            } else if (!first.equals(here)) {
                return ClassLink.Anchor.VARIABLE;
            }
        }
        return ClassLink.Anchor.FIXED;
    }

    /**
     * The URLs a collection samples: those a refinement fetched already first ([D]: a refined collection does not
     * fetch again what its parent's sample read), then {@link #sample(List, int)} of the others, up to {@code k}.
     */
    static List<String> sample(List<String> urls, int k, Predicate<String> cached) {
        List<String> have = urls.stream().filter(cached).limit(k).toList();
        if (have.isEmpty()) {
            return sample(urls, k);
        }
        List<String> out = new ArrayList<>(have);
        out.addAll(sample(urls.stream().filter(u -> !cached.test(u)).toList(), k - have.size()));
        return out;
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
