package dev.shapecrawl.core.crawl;

import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.Phase;

import java.util.List;

/**
 * A job's crawl state between events (one record per job; URL entries are kept apart, per traversal).
 *
 * @param jobId           the job
 * @param seed            the seed the current traversal runs with
 * @param pendingSeed     a seed published while a traversal was running; it starts the next traversal when the
 *                        current one ends (null when none)
 * @param phase           MAPPING, CRAWLING, IDLE (the last traversal ended) or FAILED (mapping found no target)
 * @param mappings        mappings started so far, >= 0
 * @param run             crawl runs started so far, >= 0
 * @param pattern         the latest navigation pattern, null before the first
 * @param requested       fetch requests of the current traversal, >= 0
 * @param fetched         answers (pages classified) of the current traversal, >= 0
 * @param failed          answers that were failed fetches, >= 0
 * @param targets         target pages found in the current traversal, >= 0
 * @param newTargets      of those, the ones no earlier traversal of the job had found, >= 0
 * @param mappingFetches  answers received while mapping (the last mapping), >= 0
 * @param crawlingFetches answers received while crawling (the current or last crawl run), >= 0
 * @param outstanding     requests of the current traversal not answered yet, >= 0; the traversal ends at 0
 * @param nextOrder       the next discovery sequence number
 * @param nextTurn        the discovery order whose answer is applied next: answers apply in discovery (request)
 *                        order, earlier arrivals wait as {@link ParkedAnswer}s; the traversal's first order when it
 *                        starts, at most {@code nextOrder}
 * @param lastError       the latest error worth a person's attention, or null
 * @param formsMet        ids of the forms the current mapping met on the pages it expanded, at most
 *                        {@link CrawlCoordinator#MAX_FORMS_PER_MAPPING}; each is handled once per mapping
 * @param awaitedForms    forms met by the current mapping whose verdict from the form-prober has not come: the
 *                        mapping does not end while one is awaited (at most until the form wait runs out)
 * @param formWaitSinceMs epoch ms at which the current mapping had no request outstanding but forms awaited; 0 when
 *                        it is not waiting
 * @param mappingStartedMs epoch ms at which the last mapping started; 0 when unknown (states written before it)
 * @param reuseSinceMs    epoch ms: the current traversal's requests let the fetcher answer with copies fetched at
 *                        or after this instant ({@link dev.shapecrawl.events.FetchRequest#reuseSinceMs()}). While
 *                        mapping: the start of the previous mapping, when that one ended without a pattern
 *                        (AMBIGUOUS or FAILED) and this one runs with other samples. In the first crawl run after
 *                        a mapping: the start of the mapping's reuse (that mapping's start, or the earlier one it
 *                        reused), so the run fetches no page the mapping fetched (issue 19). 0 when the traversal
 *                        fetches the site (a fresh mapping, a re-crawl)
 * @param mappingReused   of {@code mappingFetches}, answers from the fetcher's stored copies, >= 0
 * @param crawlingReused  of {@code crawlingFetches}, answers from the fetcher's stored copies, >= 0
 * @param crawlingNotModified of {@code crawlingFetches}, conditional requests the site answered 304, >= 0
 * @param mappingNotModified of {@code mappingFetches}, conditional requests the site answered 304, >= 0
 * @param crawlStartedMs  epoch ms at which the current (or last) crawl run started; 0 before the first
 * @param runStartedMs    epoch ms at which the latest seed started a traversal (a mapping, or a crawl run by the
 *                        stored pattern); 0 when unknown (states written before it)
 * @param mappingBelowFloorSeen whether the current (or last) mapping has applied a page whose similarity to the
 *                        samples lies below the target decision's floor (the entry point included): until it has,
 *                        the mapping also expands the pages like the samples, since it has seen nothing the decision
 *                        could set apart from them yet (false in states written before it)
 * @param collections     what the current sampled mapping has learnt of the link collection paths it sampled
 *                        through, which closes the paths that led to other pages only (empty once the mapping has
 *                        ended, in a full mapping, and in states written before it)
 * @param mappingScriptsSkipped whether the current (or last) mapping met a script its job does not follow
 *                        ({@code CrawlSeed#scriptLinks}): a mapping that then finds no target page maps again following
 *                        them (false in states written before it)
 */
public record JobState(String jobId, CrawlSeed seed, CrawlSeed pendingSeed, Phase phase, long mappings, long run,
                       NavigationPattern pattern, long requested, long fetched, long failed, long targets,
                       long newTargets, long mappingFetches, long crawlingFetches, long outstanding, long nextOrder,
                       long nextTurn, String lastError, List<String> formsMet, List<AwaitedForm> awaitedForms,
                       long formWaitSinceMs, long mappingStartedMs, long reuseSinceMs, long mappingReused,
                       long crawlingReused, long crawlingNotModified, long mappingNotModified,
                       long crawlStartedMs, long runStartedMs, boolean mappingBelowFloorSeen,
                       CollectionOutcomes collections, boolean mappingScriptsSkipped) {

    public JobState {
        // absent in states written before forms were followed
        formsMet = formsMet == null ? List.of() : List.copyOf(formsMet);
        awaitedForms = awaitedForms == null ? List.of() : List.copyOf(awaitedForms);
        collections = collections == null ? CollectionOutcomes.NONE : collections;
    }

    /**
     * This state with another pattern: a store that keeps the (large, rarely changing) pattern apart from the
     * per-answer state strips it on write and attaches it on read.
     *
     * @param latest the latest navigation pattern, or null for none
     * @return this state if {@code latest} is the same object, else a copy with it
     */
    public JobState withPattern(NavigationPattern latest) {
        if (latest == pattern) {
            return this;
        }
        return new JobState(jobId, seed, pendingSeed, phase, mappings, run, latest, requested, fetched, failed, targets,
                newTargets, mappingFetches, crawlingFetches, outstanding, nextOrder, nextTurn, lastError, formsMet,
                awaitedForms, formWaitSinceMs, mappingStartedMs, reuseSinceMs, mappingReused, crawlingReused,
                crawlingNotModified, mappingNotModified, crawlStartedMs, runStartedMs, mappingBelowFloorSeen,
                collections, mappingScriptsSkipped);
    }

    /** The traversal running now, or that ran last. */
    public Traversal traversal() {
        boolean mapping = phase == Phase.MAPPING || phase == Phase.PATTERN || phase == Phase.FAILED || run == 0;
        return mapping ? new Traversal(true, Math.max(1, mappings)) : new Traversal(false, run);
    }

    /** Whether a traversal is running (requests may be outstanding). */
    public boolean busy() {
        return phase == Phase.MAPPING || phase == Phase.CRAWLING;
    }

    /** The job's status, stamped {@code nowMs}. */
    public CrawlStatus status(long nowMs) {
        return new CrawlStatus(jobId, phase, requested, fetched, failed, targets, mappingFetches, crawlingFetches,
                pattern == null ? 0 : pattern.patternVersion(), run, newTargets, lastError, nowMs, mappingReused,
                crawlingReused, crawlingNotModified, mappingNotModified, mappingStartedMs, crawlStartedMs,
                runStartedMs);
    }
}
