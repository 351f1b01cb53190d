package dev.shapecrawl.events;

/**
 * A link found on a page.
 *
 * @param url        absolute, normalised http(s) URL
 * @param anchorText the anchor's visible text, whitespace collapsed, possibly empty
 * @param inScope    whether the job's scope allows fetching it
 */
public record Outlink(String url, String anchorText, boolean inScope) {
    public Outlink {
        Urls.requireHttp("url", url);
        anchorText = anchorText == null ? "" : anchorText;
    }
}
