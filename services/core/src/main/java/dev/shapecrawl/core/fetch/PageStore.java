package dev.shapecrawl.core.fetch;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.HttpMethod;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Timings;

import java.util.Optional;

/**
 * The fetcher's copies of the pages it fetched, by requested URL, so that a request that allows it
 * ({@link FetchRequest#reuseSinceMs()}) is answered without fetching the site again (issue 18: a mapping started again
 * with one more sample, after an AMBIGUOUS or FAILED one, reuses the pages the previous mapping fetched).
 *
 * <p>Only successful GET answers with a body are kept (a form submission, a failure or a non-HTML answer never is),
 * under the URL the request asked for, so a redirect is answered with its whole chain as it was. The store is held in
 * memory, bounded by {@link FetchSettings#pageStoreBytes()} (two bytes per body character; the least recently used
 * copy is evicted first, by Caffeine's size-based eviction); a restart empties it, and a request whose copy is gone
 * is fetched as usual. A copy is reused only if its fetch started at or after the request's {@code reuseSinceMs}:
 * the request says how old a copy it accepts, the store never decides freshness.
 *
 * <p>Thread-safe.
 */
public final class PageStore {
    private final Cache<String, PageFetched> copies;

    /**
     * @param maxBytes the most memory the copies may take, bytes (two per body character), >= 0; 0 keeps none
     * @throws IllegalArgumentException if {@code maxBytes} is negative
     */
    public PageStore(long maxBytes) {
        if (maxBytes < 0) {
            throw new IllegalArgumentException("maxBytes: must be >= 0, was " + maxBytes);
        }
        this.copies = maxBytes == 0 ? null : Caffeine.newBuilder()
                .maximumWeight(maxBytes)
                .weigher((String url, PageFetched page) -> weight(url, page))
                // evictions on the writing thread: the bound holds when keep returns, not some time later
                .executor(Runnable::run)
                .build();
    }

    /** Keeps {@code page} if it is a successful GET answer with a body; anything else is ignored. */
    public void keep(PageFetched page) {
        if (copies != null && page.hasBody() && page.request().method() == HttpMethod.GET) {
            copies.put(page.request().url(), page);
        }
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
        PageFetched copy = copies.getIfPresent(request.url());
        if (copy == null || copy.timings().startedAtMs() < since) {
            return Optional.empty();
        }
        Timings t = copy.timings();
        return Optional.of(new PageFetched(request, copy.finalUrl(), copy.redirectChain(), copy.status(),
                copy.contentType(), copy.charset(), copy.body(), copy.truncated(), copy.contentBytes(), copy.attempts(),
                new Timings(t.startedAtMs(), t.durationMs(), 0), null, true));
    }

    /** Copies held now. */
    public long size() {
        if (copies == null) {
            return 0;
        }
        copies.cleanUp();
        return copies.estimatedSize();
    }

    private static int weight(String url, PageFetched page) {
        long chars = (long) url.length() + page.finalUrl().length() + page.body().length();
        return (int) Math.min(Integer.MAX_VALUE, 2 * chars);
    }
}
