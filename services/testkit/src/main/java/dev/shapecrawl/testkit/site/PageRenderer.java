package dev.shapecrawl.testkit.site;

import dev.shapecrawl.testkit.site.SiteModel.Article;
import dev.shapecrawl.testkit.site.SiteModel.Listing;
import dev.shapecrawl.testkit.site.SiteModel.Row;
import dev.shapecrawl.testkit.site.SiteModel.Section;
import dev.shapecrawl.testkit.site.SiteModel.Target;

import java.time.LocalDate;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a {@link SiteModel} as HTML, one DOM template per {@link PageKind}. Pages share a header, a navigation
 * bar and a footer, as on a real CMS, so that templates differ in their main part only. Every link is
 * root-relative, which keeps the bytes independent of the port the site is served on.
 */
final class PageRenderer {
    /** A page as served: its kind (ground truth) and its HTML. */
    record Page(PageKind kind, String html) {
    }

    static final String ABOUT_URL = "/about.html";
    private static final int LATEST_NEWS = 5;
    private static final int NEWS_BOX = 3;
    private static final String[] MONTHS = {"January", "February", "March", "April", "May", "June", "July",
            "August", "September", "October", "November", "December"};

    private final SiteModel site;
    private final Vocabulary words;
    private final String newsIndex;
    private final Map<String, Page> pages = new LinkedHashMap<>();

    private PageRenderer(SiteModel site) {
        this.site = site;
        this.words = site.words;
        this.newsIndex = site.style.newsIndexUrl();
    }

    /**
     * Every page of {@code site} by root-relative URL, in a fixed order: entry, about, news index, sections and
     * their list pages, targets and their print views, articles.
     *
     * @throws IllegalStateException if two pages would share a URL (a bug in a URL style)
     */
    static Map<String, Page> render(SiteModel site) {
        PageRenderer r = new PageRenderer(site);
        r.put("/", PageKind.ENTRY, r.frame("home", r.words.siteName, r.entry()));
        r.put(ABOUT_URL, PageKind.ABOUT, r.frame("about", "About", r.about()));
        r.put(r.newsIndex, PageKind.NEWS_INDEX, r.frame("news-index", "News", r.newsIndexMain()));
        for (Section s : site.sections) {
            if (site.shape.subsections() > 0) {
                r.put(s.url, PageKind.SECTION, r.frame("section", s.title, r.section(s)));
            }
            for (Listing l : s.lists) {
                r.list(l, site.lists.indexOf(l));
            }
        }
        for (Target t : site.targets) {
            r.put(t.url, PageKind.TARGET, r.frame(r.words.entity + "-page", t.name(), r.target(t)));
            if (t.printUrl != null) {
                r.put(t.printUrl, PageKind.PRINT_VIEW, r.printView(t));
            }
        }
        for (Article a : site.articles) {
            r.put(a.url(), PageKind.ARTICLE, r.frame("news", a.headline(), r.article(a)));
        }
        return Collections.unmodifiableMap(r.pages);
    }

