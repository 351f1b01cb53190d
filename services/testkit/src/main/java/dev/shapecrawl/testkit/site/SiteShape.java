package dev.shapecrawl.testkit.site;

/**
 * The shape of a generated site: how many sections, lists and targets, how lists paginate, which distractors,
 * shortcuts and related links it has, its URL style and its seed. {@link GeneratedSite#generate(SiteShape)}
 * turns a shape into pages; the same shape always gives the same bytes.
 *
 * <p>The site: the entry ({@code /}) links to {@link #sections()} sections. A section is itself a list of targets,
 * or, with {@link #subsections()} > 0, a page linking to that many lists (one per era). Every list holds
 * {@link #targetsPerList()} targets, {@link #pageSize()} per page; its pages are chained by a pager showing the
 * previous and next page and the pages within {@link #pagerWindow()} of the current one. Targets are listed on
 * exactly one list, so every target is reachable from the entry without passing through another target.
 *
 * <p>Use a preset ({@link #ejazz()}, {@link #paginatedCatalogue()}, {@link #deepHierarchy()},
 * {@link #dblpAuthors()}, {@link #mixedDistractors()}, {@link #farDistractors()}, {@link #tiny()}) or
 * {@link #builder(String)}; {@link #toBuilder()} varies a preset (another seed, another URL style).
 *
 * @param name           a label for reports; not used in the pages
 * @param seed           seed of the {@link java.util.Random} that draws names, record counts and links
 * @param urlStyle       URL scheme of every page ({@link UrlStyle})
 * @param sections       sections linked from the entry, at least 1 (at most 26 for letter-section styles)
 * @param subsections    lists per section, 0..10; 0 means a section is a list itself
 * @param targetsPerList targets per list, >= 1
 * @param pageSize       list entries per list page, >= 1 (intentionally broken entries count too)
 * @param pagerWindow    numbered pager links on each side of the current page, >= 0; 0 leaves only
 *                       previous/next, a pure {@code page=N} chain whose last page is {@code N-1} hops from the
 *                       first
 * @param minRecords     fewest record rows (albums, publications) on a target page, >= 1
 * @param maxRecords     most record rows on a target page, >= minRecords; the count is drawn uniformly per target
 * @param shortcuts      targets also linked from the entry ("featured"), 0..total targets
 * @param relatedLinks   links from each target to other targets, preferably of its section; 0 turns them off
 * @param articles       news articles (distractors), each linking to one to three targets, >= 0
 * @param nearDistractors true: article URLs differ from every target URL in at most K = 2 levels (same level
 *                       count, see {@link UrlStyle}); false: article URLs have another level count
 * @param printViews     true: every list entry also links to the target's print view (a distractor one level
 *                       from the target's URL)
 * @param brokenLinks    list entries that look like targets but answer 404, >= 0
 */
