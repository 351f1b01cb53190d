package dev.shapecrawl.core.sitemodel;

import dev.shapecrawl.core.page.LinkResolver;
import dev.shapecrawl.core.page.UrlNormalizer;
import dev.shapecrawl.events.PageCollections;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Turns a parsed page into its link and text collections at the default path level (spec §3.1, thesis §4.2.2.2):
 * <ul>
 *   <li>every {@code <a href>} (and {@code <frame src>}, {@code <iframe src>}: a frameset page, the entry point of
 *       frames-era javadoc, links its frames and nothing else; shapecrawl's addition, the thesis's pages had
 *       anchors) whose URL resolves to http(s) and normalises ({@link UrlNormalizer}: no fragment,
 *       default port dropped, …) joins the link collection of its element's {@link ElementPath#defaultPath()};
 *       {@code javascript:}, {@code mailto:} and fragment-only links are left out (spec §3.1 [D]); a URL appears
 *       once per collection;</li>
 *   <li>every element whose own text, trimmed, is non-empty and shorter than {@code maxTextLength} characters joins
 *       the text collection of its path (the nearest element parent, spec §3.1 [D]); {@code script}, {@code style}
 *       and {@code noscript} texts are not page text.</li>
 * </ul>
 * A hostile page is bounded: at most {@code maxLinksPerPage} links and {@code maxTextsPerPage} texts are kept, in
 * document order, and their paths, URLs and texts together at most {@code maxCollectionChars} characters (a link or
 * text that would pass it is left out), so the representation of a page with 100,000 anchors costs what 10,000 do,
 * and one of long URLs or long distinct paths fits an event; elements nested deeper
 * than {@value #MAX_DEPTH} levels are left out, so a path costs at most that many steps (200,000 nested {@code div}s
 * would otherwise make the parse quadratic).
 */
public final class PageParser {
    /** Deepest element whose links and texts are kept (levels below the root); real pages nest a few dozen. */
    public static final int MAX_DEPTH = 128;
    private static final Set<String> NOT_TEXT = Set.of("script", "style", "noscript", "template");

    private PageParser() {
    }

    /**
     * @param url      the page's URL (its final URL, after redirects)
     * @param document the page, parsed with {@code url} as its base URI
     * @param settings the text length and the bounds
     * @return the page's collections
     */
    public static SitePage parse(String url, Document document, SiteModelSettings settings) {
        return parse(url, document, settings, LinkResolver.of(document));
    }

    /**
     * As {@link #parse(String, Document, SiteModelSettings)}, with the page's resolver (shared with its link
     * extraction, so each href is normalised once).
     */
    public static SitePage parse(String url, Document document, SiteModelSettings settings, LinkResolver resolver) {
        Map<String, Set<String>> links = new LinkedHashMap<>();
        Map<String, List<String>> texts = new LinkedHashMap<>();
        Map<String, List<List<String>>> values = new HashMap<>();
        long[] counts = new long[3]; // links, texts, characters kept
        document.traverse((node, depth) -> {
            if (depth <= MAX_DEPTH && node instanceof Element e) {
                add(e, links, texts, values, counts, settings, resolver);
            }
        });
        Map<String, List<String>> linkLists = new LinkedHashMap<>();
        links.forEach((path, urls) -> linkLists.put(path, List.copyOf(urls)));
        Element body = document.body();
        return new SitePage(url, linkLists, texts, linkValues(linkLists, values, settings.maxCollectionChars() - counts[2]),
                body == null ? null : body.attr("class"));
    }

