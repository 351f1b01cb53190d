package dev.shapecrawl.core.crawl;

import dev.shapecrawl.core.sitemodel.ModelInference;
import dev.shapecrawl.core.sitemodel.SiteModel;
import dev.shapecrawl.core.sitemodel.SiteModelSettings;
import dev.shapecrawl.core.sitemodel.SitePage;
import dev.shapecrawl.core.sitemodel.TargetClasses;
import dev.shapecrawl.events.SiteModelSnapshot;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The site model of a finished mapping (issue 18): GENERATE MODEL (seed 001, {@link ModelInference}) run over the
 * pages the mapping classified, read from their kept link and text collections instead of fetched again, so
 * inference costs no request and sees the site as the mapping did. A URL the mapping did not classify is, for
 * inference, a failed fetch (it still counts against the budget n, as the seed counts every request).
 *
 * <p>The target decision is laid over the inferred classes ({@link TargetClasses}). Deterministic: the same mapping
 * gives the same model, so a replay after a crash publishes the same one.
 */
final class MappingModel {
    private MappingModel() {
    }

    /**
     * @param store      the job's state, holding the mapping's collections
     * @param job        the job
     * @param mapping    the finished mapping
     * @param entries    the mapping's URL entries (request URL → entry)
     * @param takes      whether the target decision takes a mapped entry
     * @param status     the decision's status (DECIDED, AMBIGUOUS, NONE, FIXED)
     * @param threshold  the decision's threshold, or null
     * @param decision   the decision's words, or null
     * @param settings   the model's settings (n, dt, …)
     * @return the model, or empty when the mapping kept no collections (pages classified before the classifier sent
     *         them, or no HTML page at all)
     */
    static Optional<SiteModelSnapshot> infer(CrawlStore store, JobState job, Traversal mapping,
                                             List<Map.Entry<String, UrlEntry>> entries, Predicate<UrlEntry> takes,
                                             String status, Double threshold, String decision,
                                             SiteModelSettings settings) {
        Map<String, TargetClasses.Verdict> verdicts = new HashMap<>();
        Map<String, UrlEntry> byUrl = new HashMap<>();
        entries.forEach(e -> byUrl.put(e.getKey(), e.getValue()));
        SiteModel model = ModelInference.infer(job.seed().entryUrl(), url -> {
            Optional<CrawlStore.KeptCollections> k = store.collections(job.jobId(), mapping, url);
            k.ifPresent(c -> {
                UrlEntry e = byUrl.get(url);
                verdicts.put(c.finalUrl(), e == null ? TargetClasses.Verdict.UNKNOWN
                        : new TargetClasses.Verdict(e.similarity(), takes.test(e)));
            });
            return k.map(c -> SitePage.of(c.finalUrl(), c.collections()));
        }, settings);
        if (verdicts.isEmpty() || model.classes().isEmpty()) {
            return Optional.empty(); // no page read: no collections were kept
        }
        int mapped = (int) entries.stream().filter(e -> e.getValue().done() && e.getValue().similarity() != null)
                .count();
        return Optional.of(TargetClasses.describe(job.jobId(), Math.max(1, job.mappings()), job.seed().entryUrl(),
                mapped, model, verdicts::get, status, threshold, decision));
    }
}
