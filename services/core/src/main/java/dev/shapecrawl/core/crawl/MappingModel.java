package dev.shapecrawl.core.crawl;

import dev.shapecrawl.core.sitemodel.Mdl;
import dev.shapecrawl.core.sitemodel.ModelInference;
import dev.shapecrawl.core.sitemodel.PageClass;
import dev.shapecrawl.core.sitemodel.SiteModel;
import dev.shapecrawl.core.sitemodel.SiteModelSettings;
import dev.shapecrawl.core.sitemodel.SitePage;
import dev.shapecrawl.core.sitemodel.TargetClasses;
import dev.shapecrawl.events.SiteModelSnapshot;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The site model of a finished mapping (issue 18): GENERATE MODEL (seed 001, {@link ModelInference}) run over the
 * pages the mapping classified, read from their kept link and text collections instead of fetched again, so
 * inference costs no request and sees the site as the mapping did. A URL the mapping did not classify is, for
 * inference, not on the site: a collection's sample is taken among the links the mapping read, and the budget n
 * counts pages read (before 2026-11-28 such a URL was a failed fetch that spent the budget, and on PostgreSQL's
 * manual the model read 82 of the 200 mapped pages).
 *
 * <p>The target decision is laid over the inferred classes ({@link TargetClasses}). Deterministic: the same mapping
 * gives the same model, so a replay after a crash publishes the same one.
 */
final class MappingModel {
    private MappingModel() {
    }

    /**
     * The model a mapping's pages give, before any decision is laid over it.
     *
     * @param model     the inferred model
     * @param requested the URL each page the model read was requested by (a page's URL is its final URL, after
     *                  redirects; the mapping keys its entries by the request URL)
     */
    record Inferred(SiteModel model, Map<String, String> requested) {
        /** A mapped page's class (its index in the model) by its request URL; null when the model did not read it. */
        Map<String, Integer> classByRequestUrl() {
            Map<String, Integer> out = new HashMap<>();
            List<PageClass> classes = model.classes();
            for (int i = 0; i < classes.size(); i++) {
                for (SitePage p : classes.get(i).pages()) {
                    String request = requested.get(p.url());
                    if (request != null) {
                        out.putIfAbsent(request, i);
                    }
                }
            }
            return out;
        }

        /**
         * The model with a decision laid over it, as the {@code site-models} topic carries it.
         *
         * @param job       the job
         * @param entries   the mapping's URL entries (request URL → entry)
         * @param takes     whether the target decision takes a mapped entry
         * @param status    the decision's status (DECIDED, AMBIGUOUS, NONE, FIXED)
         * @param threshold the decision's threshold, or null
         * @param decision  the decision's words, or null
         */
        SiteModelSnapshot describe(JobState job, List<Map.Entry<String, UrlEntry>> entries,
                                   Predicate<UrlEntry> takes, String status, Double threshold, String decision) {
            Map<String, UrlEntry> byUrl = new HashMap<>();
            entries.forEach(e -> byUrl.put(e.getKey(), e.getValue()));
            Map<String, TargetClasses.Verdict> verdicts = new HashMap<>();
            requested.forEach((finalUrl, request) -> {
                UrlEntry e = byUrl.get(request);
                verdicts.put(finalUrl, e == null ? TargetClasses.Verdict.UNKNOWN
                        : new TargetClasses.Verdict(e.similarity(), takes.test(e)));
            });
            int mapped = (int) entries.stream().filter(e -> e.getValue().done() && e.getValue().similarity() != null)
                    .count();
            return TargetClasses.describe(job.jobId(), Math.max(1, job.mappings()), job.seed().entryUrl(), mapped,
                    model, verdicts::get, status, threshold, decision);
        }
    }

    /**
     * @param store    the job's state, holding the mapping's collections
     * @param job      the job
     * @param mapping  the finished mapping
     * @param settings the model's settings (n, dt, …)
     * @param read     the request URLs the mapping finished (classified or failed): inference samples among these alone
     *                 ({@link ModelInference#infer(String, Function, Predicate, SiteModelSettings, Mdl.Encoding)})
     * @return the model, or empty when the mapping kept no collections (pages classified before the classifier sent
     *         them, or no HTML page at all)
     */
    /**
     * The read pages of a job that follows scripts whose parent was read and kept no link collections (a script,
     * whose links are the pages it names), in the order the mapping met them; none for a job that does not.
     */
    static List<String> reachedByScripts(CrawlStore store, JobState job, Traversal mapping, Set<String> read) {
        if (!job.seed().followsScripts()) {
            return List.of();
        }
        List<Map.Entry<String, UrlEntry>> reached = new ArrayList<>();
        for (String url : read) {
            store.url(job.jobId(), mapping, url).ifPresent(e -> {
                String parent = e.parentUrl();
                if (parent != null && read.contains(parent)
                        && store.collections(job.jobId(), mapping, parent).isEmpty()) {
                    reached.add(Map.entry(url, e));
                }
            });
        }
        reached.sort(Comparator.comparingLong(e -> e.getValue().order()));
        return reached.stream().map(Map.Entry::getKey).toList();
    }

    static Optional<Inferred> infer(CrawlStore store, JobState job, Traversal mapping, SiteModelSettings settings,
                                    Set<String> read) {
        Map<String, String> requested = new LinkedHashMap<>();
        SiteModel model = ModelInference.infer(job.seed().entryUrl(), reachedByScripts(store, job, mapping, read), url -> {
            Optional<CrawlStore.KeptCollections> k = store.collections(job.jobId(), mapping, url);
            k.ifPresent(c -> requested.put(c.finalUrl(), url));
            return k.map(c -> SitePage.of(c.finalUrl(), c.collections()));
        }, read::contains, settings, Mdl.Encoding.COMPLETE);
        if (requested.isEmpty() || model.classes().isEmpty()) {
            return Optional.empty(); // no page read: no collections were kept
        }
        return Optional.of(new Inferred(model, requested));
    }
}
