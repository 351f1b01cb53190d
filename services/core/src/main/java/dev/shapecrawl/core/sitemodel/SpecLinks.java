package dev.shapecrawl.core.sitemodel;

import dev.shapecrawl.core.page.LinkResolver;
import dev.shapecrawl.events.CrawlSpec;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The links a crawl spec's class links select on a page (seed 001 §4.3, {@code CrawlPage.extractLinks}: "applies the
 * class's navigation XPaths and returns the outgoing links"). Each XPath of the page's class is evaluated on the
 * parsed page (jsoup's {@link Element#selectXpath}, XPath 1.0 over the HTML with lower-case names); a selected
 * element gives its {@code href} ({@code src} for a frame or iframe), resolved and normalised as the site model's
 * links are ({@link PageParser}); an element without one, or whose URL is not http(s), gives nothing.
 *
 * <p>Bounded: at most {@code maxLinks} URLs in all, in spec order, then document order; an XPath that jsoup cannot
 * evaluate selects nothing (the CLI refuses it before a job is published; {@link #check}).
 */
public final class SpecLinks {
    private SpecLinks() {
    }

    /**
     * @param doc       the page, parsed with its final URL as base URI
     * @param links     the class links of the page's class ({@link CrawlSpec#linksFrom})
     * @param maxLinks  the most URLs returned in all, >= 0
     * @return XPath → the URLs it selects, in document order without repeats; an XPath that selects none is absent
     */
    public static Map<String, List<String>> select(Document doc, List<CrawlSpec.Link> links, int maxLinks) {
        return select(doc, links, maxLinks, LinkResolver.of(doc));
    }

    /**
     * As {@link #select(Document, List, int)}, with the page's resolver (shared with its link extraction, so each href
     * is normalised once).
     */
    public static Map<String, List<String>> select(Document doc, List<CrawlSpec.Link> links, int maxLinks,
                                                   LinkResolver resolver) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        int left = maxLinks;
        for (CrawlSpec.Link link : links) {
            if (left <= 0 || out.containsKey(link.xpath())) {
                continue;
            }
            Set<String> urls = new LinkedHashSet<>();
            for (Element e : evaluate(doc, link.xpath())) {
                url(e, resolver).ifPresent(urls::add);
                if (urls.size() >= left) {
                    break;
                }
            }
            if (!urls.isEmpty()) {
                out.put(link.xpath(), List.copyOf(urls));
                left -= urls.size();
            }
        }
        return out;
    }

    /**
     * Checks that jsoup can evaluate {@code xpath}.
     *
     * @return empty when it can, else why not
     */
    public static Optional<String> check(String xpath) {
        try {
            Jsoup.parse("<p>", "http://example.invalid/").selectXpath(xpath); // an empty document is not evaluated
            return Optional.empty();
        } catch (IllegalArgumentException | IllegalStateException e) { // jsoup's SelectorParseException is one
            return Optional.of(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    private static List<Element> evaluate(Document doc, String xpath) {
        try {
            return doc.selectXpath(xpath);
        } catch (IllegalArgumentException | IllegalStateException e) { // jsoup's SelectorParseException is one
            return List.of();
        }
    }

    private static Optional<String> url(Element e, LinkResolver resolver) {
        return PageParser.target(e, e.nameIs("frame") || e.nameIs("iframe") ? "src" : "href", resolver);
    }
}
