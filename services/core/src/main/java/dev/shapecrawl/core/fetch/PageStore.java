package dev.shapecrawl.core.fetch;

import dev.shapecrawl.core.cache.WeightedLru;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.HttpMethod;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.Timings;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The fetcher's copies of the pages it fetched, by requested URL, so that a request that allows it
 * ({@link FetchRequest#reuseSinceMs()}) is answered without fetching the site again (issue 18: a mapping started again
 * with one more sample, after an AMBIGUOUS or FAILED one, reuses the pages the previous mapping fetched).
 *
 * <p>Only successful GET answers with a body are kept (a form submission, a failure or a non-HTML answer never is),
 * under the URL the request asked for, so a redirect is answered with its whole chain as it was. The store is held in
 * memory, bounded by {@link FetchSettings#pageStoreBytes()} (two bytes per body character; the least recently used
 * copy, kept or read, is evicted first); a restart empties it, and a request whose copy is gone is fetched as usual.
 * Recency is the policy on purpose: the copies worth keeping are the ones a crawl is about to read, those its own
 * mapping fetched a moment ago. A size-bounded Caffeine cache was used before; its W-TinyLFU policy admits a new
 * copy only if it is used more often than the copy it would evict, so once earlier jobs had filled the store a new
 * job's mapped pages were turned away, and its crawl fetched them again ({@code bin/eval-decision-e2e}: the later
 * jobs' crawls reused 0–7 of their 140–200 mapped pages; {@code PageStoreTest}). A copy is reused only if its fetch
 * started at or after the request's {@code reuseSinceMs}: the request says how old a copy it accepts, the store never
 * decides freshness.
 *
 * <p>A copy kept with its response's validators ({@link Validators}) also serves a request that does not allow
 * reuse: the fetcher asks the site with them (a conditional request), and a {@code 304 Not Modified} is answered
 * with the copy ({@link #notModified}), whose fetch time becomes the 304's (the site vouched for it then). Issue 19:
 * a re-crawl of an unchanged site costs it a 304 per page, not the page.
 *
 * <p>The store is shared by every job, but "unchanged" is a job's own: the answer is marked {@code notModified} (so
 * the extractor writes no records again) only for a job that this version of the page was answered to before. A
 * 304 to another job's request confirms the copy and answers it as the page it is, new to that job, which gets its
 * records.
 *
 * <p>Thread-safe.
 */
public final class PageStore {
    /** The copies in recency order (access order: a read or a write makes a copy the most recent), or null. */
    private final WeightedLru<String, Copy> copies;

    /**
     * A stored answer, the validators its response carried (null when none) and the jobs this version of the page was
     * answered to (a fetch's, then those a 304 or a reuse answered with it; a handful: the jobs on one site).
     */
    private record Copy(PageFetched page, Validators validators, Set<String> jobs) {
        Copy {
            jobs = Set.copyOf(jobs);
        }

        /**
         * This copy as answered to {@code request} with {@code kept}. A sample's fetch does not count as the job's
         * having seen the page: a job without a mapping (a crawl by a spec) fetches its sample, then crawls it, and
         * the crawl's 304 must still bring the page to it as new (its records are written once).
         */
        Copy answeredTo(FetchRequest request, PageFetched kept) {
            Set<String> more = new HashSet<>(jobs);
            if (request.purpose() != Purpose.SAMPLE) {
                more.add(request.jobId());
            }
            return new Copy(kept, validators, more);
        }
    }

    /**
     * @param maxBytes the most memory the copies may take, bytes (two per body character), >= 0; 0 keeps none
     * @throws IllegalArgumentException if {@code maxBytes} is negative
     */
    public PageStore(long maxBytes) {
        if (maxBytes < 0) {
            throw new IllegalArgumentException("maxBytes: must be >= 0, was " + maxBytes);
        }
        this.copies = maxBytes == 0 ? null : new WeightedLru<>(maxBytes, (url, copy) -> weight(url, copy.page()));
    }

    /** Keeps {@code page} if it is a successful GET answer with a body; anything else is ignored. */
    public void keep(PageFetched page) {
        keep(page, null);
    }

    /**
     * Keeps {@code page} with its response's validators if it is a successful GET answer with a body; anything else
     * is ignored.
     *
     * @param validators the response's {@code ETag} / {@code Last-Modified}, or null when it had none
     */
    public void keep(PageFetched page, Validators validators) {
        if (copies != null && page.hasBody() && page.request().method() == HttpMethod.GET) {
            copies.put(page.request().url(), new Copy(page, validators, Set.of()).answeredTo(page.request(), page));
        }
    }

    /**
     * The validators to ask the site with for {@code request}: those of the kept copy of its URL, when it is a GET, a
     * copy is kept, it came without redirects (the preconditions name the requested URL's own answer) and its
     * response had validators.
     *
     * @return the validators, or empty for an unconditional request
     */
    public Optional<Validators> validatorsFor(FetchRequest request) {
        if (copies == null || request.method() != HttpMethod.GET) {
            return Optional.empty();
        }
        Copy copy = copies.get(request.url());
        if (copy == null || copy.validators() == null || copy.page().redirectChain().size() != 1) {
            return Optional.empty();
        }
        return Optional.of(copy.validators());
    }

    /**
     * The answer to {@code request} when the site said {@code 304 Not Modified} to its conditional request: the kept
     * copy's page with the request echoed, status 304 and this attempt's timings, {@code notModified} true when the
     * copy was answered to the request's job before (null when the page is new to the job); the copy is kept again
     * with those timings (the site vouched for it now), so a later request that allows reuse from now on takes it.
     *
     * @param attempt  the attempt that got the 304 ({@link FetchAttempt#notModified()})
     * @param attempts attempts made, >= 1
     * @param queuedMs time waited in the host queue, ms
     * @return the answer, or empty when the copy is gone meanwhile (then the page must be fetched again)
     */
    public Optional<PageFetched> notModified(FetchRequest request, FetchAttempt attempt, int attempts,
                                             long queuedMs) {
        Copy copy = copies == null ? null : copies.get(request.url());
        if (copy == null) {
            return Optional.empty();
        }
        PageFetched p = copy.page();
        Timings now = new Timings(attempt.startedAtMs(), attempt.durationMs(), queuedMs);
        copies.put(request.url(), copy.answeredTo(request,
                answer(p, p.request(), p.status(), p.attempts(), now, null, null)));
        boolean seen = copy.jobs().contains(request.jobId());
        return Optional.of(answer(p, request, attempt.status(), attempts, now, null, seen ? true : null));
    }

    /**
     * The stored answer to {@code request}, if the request allows a stored copy and one fetched at or after
     * {@link FetchRequest#reuseSinceMs()} is kept: the copy with the request echoed, {@code reused} true, the stored
     * fetch's timings (no queueing: the site is not contacted).
     *
     * @return the answer, or empty when the page must be fetched
     */
    public Optional<PageFetched> reusable(FetchRequest request) {
        Long since = request.reuseSinceMs();
        if (copies == null || since == null || request.method() != HttpMethod.GET) {
            return Optional.empty();
        }
        Copy kept = copies.get(request.url());
        PageFetched copy = kept == null ? null : kept.page();
        if (copy == null || copy.timings().startedAtMs() < since) {
            return Optional.empty();
        }
        if (!kept.jobs().contains(request.jobId())) {
            copies.put(request.url(), kept.answeredTo(request, copy));
        }
        Timings t = copy.timings();
        return Optional.of(answer(copy, request, copy.status(), copy.attempts(),
                new Timings(t.startedAtMs(), t.durationMs(), 0), true, null));
    }

    /** The kept page as the answer to {@code request}: its URLs, type, charset and body, the rest as given. */
    private static PageFetched answer(PageFetched copy, FetchRequest request, int status, int attempts,
                                      Timings timings, Boolean reused, Boolean notModified) {
        return new PageFetched(request, copy.finalUrl(), copy.redirectChain(), status, copy.contentType(),
                copy.charset(), copy.body(), copy.truncated(), copy.contentBytes(), attempts, timings, null, reused,
                notModified);
    }

    /** Copies held now. */
    public long size() {
        return copies == null ? 0 : copies.size();
    }

    private static long weight(String url, PageFetched page) {
        return 2 * ((long) url.length() + page.finalUrl().length() + page.body().length());
    }
}
