package dev.shapecrawl.core.sitemodel;

import dev.shapecrawl.events.PageCollections;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A page as the site model sees it (spec §2.2, thesis §3.2.1): its link collections (path → the URLs of every anchor
 * at that path, in document order, without repeats) and its text collections (path → the short texts at that path,
 * in document order).
 *
 * @param url    the page's URL
 * @param links  link collections by path
 * @param texts  text collections by path
 * @param values the attribute values of the link collections whose links differ in them, by path: what the
 *               lattice's more specific levels select ({@link PathRefinement}, spec §3.5); empty when none
 * @param marker the {@code class} value of the page's {@code <body>} ({@link PageCollections#marker()}), or null:
 *               what {@link KindMarkers} groups the model's classes by
 */
public record SitePage(String url, Map<String, List<String>> links, Map<String, List<String>> texts,
                       Map<String, PageCollections.LinkValues> values, String marker) {
    public SitePage {
        Objects.requireNonNull(url, "url");
        // the event's checks: values only for link collections, one per URL; the marker's form
        PageCollections checked = new PageCollections(links, texts, values, marker);
        links = checked.links();
        texts = checked.texts();
        values = checked.values();
        marker = checked.marker();
    }

    /** A page without a body marker. */
    public SitePage(String url, Map<String, List<String>> links, Map<String, List<String>> texts,
                    Map<String, PageCollections.LinkValues> values) {
        this(url, links, texts, values, null);
    }

    /** A page whose collections carry no attribute values (no path of it can be refined) and no body marker. */
    public SitePage(String url, Map<String, List<String>> links, Map<String, List<String>> texts) {
        this(url, links, texts, Map.of(), null);
    }

    /** The page at {@code url} with the collections an event carried ({@link PageCollections}). */
    public static SitePage of(String url, PageCollections collections) {
        return new SitePage(url, collections.links(), collections.texts(), collections.values(),
                collections.marker());
    }

    /** Its collections as events carry them. */
    public PageCollections collections() {
        return new PageCollections(links, texts, values, marker);
    }

    /** The page's schema: its link paths and its text paths (texts left out, {@link SchemaPath}). */
    public Set<SchemaPath> schema() {
        Set<SchemaPath> out = new LinkedHashSet<>();
        links.keySet().forEach(p -> out.add(SchemaPath.link(p)));
        texts.keySet().forEach(p -> out.add(SchemaPath.text(p)));
        return out;
    }

    /**
     * Everything the page says about its structure, as the complete encoding counts it ({@link Mdl.Encoding}): its
     * link paths, and its text paths each with the page's own texts there.
     */
    public Set<SchemaPath> features() {
        Set<SchemaPath> out = new LinkedHashSet<>();
        links.keySet().forEach(p -> out.add(SchemaPath.link(p)));
        texts.forEach((p, t) -> out.add(SchemaPath.text(p, t)));
        return out;
    }

    /**
     * Whether the page has {@code element}: a link collection at its path, or a text collection at its path (with
     * exactly its texts, when it carries any).
     */
    public boolean has(SchemaPath element) {
        if (element.kind() == SchemaPath.Kind.LINK) {
            return links.containsKey(element.path());
        }
        List<String> here = texts.get(element.path());
        return here != null && (element.texts().isEmpty() || here.equals(element.texts()));
    }

    /** |URLs(p)| of eq. 3.9: the URLs of all its link collections. */
    public int urlCount() {
        return links.values().stream().mapToInt(List::size).sum();
    }
}
