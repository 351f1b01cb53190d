package dev.shapecrawl.core.navigation;

/**
 * Where a link stands on its page, as a crawl by class links reads it (seed 001 §3.3, spec §4): the path of the link
 * collection that holds it, at the site model's default level, and the link's own path at the lattice's full value
 * level (core's {@code ValueLevel}).
 *
 * @param path      the collection's default-level path ({@code HTML-BODY-DIV[@CLASS]-A}); never blank
 * @param valuePath the link's value-level path ({@code HTML-BODY-DIV[@CLASS="toc"]-A}), or null when the
 *                  collection's links share every value (its page did not record them)
 */
public record LinkPosition(String path, String valuePath) {
    public LinkPosition {
        if (path == null || path.isBlank()) {
            throw new IllegalArgumentException("path: must not be blank");
        }
    }

    /**
     * The link's group, as a step's excluded groups name it ({@code NavigationPattern.Step#excludedLinkPaths}): its
     * value-level path, or its collection's path where the page recorded no values.
     */
    public String group() {
        return valuePath != null ? valuePath : path;
    }

    /** A link known by its collection's path alone. */
    public static LinkPosition at(String path) {
        return new LinkPosition(path, null);
    }
}
