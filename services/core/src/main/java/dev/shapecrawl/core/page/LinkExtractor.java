package dev.shapecrawl.core.page;

import dev.shapecrawl.events.Outlink;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The outlinks of a page: where a person can click to.
 *
 * <p>Rules:
 * <ul>
 *   <li><b>Which elements</b>: {@code <a href>}, {@code <area href>} (image-map regions), and
 *       {@code <frame src>} and {@code <iframe src>}, in document order. A frame holds a document a person
 *       reads and navigates in; a frameset page has no other way to its content (javadoc before version 11
 *       opens with one), and Nutch's outlink extraction takes frames for the same reason. Not {@code <link>}
 *       (stylesheets, feeds, alternates) or images: they are resources of this page, not pages a person
 *       navigates to.</li>
 *   <li><b>Scripts</b>: with {@link PageAnalysisSettings#scriptLinks()} (the default), after the links, each
 *       {@code <script src>} the page loads, marked {@link Outlink#script()}, with an empty anchor text: its
 *       string literals may name pages ({@link ScriptLinks}). A script that is also a link's target stays the
 *       link.</li>
 *   <li><b>Resolution</b>: against the document's base URL as the HTML standard defines it: the first
 *       {@code <base href>} (itself resolved against the page URL), else the page URL ({@link
 *       Document#location()}; jsoup applies the base while parsing, so the caller must parse with
 *       {@code Jsoup.parse(body, finalUrl)}). A fragment-only {@code href="#x"} therefore points to the base
 *       URL, as in a browser.</li>
 *   <li><b>Normalisation</b> by {@link UrlNormalizer}; what it refuses ({@code javascript:}, {@code mailto:},
 *       {@code tel:}, {@code data:}, {@code ftp:}, malformed or too long) is skipped: not an error, not
 *       counted.</li>
 *   <li><b>Self-links</b>: a link whose normalised URL is the page's own (same URL without fragment:
 *       {@code #top}, {@code href=""} without a base) is skipped.</li>
 *   <li><b>Nofollow</b>: see {@link PageAnalysisSettings#followNofollow()}.</li>
 *   <li><b>Duplicates</b>: one outlink per normalised URL, at the position of its first occurrence, with that
 *       occurrence's anchor text; only when that text is empty does a later occurrence's non-empty text replace
 *       it (an image link followed by a text link to the same product).</li>
 *   <li><b>Frames' text</b>: a frame or iframe has no anchor text; its {@code title}, else its {@code name},
 *       stands for it.</li>
 *   <li><b>Anchor text</b>: the visible text of the element (script and style excluded, whitespace collapsed,
 *       trimmed, at most {@link PageAnalysisSettings#maxTextChars()} characters); when empty, the {@code alt}
 *       of the first image inside that has one, then the {@code title} attribute — the order in which the
 *       accessible name of a link is computed. For {@code <area>}: its {@code alt}, then its {@code title}.</li>
 *   <li><b>Scope</b>: each outlink carries {@link CrawlScope#contains}.</li>
 *   <li><b>Bounds</b>: at most {@link PageAnalysisSettings#maxLinks()} outlinks and
 *       {@link PageAnalysisSettings#maxLinkChars()} characters of URLs and anchor texts. At the first new URL
 *       that does not fit, extraction stops; that element and every link element after it are counted as
 *       dropped without being examined, so the count can include duplicates, self-links and unusable hrefs.</li>
 * </ul>
 *
 * <p>Thread-safe; immutable.
 */
public final class LinkExtractor {

    /**
     * The outlinks of one page.
     *
     * @param outlinks the outlinks, in document order of first occurrence, one per normalised URL
     * @param dropped  link elements ({@code a[href]}, {@code area[href]}, {@code frame[src]}, {@code iframe[src]},
     *                 then {@code script[src]}) not examined because a bound was
     *                 reached, >= 0
     */
    public record Result(List<Outlink> outlinks, int dropped) {
        /** Copies the list; checks {@code dropped >= 0}. */
        public Result {
            outlinks = List.copyOf(outlinks);
            if (dropped < 0) {
                throw new IllegalArgumentException("dropped: must be >= 0, was " + dropped);
            }
        }
    }

    /** The elements that lead to other pages, as a CSS selector. */
    static final String LINK_ELEMENTS = "a[href], area[href], frame[src], iframe[src]";
    /** The scripts a page loads, as a CSS selector ({@link PageAnalysisSettings#scriptLinks()}). */
    static final String SCRIPT_ELEMENTS = "script[src]";

    private final PageAnalysisSettings settings;

    /** An extractor bounded by {@code settings}. */
    public LinkExtractor(PageAnalysisSettings settings) {
        if (settings == null) {
            throw new IllegalArgumentException("settings: missing");
        }
        this.settings = settings;
    }

    /**
     * Extracts the outlinks of {@code doc}.
     *
     * @param doc   the page, parsed with its final URL as location; not modified
     * @param scope the job's scope, for {@link Outlink#inScope()}
     * @return the outlinks and the number of link elements dropped by the bounds
     * @throws IllegalArgumentException if {@code doc} has no absolute http(s) location or {@code scope} is null
     */
    public Result extract(Document doc, CrawlScope scope) {
        return extract(doc, scope, LinkResolver.of(doc));
    }

    /**
     * As {@link #extract(Document, CrawlScope)}, with the page's resolver (shared with the site model's collections of
     * the same page, so each href is normalised once).
     */
    public Result extract(Document doc, CrawlScope scope, LinkResolver resolver) {
        if (scope == null) {
            throw new IllegalArgumentException("scope: missing");
        }
        String pageUrl = UrlNormalizer.documentUrl(doc);
        if (!settings.followNofollow() && metaRobotsNofollow(doc)) {
            return new Result(List.of(), 0);
        }
        List<Element> links = new ArrayList<>(doc.select(LINK_ELEMENTS));
        if (settings.scriptLinks()) {
            links.addAll(doc.select(SCRIPT_ELEMENTS)); // after the links: the order a mapping requests them in
        }
        List<String> urls = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        Map<String, Integer> index = new HashMap<>();
        int scriptsFrom = Integer.MAX_VALUE; // the index in urls of the first script: scripts come after the links
        long chars = 0;
        for (int i = 0; i < links.size(); i++) {
            Element link = links.get(i);
            if (!settings.followNofollow() && hasRelNofollow(link)) {
                continue;
            }
            String url = resolve(link, resolver);
            if (url == null || url.equals(pageUrl)) {
                continue;
            }
            Integer seen = index.get(url);
            if (seen != null) {
                if (texts.get(seen).isEmpty()) {
                    String text = anchorText(link);
                    if (!text.isEmpty() && chars + text.length() <= settings.maxLinkChars()) {
                        texts.set(seen, text);
                        chars += text.length();
                    }
                }
                continue;
            }
            String text = anchorText(link);
            if (urls.size() >= settings.maxLinks() || chars + url.length() + text.length() > settings.maxLinkChars()) {
                return new Result(outlinks(urls, texts, scope, scriptsFrom), links.size() - i);
            }
            if (isScript(link) && scriptsFrom == Integer.MAX_VALUE) {
                scriptsFrom = urls.size();
            }
            index.put(url, urls.size());
            urls.add(url);
            texts.add(text);
            chars += url.length() + text.length();
        }
        return new Result(outlinks(urls, texts, scope, scriptsFrom), 0);
    }

    /** The normalised absolute URL of a link's href or frame's src ({@link LinkResolver#normalized}), or null. */
    private static String resolve(Element link, LinkResolver resolver) {
        String url = resolver.normalized(link.attr(isFrame(link) || isScript(link) ? "src" : "href"));
        return url.isEmpty() ? null : url;
    }

    /** The outlinks; those from index {@code scriptsFrom} on are scripts. */
    private static List<Outlink> outlinks(List<String> urls, List<String> texts, CrawlScope scope, int scriptsFrom) {
        List<Outlink> out = new ArrayList<>(urls.size());
        for (int i = 0; i < urls.size(); i++) {
            out.add(new Outlink(urls.get(i), texts.get(i), scope.contains(urls.get(i)), i >= scriptsFrom ? true : null));
        }
        return out;
    }

    private static boolean isScript(Element element) {
        return element.normalName().equals("script");
    }

    private static boolean isFrame(Element link) {
        String tag = link.normalName();
        return tag.equals("frame") || tag.equals("iframe");
    }

    private String anchorText(Element link) {
        int max = settings.maxTextChars();
        if (isScript(link)) {
            return "";
        }
        if (isFrame(link)) {
            String title = Texts.collapse(link.attr("title"), max);
            return title.isEmpty() ? Texts.collapse(link.attr("name"), max) : title;
        }
        if (link.normalName().equals("area")) {
            String alt = Texts.collapse(link.attr("alt"), max);
            return alt.isEmpty() ? Texts.collapse(link.attr("title"), max) : alt;
        }
        String text = Texts.visible(link, max, false);
        if (!text.isEmpty()) {
            return text;
        }
        for (Element img : link.getElementsByTag("img")) {
            String alt = Texts.collapse(img.attr("alt"), max);
            if (!alt.isEmpty()) {
                return alt;
            }
        }
        return Texts.collapse(link.attr("title"), max);
    }

    /** True when the {@code rel} attribute has the token {@code nofollow} (tokens are space-separated, any case). */
    static boolean hasRelNofollow(Element link) {
        String rel = link.attr("rel");
        return !rel.isEmpty() && hasToken(rel, "nofollow");
    }

    /**
     * True when a {@code <meta name="robots">} of the page says {@code nofollow} or {@code none} (directives are
     * comma-separated, any case). Only the generic name "robots" is read, not crawler-specific names.
     */
    static boolean metaRobotsNofollow(Document doc) {
        for (Element meta : doc.getElementsByTag("meta")) {
            if (meta.attr("name").strip().equalsIgnoreCase("robots")) {
                String content = meta.attr("content");
                if (hasToken(content, "nofollow") || hasToken(content, "none")) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean hasToken(String list, String token) {
        for (String t : list.split("[\\s,]+")) {
            if (t.equalsIgnoreCase(token)) {
                return true;
            }
        }
        return false;
    }
}
