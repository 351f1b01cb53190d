package dev.shapecrawl.testkit.site;

import java.util.Locale;

/**
 * How a generated site names its pages: the three URL schemes of the specification's synthetic-site protocol
 * (§8.6), one per real site of the thesis. Levels are counted as URLsim counts them (§5.3): the host is level 1,
 * then one level per {@code /}-separated path segment, with the query string kept in the last level.
 *
 * <p>Paginated list pages add {@code page=N} ({@code N >= 2}) to their list's URL, as a query parameter; print
 * views add {@code print=1}. Both change only the last level, so they stay within one level of the page they
 * belong to. Articles of a shape with {@link SiteShape#nearDistractors()} use the per-style URLs below, within
 * K = 2 levels of every target URL; otherwise they use {@code /press/<yyyy>/<mm>/<slug>-<id>.html}, whose level
 * count differs from every target's.
 */
public enum UrlStyle {
    /**
     * Path ids, as on most CMSs: sections {@code /genre/<slug>}, lists {@code /genre/<slug>/<era>}, targets
     * {@code /artist/<id>}, articles {@code /news/<id>}, news index {@code /news/}. Targets and articles have
     * three levels and differ in at most two (the {@code artist}/{@code news} level and the id).
     */
    PATH_ID(false, Vocabulary.JAZZ),
    /**
     * E-Jazz (thesis Table 3.1, specification §4.3 and §5.7): letter lists {@code /artistas/default<L>.asp}
     * (lists of a subsection add {@code ?era=<era>}), targets {@code /detail.asp?cd=<id>}, articles
     * {@code /noticia.asp?cd=<id>}, news index {@code /noticias.asp}. Targets and articles have two levels and
     * differ in one.
     */
    QUERY_ID(true, Vocabulary.JAZZ),
    /**
     * DBLP (specification §5.5, Figure 3.4): letter indexes {@code /a-tree/<l>/index.html} (lists of a subsection
     * {@code /a-tree/<l>/<era>.html}), targets {@code /a-tree/<l>/<Last>:<First>.html} where {@code <l>} is the
     * lower-case initial of {@code <Last>}, non-ASCII letters are written DBLP's way ({@code J=uuml=rgen}) and
     * homonyms get {@code _2}, {@code _3}; articles are venue pages {@code /a-tree/<v>/<VENUE>:<Year>.html} in the
     * same directories; news index {@code /news.html}. Lists, targets and articles are siblings: four levels,
     * differing in at most two.
     */
    NAME_FILE(true, Vocabulary.BIBLIOGRAPHY);

    private final boolean letterSections;
    private final Vocabulary vocabulary;

    UrlStyle(boolean letterSections, Vocabulary vocabulary) {
        this.letterSections = letterSections;
        this.vocabulary = vocabulary;
    }

    /** True when sections are initial letters (A, B, ...) and every target of a section has that initial. */
    public boolean letterSections() {
        return letterSections;
    }

    Vocabulary vocabulary() {
        return vocabulary;
    }

    /** {@code key} is a genre slug for {@link #PATH_ID}, a lower-case letter otherwise. */
    String sectionUrl(String key) {
        return switch (this) {
            case PATH_ID -> "/genre/" + key;
            case QUERY_ID -> "/artistas/default" + key.toUpperCase(Locale.ROOT) + ".asp";
            case NAME_FILE -> "/a-tree/" + key + "/index.html";
        };
    }

    String listUrl(String sectionKey, String era) {
        return switch (this) {
            case PATH_ID -> sectionUrl(sectionKey) + "/" + era;
            case QUERY_ID -> withParam(sectionUrl(sectionKey), "era", era);
            case NAME_FILE -> "/a-tree/" + sectionKey + "/" + era + ".html";
        };
    }

    /** {@code folder} and {@code nameKey} matter only for {@link #NAME_FILE}, {@code id} only for the others. */
    String targetUrl(int id, String folder, String nameKey) {
        return switch (this) {
            case PATH_ID -> "/artist/" + id;
            case QUERY_ID -> "/detail.asp?cd=" + id;
            case NAME_FILE -> "/a-tree/" + folder + "/" + nameKey + ".html";
        };
    }

    String nearArticleUrl(int id, String folder, String nameKey) {
        return switch (this) {
            case PATH_ID -> "/news/" + id;
            case QUERY_ID -> "/noticia.asp?cd=" + id;
            case NAME_FILE -> "/a-tree/" + folder + "/" + nameKey + ".html";
        };
    }

    static String farArticleUrl(int id, int year, int month, String slug) {
        return String.format(Locale.ROOT, "/press/%d/%02d/%s-%d.html", year, month, slug, id);
    }

    String newsIndexUrl() {
        return switch (this) {
            case PATH_ID -> "/news/";
            case QUERY_ID -> "/noticias.asp";
            case NAME_FILE -> "/news.html";
        };
    }

    static String withParam(String url, String name, String value) {
        return url + (url.indexOf('?') < 0 ? "?" : "&") + name + "=" + value;
    }
}