    /** The small page served for URLs the site does not have. */
    static String notFound(String url) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Not found</title>\n"
                + "</head>\n<body class=\"error\">\n<h1>Not found</h1>\n<p>No page at " + esc(url) + ".</p>\n"
                + "</body>\n</html>\n";
    }

    /** The URL of page {@code page} (1-based) of {@code list}: page 1 is the list's own URL. */
    static String pageUrl(Listing list, int page) {
        return page == 1 ? list.url : UrlStyle.withParam(list.url, "page", String.valueOf(page));
    }

    private void put(String url, PageKind kind, String html) {
        if (pages.putIfAbsent(url, new Page(kind, html)) != null) {
            throw new IllegalStateException("two pages at " + url);
        }
    }

    private String frame(String bodyClass, String title, String main) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + esc(title) + " – "
                + esc(words.siteName) + "</title>\n</head>\n<body class=\"" + bodyClass + "\">\n"
                + "<header class=\"site-header\">\n" + link("logo", "/", words.siteName) + "\n"
                + "<nav class=\"main-nav\"><ul><li>" + link("/", "Home") + "</li><li>" + link(newsIndex, "News")
                + "</li><li>" + link(ABOUT_URL, "About") + "</li></ul></nav>\n</header>\n"
                + main
                + "<footer class=\"site-footer\"><p>© 2006 " + esc(words.siteName) + " · "
                + link(ABOUT_URL, "About and help") + "</p></footer>\n</body>\n</html>\n";
    }

    private String entry() {
        StringBuilder h = new StringBuilder("<main class=\"home\" id=\"content\">\n");
        h.append("<section class=\"intro\"><h1>").append(esc(words.siteName)).append("</h1><p>")
                .append(esc(words.entities)).append(", their records and the news.</p></section>\n");
        h.append("<section class=\"browse\"><h2>Browse</h2>\n<ul class=\"sections\">\n");
        for (Section s : site.sections) {
            h.append("<li>").append(link(s.url, s.title)).append("</li>\n");
        }
        h.append("</ul>\n</section>\n");
        // The shortcuts of specification §4.3: targets one hop from the entry, also listed deeper down.
        if (!site.shortcuts.isEmpty()) {
            h.append("<section class=\"featured\"><h2>Featured</h2>\n<ul class=\"featured-list\">\n");
            for (Target t : site.shortcuts) {
                h.append("<li>").append(link(t.url, t.name())).append("</li>\n");
            }
            h.append("</ul>\n</section>\n");
        }
        List<Article> latest = site.articles.subList(Math.max(0, site.articles.size() - LATEST_NEWS),
                site.articles.size());
        if (!latest.isEmpty()) {
            h.append("<section class=\"latest-news\"><h2>Latest news</h2>\n");
            headlines(h, latest, "ul");
            h.append("</section>\n");
        }
        return h.append("</main>\n").toString();
    }

    private String about() {
        StringBuilder h = new StringBuilder("<main class=\"about\" id=\"content\">\n<h1>About ")
                .append(esc(words.siteName)).append("</h1>\n<p>A site about ").append(esc(words.entities))
                .append(" and their ").append(esc(words.recordsHeading.toLowerCase(Locale.ROOT)))
                .append(".</p>\n<h2>Site map</h2>\n<ul class=\"site-map\">\n");
        for (Section s : site.sections) {
            h.append("<li>").append(link(s.url, s.title));
            if (site.shape.subsections() > 0) {
                h.append("\n<ul>\n");
                for (Listing l : s.lists) {
                    h.append("<li>").append(link(l.url, l.title)).append("</li>\n");
                }
                h.append("</ul>\n");
            }
            h.append("</li>\n");
        }
        h.append("<li>").append(link(newsIndex, "News")).append("</li>\n</ul>\n");
        h.append("<h2>Help</h2>\n<dl class=\"faq\">\n<dt>How do I find a page?</dt><dd>Browse a section from the "
                + "home page, or follow a featured link.</dd>\n<dt>Can I print a page?</dt><dd>Lists offer a "
                + "print view where the site has one.</dd>\n</dl>\n</main>\n");
        return h.toString();
    }

    private String newsIndexMain() {
        StringBuilder h = new StringBuilder("<main class=\"news-index\" id=\"content\">\n<h1>News</h1>\n");
        if (site.articles.isEmpty()) {
            h.append("<p class=\"empty\">No news yet.</p>\n");
        } else {
            headlines(h, site.articles, "ol");
        }
        return h.append("</main>\n").toString();
    }

    private void headlines(StringBuilder h, List<Article> articles, String listTag) {
        h.append('<').append(listTag).append(" class=\"headlines\">\n");
        for (int i = articles.size() - 1; i >= 0; i--) { // newest first
            Article a = articles.get(i);
            h.append("<li>").append(link(a.url(), a.headline())).append(' ').append(time(a.date())).append("</li>\n");
        }
        h.append("</").append(listTag).append(">\n");
    }

    private String section(Section s) {
        StringBuilder h = new StringBuilder("<main class=\"section\" id=\"content\">\n");
        h.append("<nav class=\"breadcrumb\">").append(link("/", "Home")).append(" › ").append(esc(s.title))
                .append("</nav>\n<h1>").append(esc(s.title)).append("</h1>\n<p class=\"intro\">Browse the ")
                .append(esc(words.entities.toLowerCase(Locale.ROOT)))
                .append(" of this section by era.</p>\n<ul class=\"subsections\">\n");
        for (Listing l : s.lists) {
            h.append("<li>").append(link(l.url, l.title)).append("</li>\n");
        }
        return h.append("</ul>\n</main>\n").toString();
    }

    private void list(Listing l, int listIndex) {
        int size = site.shape.pageSize();
        int count = Math.max(1, (l.entries.size() + size - 1) / size);
        for (int p = 1; p <= count; p++) {
            StringBuilder h = new StringBuilder("<main class=\"").append(words.entity)
                    .append("-list\" id=\"content\">\n<nav class=\"breadcrumb\">").append(link("/", "Home"))
                    .append(" › ");
            if (site.shape.subsections() > 0) {
                h.append(link(l.section.url, l.section.title)).append(" › ");
            }
            h.append(esc(l.title)).append("</nav>\n<h1>").append(esc(l.title)).append("</h1>\n");
            if (count > 1) {
                h.append("<p class=\"page-info\">Page ").append(p).append(" of ").append(count).append("</p>\n");
            }
            h.append("<ul class=\"items\">\n");
            for (Target t : l.entries.subList((p - 1) * size, Math.min(p * size, l.entries.size()))) {
                h.append("<li class=\"item\">").append(link("item-link", t.url, t.name()))
                        .append(" <span class=\"meta\">").append(esc(t.field)).append(", ").append(t.born)
                        .append("</span>");
                if (t.printUrl != null) {
                    h.append(' ').append(link("print", t.printUrl, "print"));
                }
                h.append("</li>\n");
            }
            h.append("</ul>\n");
            if (count > 1) {
                pager(h, l, p, count);
            }
            newsBox(h, listIndex);
            put(pageUrl(l, p), PageKind.LIST, frame(words.entity + "-index", l.title, h.append("</main>\n")
                    .toString()));
        }
    }

    private void pager(StringBuilder h, Listing l, int page, int count) {
        int window = site.shape.pagerWindow();
        h.append("<nav class=\"pager\"><ul>\n");
        if (page > 1) {
            h.append("<li class=\"prev\"><a rel=\"prev\" href=\"").append(attr(pageUrl(l, page - 1)))
                    .append("\">« Previous</a></li>\n");
        }
        for (int q = Math.max(1, page - window); q <= Math.min(count, page + window); q++) {
            h.append(q == page ? "<li class=\"current\"><span>" + q + "</span></li>\n"
                    : "<li>" + link(pageUrl(l, q), String.valueOf(q)) + "</li>\n");
        }
        if (page < count) {
            h.append("<li class=\"next\"><a rel=\"next\" href=\"").append(attr(pageUrl(l, page + 1)))
                    .append("\">Next »</a></li>\n");
        }
        h.append("</ul></nav>\n");
    }

    private void newsBox(StringBuilder h, int listIndex) {
        // Drawn from the articles of the first generation only, so growth does not rewrite every list page.
        int pool = site.shape.articles();
        if (pool == 0) {
            return;
        }
        h.append("<aside class=\"news-box\"><h2>In the news</h2>\n<ul>\n");
        for (int j = 0; j < Math.min(NEWS_BOX, pool); j++) {
            Article a = site.articles.get((listIndex * NEWS_BOX + j) % pool);
            h.append("<li>").append(link(a.url(), a.headline())).append("</li>\n");
        }
        h.append("</ul>\n</aside>\n");
    }

    private String target(Target t) {
        List<String> f = words.fieldNames;
        StringBuilder h = new StringBuilder("<main class=\"").append(words.entity).append("-detail\" id=\"content\">\n");
        h.append("<nav class=\"breadcrumb\">").append(link("/", "Home")).append(" › ")
                .append(link(t.section.url, t.section.title)).append(" › ").append(esc(t.name())).append("</nav>\n");
        h.append("<h1 class=\"name\">").append(esc(t.name())).append("</h1>\n<dl class=\"fields\">\n");
        field(h, f.get(0), String.valueOf(t.born));
        field(h, f.get(1), t.field);
        field(h, f.get(2), t.place);
        if (t.website != null) {
            field(h, "Website", t.website);
        }
        h.append("</dl>\n");
        if (!t.biography.isEmpty()) {
            h.append("<section class=\"biography\"><h2>Biography</h2>\n");
            t.biography.forEach(p -> h.append("<p>").append(esc(p)).append("</p>\n"));
            h.append("</section>\n");
        }
        List<String> c = words.recordColumns;
        h.append("<section class=\"records\"><h2>").append(esc(words.recordsHeading)).append("</h2>\n")
                .append("<table class=\"records\">\n<thead><tr><th>").append(c.get(0)).append("</th><th>")
                .append(c.get(1)).append("</th><th>").append(c.get(2)).append("</th></tr></thead>\n<tbody>\n");
        for (Row r : t.rows) {
            h.append("<tr class=\"row\"><td class=\"year\">").append(r.year()).append("</td><td class=\"title\">")
                    .append(esc(r.title())).append("</td><td class=\"source\">").append(esc(r.source()))
                    .append("</td></tr>\n");
        }
        h.append("</tbody>\n</table>\n</section>\n");
        if (!t.related.isEmpty()) {
            h.append("<aside class=\"related\"><h2>").append(esc(words.relatedHeading)).append("</h2>\n<ul>\n");
            t.related.forEach(r -> h.append("<li>").append(link(r.url, r.name())).append("</li>\n"));
            h.append("</ul>\n</aside>\n");
        }
        if (t.printUrl != null) {
            h.append("<p class=\"tools\">").append(link("print", t.printUrl, "Print view")).append("</p>\n");
        }
        return h.append("</main>\n").toString();
    }

    private static void field(StringBuilder h, String name, String value) {
        h.append("<dt>").append(esc(name)).append("</dt><dd>").append(esc(value)).append("</dd>\n");
    }

    /** No header, navigation or footer, and records as a plain list: the same content in another DOM. */
    private String printView(Target t) {
        List<String> f = words.fieldNames;
        StringBuilder h = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<title>").append(esc(t.name())).append(" (print view)</title>\n</head>\n")
                .append("<body class=\"print-view\">\n<h1>").append(esc(t.name())).append("</h1>\n")
                .append("<p class=\"fields\">").append(esc(f.get(0) + " " + t.born + " · " + f.get(1) + " "
                        + t.field + " · " + f.get(2) + " " + t.place)).append("</p>\n<ol class=\"records\">\n");
        for (Row r : t.rows) {
            h.append("<li>").append(esc(r.year() + " – " + r.title() + " (" + r.source() + ")")).append("</li>\n");
        }
        return h.append("</ol>\n<p class=\"back\">").append(link(t.url, "Back to the full page"))
                .append("</p>\n</body>\n</html>\n").toString();
    }

    private String article(Article a) {
        StringBuilder h = new StringBuilder("<main class=\"news\" id=\"content\">\n<article class=\"news-article\">\n")
                .append("<h1 class=\"headline\">").append(esc(a.headline())).append("</h1>\n")
                .append("<p class=\"byline\">By ").append(esc(a.byline())).append(", ").append(time(a.date()))
                .append("</p>\n<div class=\"article-body\">\n");
        for (int i = 0; i < a.paragraphs().size(); i++) {
            h.append("<p>").append(esc(a.paragraphs().get(i)));
            if (i < a.mentions().size()) {
                Target t = a.mentions().get(i);
                h.append(" With ").append(link(t.url, t.name())).append('.');
            }
            h.append("</p>\n");
        }
        return h.append("</div>\n<ul class=\"tags\"><li class=\"tag\">news</li><li class=\"tag\">")
                .append(esc(words.entities.toLowerCase(Locale.ROOT))).append("</li></ul>\n</article>\n")
                .append("<p class=\"more\">").append(link(newsIndex, "All news")).append("</p>\n</main>\n")
                .toString();
    }

    private static String time(LocalDate d) {
        return "<time datetime=\"" + d + "\">" + d.getDayOfMonth() + " " + MONTHS[d.getMonthValue() - 1] + " "
                + d.getYear() + "</time>";
    }

    private static String link(String href, String text) {
        return "<a href=\"" + attr(href) + "\">" + esc(text) + "</a>";
    }

    private static String link(String cssClass, String href, String text) {
        return "<a class=\"" + cssClass + "\" href=\"" + attr(href) + "\">" + esc(text) + "</a>";
    }

    static String esc(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static String attr(String value) {
        return esc(value).replace("\"", "&quot;");
    }
}
