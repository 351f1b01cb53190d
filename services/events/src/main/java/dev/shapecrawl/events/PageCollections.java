package dev.shapecrawl.events;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A page as the site model reads it (seed 001, Cibecchini 2017, spec §2.2 and §3.1): its link collections and its
 * text collections, each keyed by the root-to-element path at the model's default level. Carried on
 * {@link PageClassified} for the pages a mapping classifies, so the pattern service can infer the site model from
 * the mapping without fetching or parsing a page again.
 *
 * <p>Bounded by the classifier's parser (at most 10,000 links and 10,000 texts per page, each text shorter than 64
 * characters, and the characters of paths, URLs, texts and values together; core's {@code SiteModelSettings}). Map
 * order is document order and is kept through JSON: model inference depends on it.
 *
 * @param links  path → the URLs of the anchors (and frames) at that path, in document order, without repeats
 * @param texts  path → the short own texts of the elements at that path, in document order
 * @param values path → the attribute values of a link collection whose links differ in them, which the lattice's
 *               more specific levels tell apart (spec §2.6, §3.5: path refinement); a collection whose links share
 *               every value is absent. Empty when the page has none (omitted from JSON then)
 * @param marker the value of the {@code class} attribute of the page's {@code <body>}, whitespace collapsed, at most
 *               {@value #MAX_MARKER_CHARS} characters: the lattice's value level on the one element every page has,
 *               where many generators name the page's kind ({@code rustdoc struct}, RDoc's {@code class} and
 *               {@code module}, javadoc's {@code class-declaration-page}); null when the body has none (omitted
 *               from JSON then)
 */
public record PageCollections(Map<String, List<String>> links, Map<String, List<String>> texts,
                              @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, LinkValues> values,
                              @JsonInclude(JsonInclude.Include.NON_NULL) String marker) {
    /** The longest body marker kept, in characters (a longer one is cut): a kind's name is a few words. */
    public static final int MAX_MARKER_CHARS = 256;

    public PageCollections {
        if (marker != null) {
            marker = marker.strip().replaceAll("\\s+", " ");
            marker = marker.isEmpty() ? null
                    : marker.length() > MAX_MARKER_CHARS ? marker.substring(0, MAX_MARKER_CHARS) : marker;
        }
        links = copy(links);
        texts = copy(texts);
        Map<String, LinkValues> v = new LinkedHashMap<>();
        if (values != null) {
            for (Map.Entry<String, LinkValues> e : values.entrySet()) {
                List<String> urls = links.get(e.getKey());
                if (urls == null) {
                    throw new IllegalArgumentException("values for path " + e.getKey()
                            + ", which has no link collection");
                }
                for (Map.Entry<Integer, List<String>> column : e.getValue().varying().entrySet()) {
                    if (column.getValue().size() != urls.size()) {
                        throw new IllegalArgumentException("values of step " + column.getKey() + " at " + e.getKey()
                                + ": " + column.getValue().size() + " for " + urls.size() + " URLs");
                    }
                }
                v.put(e.getKey(), e.getValue());
            }
        }
        values = Collections.unmodifiableMap(v);
    }

    /** Collections without attribute values (no path of them can be refined) and without a body marker. */
    public PageCollections(Map<String, List<String>> links, Map<String, List<String>> texts) {
        this(links, texts, null, null);
    }

    /** Collections without a body marker. */
    public PageCollections(Map<String, List<String>> links, Map<String, List<String>> texts,
                           Map<String, LinkValues> values) {
        this(links, texts, values, null);
    }

    /**
     * The first attribute's value at each step of a collection's path that has an attribute (root to leaf, as the
     * default path names them), where its links differ in some of them.
     *
     * @param first   the values on the path of the collection's first link, one per attributed step
     * @param varying step (index into {@code first}) → that step's value for each URL of the collection, in order;
     *                only the steps whose values differ between the links
     */
    public record LinkValues(List<String> first, Map<Integer, List<String>> varying) {
        public LinkValues {
            first = Checks.list(first);
            Map<Integer, List<String>> out = new LinkedHashMap<>();
            if (varying != null) {
                for (Map.Entry<Integer, List<String>> e : varying.entrySet()) {
                    Integer step = e.getKey();
                    if (step == null || step < 0 || step >= first.size()) {
                        throw new IllegalArgumentException("varying step " + step + " outside 0.." + (first.size() - 1));
                    }
                    out.put(step, Checks.list(e.getValue()));
                }
            }
            varying = Collections.unmodifiableMap(out);
        }
    }

    private static Map<String, List<String>> copy(Map<String, List<String>> in) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        if (in != null) {
            in.forEach((path, values) -> out.put(Checks.nonBlank("collection path", path), Checks.list(values)));
        }
        return Collections.unmodifiableMap(out);
    }
}
