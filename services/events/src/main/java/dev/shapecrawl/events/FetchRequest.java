package dev.shapecrawl.events;

import java.util.List;

/**
 * A request to fetch one URL. Topic {@link Topics#FETCH_REQUESTS}, key {@link #key()} (the host), so one
 * fetcher instance owns each host and enforces its politeness delay.
 *
 * @param jobId     the crawl job, not blank
 * @param url       absolute http(s) URL
 * @param method    GET, or POST for a form submission; default GET
 * @param form      the urlencoded form body of a POST, in order; empty for GET (a GET form step puts its
 *                  query in {@code url})
 * @param purpose   why the page is fetched
 * @param depth     link distance from the entry point, >= 0
 * @param parentUrl the page that linked here, or null for entry points and samples
 * @param attempt   0 for the first request of this URL in this job; raised by whoever re-requests it (a
 *                  re-crawl), so that every request has its own {@link #id()}
 * @param targetThreshold for a CRAWL request, the threshold (0..1) of the job's site-wide target decision, which
 *                  the classifier decides the page with (issue 18: the navigation pattern's
 *                  {@link NavigationPattern#targetThreshold()}, carried on each of its requests so the classifier
 *                  needs no view of the patterns and a replay decides alike); null: the job's own threshold.
 *                  Not part of {@link #id()}
 * @param reuseSinceMs epoch ms, or null: the fetcher may answer this GET with its stored copy of the URL if that
 *                  copy's fetch started at or after this instant, instead of fetching the URL again
 *                  ({@link PageFetched#reused()}). Issue 18: a mapping started again after an AMBIGUOUS (or
 *                  FAILED) one, with one more sample, reuses the pages the previous mapping fetched instead of
 *                  fetching the site again. Null: fetch. Not part of {@link #id()}
 * @param pageClass for a CRAWL request of a job with a crawl spec ({@link CrawlSeed#spec()}), the page class the URL
 *                  was given when a class link reached it (seed 001 §4.1: assigned at discovery); the classifier
 *                  selects that class's links by their XPaths and takes the page as a target when its class is a
 *                  target class. Null otherwise. Not part of {@link #id()}
 * @param knownTargetHash for a CRAWL request, the content hash (lower-case hex SHA-256 of the body's UTF-8 bytes,
 *                  as {@link PageClassified#contentHash()}) of this URL's page when an earlier crawl run of the job
 *                  last took it for a target, so its list records were written from that content. An answer with the
 *                  same content (a {@code 304 Not Modified}, or a whole answer of an unchanged page, where the site
 *                  gives no validators or the fetcher kept no copy) reaches the extractor as unchanged
 *                  ({@link TargetPage#notModified()}, no records again); a page that is a target only now (a
 *                  re-crawl with one more sample) or has changed gets its records. Null otherwise. Not part of
 *                  {@link #id()}
 * @param expanded  for a CRAWL request by a navigation pattern, true when the crawl follows the page's links whatever
 *                  the classifier decides (its step is a loop or has a step after it, as Haddock's module pages link
 *                  to other modules): the classifier answers with the page's link collections and their attribute
 *                  values even when the page is a target, so that the crawl honours the pattern's class links and
 *                  excluded groups there as on any other page (issue 19). Null otherwise (a target page is then
 *                  answered without collections). Not part of {@link #id()}
 */
