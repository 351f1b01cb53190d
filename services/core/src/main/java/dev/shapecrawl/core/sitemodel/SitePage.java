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
 * @param url   the page's URL
 * @param links link collections by path
 * @param texts text collections by path
 */
public record SitePage(String url, Map<String, List<String>> links, Map<String, List<String>> texts) {
    public SitePage {
        Objects.requireNonNull(url, "url");
        links = copy(links);
        texts = copy(texts);
    }

    /** The page at {@code url} with the collections an event carried ({@link PageCollections}). */
    public static SitePage of(String url, PageCollections collections) {
        return new SitePage(url, collections.links(), collections.texts());
    }

    /** Its collections as events carry them. */
    public PageCollections collections() {
        return new PageCollections(links, texts);
    }

    private static Map<String, List<String>> copy(Map<String, List<String>> in) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        in.forEach((path, values) -> out.put(path, List.copyOf(values)));
        return java.util.Collections.unmodifiableMap(out);
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
