package dev.shapecrawl.events;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * A link found on a page.
 *
 * @param url        absolute, normalised http(s) URL
 * @param anchorText the anchor's visible text, whitespace collapsed, possibly empty
 * @param inScope    whether the job's scope allows fetching it
 * @param script     {@code TRUE} for a script the page loads ({@code <script src>}), whose string literals may name
 *                   pages (a Doxygen main page links its indexes only from {@code menudata.js}); null for a link a
 *                   person follows. Absent from the JSON when null, so version 1 consumers read it unchanged.
 */
public record Outlink(String url, String anchorText, boolean inScope, Boolean script) {
    public Outlink {
        Urls.requireHttp("url", url);
        anchorText = anchorText == null ? "" : anchorText;
        script = Boolean.TRUE.equals(script) ? Boolean.TRUE : null;
    }

    /** A link a person follows ({@link #script} null). */
    public Outlink(String url, String anchorText, boolean inScope) {
        this(url, anchorText, inScope, null);
    }

    /** Whether this is a script the page loads rather than a link. */
    @JsonIgnore
    public boolean isScript() {
        return script != null;
    }
}