public record FetchRequest(String jobId, String url, HttpMethod method, List<FormField> form, Purpose purpose,
                           int depth, String parentUrl, int attempt, Double targetThreshold, Long reuseSinceMs,
                           String pageClass, String knownTargetHash, Boolean expanded) {

    public FetchRequest {
        JobIds.require(jobId);
        Urls.requireHttp("url", url);
        method = method == null ? HttpMethod.GET : method;
        form = Checks.list(form);
        Checks.nonNull("purpose", purpose);
        Checks.nonNegative("depth", depth);
        Urls.optionalHttp("parentUrl", parentUrl);
        Checks.nonNegative("attempt", attempt);
        Checks.unitInterval("targetThreshold", targetThreshold);
        if (method == HttpMethod.GET && !form.isEmpty()) {
            throw new IllegalArgumentException("form: a GET request carries its form values in the URL");
        }
        if (reuseSinceMs != null && reuseSinceMs < 0) {
            throw new IllegalArgumentException("reuseSinceMs: must be >= 0, was " + reuseSinceMs);
        }
        if (pageClass != null) {
            Checks.nonBlank("pageClass", pageClass);
        }
        expanded = Boolean.TRUE.equals(expanded) ? Boolean.TRUE : null; // false says nothing more than absent
        if (knownTargetHash != null && !Hashes.isSha256Hex(knownTargetHash)) {
            throw new IllegalArgumentException("knownTargetHash: must be 64 lower-case hex digits, was "
                    + knownTargetHash);
        }
    }

    /** A request whose page's links are followed only by its verdict ({@link #expanded} null). */
    public FetchRequest(String jobId, String url, HttpMethod method, List<FormField> form, Purpose purpose,
                        int depth, String parentUrl, int attempt, Double targetThreshold, Long reuseSinceMs,
                        String pageClass, String knownTargetHash) {
        this(jobId, url, method, form, purpose, depth, parentUrl, attempt, targetThreshold, reuseSinceMs, pageClass,
                knownTargetHash, null);
    }

    /** A request not known as an earlier run's target page ({@link #knownTargetHash} null). */
    public FetchRequest(String jobId, String url, HttpMethod method, List<FormField> form, Purpose purpose,
                        int depth, String parentUrl, int attempt, Double targetThreshold, Long reuseSinceMs,
                        String pageClass) {
        this(jobId, url, method, form, purpose, depth, parentUrl, attempt, targetThreshold, reuseSinceMs, pageClass,
                null);
    }

    /** A request without a page class ({@link #pageClass} null). */
    public FetchRequest(String jobId, String url, HttpMethod method, List<FormField> form, Purpose purpose,
                        int depth, String parentUrl, int attempt, Double targetThreshold, Long reuseSinceMs) {
        this(jobId, url, method, form, purpose, depth, parentUrl, attempt, targetThreshold, reuseSinceMs, null);
    }

    /** A request that reuses no stored copy ({@link #reuseSinceMs} null). */
    public FetchRequest(String jobId, String url, HttpMethod method, List<FormField> form, Purpose purpose,
                        int depth, String parentUrl, int attempt, Double targetThreshold) {
        this(jobId, url, method, form, purpose, depth, parentUrl, attempt, targetThreshold, null);
    }

    /** A first-attempt GET with no parent. */
    public static FetchRequest get(String jobId, String url, Purpose purpose, int depth) {
        return new FetchRequest(jobId, url, HttpMethod.GET, List.of(), purpose, depth, null, 0, null);
    }

    /** This request, to be classified against {@code threshold} (a CRAWL by a decided pattern), or null. */
    public FetchRequest withTargetThreshold(Double threshold) {
        return new FetchRequest(jobId, url, method, form, purpose, depth, parentUrl, attempt, threshold,
                reuseSinceMs, pageClass, knownTargetHash, expanded);
    }

    /** This request, answerable with a stored copy fetched at or after {@code sinceMs} (epoch ms), or null. */
    public FetchRequest withReuseSince(Long sinceMs) {
        return new FetchRequest(jobId, url, method, form, purpose, depth, parentUrl, attempt, targetThreshold,
                sinceMs, pageClass, knownTargetHash, expanded);
    }

    /** This request for a page of class {@code name} of the job's crawl spec ({@link #pageClass}), or null. */
    public FetchRequest withPageClass(String name) {
        return new FetchRequest(jobId, url, method, form, purpose, depth, parentUrl, attempt, targetThreshold,
                reuseSinceMs, name, knownTargetHash, expanded);
    }

    /**
     * This request for a URL an earlier crawl run of the job took for a target page whose content had hash
     * {@code contentHash} ({@link #knownTargetHash}), or null.
     */
    public FetchRequest withKnownTargetHash(String contentHash) {
        return new FetchRequest(jobId, url, method, form, purpose, depth, parentUrl, attempt, targetThreshold,
                reuseSinceMs, pageClass, contentHash, expanded);
    }

    /** This request for a page the crawl expands whatever its verdict ({@link #expanded}). */
    public FetchRequest asExpanded() {
        return new FetchRequest(jobId, url, method, form, purpose, depth, parentUrl, attempt, targetThreshold,
                reuseSinceMs, pageClass, knownTargetHash, Boolean.TRUE);
    }

    /** The Kafka key: the URL's host, lower-cased. */
    public String key() {
        return Urls.host(url);
    }

    /**
     * The request's deterministic identity: a hex SHA-256 prefix (32 characters) of job, method, URL, form
     * body, purpose and attempt. A replay after a crash produces the same id, so consumers can deduplicate.
     */
    public String id() {
        StringBuilder sb = new StringBuilder().append(jobId).append('\n').append(method).append('\n')
                .append(url).append('\n').append(purpose).append('\n').append(attempt);
        for (FormField f : form) {
            sb.append('\n').append(f.name()).append('=').append(f.value());
        }
        return Hashes.sha256Hex(sb.toString()).substring(0, 32);
    }
}
