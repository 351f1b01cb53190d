package dev.shapecrawl.events;

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
 * characters; core's {@code SiteModelSettings}). Map order is document order and is kept through JSON: model
 * inference depends on it.
 *
 * @param links path → the URLs of the anchors (and frames) at that path, in document order, without repeats
 * @param texts path → the short own texts of the elements at that path, in document order
 */
public record PageCollections(Map<String, List<String>> links, Map<String, List<String>> texts) {
    public PageCollections {
        links = copy(links);
        texts = copy(texts);
    }

    private static Map<String, List<String>> copy(Map<String, List<String>> in) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        if (in != null) {
            in.forEach((path, values) -> out.put(Checks.nonBlank("collection path", path), Checks.list(values)));
        }
        return Collections.unmodifiableMap(out);
    }
}
