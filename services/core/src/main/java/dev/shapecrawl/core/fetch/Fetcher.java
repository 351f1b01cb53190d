package dev.shapecrawl.core.fetch;

import dev.shapecrawl.events.FetchErrorKind;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.PageFetched;

import java.net.URI;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The fetch engine's facade: takes {@link FetchRequest}s, returns {@link PageFetched} outcomes, and is polite
 * while doing it. Plain Java; the Kafka adapter calls {@link #fetch} per record and publishes the result.
 *
 * <p><b>Stored copies first</b>: a request that allows it ({@link FetchRequest#reuseSinceMs()}) is answered at once
 * from the {@link PageStore} when a copy fetched late enough is kept ({@code reused} true), without the host queue,
 * robots.txt or politeness delay: the site is not contacted. Every successful GET answer is kept there, with its
 * {@code ETag} and {@code Last-Modified}; a later request of the same URL that does not allow reuse goes to the site
 * as a <b>conditional request</b> with them, and a {@code 304 Not Modified} is answered with the kept copy, marked
 * {@code notModified} (issue 19: a re-crawl of an unchanged site costs it a 304 per page, no body).
 *
 * <p><b>Per request</b>, in the request's host queue ({@link FetchRequest#key()}):
 * <ol>
 *   <li>The {@link AddressGuard} checks the URL: refused is {@link FetchErrorKind#BLOCKED_ADDRESS} (or
 *       {@link FetchErrorKind#DNS}) without any connection and without spending the host's politeness
 *       delay.</li>
 *   <li>robots.txt rules of the URL's origin, from the {@link RobotsCache} or fetched now (a fetch is a request
 *       to the host like any other: it happens in the host's slot, and the page request then waits the
 *       politeness delay). Disallowed, or "disallow all" because robots.txt answered 5xx/429, is
 *       {@link FetchErrorKind#ROBOTS_DENIED} without fetching the page. A robots.txt request that gets no
 *       answer at all (refused, timed out) counts as a failed attempt with that error kind and is retried like
 *       one, robots.txt first: a dead host is reported as CONNECT/TIMEOUT, not as a robots denial.</li>
 *   <li>Attempts through {@link HttpPageFetcher}, each redirect target checked by the guard and against the
 *       robots.txt of its origin (a disallowed target is {@link FetchErrorKind#ROBOTS_DENIED}, not requested),
 *       retried per {@link RetryPolicy} (timeouts, connect failures,
 *       5xx, 429) up to {@link FetchSettings#maxAttempts()}. A retry goes back to the head of the host queue
 *       and blocks the host until its back-off (or {@code Retry-After}) has passed: the server asked the whole
 *       host to wait; other hosts go on meanwhile.</li>
 * </ol>
 *
 * <p><b>Politeness</b>: one request at a time per host; the next starts no sooner than the host's delay after
 * the previous response completed. The delay is {@code max(politenessDelayMs, robots Crawl-delay capped at
 * maxCrawlDelayMs)}. A host whose delay is 0 (politeness 0 and no Crawl-delay) gets up to
 * {@link FetchSettings#parallelPerHost()} requests at once instead. Redirects to other hosts are followed inside the original host's slot (one attempt is one
 * unit of politeness). Hosts are fetched in parallel, at most {@link FetchSettings#maxConcurrency()} requests
 * at once overall. Waiting costs no thread: timers on one scheduler thread wake hosts when due; worker threads
 * (daemon, {@code shapecrawl-fetch-N}, at most maxConcurrency busy) only run attempts, which block on I/O.
 *
 * <p><b>Completion</b>: the stage returned by {@link #fetch} completes normally for every fetch outcome,
 * failures included (they are {@link PageFetched} with an error; {@code attempts} is at least 1 even when no
 * request was sent). It completes exceptionally only for: a programming error (the exception that escaped);
 * {@link RejectedExecutionException} when the fetcher is closed or the host queue is full
 * ({@link FetchSettings#maxQueuedPerHost()}: back-pressure, the caller should pause); and
 * {@link CancellationException} for requests still pending when {@link #close()} runs. Those were never
 * fetched, so no {@link PageFetched} is invented for them: the adapter should not commit them, and they are
 * redelivered after a restart. Cancelling the returned future (via {@code toCompletableFuture()}) before the
 * request's turn skips it.
 *
 * <p>{@link PageFetched#timings()}: {@code startedAtMs}/{@code durationMs} of the final attempt,
 * {@code queuedMs} the total time waited in the host queue (initial wait, politeness after robots.txt, retry
 * back-offs). Thread-safe.
 */
public final class Fetcher implements AutoCloseable {
    /** How long {@link #close()} waits for in-flight fetches, ms. */
    public static final long DEFAULT_CLOSE_TIMEOUT_MS = 5000;

    private static final System.Logger LOG = System.getLogger(Fetcher.class.getName());
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final FetchSettings settings;
    private final FetchListener listener;
    private final AddressGuard guard;
    private final HttpPageFetcher pages;
    private final RobotsCache robots;
    private final RetryPolicy retry;
    private final ScheduledThreadPoolExecutor timer;
    private final ThreadPoolExecutor workers;
    private final HostScheduler scheduler;
    private final PageStore store;
    private final Set<Job> outstanding = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closed = new AtomicBoolean();

    /** A fetcher with these settings, no listener, and the JVM's DNS resolver. */
    public Fetcher(FetchSettings settings) {
        this(settings, FetchListener.NONE);
    }

    /** A fetcher with these settings reporting to {@code listener}, with the JVM's DNS resolver. */
    public Fetcher(FetchSettings settings, FetchListener listener) {
        this(settings, listener, AddressGuard.Resolver.SYSTEM);
    }

    /**
     * A fetcher whose {@link AddressGuard} resolves names with {@code resolver} (tests: fake names without DNS;
     * the HTTP client itself always uses the JVM's resolver, so a fake name only ever reaches the guard).
     */
    public Fetcher(FetchSettings settings, FetchListener listener, AddressGuard.Resolver resolver) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.listener = Objects.requireNonNull(listener, "listener");
        int n = INSTANCES.incrementAndGet();
        this.timer = new ScheduledThreadPoolExecutor(1, daemon("shapecrawl-fetch-" + n + "-timer"));
        this.timer.setRemoveOnCancelPolicy(true);
        this.workers = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 30, TimeUnit.SECONDS, new SynchronousQueue<>(),
                daemon("shapecrawl-fetch-" + n + "-worker"));
        this.guard = new AddressGuard(settings.allowedAddresses(), resolver);
        this.pages = new HttpPageFetcher(settings, guard, HttpPageFetcher.newHttpClient(settings), timer);
        this.robots = new RobotsCache(settings, pages);
        this.retry = new RetryPolicy(settings, Clock.systemUTC(), () -> ThreadLocalRandom.current().nextDouble());
        this.scheduler = new HostScheduler(settings.maxConcurrency(), settings.parallelPerHost(),
                settings.maxQueuedPerHost(), workers, timer, System::nanoTime);
        this.store = new PageStore(settings.pageStoreBytes());
    }

    /**
     * Queues {@code request} in its host's queue and returns its outcome when done. Never blocks.
     *
     * @return completes with the outcome; exceptionally only as described in the class comment
     * @throws NullPointerException if {@code request} is null
     */
    public CompletionStage<PageFetched> fetch(FetchRequest request) {
        Objects.requireNonNull(request, "request");
        if (closed.get()) {
            return CompletableFuture.failedFuture(new RejectedExecutionException("fetcher is closed"));
        }
        Optional<PageFetched> stored = store.reusable(request);
        if (stored.isPresent()) {
            // the site is not contacted: no host queue, no politeness delay
            report(stored.get(), 0);
            return CompletableFuture.completedFuture(stored.get());
        }
        Job job = new Job(request);
        outstanding.add(job);
        boolean queued;
        try {
            queued = scheduler.submit(request.key(), job);
        } catch (IllegalStateException e) {
            outstanding.remove(job);
            return CompletableFuture.failedFuture(new RejectedExecutionException("fetcher is closed"));
        }
        if (!queued) {
            outstanding.remove(job);
            return CompletableFuture.failedFuture(new RejectedExecutionException("host queue full: "
                    + request.key() + " already has " + settings.maxQueuedPerHost() + " requests waiting"));
        }
        return job.future;
    }

    /** Requests of {@code host} (lower case, as {@link FetchRequest#key()}) accepted and not yet completed. */
    public int queueDepth(String host) {
        return scheduler.depth(host);
    }

    /** {@link #queueDepth} of every host with unfinished requests, sorted by host. A snapshot. */
    public Map<String, Integer> queueDepths() {
        return scheduler.depths();
    }

    /** Requests being fetched right now (at most {@link FetchSettings#maxConcurrency()}). */
    public int inFlight() {
        return scheduler.inFlight();
    }

    /** The settings this fetcher runs with. */
    public FetchSettings settings() {
        return settings;
    }

    /** {@link #close(long)} with {@value #DEFAULT_CLOSE_TIMEOUT_MS} ms. */
    @Override
    public void close() {
        close(DEFAULT_CLOSE_TIMEOUT_MS);
    }

    /**
     * Stops, within about {@code timeoutMs}: no new requests; requests waiting in host queues or back-off
     * complete with {@link CancellationException} at once; requests being fetched get up to {@code timeoutMs} to
     * finish, then are cancelled too and their threads interrupted. Idempotent.
     *
     * @return true when every in-flight fetch finished in time
     */
    public boolean close(long timeoutMs) {
        if (!closed.compareAndSet(false, true)) {
            return true;
        }
        scheduler.shutdown();
        List<CompletableFuture<PageFetched>> running = outstanding.stream().map(j -> j.future).toList();
        boolean clean = true;
        try {
            CompletableFuture.allOf(running.toArray(CompletableFuture[]::new)).get(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            clean = false;
        } catch (ExecutionException e) {
            // some completed exceptionally (cancelled); all are done
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            clean = false;
        }
        for (Job j : outstanding) {
            j.abandon("fetcher shutting down: fetch did not finish within " + timeoutMs + " ms");
        }
        workers.shutdownNow();
        timer.shutdownNow();
        return clean;
    }

    private long politenessMs(RobotsRules rules) {
        return Math.max(settings.politenessDelayMs(), rules == null ? 0 : rules.crawlDelayMs());
    }

    private static ThreadFactory daemon(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    /** One request's journey through its host queue. Runs one step at a time, never concurrently. */
    private final class Job implements HostScheduler.Task {
        final FetchRequest request;
        final URI uri;
        final CompletableFuture<PageFetched> future = new CompletableFuture<>();
        final long submittedNanos = System.nanoTime();
        long queuedNanos;
        int attempts;
        boolean checked;
        RobotsRules rules;

        Job(FetchRequest request) {
            this.request = request;
            this.uri = URI.create(request.url()); // the contract already validated it
        }

        @Override
        public void run(HostScheduler.Slot slot, long waitedNanos) {
            queuedNanos += waitedNanos;
            if (future.isDone()) { // cancelled by the caller, or by close()
                outstanding.remove(this);
                slot.release(0);
                return;
            }
            try {
                step(slot);
            } catch (RuntimeException | Error e) {
                LOG.log(System.Logger.Level.ERROR, "fetch of " + request.url() + " failed unexpectedly", e);
                outstanding.remove(this);
                future.completeExceptionally(e); // the scheduler releases the slot
            }
        }

        private void step(HostScheduler.Slot slot) {
            if (!checked) {
                long startedAtMs = System.currentTimeMillis();
                long t0 = System.nanoTime();
                AddressGuard.Verdict verdict = guard.check(uri);
                if (!verdict.allowed()) {
                    finish(slot, 0, FetchAttempt.notSent(request.url(), verdict.error(), startedAtMs, msSince(t0)));
                    return;
                }
                Optional<RobotsRules> cached = robots.cached(uri);
                boolean fetchedRobots = cached.isEmpty();
                RobotsRules found = cached.orElseGet(() -> robots.fetch(uri));
                if (found.failure() != null) {
                    // No answer at all: the host is unreachable right now, so this attempt failed like a page
                    // request would have; retry (robots.txt first) per the policy.
                    attempts++;
                    FetchAttempt failed = FetchAttempt.withoutResponse(request.url(), Failures.of(
                            found.failure().kind(), "robots.txt: " + found.failure().message()), true,
                            startedAtMs, msSince(t0));
                    retryOrFinish(slot, failed, politenessMs(null));
                    return;
                }
                rules = found;
                checked = true;
                if (!rules.isAllowed(request.url())) {
                    String why = rules.source() == RobotsRules.Source.UNREACHABLE ? rules.detail()
                            + " (RFC 9309 §2.3.1.4: disallow all)"
                            : "robots.txt disallows this URL for " + settings.robotsAgentToken();
                    finish(slot, fetchedRobots ? politenessMs(rules) : 0, FetchAttempt.notSent(request.url(),
                            Failures.of(FetchErrorKind.ROBOTS_DENIED, why), startedAtMs, msSince(t0)));
                    return;
                }
                long delay = politenessMs(rules);
                if (fetchedRobots && delay > 0) {
                    slot.requeue(delay); // the robots.txt request was this host's request; wait before the page
                    return;
                }
            }
            attempts++;
            // a GET whose answer the store keeps with validators is asked conditionally (issue 19)
            FetchAttempt attempt = pages.fetch(request, this::robotsOfHop, store.validatorsFor(request).orElse(null));
            retryOrFinish(slot, attempt, attempt.contactedHost() ? politenessMs(rules) : 0);
        }

        /**
         * robots.txt for a redirect target: the target origin's rules (cached, or fetched now, inside this
         * host's slot like the redirect itself). A request is checked against robots.txt before it is sent,
         * whether the crawl asked for it or a server redirected to it, so a redirect cannot lead the crawler
         * (or a form submission) into a disallowed path.
         */
        private dev.shapecrawl.events.FetchError robotsOfHop(URI next) {
            RobotsRules r = robots.rulesFor(next);
            if (r.failure() != null) {
                return Failures.of(r.failure().kind(), "robots.txt: " + r.failure().message());
            }
            if (!r.isAllowed(next.toString())) {
                return Failures.of(FetchErrorKind.ROBOTS_DENIED, r.source() == RobotsRules.Source.UNREACHABLE
                        ? r.detail() + " (RFC 9309 §2.3.1.4: disallow all)"
                        : "robots.txt disallows it for " + settings.robotsAgentToken());
            }
            return null;
        }

        /** After attempt number {@code attempts}: back to the queue for a retry, or done. */
        private void retryOrFinish(HostScheduler.Slot slot, FetchAttempt attempt, long politenessMs) {
            if (retry.shouldRetry(attempt, attempts)) {
                long wait = Math.max(politenessMs, retry.delayMs(attempt, attempts));
                LOG.log(System.Logger.Level.DEBUG, () -> request.url() + ": attempt " + attempts + " failed ("
                        + attempt.error().kind() + " " + attempt.error().message() + "), retry in " + wait + " ms");
                slot.requeue(wait);
                return;
            }
            finish(slot, politenessMs, attempt);
        }

        private void finish(HostScheduler.Slot slot, long delayMs, FetchAttempt attempt) {
            long queuedMs = TimeUnit.NANOSECONDS.toMillis(queuedNanos);
            PageFetched page;
            if (attempt.notModified()) {
                Optional<PageFetched> copy = store.notModified(request, attempt, Math.max(1, attempts), queuedMs);
                if (copy.isEmpty()) {
                    slot.requeue(delayMs); // the copy was evicted meanwhile: ask again, unconditionally
                    return;
                }
                page = copy.get();
            } else {
                page = attempt.toPageFetched(request, Math.max(1, attempts), queuedMs);
                store.keep(page, attempt.validators());
            }
            slot.release(delayMs);
            outstanding.remove(this);
            if (future.complete(page)) {
                report(page, msSince(submittedNanos));
            }
        }

        @Override
        public void abandon() {
            abandon("fetcher shutting down: request was still queued");
        }

        void abandon(String why) {
            outstanding.remove(this);
            future.completeExceptionally(new CancellationException(why));
        }
    }

    private void report(PageFetched page, long latencyMs) {
        LOG.log(System.Logger.Level.DEBUG, () -> page.request().method() + " " + page.request().url() + " -> "
                + page.status() + (page.error() == null ? "" : " " + page.error().kind()) + ", "
                + page.attempts() + " attempt(s), " + latencyMs + " ms" + (page.reused() == Boolean.TRUE
                ? " (stored copy)" : ""));
        try {
            listener.onComplete(page, latencyMs);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "fetch listener failed", e);
        }
    }

    private static long msSince(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanos);
    }
}