public record SiteShape(String name, long seed, UrlStyle urlStyle, int sections, int subsections,
                        int targetsPerList, int pageSize, int pagerWindow, int minRecords, int maxRecords,
                        int shortcuts, int relatedLinks, int articles, boolean nearDistractors, boolean printViews,
                        int brokenLinks) {

    /** K of URLsim (specification §5.3): near distractors stay within this many differing levels of a target. */
    public static final int K = 2;

    /** @throws IllegalArgumentException if a count is out of its range (see the parameters) */
    public SiteShape {
        if (name == null || urlStyle == null) {
            throw new IllegalArgumentException("name and urlStyle: must not be null");
        }
        require("sections", sections, 1, urlStyle.letterSections() ? 26 : Integer.MAX_VALUE);
        require("subsections", subsections, 0, Vocabulary.ERAS.size());
        require("targetsPerList", targetsPerList, 1, Integer.MAX_VALUE);
        require("pageSize", pageSize, 1, Integer.MAX_VALUE);
        require("pagerWindow", pagerWindow, 0, Integer.MAX_VALUE);
        require("minRecords", minRecords, 1, Integer.MAX_VALUE);
        require("maxRecords", maxRecords, minRecords, Integer.MAX_VALUE);
        int total = sections * Math.max(1, subsections) * targetsPerList;
        require("shortcuts", shortcuts, 0, total);
        require("relatedLinks", relatedLinks, 0, total - 1);
        require("articles", articles, 0, Integer.MAX_VALUE);
        require("brokenLinks", brokenLinks, 0, Integer.MAX_VALUE);
    }

    /** Lists in the site: {@code sections * max(1, subsections)}. */
    public int lists() {
        return sections * Math.max(1, subsections);
    }

    /** Targets before any {@link GeneratedSite#grow growth}: {@code lists() * targetsPerList}. */
    public int totalTargets() {
        return lists() * targetsPerList;
    }

    /** A builder starting from this shape. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** This shape with another seed (another site with the same counts). */
    public SiteShape withSeed(long newSeed) {
        return toBuilder().seed(newSeed).build();
    }

    /**
     * E-Jazz (specification §4.3, §5.7; thesis Table 3.1): ten letter lists {@code /artistas/default<L>.asp}
     * of 15 artists {@code /detail.asp?cd=<id>} each, no pagination, three artists also featured on the entry
     * (the shortcut anomaly: BFS hangs them under the root, and the NP must still choose the list path because
     * it holds 147 targets against 3), related-artist links, twelve news articles one level away from the
     * targets' URLs. 175 pages, 150 targets, each two or three hops from the entry.
     */
    public static SiteShape ejazz() {
        return builder("ejazz").urlStyle(UrlStyle.QUERY_ID).sections(10).targetsPerList(15).pageSize(50)
                .records(1, 12).shortcuts(3).relatedLinks(3).articles(12).build();
    }

    /**
     * A catalogue whose lists are long {@code ?page=N} chains (specification §8.6, paginated lists; §5.2 GROUP
     * must merge {@code /genre/x} and {@code /genre/x?page=N}): four genres of 45 artists, ten per page (five
     * pages per genre), a pager window of one so later pages are reached only hop by hop, print views beside
     * every entry, two broken entries. 389 pages, 180 targets. The targets of a fifth page are seven hops from
     * the entry (entry = 1), one beyond mapping's default depth limit of six (§4.2), unless an article links
     * to them: mapping sees only part of a chain, and the learned pattern must generalise to the rest.
     */
    public static SiteShape paginatedCatalogue() {
        return builder("paginated-catalogue").urlStyle(UrlStyle.PATH_ID).sections(4).targetsPerList(45)
                .pageSize(10).pagerWindow(1).records(2, 30).shortcuts(2).relatedLinks(2).articles(6)
                .printViews(true).brokenLinks(2).build();
    }

    /**
     * A deeper hierarchy, entry → genre → era list (→ list page 2) → artist (specification §5.2, GROUP applied
     * recursively; §5.6, the NP is a path of three or four regexes): three genres of four eras of twelve
     * artists, eight per page. 180 pages, 144 targets, most four or five hops from the entry.
     */
    public static SiteShape deepHierarchy() {
        return builder("deep-hierarchy").urlStyle(UrlStyle.PATH_ID).sections(3).subsections(4).targetsPerList(12)
                .pageSize(8).records(1, 15).shortcuts(2).relatedLinks(3).articles(6).build();
    }

    /**
     * DBLP author pages {@code /a-tree/<l>/<Last>:<First>.html} (specification §5.5, Figure 3.4: TOKENIZE and
     * TOKENREGEX over {@code Name:First}, DBLP's {@code =uuml=} spellings and {@code _2} homonym suffixes):
     * eight initial-letter indexes of twelve authors, coauthor links, ten venue pages as distractors in the same
     * {@code /a-tree/<l>/} tree as the authors (sibling levels, at most two levels away), one shortcut, one
     * broken entry. 117 pages, 96 targets.
     */
    public static SiteShape dblpAuthors() {
        return builder("dblp-authors").urlStyle(UrlStyle.NAME_FILE).sections(8).targetsPerList(12).pageSize(100)
                .records(1, 40).shortcuts(1).relatedLinks(4).articles(10).brokenLinks(1).build();
    }

    /**
     * Many distractors near the targets (specification §5.3, URLsim with K = 2, and §8.6): thirty articles
     * {@code /news/<id>} two levels from the targets {@code /artist/<id>}, each linking to targets (so some
     * targets are first reached through an article and articles enter the TPM), print views
     * {@code /artist/<id>?print=1} one level away, three shortcuts, three broken entries; three genres of twenty
     * artists, ten per page. 162 pages, 60 targets (21 of them first met through an article).
     */
    public static SiteShape mixedDistractors() {
        return builder("mixed-distractors").urlStyle(UrlStyle.PATH_ID).sections(3).targetsPerList(20).pageSize(10)
                .records(1, 20).shortcuts(3).relatedLinks(3).articles(30).printViews(true).brokenLinks(3).build();
    }

    /**
     * A shop-like catalogue in the query style of old dynamic sites (specification §5.3, §5.5: one varying level
     * with the script's name in front, {@code /artistas/defaultA.asp?page=2} beside {@code /detail.asp?cd=N}): six
     * letter lists of 40 items, 20 per page (two pages), a pager, print views {@code detail.asp?cd=N&print=1}
     * of every item one parameter away from the targets, two shortcuts, related items, eight news articles, one broken
     * entry. 504 pages, 240 targets. Its list pages hold 20 entries, more than any other preset's.
     */
    public static SiteShape queryCatalogue() {
        return builder("query-catalogue").urlStyle(UrlStyle.QUERY_ID).sections(6).targetsPerList(40).pageSize(20)
                .records(2, 25).shortcuts(2).relatedLinks(3).articles(8).printViews(true).brokenLinks(1).build();
    }

    /**
     * The control for {@link #mixedDistractors()}: the same site but articles at
     * {@code /press/<yyyy>/<mm>/<slug>-<id>.html}, a level count no target has, so URLsim never groups them
     * with targets whatever K. Print views stay one level away. 162 pages, 60 targets.
     */
    public static SiteShape farDistractors() {
        return mixedDistractors().toBuilder().name("far-distractors").nearDistractors(false).build();
    }

    /**
     * A small site for fast tests: two genres of five artists, three per page (two pages each), one shortcut,
     * related links, two articles. 19 pages, 10 targets.
     */
    public static SiteShape tiny() {
        return builder("tiny").urlStyle(UrlStyle.PATH_ID).sections(2).targetsPerList(5).pageSize(3).pagerWindow(1)
                .records(1, 6).shortcuts(1).relatedLinks(1).articles(2).build();
    }

    /** A builder with the defaults of a small {@link UrlStyle#PATH_ID} site (seed 2006), named {@code name}. */
    public static Builder builder(String name) {
        return new Builder(new SiteShape(name, 2006, UrlStyle.PATH_ID, 2, 0, 5, 10, 2, 1, 10, 0, 0, 0, true, false,
                0));
    }

    private static void require(String what, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(what + ": must be " + min + ".." + max + ", was " + value);
        }
    }

    /** Builds a {@link SiteShape}; every setter names the record component it sets. */
    public static final class Builder {
        private String name;
        private long seed;
        private UrlStyle urlStyle;
        private int sections;
        private int subsections;
        private int targetsPerList;
        private int pageSize;
        private int pagerWindow;
        private int minRecords;
        private int maxRecords;
        private int shortcuts;
        private int relatedLinks;
        private int articles;
        private boolean nearDistractors;
        private boolean printViews;
        private int brokenLinks;

        private Builder(SiteShape s) {
            name = s.name;
            seed = s.seed;
            urlStyle = s.urlStyle;
            sections = s.sections;
            subsections = s.subsections;
            targetsPerList = s.targetsPerList;
            pageSize = s.pageSize;
            pagerWindow = s.pagerWindow;
            minRecords = s.minRecords;
            maxRecords = s.maxRecords;
            shortcuts = s.shortcuts;
            relatedLinks = s.relatedLinks;
            articles = s.articles;
            nearDistractors = s.nearDistractors;
            printViews = s.printViews;
            brokenLinks = s.brokenLinks;
        }

        /** @see SiteShape#name() */
        public Builder name(String v) {
            name = v;
            return this;
        }

        /** @see SiteShape#seed() */
        public Builder seed(long v) {
            seed = v;
            return this;
        }

        /** @see SiteShape#urlStyle() */
        public Builder urlStyle(UrlStyle v) {
            urlStyle = v;
            return this;
        }

        /** @see SiteShape#sections() */
        public Builder sections(int v) {
            sections = v;
            return this;
        }

        /** @see SiteShape#subsections() */
        public Builder subsections(int v) {
            subsections = v;
            return this;
        }

        /** @see SiteShape#targetsPerList() */
        public Builder targetsPerList(int v) {
            targetsPerList = v;
            return this;
        }

        /** @see SiteShape#pageSize() */
        public Builder pageSize(int v) {
            pageSize = v;
            return this;
        }

        /** @see SiteShape#pagerWindow() */
        public Builder pagerWindow(int v) {
            pagerWindow = v;
            return this;
        }

        /** Sets {@link SiteShape#minRecords()} and {@link SiteShape#maxRecords()}. */
        public Builder records(int min, int max) {
            minRecords = min;
            maxRecords = max;
            return this;
        }

        /** @see SiteShape#shortcuts() */
        public Builder shortcuts(int v) {
            shortcuts = v;
            return this;
        }

        /** @see SiteShape#relatedLinks() */
        public Builder relatedLinks(int v) {
            relatedLinks = v;
            return this;
        }

        /** @see SiteShape#articles() */
        public Builder articles(int v) {
            articles = v;
            return this;
        }

        /** @see SiteShape#nearDistractors() */
        public Builder nearDistractors(boolean v) {
            nearDistractors = v;
            return this;
        }

        /** @see SiteShape#printViews() */
        public Builder printViews(boolean v) {
            printViews = v;
            return this;
        }

        /** @see SiteShape#brokenLinks() */
        public Builder brokenLinks(int v) {
            brokenLinks = v;
            return this;
        }

        /** @throws IllegalArgumentException if a count is out of range */
        public SiteShape build() {
            return new SiteShape(name, seed, urlStyle, sections, subsections, targetsPerList, pageSize, pagerWindow,
                    minRecords, maxRecords, shortcuts, relatedLinks, articles, nearDistractors, printViews,
                    brokenLinks);
        }
    }
}
