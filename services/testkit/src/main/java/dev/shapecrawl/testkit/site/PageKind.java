package dev.shapecrawl.testkit.site;

/**
 * What a page of a {@link GeneratedSite} is, as ground truth. Each kind has its own DOM template, so a structural
 * classifier given a {@link #TARGET} sample should accept exactly the targets.
 */
public enum PageKind {
    /** The home page and entry point: section links, shortcut links to a few targets, the latest news. */
    ENTRY,
    /** A section that only links to its lists ({@link SiteShape#subsections()} > 0). A hub. */
    SECTION,
    /** One page of a list of targets, paginated with {@code page=N} links. A hub. */
    LIST,
    /** A detail page: the pages to find (thesis §4.1 calls them the pages similar to the sample). */
    TARGET,
    /** A distractor: a target's print view, a different DOM under a URL one level away from the target's. */
    PRINT_VIEW,
    /** A distractor: a news article (another template) that mentions and links to a few targets. */
    ARTICLE,
    /** The list of every article. */
    NEWS_INDEX,
    /** About and help text with a site map: many links, none of them to targets. */
    ABOUT;

    /** True for the pages that lead to targets by design ({@link #SECTION}, {@link #LIST}). */
    public boolean isHub() {
        return this == SECTION || this == LIST;
    }

    /** True for the non-target templates whose URLs resemble the targets' ({@link #PRINT_VIEW}, {@link #ARTICLE}). */
    public boolean isDistractor() {
        return this == PRINT_VIEW || this == ARTICLE;
    }
}
