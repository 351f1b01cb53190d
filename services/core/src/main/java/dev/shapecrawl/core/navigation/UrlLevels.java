package dev.shapecrawl.core.navigation;

import java.util.ArrayList;
import java.util.List;

/**
 * A URL as the thesis sees it: a string of <em>levels</em> separated by {@code /} (Vidal 2006, thesis §3.3;
 * specification §5.3). Level 1 (index 0 here) is the authority ({@code host} or {@code host:port}); the path's
 * segments follow.
 *
 * <p>Normalisation before splitting, the specification's [R] choices of §5.3:
 * <ul>
 *   <li>the scheme and its {@code //} are removed (Figure 3.4 starts the levels at the host), so http and https
 *       spellings of one address have the same levels; a pattern matches either ({@link UrlPattern});</li>
 *   <li>the query string stays inside the last level ({@code detalhes-artistas.asp?cd=17} is one level in the
 *       thesis's E-Jazz example), so a {@code /} inside the query does not split;</li>
 *   <li>the fragment is dropped;</li>
 *   <li>a trailing {@code /} gives an empty last level, so {@code a/b/} and {@code a/b} differ in level count;
 *       an empty path counts as {@code /}, as {@link dev.shapecrawl.core.page.UrlNormalizer} writes it.</li>
 * </ul>
 * Nothing else is normalised here (no case folding, no percent-decoding): URLs are expected in
 * {@link dev.shapecrawl.core.page.UrlNormalizer}'s form, where scheme and host are lower case.
 *
 * @param levels the levels in order, at least two (the authority and at least one path level); an empty string
 *               is a level (trailing slash)
 */
public record UrlLevels(List<String> levels) {

    /** @throws IllegalArgumentException if there are fewer than two levels or the authority is empty */
    public UrlLevels {
        levels = List.copyOf(levels);
        if (levels.size() < 2) {
            throw new IllegalArgumentException("levels: an authority and at least one path level are needed, was "
                    + levels);
        }
        if (levels.get(0).isEmpty()) {
            throw new IllegalArgumentException("levels: the authority (level 1) is empty");
        }
    }

    /**
     * The levels of an absolute http(s) URL.
     *
     * @param url an absolute {@code http://} or {@code https://} URL (scheme in any case)
     * @return its levels
     * @throws IllegalArgumentException if {@code url} is null, not http(s) or has no authority
     */
    public static UrlLevels of(String url) {
        if (url == null) {
            throw new IllegalArgumentException("url: missing");
        }
        int start;
        if (url.regionMatches(true, 0, "http://", 0, 7)) {
            start = 7;
        } else if (url.regionMatches(true, 0, "https://", 0, 8)) {
            start = 8;
        } else {
            throw new IllegalArgumentException("url: not an absolute http(s) URL: '" + cap(url) + "'");
        }
        int hash = url.indexOf('#', start);
        String rest = hash < 0 ? url.substring(start) : url.substring(start, hash);
        int q = rest.indexOf('?');
        String beforeQuery = q < 0 ? rest : rest.substring(0, q);
        String query = q < 0 ? "" : rest.substring(q);
        int slash = beforeQuery.indexOf('/');
        String authority = slash < 0 ? beforeQuery : beforeQuery.substring(0, slash);
        if (authority.isEmpty()) {
            throw new IllegalArgumentException("url: no authority: '" + cap(url) + "'");
        }
        String path = slash < 0 ? "" : beforeQuery.substring(slash + 1); // without the leading slash
        List<String> levels = new ArrayList<>();
        levels.add(authority);
        int from = 0;
        while (true) {
            int next = path.indexOf('/', from);
            if (next < 0) {
                levels.add(path.substring(from) + query);
                break;
            }
            levels.add(path.substring(from, next));
            from = next + 1;
        }
        return new UrlLevels(levels);
    }

    /** The number of levels, >= 2. */
    public int count() {
        return levels.size();
    }

    /** Level {@code i}, 0-based (the thesis's level {@code i + 1}). */
    public String level(int i) {
        return levels.get(i);
    }

    /** Level 1: the authority. */
    public String host() {
        return levels.get(0);
    }

    private static String cap(String s) {
        return s.length() <= 100 ? s : s.substring(0, 100) + "…";
    }
}