    /**
     * The attribute values of the link collections (spec §2.6: what the lattice's more specific levels add), each
     * with the steps where its links differ, in document order of the collections while they fit in {@code budget}
     * characters (what the links and texts left of {@link SiteModelSettings#maxCollectionChars()}); a collection
     * past it, or whose path has no attribute, gets none, so its path cannot be refined.
     *
     * @param values path → the value vector of each kept URL, in order
     */
    private static Map<String, PageCollections.LinkValues> linkValues(Map<String, List<String>> links,
                                                                      Map<String, List<List<String>>> values,
                                                                      long budget) {
        Map<String, PageCollections.LinkValues> out = new LinkedHashMap<>();
        long left = budget;
        for (String path : links.keySet()) {
            List<List<String>> vectors = values.get(path);
            if (vectors == null || vectors.get(0).isEmpty()) {
                continue;
            }
            List<String> first = vectors.get(0);
            long cost = first.stream().mapToLong(String::length).sum() + first.size();
            Map<Integer, List<String>> varying = new LinkedHashMap<>();
            for (int column = 0; column < first.size(); column++) {
                int c = column;
                if (vectors.stream().anyMatch(v -> !v.get(c).equals(first.get(c)))) {
                    List<String> columnValues = vectors.stream().map(v -> v.get(c)).toList();
                    cost += columnValues.stream().mapToLong(String::length).sum() + columnValues.size();
                    varying.put(column, columnValues);
                }
            }
            if (cost > left) {
                continue;
            }
            left -= cost;
            out.put(path, new PageCollections.LinkValues(first, varying));
        }
        return out;
    }

    /**
     * Adds {@code e}'s link and own text; {@code counts} holds the links, the texts and the characters (paths new
     * to the page, URLs, texts) kept so far.
     */
    private static void add(Element e, Map<String, Set<String>> links, Map<String, List<String>> texts,
                            Map<String, List<List<String>>> values, long[] counts, SiteModelSettings settings,
                            LinkResolver resolver) {
        String urlAttribute = e.nameIs("a") ? "href" : e.nameIs("frame") || e.nameIs("iframe") ? "src" : null;
        String elementPath = null; // an anchor with a URL and a text needs its path once
        if (urlAttribute != null && e.hasAttr(urlAttribute) && counts[0] < settings.maxLinksPerPage()) {
            Optional<String> target = target(e, urlAttribute, resolver);
            if (target.isPresent()) {
                ElementPath full = ElementPath.of(e);
                String path = elementPath = full.defaultPath();
                Set<String> urls = links.get(path);
                long cost = target.get().length() + (urls == null ? path.length() : 0);
                if (counts[2] + cost <= settings.maxCollectionChars() && (urls == null || !urls.contains(target.get()))) {
                    links.computeIfAbsent(path, k -> new LinkedHashSet<>()).add(target.get());
                    values.computeIfAbsent(path, k -> new ArrayList<>()).add(full.values());
                    counts[0]++;
                    counts[2] += cost;
                }
            }
        }
        if (counts[1] < settings.maxTextsPerPage() && !NOT_TEXT.contains(e.normalName())) {
            String own = e.ownText().trim();
            if (!own.isEmpty() && own.length() < settings.maxTextLength()) {
                String path = elementPath != null ? elementPath : ElementPath.of(e).defaultPath();
                List<String> here = texts.get(path);
                long cost = own.length() + (here == null ? path.length() : 0);
                if (counts[2] + cost <= settings.maxCollectionChars()) {
                    texts.computeIfAbsent(path, k -> new ArrayList<>()).add(own);
                    counts[1]++;
                    counts[2] += cost;
                }
            }
        }
    }

    /**
     * The normalised http(s) URL of {@code e}'s {@code attribute}, resolved by the page's resolver (which normalises
     * each distinct value once: a javadoc page names the same types dozens of times); empty for a missing, empty or
     * fragment-only value, another scheme, or one the normaliser refuses.
     */
    static Optional<String> target(Element e, String attribute, LinkResolver resolver) {
        String value = e.attr(attribute);
        String raw = value.trim();
        if (raw.isEmpty() || raw.startsWith("#")) {
            return Optional.empty();
        }
        String url = resolver.normalized(value);
        return url.isEmpty() ? Optional.empty() : Optional.of(url);
    }
}
