package dev.shapecrawl.console;

import java.util.List;

/**
 * One page of a job's target pages.
 *
 * @param total  targets matching the query
 * @param offset the first one's position among them
 * @param items  at most the requested number, in the order they were found
 */
public record TargetsPage(int total, int offset, List<Target> items) {
    /**
     * A target page.
     *
     * @param url        its URL
     * @param similarity its similarity to the samples, 0..1
     * @param crawled    whether the crawl (not only the mapping) delivered it
     * @param pageClass  its page class in the site model: the class whose sampled pages include it, else the only
     *                   target class when the model has one; 0 when neither names it (no model yet, or several
     *                   target classes and the page was not sampled)
     */
    public record Target(String url, double similarity, boolean crawled, int pageClass) {
        /** This target with its class. */
        Target inClass(int id) {
            return new Target(url, similarity, crawled, id);
        }
    }
}
