package dev.shapecrawl.testkit.site;

import dev.shapecrawl.testkit.site.PageRenderer.Page;
import dev.shapecrawl.testkit.site.SiteModel.Target;
import dev.shapecrawl.testkit.web.RecordedRequest;
import dev.shapecrawl.testkit.web.TestResponse;
import dev.shapecrawl.testkit.web.TestWebServer;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A synthetic web site with ground truth, for reproducing the thesis's protocol (specification §8.6): which pages
 * are targets, hubs and distractors, which target to give as the sample, and where to start. Generated from a
 * {@link SiteShape}; the same shape (seed included) always gives byte-identical pages.
 *
 * <pre>{@code
 * GeneratedSite site = GeneratedSite.generate(SiteShape.ejazz());
 * try (TestWebServer web = site.start()) {
 *     String entry = web.url(site.entry());
 *     String sample = web.url(site.sampleTarget());
 *     // map, learn the pattern, crawl; then compare with site.targets()
 *     Growth growth = site.grow(10, 3);          // re-crawl mode: served at once
 * }
 * }</pre>
 *
 * <p>URLs are root-relative (path and query, for example {@code /detail.asp?cd=123}), as written in the pages'
 * links; make them absolute with {@link TestWebServer#url(String)} or {@link #absolute(String, Collection)}.
 * Lists are in page order (entry, about, news index, sections and lists, targets and print views, articles), and
 * targets in creation order.
 *
 * <p>Thread-safe: a growth replaces the pages and the ground truth at once, so readers and the server see either
 * the site before or after it.
 */
public final class GeneratedSite {
    /** Allows every path to every agent. */
    public static final String ROBOTS_TXT = "User-agent: *\nAllow: /\n";

    private static final Pattern HREF = Pattern.compile("<a\\b[^>]*?\\bhref=\"([^\"]*)\"");

    private final SiteModel model;
    private final List<String> shortcuts;
    private final List<String> samples;
    private final List<String> broken;
    private volatile Snapshot now;

    private record Snapshot(Map<String, Page> pages, List<String> targets, Set<String> targetSet) {
        static Snapshot of(SiteModel model) {
            List<String> targets = urls(model.targets);
            return new Snapshot(PageRenderer.render(model), targets, Set.copyOf(targets));
        }
    }

    private GeneratedSite(SiteModel model) {
        this.model = model;
        this.shortcuts = urls(model.shortcuts);
        this.samples = urls(model.samples);
        this.broken = urls(model.broken);
        this.now = Snapshot.of(model);
    }

    /** Generates the site of {@code shape}. */
    public static GeneratedSite generate(SiteShape shape) {
        return new GeneratedSite(new SiteModel(Objects.requireNonNull(shape, "shape")));
    }

    /** The shape this site was generated from. */
    public SiteShape shape() {
        return model.shape;
    }

    /** The entry point, {@code /}: the home page. */
    public String entry() {
        return "/";
    }

    /** The sample to give the crawler: a listed target of typical size that is not a shortcut. */
    public String sampleTarget() {
        return samples.get(0);
    }

    /** One to three samples spread over the targets (different sections and record counts), none a shortcut. */
    public List<String> sampleTargets() {
        return samples;
    }

    /** Every target, growths included, in creation order: the ground truth for recall and precision. */
    public List<String> targets() {
        return now.targets();
    }

    /** True if {@code url} (root-relative) is a target. */
    public boolean isTarget(String url) {
        return now.targetSet().contains(url);
    }

    /** The targets the entry also links to directly, the shortcuts of specification §4.3. */
    public List<String> shortcuts() {
        return shortcuts;
    }

    /** The list entries that look like targets but answer 404 ({@link SiteShape#brokenLinks()}). */
    public List<String> brokenLinks() {
        return broken;
    }

    /** Every page of {@code kind}, in page order. */
    public List<String> urls(PageKind kind) {
        List<String> out = new ArrayList<>();
        now.pages().forEach((url, page) -> {
            if (page.kind() == kind) {
                out.add(url);
            }
        });
        return out;
    }

    /** The kind of the page at {@code url}, or empty if the site has no such page (404). */
    public Optional<PageKind> kind(String url) {
        return Optional.ofNullable(now.pages().get(url)).map(Page::kind);
    }

    /** Every page's HTML by URL, in page order. A snapshot: a later growth does not change it. */
    public Map<String, String> pages() {
        Map<String, String> out = new LinkedHashMap<>();
        now.pages().forEach((url, page) -> out.put(url, page.html()));
        return out;
    }

    /**
     * The fetches of a crawl that follows the site's own route to its targets: the entry, every section and list
     * page, every target and every broken list entry (a crawler cannot know a listed link is dead without
     * fetching it). Where lists hold few targets per page this is more than 1.2 fetches per target, and no crawl
     * by links does much better; the crawl evaluations bound a crawl by it there.
     */
    public int listRoute() {
        return 1 + urls(PageKind.SECTION).size() + urls(PageKind.LIST).size() + targets().size()
                + brokenLinks().size();
    }

    /** The number of pages (robots.txt not counted). */
    public int pageCount() {
        return now.pages().size();
    }

    /** The HTML of the page at {@code url}, or empty if the site has no such page. */
    public Optional<String> html(String url) {
        return Optional.ofNullable(now.pages().get(url)).map(Page::html);
    }

    /**
     * The {@code href}s of the anchors of the page at {@code url}, unescaped, without duplicates, in document
     * order: the link graph as a crawler extracts it. Empty if there is no such page.
     */
    public List<String> outlinks(String url) {
        Page page = now.pages().get(url);
        if (page == null) {
            return List.of();
        }
        Set<String> out = new LinkedHashSet<>();
        Matcher m = HREF.matcher(page.html());
        while (m.find()) {
            out.add(m.group(1).replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">")
                    .replace("&amp;", "&"));
        }
        return List.copyOf(out);
    }

    /**
     * Grows the site after mapping (re-crawl mode, specification §7.3 and §8.6): {@code listed} new targets are
     * appended to random lists, {@code unlisted} new targets are linked only from one new article. The served
     * site changes at once. Deterministic: the same seed and the same sequence of growths give the same pages.
     *
     * @throws IllegalArgumentException if a count is negative
     */
    public synchronized Growth grow(int listed, int unlisted) {
        if (listed < 0 || unlisted < 0) {
            throw new IllegalArgumentException("listed, unlisted: must be >= 0, were " + listed + ", " + unlisted);
        }
        Snapshot before = now;
        List<String> added = urls(model.grow(listed, unlisted));
        Snapshot after = Snapshot.of(model);
        now = after;
        List<String> newPages = new ArrayList<>();
        List<String> changed = new ArrayList<>();
        after.pages().forEach((url, page) -> {
            Page old = before.pages().get(url);
            if (old == null) {
                newPages.add(url);
            } else if (!old.html().equals(page.html())) {
                changed.add(url);
            }
        });
        return new Growth(added.subList(0, listed), added.subList(listed, added.size()), newPages, changed);
    }

    /** {@link #ROBOTS_TXT}. */
    public String robotsTxt() {
        return ROBOTS_TXT;
    }

    /**
     * Serves this site on {@code web}: {@code /robots.txt} as a route and every page through the server's
     * {@link TestWebServer#fallback fallback}, looked up by path and query. Other routes already on {@code web}
     * keep precedence, so a test can replace single pages (a 500, a redirect). Unknown URLs get a small 404
     * page. Growths are served as soon as {@link #grow} returns.
     *
     * @return this site
     */
    public GeneratedSite serve(TestWebServer web) {
        web.route("/robots.txt", TestResponse.text(ROBOTS_TXT));
        web.fallback(this::respond);
        return this;
    }

    /** Starts a {@link TestWebServer} on 127.0.0.1 serving this site; the caller closes it. */
    public TestWebServer start() {
        TestWebServer web = TestWebServer.start();
        serve(web);
        return web;
    }

    /**
     * Starts a {@link TestWebServer} on the loopback address {@code address} serving this site (a host of its own
     * to a crawler); the caller closes it.
     *
     * @throws IllegalArgumentException if {@code address} is not a loopback address
     */
    public TestWebServer start(InetAddress address) {
        TestWebServer web = TestWebServer.start(address);
        serve(web);
        return web;
    }

    /** {@code baseUrl} (no trailing slash, for example {@link TestWebServer#baseUrl()}) before each URL. */
    public static List<String> absolute(String baseUrl, Collection<String> urls) {
        return urls.stream().map(u -> baseUrl + u).toList();
    }

    /** One line for reports: name, counts of pages by kind, targets. */
    public String summary() {
        StringBuilder s = new StringBuilder(model.shape.name()).append(": ").append(pageCount()).append(" pages");
        for (PageKind kind : PageKind.values()) {
            int n = urls(kind).size();
            if (n > 0) {
                s.append(", ").append(n).append(' ').append(kind.name().toLowerCase(Locale.ROOT));
            }
        }
        return s.append(", ").append(broken.size()).append(" broken links").toString();
    }

    private TestResponse respond(RecordedRequest request) {
        Map<String, Page> pages = now.pages();
        Page page = pages.get(request.target());
        if (page == null) {
            page = pages.get(decoded(request.target())); // a client that percent-encoded ':' or '='
        }
        return page == null ? TestResponse.html(404, PageRenderer.notFound(request.target()))
                : TestResponse.html(page.html());
    }

    private static String decoded(String target) {
        try {
            URI uri = new URI(target);
            return uri.getPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        } catch (URISyntaxException e) {
            return target;
        }
    }

    private static List<String> urls(List<Target> targets) {
        return targets.stream().map(t -> t.url).toList();
    }
}
