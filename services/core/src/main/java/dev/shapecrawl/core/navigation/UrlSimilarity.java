package dev.shapecrawl.core.navigation;

import java.util.List;

/**
 * URLsim(u, v) (Vidal 2006, thesis §3.3; specification §5.3): two URLs are similar if and only if they have the
 * same number of levels ({@link UrlLevels}), their first levels (hosts) are equal, and at most {@code k} of the
 * other level positions differ.
 *
 * <p>URLsim is not transitive: two URLs each within {@code k} levels of a third can be {@code 2k} apart. Grouping
 * therefore clusters around leaders ({@link Group}).
 *
 * <p><b>Shared level</b> (shapecrawl, not in the seed; {@link #sharedLevel()}): the URLs must also have a path level
 * in common, or else their differing levels must start with the same token ({@link Tokenizer}) or be one token
 * apart in all. K counts differences without regard to how many levels agree, so on a site whose URLs have two path
 * levels every pair of them is similar with K = 2: {@code /genre/bop}, {@code /artist/123} and {@code /news/45}
 * became one group on the generated sites (docs/navigation.md, the settings table, row {@code shared-level}), and
 * on one level {@code /list?page=3} and {@code /item?id=7} did. The seed's examples all share most levels (DBLP: 5 of 7) or, with a single varying
 * level, the script that serves the page ({@code detail.asp?cd=}), so they keep their groups.
 *
 * @param k           the largest number of differing levels, not counting the first, >= 0. The thesis's value is
 *                    {@link #DEFAULT_K} = 2, chosen in preliminary experiments and confirmed in the final ones
 *                    (thesis §3.3, §5; specification §8.5, §12).
 * @param sharedLevel whether similar URLs must share a path level or the first token of their differing levels;
 *                    false is the seed's URLsim
 */
public record UrlSimilarity(int k, boolean sharedLevel) {

    /** The thesis's K (specification §12). */
    public static final int DEFAULT_K = 2;

    /** @throws IllegalArgumentException if {@code k} is negative */
    public UrlSimilarity {
        if (k < 0) {
            throw new IllegalArgumentException("k: must be >= 0, was " + k);
        }
    }

    /** The seed's URLsim (no shared-level rule) with {@code k}. */
    public UrlSimilarity(int k) {
        this(k, false);
    }

    /** The seed's URLsim with the thesis's K = 2. */
    public static UrlSimilarity defaults() {
        return new UrlSimilarity(DEFAULT_K);
    }

    /**
     * URLsim(u, v).
     *
     * @return true if both have the same level count, the same first level and at most {@code k} other differing
     *         levels (and, with {@link #sharedLevel()}, a path level in common or the same first token in every
     *         differing level)
     */
    public boolean similar(UrlLevels u, UrlLevels v) {
        int d = differingLevels(u, v, k);
        return d >= 0 && d <= k && (d == 0 || !sharedLevel || shareALevel(u, v));
    }

    /**
     * Whether a path level is equal in both, or every differing level starts with the same token in both, or the
     * two differ in one token alone. The last case is a flat site (every page at the root): Doxygen names a class
     * page {@code classXMLString.html}, one letter run, so two class pages share no level and no first token, yet
     * differ only in that run ({@code /classXMLString.html}, {@code /classAttributeList.html}); the short URLs the
     * rule exists to keep apart ({@code /list?page=3} and {@code /item?id=7}, {@code /genre/bop} and
     * {@code /artist/123}) differ in two tokens or more.
     */
    private static boolean shareALevel(UrlLevels u, UrlLevels v) {
        boolean sameHeads = true;
        boolean sameShape = true; // every differing level has as many tokens in both
        int differingTokens = 0;
        for (int i = 1; i < u.count(); i++) {
            String a = u.level(i);
            String b = v.level(i);
            if (a.equals(b)) {
                return true;
            }
            List<String> ta = Tokenizer.standard().tokenize(a);
            List<String> tb = Tokenizer.standard().tokenize(b);
            sameHeads &= !ta.isEmpty() && !tb.isEmpty() && ta.get(0).equals(tb.get(0));
            sameShape &= ta.size() == tb.size();
            for (int j = 0; sameShape && j < ta.size(); j++) {
                differingTokens += ta.get(j).equals(tb.get(j)) ? 0 : 1;
            }
        }
        return sameHeads || sameShape && differingTokens == 1;
    }

    /**
     * URLsim of two absolute http(s) URLs.
     *
     * @throws IllegalArgumentException if either is not an absolute http(s) URL ({@link UrlLevels#of})
     */
    public boolean similar(String u, String v) {
        return similar(UrlLevels.of(u), UrlLevels.of(v));
    }

    /**
     * The number of differing levels after the first, counting stops once it exceeds {@code limit}.
     *
     * @return -1 if the level counts or the first levels differ; otherwise the count, or {@code limit + 1} if it is
     *         larger than {@code limit}
     */
    static int differingLevels(UrlLevels u, UrlLevels v, int limit) {
        if (u.count() != v.count() || !u.host().equals(v.host())) {
            return -1;
        }
        int d = 0;
        for (int i = 1; i < u.count(); i++) {
            if (!u.level(i).equals(v.level(i)) && ++d > limit) {
                return d;
            }
        }
        return d;
    }
}
