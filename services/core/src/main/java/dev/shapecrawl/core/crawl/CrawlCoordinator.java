package dev.shapecrawl.core.crawl;

import dev.shapecrawl.core.cache.WeightedLru;
import dev.shapecrawl.core.classify.ClassCut;
import dev.shapecrawl.core.classify.InnerBoundary;
import dev.shapecrawl.core.classify.ListedTargets;
import dev.shapecrawl.core.classify.PageClassifier;
import dev.shapecrawl.core.classify.TargetDecision;
import dev.shapecrawl.core.forms.FormSubmissions;
import dev.shapecrawl.core.navigation.GeneratedPattern;
import dev.shapecrawl.core.navigation.MappedPage;
import dev.shapecrawl.core.navigation.NavigationPatternGenerator;
import dev.shapecrawl.core.navigation.LinkPosition;
import dev.shapecrawl.core.navigation.PatternMatcher;
import dev.shapecrawl.core.page.CrawlScope;
import dev.shapecrawl.core.page.UrlNormalizer;
import dev.shapecrawl.core.similarity.Similarities;
import dev.shapecrawl.core.sitemodel.SiteModelSettings;
import dev.shapecrawl.core.sitemodel.TargetClasses;
import dev.shapecrawl.events.CrawlSample;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.CrawlSpec;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.FormInfo;
import dev.shapecrawl.events.FormTemplate;
import dev.shapecrawl.events.Hashes;
import dev.shapecrawl.events.HttpMethod;
import dev.shapecrawl.events.MappingMode;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.Outlink;
import dev.shapecrawl.events.PageCollections;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.SiteModelSnapshot;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * Runs crawl jobs from their events: a seed starts a mapping (first time, or when the seed asks to remap) or a
 * crawl by the stored navigation pattern (a re-crawl); each classified page answers one request and may lead to
 * more; when a traversal has no request outstanding it ends, and a mapping's end learns the next pattern version
 * and starts the first crawl run (or, when no pattern can be learned, fails the job with a reason). Not
 * thread-safe: the caller serialises events of one job (the pattern service keys every input by job, so one stream
 * task owns a job).
 *
 * <p>Mapping is the seed's Algorithm 2 (Vidal 2006, specification §4.2): breadth-first from the entry point over
 * in-scope outlinks, a URL requested at most once, the BFS parent and depth kept for the target pages map,
 * target pages not expanded, the entry point never taken for a target, limits {@code maxPages} (requests of the
 * mapping, entry included) and {@code maxDepth} (link distance from the entry). One departure (2026-11-28): until the
 * mapping has applied a page whose similarity lies below the target decision's floor, it expands the pages like the
 * samples too (not for a job that fixed its own threshold, which has no site-wide decision). On a site of one
 * template (QDoc, Sphinx, gi-docgen) every page is like the samples by the job's provisional threshold, and not
 * expanding them ended the mapping on the entry point's first links: QDoc's after 20 pages, whose decision then had
 * nothing but the samples' kind to decide on ("this site shows no other class").
 *
 * <p><b>Answers apply in request order.</b> Requests are sent in discovery order, but answers do not come back in
 * it: the classifier finishes pages on several threads, and hosts are fetched in parallel. An answer is recorded
 * when it arrives (counters, target flag, duplicates ignored from then on) but applied (its links followed, a
 * redirect's final URL marked seen) only in its turn: once every request made before it has been applied; until
 * then it waits in the store ({@link ParkedAnswer}). So a traversal is the one a first-in, first-out answerer gives,
 * whatever the arrival order, and after a crash and a replay as without them: the mapping is Algorithm 2's
 * breadth-first search with the same parents, depths and discovery orders, hence the same map and the same
 * pattern (GROUP's leader clustering and Definition 5's ties follow discovery order), and a crawl expands each page
 * in the same states. The price is head-of-line waiting: a slow answer holds back the expansion (not the fetches)
 * of pages answered after it, so a traversal over several hosts moves at the pace of the slowest; on one host the
 * fetcher serves requests in order anyway and the wait is the classifier's reordering, milliseconds.
 *
 * <p>Crawling is §7.2 (off-by-one corrected): from the entry point, only links that the pattern step of their
 * level matches are requested ({@link PatternMatcher}); a page linked again before its answer, in states it was not
 * reached in yet, is expanded in all of them when the answer comes. A page the classifier confirms as a target
 * counts as found (so precision does not rest on the URL regexes alone, unlike the seed); targets no earlier
 * traversal found are counted as new (Table 5.3's "new target pages").
 *
 * <p><b>Forms</b> (Vidal 2006 Chapter 4, specification §6.6). A mapping meets the forms of the pages it expands;
 * the form-prober probes each and publishes its verdict ({@link FormTemplate}). An informative form becomes a node
 * of the target pages map: its instances are submitted from the page that holds it, as requests of the mapping,
 * and their result pages are expanded like linked pages, under that page. A form met without a verdict yet is
 * awaited, and <b>the mapping applies no further answer while a form is awaited</b> (answers that come meanwhile
 * are recorded and parked): the instances are then submitted, in the order the forms were met, exactly where the
 * breadth-first search met them, whenever the verdict comes. Without that the submissions took their place in
 * discovery order when the verdict arrived, so a slower probe (a form-prober restarted after a crash, a busy
 * machine) gave another map and another pattern (measured: {@code CrashSafetyIT}, a form-prober killed early in its
 * probe). The wait ends {@code formWaitMs} after the last outstanding answer or the last probe result of the job,
 * whichever came later ({@link #onClock}): a probe that makes progress is waited for however long it takes (a few
 * hundred submissions at a politeness delay of a second take longer than the default wait), a form-prober that is
 * gone or stuck is not. Then the mapping goes on without the missing verdicts. A branch through such a node
 * gets a FORM step; a crawl submits the step's informative instances on the pages of the step before
 * ({@link FormSubmissions}). A POST submission's result page is named by its key, not its URL
 * ({@link FormSubmissions#key}).
 *
 * <p>Duplicates are harmless: an answer for a URL that is not outstanding in the current traversal is ignored, so
 * a redelivered event changes nothing; a form verdict that comes again changes nothing either.
 */
public final class CrawlCoordinator {
    /**
     * The most distinct forms a mapping handles (met and awaited, or submitted). A page template with a form per
     * item (an "add to cart" form with the item's id in its fields) would otherwise grow the job's state per page;
     * search forms are few per site.
     */
    public static final int MAX_FORMS_PER_MAPPING = 32;
    /**
     * The most submissions of one form a crawl makes on one page: bounds the Cartesian product of the values a
     * seed gives ({@link CrawlSeed#formValues()}); the prober's informative instances are fewer (its static cap
     * per template, Moraes 2013 §3).
     */
    public static final int MAX_SUBMISSIONS_PER_FORM = 10_000;
    /** Default of how long a mapping waits for the verdicts of the forms it met: 5 minutes, in ms. */
    public static final long DEFAULT_FORM_WAIT_MS = 300_000;
    /**
     * How often a probe result renews the form wait, at most, per wait period: 10 (renewed once a tenth of the wait
     * has passed). Bounds the job-state writes probing causes; the wait is then at least 90% of {@code formWaitMs}
     * after the last probe result.
     */
    static final int WAIT_RENEWALS = 10;
    private static final int MATCHER_CACHE = 256;

    private final CrawlStore store;
    private final CrawlOutput out;
    private final NavigationPatternGenerator generator;
    private final LongSupplier clockMs;
    private final long formWaitMs;
    private final TargetDecision.Settings decisionSettings = TargetDecision.Settings.defaults();
    private final SiteModelSettings modelSettings = SiteModelSettings.defaults();
    private final WeightedLru<String, Compiled> matchers = WeightedLru.ofEntries(MATCHER_CACHE);

    /** A coordinator that waits {@link #DEFAULT_FORM_WAIT_MS} for form verdicts. */
    public CrawlCoordinator(CrawlStore store, CrawlOutput out, NavigationPatternGenerator generator,
                            LongSupplier clockMs) {
        this(store, out, generator, clockMs, DEFAULT_FORM_WAIT_MS);
    }

    /**
     * @param store      the jobs' state
     * @param out        where requests, patterns and statuses go
     * @param generator  learns a navigation pattern from a finished mapping
     * @param clockMs    wall clock in epoch ms, for status stamps and the form wait
     * @param formWaitMs how long a mapping with nothing outstanding waits for the verdicts of the forms it met,
     *                   counted from the last probe result of the job when one came later, ms, >= 0 (0: it never
     *                   waits)
     * @throws IllegalArgumentException if {@code formWaitMs} is negative
     */
    public CrawlCoordinator(CrawlStore store, CrawlOutput out, NavigationPatternGenerator generator,
                            LongSupplier clockMs, long formWaitMs) {
        this.store = Objects.requireNonNull(store, "store");
        this.out = Objects.requireNonNull(out, "out");
        this.generator = Objects.requireNonNull(generator, "generator");
        this.clockMs = Objects.requireNonNull(clockMs, "clockMs");
        if (formWaitMs < 0) {
            throw new IllegalArgumentException("formWaitMs: must be >= 0, was " + formWaitMs);
        }
        this.formWaitMs = formWaitMs;
    }

    /**
     * A seed: starts the job's first mapping, a re-crawl by its stored pattern, or a new mapping: with
     * {@code remap}, when the job has no pattern, when its last mapping ended AMBIGUOUS, or when the seed names other
     * samples than the run that learnt the pattern (the last two read the site from the fetcher's stored copies).
     * A seed that arrives while a traversal runs waits for its end.
     */
    public void onSeed(CrawlSeed seed) {
        Optional<JobState> known = store.job(seed.jobId());
        String problem = seedProblem(seed);
        if (problem != null) {
            // a seed the classifier could not work with: said at once, nothing fetched; a running traversal goes on
            Draft job = known.map(Draft::new).orElseGet(() -> new Draft(seed));
            if (!known.map(JobState::busy).orElse(false)) {
                job.seed = seed;
                job.phase = Phase.FAILED;
            }
            job.lastError = "seed refused: " + problem;
            save(job);
            return;
        }
        if (known.isPresent() && known.get().busy()) {
            Draft job = new Draft(known.get());
            job.pendingSeed = seed;
            save(job);
            return;
        }
        start(known.map(Draft::new).orElseGet(() -> new Draft(seed)), seed);
    }

    /**
     * Why the classifier could not work with {@code seed}, or null: today, a similarity measure it does not know
     * ({@link Similarities#named}).
     */
    static String seedProblem(CrawlSeed seed) {
        if (seed.similarityMeasure() == null) {
            return null;
        }
        try {
            Similarities.named(seed.similarityMeasure());
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    /**
     * A sample page given by URL is requested (purpose SAMPLE); the classifier resolves it. The sample is kept: a
     * sampled mapping reads the lists that hold a positive sample's URL ({@link LinkSampling#besideSamples}). The
     * classifier classifies no page of the job before its samples are resolved, and a URL sample is resolved only
     * after this request, so every page the mapping expands is expanded with the sample known.
     */
    public void onSample(CrawlSample sample) {
        if (sample.url() != null) {
            // only a positive sample the system fetches counts: an inline one is not known before pages are classified
            boolean counts = sample.html() == null && !Boolean.TRUE.equals(sample.negative());
            store.putSampleUrl(sample.jobId(), sample.sampleId(),
                    counts ? UrlNormalizer.normalize(sample.url()).orElse(null) : null);
            out.fetch(FetchRequest.get(sample.jobId(), sample.url(), Purpose.SAMPLE, 0));
        }
    }

    /**
     * The form-prober's verdict on a form of the job: kept for the job's mappings and crawls; if the current mapping
     * awaits it, an informative form's instances are submitted from the page the mapping met it on.
     *
     * @return {@link Delivery#UNKNOWN_JOB} when no job of that id is held (the verdict is kept all the same: a
     *         mapping of that job that starts later and meets the form uses it), else {@link Delivery#ACCEPTED}
     */
    public Delivery onFormTemplate(FormTemplate template) {
        Optional<FormTemplate> before = store.form(template.jobId(), template.formId());
        if (before.isEmpty() || !before.get().equals(template)) {
            store.putForm(template);
        }
        Optional<JobState> known = store.job(template.jobId());
        if (known.isEmpty()) {
            return Delivery.UNKNOWN_JOB;
        }
        if (known.get().phase() != Phase.MAPPING) {
            return Delivery.ACCEPTED; // kept: a mapping that meets the form later, or a crawl, uses it
        }
        Draft job = new Draft(known.get());
        if (job.awaitedForms.stream().noneMatch(a -> a.formId().equals(template.formId()))) {
            return Delivery.ACCEPTED; // not met by this mapping yet (it is used when met), or settled (a redelivery)
        }
        Traversal traversal = job.traversal();
        submitSettledForms(job, traversal);
        applyParked(job, traversal);
        settle(job);
        return Delivery.ACCEPTED;
    }

    /**
     * Submits the awaited forms whose verdicts are known, in the order they were met, up to the first still
     * without one: a later form's verdict waits for the earlier ones', so the submissions' discovery order does not
     * depend on which probe ends first.
     */
    private void submitSettledForms(Draft job, Traversal traversal) {
        while (!job.awaitedForms.isEmpty()) {
            AwaitedForm first = job.awaitedForms.get(0);
            Optional<FormTemplate> verdict = store.form(job.jobId, first.formId());
            if (verdict.isEmpty()) {
                return;
            }
            job.awaitedForms.remove(0);
            submit(job, traversal, first.pageUrl(), first.depth(), verdict.get());
        }
    }

    /**
     * The passing of time: a mapping that has had nothing outstanding and no probe result of its job for
     * {@code formWaitMs} while forms it met were awaited goes on without them (applies the answers parked meanwhile,
     * and ends if they request nothing), noting which in its last error. Called periodically by the service.
     *
     * @param nowMs epoch ms
     */
    public void onClock(long nowMs) {
        List<JobState> due = new ArrayList<>();
        store.forEachJob(j -> {
            if (j.phase() == Phase.MAPPING && j.outstanding() <= 0 && !j.awaitedForms().isEmpty()
                    && j.formWaitSinceMs() > 0 && nowMs - j.formWaitSinceMs() >= formWaitMs) {
                due.add(j);
            }
        });
        for (JobState state : due) {
            Draft job = new Draft(state);
            job.lastError = "no verdict from the form-prober within " + formWaitMs + " ms for forms "
                    + job.awaitedForms.stream().map(AwaitedForm::formId).toList()
                    + ": the mapping went on without them";
            job.awaitedForms.clear();
            applyParked(job, job.traversal());
            settle(job);
        }
    }

    /**
     * A probe result of the job passed by: the form-prober is at work, so a mapping waiting for form verdicts waits
     * {@code formWaitMs} from now. Renewed at most once per tenth of the wait ({@link #WAIT_RENEWALS} writes of the
     * job state per wait, not one per probe submission).
     */
    private void probing(String jobId) {
        Optional<JobState> state = store.job(jobId);
        long now = clockMs.getAsLong();
        if (state.isPresent() && state.get().phase() == Phase.MAPPING && state.get().formWaitSinceMs() > 0
                && now - state.get().formWaitSinceMs() >= formWaitMs / WAIT_RENEWALS) {
            Draft job = new Draft(state.get());
            job.formWaitSinceMs = now;
            save(job);
        }
    }

    /**
     * A classified page: answers a MAP or CRAWL request of the job's current traversal.
     *
     * @return {@link Delivery#UNKNOWN_JOB} when the page answers a MAP or CRAWL request and no job of that id is held
     *         (no request of this store's can be answered by it, ever), else {@link Delivery#ACCEPTED} (applied,
     *         parked for its turn, or a duplicate ignored)
     */
    public Delivery onPage(PageClassified page) {
        Purpose purpose = page.request().purpose();
        if (purpose == Purpose.SAMPLE) {
            return onSampleAnswer(page);
        }
        if (purpose == Purpose.PROBE) {
            probing(page.jobId());
            return Delivery.ACCEPTED; // probe results are the form-prober's business
        }
        Optional<JobState> known = store.job(page.jobId());
        if (known.isEmpty()) {
            return Delivery.UNKNOWN_JOB;
        }
        Draft job = new Draft(known.get());
        boolean mapping = purpose == Purpose.MAP;
        if (job.phase != (mapping ? Phase.MAPPING : Phase.CRAWLING)) {
            return Delivery.ACCEPTED; // a late duplicate of an ended traversal
        }
        Traversal traversal = job.traversal();
        String url = FormSubmissions.key(page.request());
        Optional<UrlEntry> entry = store.url(job.jobId, traversal, url);
        if (entry.isEmpty() || entry.get().done()) {
            return Delivery.ACCEPTED; // not ours, or answered already (a redelivery)
        }
        boolean isTarget = page.target() && entry.get().depth() > 0; // the entry point is never a target (§4.2)
        store.putUrl(job.jobId, traversal, url,
                entry.get().answered(isTarget, page.similarity(), page.negativeSimilarity()));
        if (mapping && page.collections() != null) {
            store.putCollections(job.jobId, traversal, url, page.finalUrl(), page.collections());
        }
        job.outstanding--;
        job.fetched++;
        if (mapping) {
            job.mappingFetches++;
            job.mappingReused += page.fromStore() ? 1 : 0;
            job.mappingNotModified += page.unchanged() ? 1 : 0;
        } else {
            job.crawlingFetches++;
            job.crawlingReused += page.fromStore() ? 1 : 0;
            job.crawlingNotModified += page.unchanged() ? 1 : 0;
        }
        if (page.reason() != null && page.status() / 100 != 2) {
            job.failed++;
            job.lastError = "fetch of " + url + " failed: " + page.reason();
        }
        if (isTarget) {
            job.targets++;
            // a crawl run's target has its records extracted from this body now; a mapping's verdict writes none
            String recordsHash = !mapping && Hashes.isSha256Hex(page.contentHash()) ? page.contentHash() : null;
            if (store.addTarget(job.jobId, url, recordsHash)) {
                job.newTargets++;
            }
        }
        if (entry.get().order() == job.nextTurn && job.awaitedForms.isEmpty()) {
            apply(job, traversal, page);
            applyParked(job, traversal);
        } else {
            // a mapping's collections are kept on their own (putCollections above); a crawled hub's link
            // collections (its class links) wait with it
            store.park(job.jobId, traversal, entry.get().order(),
                    new ParkedAnswer(mapping ? page.withoutCollections() : page));
        }
        settle(job);
        return Delivery.ACCEPTED;
    }

    /**
     * The answer to a sample's fetch (requested by {@link #onSample}): the samples define the target pages, so a
     * sample that is outside the job's scope or has no usable HTML (its fetch failed, it is not HTML, its body is
     * empty) ends the job's running traversal as {@link Phase#FAILED} with that reason, at once, instead of letting
     * it map the site with fewer samples than the user gave (issue 18, "Bad input"). A mapping that already ended
     * FAILED or AMBIGUOUS (its answers may overtake the sample's) ends FAILED with the sample's reason instead; a job
     * that crawled by its pattern is left as it is.
     *
     * @return always {@link Delivery#ACCEPTED}: a sample's answer never needs a dead letter
     */
    private Delivery onSampleAnswer(PageClassified page) {
        Optional<JobState> known = store.job(page.jobId());
        if (known.isEmpty()) {
            return Delivery.ACCEPTED;
        }
        Draft job = new Draft(known.get());
        String problem = sampleProblem(job.seed, page);
        if (problem == null) {
            return Delivery.ACCEPTED;
        }
        if (known.get().busy()) {
            fail(job, problem);
        } else if (job.phase == Phase.FAILED || job.phase == Phase.AMBIGUOUS) {
            // The mapping ended before this answer came (without a usable sample its pages have no links to
            // follow), so its own verdict ("no target page") is a consequence: the sample is the cause.
            job.phase = Phase.FAILED;
            job.lastError = problem;
            save(job);
        }
        return Delivery.ACCEPTED;
    }

    /**
     * Why a sample's answer makes the sample unusable, or null.
     *
     * @param seed the job's seed (its scope)
     * @param page the classified answer to a SAMPLE request
     * @return the reason, naming the sample's URL, or null when the sample is usable
     */
    static String sampleProblem(CrawlSeed seed, PageClassified page) {
        String url = page.request().url();
        if (!CrawlScope.of(seed).contains(url)) {
            return "sample page " + url + " is outside the job's scope (" + seed.scope() + " of "
                    + seed.entryUrl() + "): give a sample page of the site being crawled";
        }
        // A body that could be parsed has a hash; a failed fetch, a non-HTML answer or an empty body has none.
        if (page.contentHash() == null) {
            return "sample page " + url + " cannot be used: " + (page.reason() == null ? "no HTML body"
                    : page.reason());
        }
        return null;
    }

    /**
     * Ends the job's traversal as {@link Phase#FAILED} with {@code reason}; its outstanding answers are ignored on
     * arrival (the phase no longer matches), and a seed that waited for the traversal's end starts now.
     */
    private void fail(Draft job, String reason) {
        if (job.phase == Phase.CRAWLING) {
            // a FAILED job's traversal reads as its last mapping's (JobState.traversal), so the next start would
            // not find this crawl's entries to drop
            store.dropTraversal(job.jobId, job.traversal());
        }
        job.phase = Phase.FAILED;
        job.lastError = reason;
        job.outstanding = 0;
        job.awaitedForms.clear();
        job.formWaitSinceMs = 0;
        if (job.pendingSeed != null) {
            start(job, job.pendingSeed);
        } else {
            save(job);
        }
    }

    /**
     * Ends the traversal when nothing is outstanding and no form it met is awaited; otherwise saves the job, noting
     * when a mapping began to wait for forms alone.
     */
    private void settle(Draft job) {
        if (job.outstanding > 0) {
            job.formWaitSinceMs = 0;
            save(job);
        } else if (job.phase == Phase.MAPPING && !job.awaitedForms.isEmpty()) {
            if (job.formWaitSinceMs == 0) {
                job.formWaitSinceMs = clockMs.getAsLong();
            }
            save(job);
        } else {
            end(job);
        }
    }

    /**
     * Applies the answer whose turn it is: marks a redirect's final URL seen and follows the page's links, with
     * the page's entry as it stands now (a crawl may have reached it in more states while its answer waited).
     */
    private void apply(Draft job, Traversal traversal, PageClassified page) {
        job.nextTurn++;
        String url = FormSubmissions.key(page.request());
        UrlEntry entry = store.url(job.jobId, traversal, url).orElseThrow();
        markFinalUrlSeen(job, traversal, page, entry);
        if (traversal.mapping()) {
            if (entry.via() != null) {
                job.collections = job.collections.applied(entry.via(), entry.target()); // a sampled collection path
            }
            if (entry.viaName() != null) {
                job.collections = job.collections.applied(entry.viaName(), entry.target()); // sampledLinkName
            }
        } else if (entry.viaName() != null && entry.target()) {
            job.collections = job.collections.found(entry.viaName()); // a target page's link name (targetLinkName)
        }
        if (traversal.mapping()) {
            expandMapping(job, traversal, url, entry, page);
        } else {
            expandCrawl(job, traversal, url, entry, page);
        }
    }

    /** Applies parked answers while the next turn's is there and no form the mapping met is awaited. */
    private void applyParked(Draft job, Traversal traversal) {
        Optional<ParkedAnswer> next;
        while (job.awaitedForms.isEmpty() && (next = store.unpark(job.jobId, traversal, job.nextTurn)).isPresent()) {
            if (next.get().page() == null) {
                job.nextTurn++; // a URL marked seen, not requested: nothing to apply
            } else {
                apply(job, traversal, next.get().page());
            }
        }
    }

    /** Whether the answer of a URL of the current traversal has been applied (its links followed). */
    private static boolean applied(Draft job, UrlEntry entry) {
        return entry.order() < job.nextTurn;
    }

    private void markFinalUrlSeen(Draft job, Traversal traversal, PageClassified page, UrlEntry entry) {
        String finalUrl = page.finalUrl();
        if (!finalUrl.equals(page.request().url()) && store.url(job.jobId, traversal, finalUrl).isEmpty()) {
            long order = job.nextOrder++;
            store.putUrl(job.jobId, traversal, finalUrl,
                    new UrlEntry(entry.depth(), entry.parentUrl(), order, true, false, entry.states(), List.of(),
                            null, null, null, null, null));
            store.park(job.jobId, traversal, order, ParkedAnswer.nothing()); // its turn passes without an answer
        }
    }

    private void expandMapping(Draft job, Traversal traversal, String url, UrlEntry entry, PageClassified page) {
        // a page the decision could set apart from the samples; until one is met, the pages like the samples are
        // expanded too (class comment)
        if (page.similarity() != null && page.similarity() < decisionSettings.floor()) {
            job.mappingBelowFloorSeen = true;
        }
        boolean leaf = entry.target() && (job.mappingBelowFloorSeen || !decidesSiteWide(job));
        if (leaf || entry.depth() >= job.seed.maxDepth()) {
            return; // target pages are not expanded (Algorithm 2), once the mapping has seen other pages
        }
        Map<String, String> sampled = sampledLinks(job, traversal, url, page);
        for (Outlink link : page.outlinks()) {
            if (!follows(job, link)) {
                job.mappingScriptsSkipped |= link.inScope() && link.isScript(); // for a mapping that finds nothing (end)
                continue;
            }
            Optional<UrlEntry> known = store.url(job.jobId, traversal, link.url());
            if (known.isPresent()) {
                // another way to the page: kept (bounded) so coverage counts the lists that name a target that
                // was first met elsewhere (navigation.Reach)
                UrlEntry more = known.get().withReferrer(url);
                if (more != known.get()) {
                    store.putUrl(job.jobId, traversal, link.url(), more);
                }
            } else if (job.requested < job.seed.mappingBudget()
                    && (sampled == null || sampled.containsKey(link.url()) || link.isScript())) {
                // a script the page loads is read in full, as a menu: one request per script and site, and the
                // pages its literals name may be linked from nowhere else (ScriptLinks)
                String path = sampled == null ? null : sampled.get(link.url());
                request(job, traversal, link.url(), url, entry.depth() + 1, Purpose.MAP, "", path,
                        path == null ? null : sampledLinkName(link.anchorText()), false);
            }
        }
        for (FormInfo form : page.forms()) {
            meetForm(job, traversal, url, entry.depth(), form);
        }
    }

    /**
     * Whether the job follows an outlink: in scope, and not a script unless the job follows scripts
     * ({@link CrawlSeed#scriptLinks()}).
     */
    private static boolean follows(Draft job, Outlink link) {
        return link.inScope() && (!link.isScript() || job.seed.followsScripts());
    }

    /** A page's collections: carried by its answer, or kept when the answer was parked (which drops them). */
    private Optional<PageCollections> keptCollections(Draft job, Traversal traversal, String url,
                                                      PageClassified page) {
        return page.collections() != null ? Optional.of(page.collections())
                : store.collections(job.jobId, traversal, url).map(CrawlStore.KeptCollections::collections);
    }

    /**
     * The links a {@link MappingMode#SAMPLED} mapping requests from a page ({@link LinkSampling}, seed 001 §3.3.1),
     * each with the id of the collection path it is sampled through (null for a sample's neighbour), through the
     * paths and by the names still open ({@link CollectionOutcomes}, {@link #sampledLinkName}); or null when every
     * new in-scope link is requested (a {@link MappingMode#FULL} mapping, or a page whose link collections were not
     * kept). A script ({@link PageClassifier#SCRIPT_REASON}) has its in-scope links sampled as one collection, with no
     * path id.
     */
    private Map<String, String> sampledLinks(Draft job, Traversal traversal, String url, PageClassified page) {
        if (job.seed.mapping() != MappingMode.SAMPLED) {
            return null;
        }
        PageCollections collections = keptCollections(job, traversal, url, page).orElse(null);
        boolean script = PageClassifier.SCRIPT_REASON.equals(page.reason());
        if (collections == null && !script) {
            return null;
        }
        // in-scope link -> its anchor text (the first link to it: the one expandMapping requests it by)
        Map<String, String> textOf = new LinkedHashMap<>();
        for (Outlink link : page.outlinks()) {
            if (follows(job, link)) {
                textOf.putIfAbsent(link.url(), link.anchorText());
            }
        }
        // A script's links (ScriptLinks) are sampled as one collection, not counted by path: a script can name every
        // page of a site (Scaladoc's index.js), and read in full it spent a sampled mapping's budget on one list.
        boolean byPath = !script;
        Map<String, List<String>> links = byPath ? collections.links()
                : Map.of("", List.copyOf(textOf.keySet()));
        Predicate<String> unseen = u -> textOf.containsKey(u) && store.url(job.jobId, traversal, u).isEmpty();
        Predicate<String> eligible = unseen.and(u -> {
            String name = sampledLinkName(textOf.get(u));
            return name == null || job.collections.open(name);
        });
        Map<String, String> ids = new HashMap<>(); // path -> id, each hashed once per page
        Function<String, String> id = path -> ids.computeIfAbsent(path, CollectionOutcomes::id);
        Map<String, String> chosen = new HashMap<>();
        LinkSampling.choose(links, eligible, path -> !byPath || job.collections.open(id.apply(path)),
                LinkSampling.PER_COLLECTION).forEach((link, path) -> chosen.put(link, byPath ? id.apply(path) : null));
        for (String link : LinkSampling.besideSamples(links, store.sampleUrls(job.jobId), unseen)) {
            chosen.putIfAbsent(link, null);
        }
        return chosen;
    }

    /**
     * A form on a page the mapping expands: the first time the mapping meets it, its known verdict is applied
     * (an informative form's instances submitted from here), or it is awaited (also with a known verdict while an
     * earlier form is awaited: submissions keep the order the forms were met). With {@code formWaitMs} 0 (no
     * form-prober) a form without a verdict is not awaited: the mapping would stop at it only to go on.
     */
    private void meetForm(Draft job, Traversal traversal, String pageUrl, int depth, FormInfo form) {
        String formId = form.id();
        if (job.formsMet.contains(formId) || job.formsMet.size() >= MAX_FORMS_PER_MAPPING) {
            return;
        }
        job.formsMet.add(formId);
        Optional<FormTemplate> verdict = store.form(job.jobId, formId);
        if (verdict.isPresent() && job.awaitedForms.isEmpty()) {
            submit(job, traversal, pageUrl, depth, verdict.get());
        } else if (verdict.isPresent() || formWaitMs > 0) {
            job.awaitedForms.add(new AwaitedForm(formId, pageUrl, depth));
        }
        // else no verdict is waited for (no form-prober): the mapping goes on without the form, as after a wait
    }

    /**
     * Submits a form step's informative instances from {@code pageUrl} as requests of the mapping (nothing for
     * another verdict): each submission not made yet in this traversal, within the mapping's page budget.
     */
    private void submit(Draft job, Traversal traversal, String pageUrl, int depth, FormTemplate template) {
        int room = (int) Math.max(0, job.seed.mappingBudget() - job.requested);
        boolean sampled = job.seed.mapping() == MappingMode.SAMPLED;
        List<FetchRequest> submissions = FormSubmissions.requests(template, job.jobId, Purpose.MAP, depth + 1, pageUrl,
                sampled ? Integer.MAX_VALUE : room);
        if (sampled) {
            // a form's instances are sampled like a link collection's links: the crawl submits them all (its FORM
            // step carries the form's verdict), and the sample's budget is left for the other forms and for the
            // result pages' next links, from which the pattern learns its pagination loops
            submissions = LinkSampling.evenlySpaced(submissions, LinkSampling.PER_COLLECTION);
            submissions = submissions.subList(0, Math.min(room, submissions.size()));
        }
        for (FetchRequest r : submissions) {
            String key = FormSubmissions.key(r);
            if (store.url(job.jobId, traversal, key).isEmpty()) {
                requestSubmission(job, traversal, r, key, "", template.formId());
            }
        }
    }

    /** Requests one form submission, its result page named by {@code key}, reached in {@code states}. */
    private void requestSubmission(Draft job, Traversal traversal, FetchRequest r, String key, String states,
                                   String formId) {
        store.putUrl(job.jobId, traversal, key,
                UrlEntry.submitted(r.depth(), r.parentUrl(), job.nextOrder++, states, formId));
        send(job, r);
    }

    private void expandCrawl(Draft job, Traversal traversal, String url, UrlEntry entry, PageClassified page) {
        if (job.seed.spec() != null) {
            expandBySpec(job, traversal, url, entry, page);
            return;
        }
        PatternMatcher matcher = matcher(job);
        PatternMatcher.States from = matcher.decode(entry.states());
        boolean expands = matcher.expands(from);
        // A confirmed target page at the end of a branch: its links that a target step takes are requested as pages
        // of that step (PatternMatcher.nextTarget), for targets linked only from other targets (Scaladoc's nested
        // classes, a Sphinx class's members), which a mapping that does not expand targets never shows the pattern.
        // A loop on the target steps, so only with the pattern's loops (not in the seed-faithful preset).
        boolean targetLinks = !expands && page.target() && matcher.atTarget(from) && generator.settings().loops();
        if (!expands && !targetLinks) {
            return;
        }
        // a crawled hub's link collections come with its answer (parked with it when it waited for its turn)
        Map<String, List<LinkPosition>> linkPaths = page.collections() == null ? Map.of()
                : ClassLinks.pathsByUrl(page.collections(), matcher.excludesAny());
        for (Outlink link : page.outlinks()) {
            if (!follows(job, link)) {
                continue;
            }
            List<LinkPosition> at = linkPaths.getOrDefault(link.url(), List.of());
            PatternMatcher.States next = expands ? matcher.next(from, link.url(), null, at)
                    : matcher.nextTarget(from, link.url(), at);
            if (next.isEmpty()) {
                continue;
            }
            Optional<UrlEntry> seen = store.url(job.jobId, traversal, link.url());
            if (seen.isEmpty()) {
                String name = expands ? null : targetLinkName(link);
                if (name != null && !job.collections.open(name)) {
                    continue; // a name whose first pages were no targets (targetLinkName)
                }
                if (!crawlBudgetLeft(job)) {
                    return;
                }
                requestByPattern(job, traversal, link.url(), url, entry.depth() + 1, matcher, next, name);
            } else if (expands) {
                reachedAgain(job, traversal, matcher, link.url(), seen.get(), next);
            }
        }
        if (!expands) {
            return; // a target page's forms are not the pattern's
        }
        for (FormInfo form : page.forms()) {
            Optional<FormTemplate> step = store.form(job.jobId, form.id());
            if (step.isEmpty() || !step.get().informative()) {
                continue;
            }
            for (FetchRequest r : FormSubmissions.requests(step.get(), job.seed.formValues(), job.jobId,
                    Purpose.CRAWL, entry.depth() + 1, url, MAX_SUBMISSIONS_PER_FORM)) {
                String key = FormSubmissions.key(r);
                PatternMatcher.States next = matcher.next(from, key, step.get().formId());
                if (next.isEmpty()) {
                    break; // one form's submissions share the form id and the action: none is taken
                }
                Optional<UrlEntry> seen = store.url(job.jobId, traversal, key);
                if (seen.isEmpty()) {
                    if (!crawlBudgetLeft(job)) {
                        return;
                    }
                    requestSubmission(job, traversal, r, key, matcher.encode(next), step.get().formId());
                } else {
                    reachedAgain(job, traversal, matcher, key, seen.get(), next);
                }
            }
        }
    }

    /**
     * Follows a page of a crawl-spec job by its class's class links (seed 001 §4.3): the URLs each class link's XPath
     * selected on the page (the classifier's {@code collections}, keyed by XPath) that are in scope and new to the run
     * are requested as pages of the link's destination class ({@link CrawlSpec#classFrom}: or its alternatives, when
     * class links of the same XPath lead to several classes), the first class link to reach a URL deciding its class
     * (§4.2: assigned at discovery; §4.4: each URL downloaded once). A URL entry's states hold its class.
     */
    private void expandBySpec(Draft job, Traversal traversal, String url, UrlEntry entry, PageClassified page) {
        Map<String, List<String>> selected = page.collections() == null ? Map.of() : page.collections().links();
        if (selected.isEmpty()) {
            return;
        }
        Set<String> inScope = new HashSet<>();
        page.outlinks().stream().filter(Outlink::inScope).forEach(l -> inScope.add(l.url()));
        CrawlSpec spec = job.seed.spec();
        for (CrawlSpec.Link link : spec.linksFrom(entry.states())) {
            String pageClass = spec.classFrom(link);
            for (String next : selected.getOrDefault(link.xpath(), List.of())) {
                if (!inScope.contains(next) || store.url(job.jobId, traversal, next).isPresent()) {
                    continue;
                }
                if (!crawlBudgetLeft(job)) {
                    return;
                }
                request(job, traversal, next, url, entry.depth() + 1, Purpose.CRAWL, pageClass);
            }
        }
    }

    /**
     * Whether the crawl run may request another page ({@link CrawlSeed#maxCrawlPages()}); the first time it may
     * not, the job's last error says so: the run then ends with what it has.
     */
    private static boolean crawlBudgetLeft(Draft job) {
        if (job.requested < job.seed.maxCrawlPages()) {
            return true;
        }
        if (job.lastError == null || !job.lastError.startsWith("crawl budget")) {
            job.lastError = "crawl budget of " + job.seed.maxCrawlPages() + " requests reached (maxCrawlPages):"
                    + " the run ends without the pages beyond it";
        }
        return false;
    }

    /**
     * A page reached another way before its answer is applied (branches share pages): its links are followed for
     * every way it was reached. A page whose links were followed is not fetched again for this.
     */
    private void reachedAgain(Draft job, Traversal traversal, PatternMatcher matcher, String key, UrlEntry seen,
                              PatternMatcher.States next) {
        if (!applied(job, seen)) {
            PatternMatcher.States known = matcher.decode(seen.states());
            if (!known.containsAll(next)) {
                store.putUrl(job.jobId, traversal, key, seen.withStates(matcher.encode(known.union(next))));
            }
        }
    }

    private void request(Draft job, Traversal traversal, String url, String parent, int depth, Purpose purpose,
                         String states) {
        request(job, traversal, url, parent, depth, purpose, states, null, null, false);
    }

    /**
     * Requests a page a crawl by the pattern reaches in {@code next}. Where the pattern expands it whatever the
     * classifier decides (a loop step, or a step with one after it), its answer must carry its link collections even
     * when it is a target, for the class links and excluded groups to hold on its links
     * ({@link FetchRequest#expanded()}). A page reached in more states later is answered without them if it was not
     * asked for; its links are then followed by their URLs. {@code name}: the id of the target page's link name it
     * was taken by ({@link #targetLinkName}), counted as requested through that name; null for any other link.
     */
    private void requestByPattern(Draft job, Traversal traversal, String url, String parent, int depth,
                                  PatternMatcher matcher, PatternMatcher.States next, String name) {
        if (name != null) {
            job.collections = job.collections.requested(name);
        }
        request(job, traversal, url, parent, depth, Purpose.CRAWL, matcher.encode(next), null, name,
                matcher.expands(next));
    }

    /**
     * The id under which the crawl counts what a target page's link of this name led to ({@link CollectionOutcomes},
     * the sampled mapping's rule for a collection path, here for a link's name): once
     * {@link LinkSampling#PER_COLLECTION} pages have been requested through target pages' links of one anchor text
     * and none of them has been found a target page, the crawl takes no more links of that text from target pages
     * (until one is found a target: {@link CollectionOutcomes#requested}). Why the name: a confirmed target page's
     * answer comes without its link collections (the classifier keeps them off target pages, which are most of a
     * crawl's pages), and what a target page links to beside its own kind is mostly its navigation, whose links carry
     * the same name on every page (gtk-doc's "Up" to the chapter, 17 of gio's requests), while the targets it links
     * to carry their own names (Scaladoc's nested classes). shapecrawl's rule, beyond the seeds (docs/navigation.md
     * §8, "A target page's links").
     */
    private static String targetLinkName(Outlink link) {
        return CollectionOutcomes.id("target link: " + link.anchorText());
    }

    /**
     * The id under which a sampled mapping counts what its sampled links of one name (anchor text) led to, as it does
     * for a collection path ({@link CollectionOutcomes}: once {@link LinkSampling#PER_COLLECTION} pages requested
     * through links of this name have been answered and none of them was a target page, the mapping samples no more
     * links of this name, on any page); null for a link with no text, whose name says nothing of where it leads (an
     * image, an icon). Why a name as well as a path: a page's navigation repeats its names at many paths (Haddock's
     * "Source" beside each declaration of a module, each in its own markup) and on pages of many kinds (javadoc's
     * "Use" and "Tree"), where a path is closed only once per path and per kind of page; the links of a list of
     * targets carry the names of their targets, so the name closes nothing there. Counted on answers, like a path:
     * counted on requests, the mapping read too few pages through the navigation to judge its groups, and the
     * crawl walked them (docs/navigation.md §8, "The mapping's sampled links by name"). shapecrawl's rule, beyond the
     * seeds.
     */
    private static String sampledLinkName(String anchorText) {
        return anchorText.isBlank() ? null : CollectionOutcomes.id("sampled link: " + anchorText);
    }

    /**
     * Requests {@code url}; {@code via} and {@code viaName} are the ids of the collection path and of the link name it
     * was taken through, whose outcomes its answer counts for ({@link UrlEntry#via()}, {@link UrlEntry#viaName()});
     * {@code expanded}: the crawl follows the page's links whatever its verdict ({@link #requestByPattern}).
     */
    private void request(Draft job, Traversal traversal, String url, String parent, int depth, Purpose purpose,
                         String states, String via, String viaName, boolean expanded) {
        store.putUrl(job.jobId, traversal, url,
                UrlEntry.requested(depth, parent, job.nextOrder++, states, via, viaName));
        // a crawl-spec job's URL carries its class to the classifier, which selects that class's links
        String pageClass = purpose == Purpose.CRAWL && job.seed.spec() != null ? states : null;
        FetchRequest r = new FetchRequest(job.jobId, url, HttpMethod.GET, List.of(), purpose, depth, parent, 0, null,
                null, pageClass);
        send(job, expanded ? r.asExpanded() : r);
    }

    private void send(Draft job, FetchRequest request) {
        FetchRequest sent = request;
        // a crawl's pages are decided against the pattern's site-wide threshold, which travels with each request
        if (request.purpose() == Purpose.CRAWL && job.pattern != null) {
            sent = sent.withTargetThreshold(job.pattern.targetThreshold());
        }
        // an earlier crawl run's target page: an answer with the same content has its records written already
        if (request.purpose() == Purpose.CRAWL) {
            Optional<String> written = store.crawledTargetHash(job.jobId, FormSubmissions.key(request));
            if (written.isPresent()) {
                sent = sent.withKnownTargetHash(written.get());
            }
        }
        // a mapping asked again with other samples reads the previous mapping's pages from the fetcher's store, and
        // the first crawl run after a mapping reads the mapping's: one fetch per URL per run (issue 19)
        if (request.method() == HttpMethod.GET && job.reuseSinceMs > 0) {
            sent = sent.withReuseSince(job.reuseSinceMs);
        }
        out.fetch(sent);
        job.requested++;
        job.outstanding++;
    }

    /**
     * The instant from which the fetcher's stored copies may answer a new mapping of the job, or 0: a mapping that
     * follows one that ended without a pattern (AMBIGUOUS, or FAILED), or a decided run whose samples the seed
     * changes, is the same site asked again with other samples, so it reuses the pages fetched since the previous
     * mapping began instead of fetching the site again (issue 18). A {@code remap} asks for the site as it is now, so
     * it fetches.
     */
    private static long reuseSince(Draft job, CrawlSeed seed, boolean newSamples) {
        boolean unanswered = job.phase == Phase.AMBIGUOUS || job.phase == Phase.FAILED;
        return (unanswered || newSamples) && !seed.remap() && job.mappingStartedMs > 0 ? job.mappingStartedMs : 0;
    }

    /**
     * Whether {@code seed} names other samples than the run that learnt the job's pattern: a sample or a negative
     * sample added (or one left out) after a decided run, as a user does when the targets miss pages of the kind or
     * take others. The target decision and the pattern were made about the mapping with the old samples (a sampled
     * mapping does not expand the pages it takes, so which pages it reads depends on them), so the site is mapped
     * again, from the fetcher's stored copies, and decided anew; a re-crawl by the old pattern would only reach what
     * the old samples' pattern leads to. Only seeds that name their samples ({@link CrawlSeed#sampleIds()}) are
     * compared: a sample replaced under the same id is not seen here.
     */
    private static boolean samplesChanged(Draft job, CrawlSeed seed) {
        return job.pattern != null && job.seed != null && !seed.sampleIds().isEmpty()
                && !Set.copyOf(seed.sampleIds()).equals(Set.copyOf(job.seed.sampleIds()));
    }

    private void start(Draft job, CrawlSeed seed) {
        Traversal previous = job.mappings == 0 ? null : job.traversal();
        Traversal previousMap = job.mappings == 0 ? null : new Traversal(true, job.mappings);
        // a pattern learnt with other samples, or older than a mapping that ended AMBIGUOUS, is not this seed's
        boolean newSamples = samplesChanged(job, seed);
        boolean stale = newSamples || job.phase == Phase.AMBIGUOUS;
        long reuseSinceMs = reuseSince(job, seed, newSamples);
        // a pattern learnt through scripts is crawled through them, whatever a later seed says of scripts
        boolean patternThroughScripts = job.pattern != null && job.seed != null && job.seed.followsScripts();
        job.seed = seed;
        job.pendingSeed = null;
        job.resetCounters();
        if ((job.pattern == null || seed.remap() || stale) && seed.spec() == null) {
            job.reuseSinceMs = reuseSinceMs;
            job.mappingStartedMs = clockMs.getAsLong();
            job.runStartedMs = job.mappingStartedMs; // the run's targets are what it writes from now on
            job.mappings++;
            job.phase = Phase.MAPPING;
            job.resetMappingCounts();
            job.resetCrawlCounts();
            job.formsMet.clear();
            job.awaitedForms.clear();
            job.formWaitSinceMs = 0;
        } else {
            if (patternThroughScripts) {
                job.seed = seed.withScriptLinks(true);
            }
            job.startCrawlRun(clockMs.getAsLong());
            job.runStartedMs = job.crawlStartedMs;
            job.reuseSinceMs = 0; // a re-crawl asks for the site as it is now
        }
        if (previous != null) {
            store.dropTraversal(job.jobId, previous);
            if (!previous.mapping()) {
                // a map its first crawl run kept for the top-up and did not end with (no-op once dropped)
                store.dropTraversal(job.jobId, previousMap);
            }
        }
        Traversal traversal = job.traversal();
        job.nextTurn = job.nextOrder; // the traversal's first request is its first turn
        if (job.phase == Phase.MAPPING) {
            request(job, traversal, seed.entryUrl(), null, 0, Purpose.MAP, "");
        } else if (seed.spec() != null) {
            request(job, traversal, seed.entryUrl(), null, 0, Purpose.CRAWL, seed.spec().startClass());
        } else {
            PatternMatcher matcher = matcher(job);
            requestByPattern(job, traversal, seed.entryUrl(), null, 0, matcher, matcher.start(), null);
        }
        save(job);
    }

    private void end(Draft job) {
        job.outstanding = 0;
        job.formWaitSinceMs = 0;
        boolean nothingFound = false;
        if (job.phase == Phase.MAPPING) {
            nothingFound = learn(job);
            // only a mapping samples: the state, written with every answer, no longer carries the paths' counts
            job.collections = CollectionOutcomes.NONE;
        } else if (job.phase == Phase.CRAWLING && topUp(job)) {
            save(job);
            return; // the run goes on with the decided targets its pattern did not reach
        } else {
            String shortfall = shortfall(job);
            if (shortfall != null) {
                job.lastError = shortfall;
            }
            job.phase = Phase.IDLE;
            job.collections = CollectionOutcomes.NONE; // the names' counts are the run's (targetLinkName)
        }
        if (nothingFound && job.pendingSeed == null && !job.seed.followsScripts() && job.mappingScriptsSkipped) {
            // The HTML led to no page like the samples, and the mapping passed scripts by: the same site again,
            // through the scripts its pages load too (ScriptLinks), from the fetcher's stored copies (reuseSince: the
            // failed mapping's pages cost no request). Scripts are not followed by default because, where the HTML
            // already links everything, their second way to the same pages cost requests and decisions
            // (docs/navigation.md §10); where the HTML led to nothing like the samples there is nothing to lose.
            start(job, job.seed.withScriptLinks(true));
        } else if (job.phase != Phase.CRAWLING && job.pendingSeed != null) {
            start(job, job.pendingSeed);
        } else {
            save(job);
        }
    }

    /**
     * The first crawl run after a mapping, once its pattern is done: the target pages the mapping decided that the
     * run did not reach are requested directly (CRAWL, not expanded), in discovery order, within the crawl budget, so
     * the first run delivers every target the site-wide decision took, also those the pattern's coverage misses
     * (issue 18: only crawled pages reach {@code target-pages}; before, the mapping's own target pages did, and the
     * demo found 636 of 636). Then the mapping's URL entries are dropped. Later runs crawl by the pattern alone
     * (Vidal 2006 §7), which is what the pattern's coverage measures.
     *
     * @return true if pages were requested (the run goes on)
     */
    private boolean topUp(Draft job) {
        Traversal mapping = new Traversal(true, Math.max(1, job.mappings));
        List<Map.Entry<String, UrlEntry>> mapped = new ArrayList<>();
        store.forEachUrl(job.jobId, mapping, (url, e) -> mapped.add(Map.entry(url, e)));
        if (mapped.isEmpty() || job.pattern == null) {
            return false;
        }
        store.dropTraversal(job.jobId, mapping);
        mapped.sort(Comparator.comparingLong(e -> e.getValue().order()));
        Map<String, UrlEntry> byUrl = new HashMap<>();
        mapped.forEach(e -> byUrl.put(e.getKey(), e.getValue()));
        Double threshold = job.pattern.targetThreshold();
        Traversal crawl = job.traversal();
        long before = job.requested;
        for (Map.Entry<String, UrlEntry> item : mapped) {
            UrlEntry e = item.getValue();
            if (!takes(e, threshold) || behindForm(e, byUrl)
                    || store.url(job.jobId, crawl, item.getKey()).isPresent()) {
                continue;
            }
            if (!crawlBudgetLeft(job)) {
                break;
            }
            request(job, crawl, item.getKey(), e.parentUrl(), e.depth(), Purpose.CRAWL, "");
        }
        return job.requested > before;
    }

    /**
     * Whether the mapping reached the page through a form submission (an ancestor in its breadth-first tree is one):
     * a crawl submits forms with the seed's own values (FORM steps), so what the mapping's instances found is not
     * the crawl's to fetch.
     */
    private static boolean behindForm(UrlEntry entry, Map<String, UrlEntry> mapped) {
        UrlEntry e = entry;
        for (int hops = 0; e != null && hops <= entry.depth(); hops++) {
            if (e.formId() != null) {
                return true;
            }
            e = e.parentUrl() == null ? null : mapped.get(e.parentUrl());
        }
        return false;
    }

    /**
     * A crawl run that found fewer target pages than the mapping decided says so, with the pattern's coverage
     * (the share of the mapped targets its branches reach): a crawl that misses targets must not end as if it had
     * found them all. Null when the run found at least as many.
     */
    private static String shortfall(Draft job) {
        if (job.phase != Phase.CRAWLING || job.pattern == null || job.targets >= job.pattern.targetsMapped()) {
            return null;
        }
        return String.format(Locale.ROOT, "crawl run %d found %d target pages, fewer than the %d the mapping decided"
                        + " (the navigation pattern's %d branches reach %.1f%% of those): the rest were not reached",
                job.run, job.targets, job.pattern.targetsMapped(), job.pattern.branches().size(),
                100 * job.pattern.coverage());
    }

    /**
     * Builds the target pages map of the finished mapping, learns the pattern, publishes it, starts crawling.
     *
     * @return whether the mapping found no target page (the job then FAILED with that reason)
     */
    private boolean learn(Draft job) {
        Traversal mapping = job.traversal();
        List<Map.Entry<String, UrlEntry>> entries = new ArrayList<>();
        store.forEachUrl(job.jobId, mapping, (url, e) -> entries.add(Map.entry(url, e)));
        List<TargetDecision.Scored> scored = scored(entries);
        Set<String> read = new HashSet<>();
        entries.forEach(e -> {
            if (e.getValue().done()) {
                read.add(e.getKey());
            }
        });
        Optional<MappingModel.Inferred> inferred = MappingModel.infer(store, job.freeze(), mapping, modelSettings,
                read);
        Map<String, String> parentOf = new HashMap<>();
        entries.forEach(e -> parentOf.put(e.getKey(), e.getValue().parentUrl()));
        Function<String, Set<String>> linksOf = url -> store.collections(job.jobId, mapping, url)
                .map(k -> linkUrls(k.collections())).orElse(null);
        Decision decision = decide(job, scored, inferred, linksOf, parentOf::get);
        Optional<SiteModelSnapshot> model = inferred.map(i -> i.describe(job.freeze(), entries, decision::takes,
                decision.status(), decision.threshold(), decision.summary()));
        model.ifPresent(out::model);
        if (decision.result() != null && decision.result().status() == TargetDecision.Status.AMBIGUOUS) {
            job.phase = Phase.AMBIGUOUS;
            String classes = model.map(m -> neighbouringClasses(m, decision.result())).orElse("");
            job.lastError = "target decision: " + decision.result().reason() + (classes.isEmpty() ? "" : "; " + classes)
                    + ". Add a sample, or a negative sample (not like one of the named pages), and crawl again";
            return false;
        }
        List<MappedPage> pages = new ArrayList<>();
        for (Map.Entry<String, UrlEntry> item : entries) {
            UrlEntry e = item.getValue();
            boolean target = decision.takes(e);
            pages.add(new MappedPage(item.getKey(), e.parentUrl(), e.depth() + 1, e.order(), target, e.referrers(),
                    e.formId()));
        }
        long targets = pages.stream().filter(MappedPage::target).count();
        if (targets == 0) {
            job.phase = Phase.FAILED;
            job.lastError = "mapping found no target page in " + pages.size() + " pages (entry " + job.seed.entryUrl()
                    + ", maxPages " + job.seed.maxPages() + ", maxDepth " + job.seed.maxDepth()
                    + (job.seed.followsScripts() ? ", links in scripts followed" : "")
                    + "): check the sample pages and the limits" + (job.lastError == null ? "" : "; " + job.lastError);
            return true;
        }
        job.phase = Phase.PATTERN;
        out.status(job.freeze().status(clockMs.getAsLong()));
        GeneratedPattern generated;
        try {
            generated = generator.generate(job.seed.entryUrl(), pages);
        } catch (RuntimeException e) {
            // the answer that ended the mapping is recorded already: an exception here would leave the job
            // mapping forever, with nothing outstanding
            job.phase = Phase.FAILED;
            job.lastError = "pattern generation failed for " + pages.size() + " mapped pages: " + e;
            return false;
        }
        if (generated.branches().isEmpty()) {
            job.phase = Phase.FAILED;
            job.lastError = "no navigation pattern: none of the " + targets + " target pages hangs below the entry "
                    + job.seed.entryUrl() + " in the mapping's breadth-first tree";
            return false;
        }
        long version = job.pattern == null ? 1 : job.pattern.patternVersion() + 1;
        // class links make up for what a sample's few examples per list do not show the URL regexes; a full mapping
        // learnt them from every link (and following whole collections there only fetched more:
        // PatternCrawlEvaluationTest). Then the lists that list nothing another kept list does are left out
        // (HubCover: a replay of the crawl over the mapped pages)
        Function<String, Optional<PageCollections>> kept =
                url -> store.collections(job.jobId, mapping, url).map(CrawlStore.KeptCollections::collections);
        boolean sampled = job.seed.mapping() == MappingMode.SAMPLED;
        List<NavigationPattern.Branch> branches = !sampled ? generated.branches()
                : ClassLinks.annotate(generated.branches(), job.seed.entryUrl(), pages, kept);
        List<String> redundant = !sampled ? List.of() : HubCover.exclude(branches, job.seed.entryUrl(), pages, kept);
        job.pattern = new NavigationPattern(job.jobId, version, job.seed.entryUrl(), branches,
                generated.targetsMapped(), generated.coverage(), decision.threshold(), decision.summary(), redundant);
        out.pattern(job.pattern);
        // The first crawl run starts at once and collects the targets by the pattern (§7); the map is kept until
        // that run has reached what it can, for the targets it missed (topUp), then dropped.
        job.startCrawlRun(clockMs.getAsLong());
        // the run reads the pages the mapping fetched from the fetcher's store instead of fetching them again
        job.reuseSinceMs = job.reuseSinceMs > 0 ? job.reuseSinceMs : job.mappingStartedMs;
        job.resetCounters();
        PatternMatcher matcher = matcher(job);
        job.nextTurn = job.nextOrder;
        requestByPattern(job, job.traversal(), job.seed.entryUrl(), null, 0, matcher, matcher.start(), null);
        return false;
    }

    /**
     * The site-wide target decision over the finished mapping ({@link TargetDecision}), checked against the mapping's
     * site model ({@link InnerBoundary}: a second boundary inside the taken pages that the model's classes agree with
     * makes it AMBIGUOUS; {@link ClassCut}: a boundary that cuts the classes it takes moves below them, or is said)
     * and for taken pages that list every other ({@link ListedTargets}: left out, or named),
     * unless the job fixed its own threshold (the seed's {@code similarityThreshold}): then each page's own verdict
     * stands, as before issue 18.
     */
    private Decision decide(Draft job, List<TargetDecision.Scored> scored, Optional<MappingModel.Inferred> model,
                            Function<String, Set<String>> linksOf, Function<String, String> parentOf) {
        if (!decidesSiteWide(job)) {
            return new Decision(null);
        }
        TargetDecision.Result result = TargetDecision.decide(scored, decisionSettings);
        if (model.isPresent()) {
            Map<String, Integer> classOf = model.get().classByRequestUrl();
            // a second boundary inside the pages taken (InnerBoundary), then a boundary that cuts their classes
            result = ClassCut.afterModelChecks(result, scored, classOf::get, decisionSettings.floor());
        }
        result = ListedTargets.check(result, scored, linksOf, parentOf).orElse(result);
        return new Decision(result);
    }

    /** Every link URL of a page's kept link collections. */
    private static Set<String> linkUrls(PageCollections collections) {
        Set<String> urls = new HashSet<>();
        collections.links().values().forEach(urls::addAll);
        return urls;
    }

    /** Whether the job's targets are decided site-wide; a seed's own {@code similarityThreshold} decides each page. */
    private static boolean decidesSiteWide(Draft job) {
        return job.seed.similarityThreshold() == null;
    }

    /** The mapped pages the decision is taken over: answered and classified, by request URL. */
    private static List<TargetDecision.Scored> scored(List<Map.Entry<String, UrlEntry>> entries) {
        List<TargetDecision.Scored> scored = new ArrayList<>();
        for (Map.Entry<String, UrlEntry> item : entries) {
            UrlEntry e = item.getValue();
            if (e.done() && e.similarity() != null) {
                scored.add(new TargetDecision.Scored(item.getKey(), e.similarity(), e.negativeSimilarity()));
            }
        }
        return scored;
    }

    /**
     * The site model's classes an ambiguous decision's neighbours fall in (at most three), or, when the site showed
     * no other class, the model's largest classes: where a person picks a negative sample from.
     */
    private static String neighbouringClasses(SiteModelSnapshot model, TargetDecision.Result result) {
        if (result.neighbours().isEmpty()) {
            return TargetClasses.neighbouring(model, null, 1, 3);
        }
        TargetDecision.Neighbour n = result.neighbours().get(0);
        return TargetClasses.neighbouring(model, n.lowest(), n.highest(), 3);
    }

    /**
     * Whether a mapping's target decision takes a mapped page: a page answered and classified, not the entry point,
     * at least {@code threshold} similar (and not nearer a negative sample); with a null threshold, the page's own
     * verdict (a job that fixed its threshold). The one rule for the pattern, the model and the first run's top-up.
     */
    private static boolean takes(UrlEntry e, Double threshold) {
        return e.done() && e.depth() > 0 && (threshold == null ? e.target()
                : e.similarity() != null && TargetDecision.isTarget(e.similarity(), e.negativeSimilarity(), threshold));
    }

    /** A mapping's target decision; {@code result} null when the job's fixed threshold decides each page. */
    private record Decision(TargetDecision.Result result) {
        /** {@link CrawlCoordinator#takes(UrlEntry, Double)} with this decision; nothing when it found no target. */
        boolean takes(UrlEntry e) {
            return (result == null || result.status() != TargetDecision.Status.NONE)
                    && CrawlCoordinator.takes(e, threshold());
        }

        Double threshold() {
            return result == null || result.status() == TargetDecision.Status.NONE ? null : result.threshold();
        }

        /** DECIDED, AMBIGUOUS or NONE; FIXED when the job's own threshold decides each page. */
        String status() {
            return result == null ? "FIXED" : result.status().name();
        }

        String summary() {
            return result == null ? null : result.status() + ": " + result.reason();
        }
    }

    private PatternMatcher matcher(Draft job) {
        NavigationPattern pattern = Objects.requireNonNull(job.pattern, "pattern");
        String key = job.jobId + '\n' + pattern.patternVersion();
        Compiled cached = matchers.get(key);
        // a job id and version name one pattern unless the job's state was reset meanwhile: compare, it is cheap
        if (cached == null || !cached.branches().equals(pattern.branches())
                || !cached.excluded().equals(pattern.excludedLinkPaths())) {
            cached = new Compiled(pattern.branches(), pattern.excludedLinkPaths(),
                    PatternMatcher.of(pattern.branches(), pattern.excludedLinkPaths()));
            matchers.put(key, cached);
        }
        return cached.matcher();
    }

    /** A pattern's branches, its groups excluded on every step, and their matcher. */
    private record Compiled(List<NavigationPattern.Branch> branches, List<String> excluded, PatternMatcher matcher) {
    }

    private void save(Draft job) {
        JobState state = job.freeze();
        store.putJob(state);
        out.status(state.status(clockMs.getAsLong()));
    }

    /** A job's state while one event is handled. */
    private static final class Draft {
        final String jobId;
        CrawlSeed seed;
        CrawlSeed pendingSeed;
        Phase phase;
        long mappings;
        long run;
        NavigationPattern pattern;
        long requested;
        long fetched;
        long failed;
        long targets;
        long newTargets;
        long mappingFetches;
        long crawlingFetches;
        long outstanding;
        long nextOrder;
        long nextTurn;
        String lastError;
        final List<String> formsMet = new ArrayList<>();
        final List<AwaitedForm> awaitedForms = new ArrayList<>();
        long formWaitSinceMs;
        long mappingStartedMs;
        long reuseSinceMs;
        long mappingReused;
        long crawlingReused;
        long crawlingNotModified;
        long mappingNotModified;
        long crawlStartedMs;
        long runStartedMs;
        boolean mappingBelowFloorSeen;
        boolean mappingScriptsSkipped;
        CollectionOutcomes collections = CollectionOutcomes.NONE;

        Draft(CrawlSeed seed) {
            this.jobId = seed.jobId();
            this.seed = seed;
            this.phase = Phase.IDLE;
        }

        Draft(JobState s) {
            jobId = s.jobId();
            seed = s.seed();
            pendingSeed = s.pendingSeed();
            phase = s.phase();
            mappings = s.mappings();
            run = s.run();
            pattern = s.pattern();
            requested = s.requested();
            fetched = s.fetched();
            failed = s.failed();
            targets = s.targets();
            newTargets = s.newTargets();
            mappingFetches = s.mappingFetches();
            crawlingFetches = s.crawlingFetches();
            outstanding = s.outstanding();
            nextOrder = s.nextOrder();
            nextTurn = s.nextTurn();
            lastError = s.lastError();
            formsMet.addAll(s.formsMet());
            awaitedForms.addAll(s.awaitedForms());
            formWaitSinceMs = s.formWaitSinceMs();
            mappingStartedMs = s.mappingStartedMs();
            reuseSinceMs = s.reuseSinceMs();
            mappingReused = s.mappingReused();
            crawlingReused = s.crawlingReused();
            crawlingNotModified = s.crawlingNotModified();
            mappingNotModified = s.mappingNotModified();
            crawlStartedMs = s.crawlStartedMs();
            runStartedMs = s.runStartedMs();
            mappingBelowFloorSeen = s.mappingBelowFloorSeen();
            mappingScriptsSkipped = s.mappingScriptsSkipped();
            collections = s.collections();
        }

        Traversal traversal() {
            return freeze().traversal();
        }

        /** A crawl run starts at {@code nowMs}: the next run number, its phase, its start, its answers counted anew. */
        void startCrawlRun(long nowMs) {
            run++;
            phase = Phase.CRAWLING;
            crawlStartedMs = nowMs;
            resetCrawlCounts();
            collections = CollectionOutcomes.NONE; // what target pages' links of each name led to, learnt anew
        }

        /** The counts of a crawl run's answers (stored-copy answers and 304s among them), from zero. */
        void resetCrawlCounts() {
            crawlingFetches = 0;
            crawlingReused = 0;
            crawlingNotModified = 0;
        }

        /** The counts of a mapping's answers, from zero, and what it has seen of the site (nothing yet). */
        void resetMappingCounts() {
            mappingFetches = 0;
            mappingReused = 0;
            mappingNotModified = 0;
            mappingBelowFloorSeen = false;
            mappingScriptsSkipped = false;
            collections = CollectionOutcomes.NONE;
        }

        void resetCounters() {
            requested = 0;
            fetched = 0;
            failed = 0;
            targets = 0;
            newTargets = 0;
            outstanding = 0;
            lastError = null;
        }

        JobState freeze() {
            return new JobState(jobId, seed, pendingSeed, phase, mappings, run, pattern, requested, fetched, failed,
                    targets, newTargets, mappingFetches, crawlingFetches, outstanding, nextOrder, nextTurn, lastError,
                    formsMet, awaitedForms, formWaitSinceMs, mappingStartedMs, reuseSinceMs, mappingReused,
                    crawlingReused, crawlingNotModified, mappingNotModified, crawlStartedMs, runStartedMs,
                    mappingBelowFloorSeen, collections, mappingScriptsSkipped);
        }
    }
}
