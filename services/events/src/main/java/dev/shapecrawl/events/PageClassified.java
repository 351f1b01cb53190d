package dev.shapecrawl.events;

import java.util.List;

/**
 * A fetched page after classification, without its body. Topic {@link Topics#PAGES_CLASSIFIED}, key
 * {@code jobId}.
 *
 * @param jobId          the job
 * @param request        the fetch request, echoed
 * @param finalUrl       the URL after redirects
 * @param status         the HTTP status, 0 if none
 * @param similarity     the page's structural similarity to the nearest sample, 0..1, or null when the page
 *                       could not be classified (see {@code reason})
 * @param target         whether the page is a target page
 * @param nearestSample  the id of the most similar sample, or null
 * @param outlinks       the page's links, in document order, deduplicated
 * @param forms          the page's forms
 * @param contentHash    hex SHA-256 of the body, or null
 * @param byteSize       the body's size in bytes (UTF-8), >= 0
 * @param nodeCount      the number of nodes of the page's tree, >= 0
 * @param reason         why the page was not classified (failed fetch, non-HTML, empty body, too deep), or
 *                       null
 * @param negativeSimilarity the page's similarity to the nearest negative sample, 0..1, or null when the job has
 *                       none or the page could not be classified (issue 18: the site-wide target decision)
 * @param collections    the page's link and text collections (seed 001 §3.1), the material of the site model, on a
 *                       classified MAP page; null otherwise (other purposes, pages that could not be classified)
 * @param reused         echoes {@link PageFetched#reused()}: the fetcher's stored copy answered, the site was not
 *                       contacted; null or false otherwise
 * @param notModified    echoes {@link PageFetched#notModified()}: the site answered a conditional request with 304,
 *                       the page is unchanged since the fetcher's stored copy; null or false otherwise
 */
public record PageClassified(String jobId, FetchRequest request, String finalUrl, int status, Double similarity,
                             boolean target, String nearestSample, List<Outlink> outlinks, List<FormInfo> forms,
                             String contentHash, long byteSize, int nodeCount, String reason,
                             Double negativeSimilarity, PageCollections collections, Boolean reused,
                             Boolean notModified) {
    /**
     * A Kafka header the classifier puts on every record it writes: the number of the page's {@code forms}, in
     * decimal. A hint for consumers that only want pages with forms (the form-prober acks a record whose header
     * reads {@code 0} without decoding it); the event stays the contract, and a record without the header is
     * decoded as before.
     */
    public static final String FORMS_HEADER = "shapecrawl-forms";

    public PageClassified {
        JobIds.require(jobId);
        Checks.nonNull("request", request);
        Urls.requireHttp("finalUrl", finalUrl);
        Checks.unitInterval("similarity", similarity);
        Checks.unitInterval("negativeSimilarity", negativeSimilarity);
        outlinks = Checks.list(outlinks);
        forms = Checks.list(forms);
        Checks.nonNegative("byteSize", byteSize);
        Checks.nonNegative("nodeCount", nodeCount);
    }

    /** A page fetched now ({@link #reused} and {@link #notModified} null). */
    public PageClassified(String jobId, FetchRequest request, String finalUrl, int status, Double similarity,
                          boolean target, String nearestSample, List<Outlink> outlinks, List<FormInfo> forms,
                          String contentHash, long byteSize, int nodeCount, String reason,
                          Double negativeSimilarity, PageCollections collections) {
        this(jobId, request, finalUrl, status, similarity, target, nearestSample, outlinks, forms, contentHash,
                byteSize, nodeCount, reason, negativeSimilarity, collections, null, null);
    }

    /** This page without its collections (this same page when it has none). */
    public PageClassified withoutCollections() {
        return collections == null ? this : new PageClassified(jobId, request, finalUrl, status, similarity, target,
                nearestSample, outlinks, forms, contentHash, byteSize, nodeCount, reason, negativeSimilarity, null,
                reused, notModified);
    }

    /** This page with the fetch's origin echoed: stored copy, unchanged (304), or neither. */
    public PageClassified answeredAs(PageFetched fetched) {
        return new PageClassified(jobId, request, finalUrl, status, similarity, target, nearestSample, outlinks, forms,
                contentHash, byteSize, nodeCount, reason, negativeSimilarity, collections,
                fetched.fromStore() ? Boolean.TRUE : null, fetched.unchanged() ? Boolean.TRUE : null);
    }

    /** Whether the fetcher's stored copy answered without contacting the site. */
    public boolean fromStore() {
        return Boolean.TRUE.equals(reused);
    }

    /** Whether the site answered 304: the page is unchanged since the fetcher's stored copy. */
    public boolean unchanged() {
        return Boolean.TRUE.equals(notModified);
    }
}
