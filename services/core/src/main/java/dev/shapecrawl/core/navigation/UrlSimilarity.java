package dev.shapecrawl.core.navigation;

/**
 * URLsim(u, v) (Vidal 2006, thesis §3.3; specification §5.3): two URLs are similar if and only if they have the
 * same number of levels ({@link UrlLevels}), their first levels (hosts) are equal, and at most {@code k} of the
 * other level positions differ.
 *
 * <p>URLsim is not transitive: two URLs each within {@code k} levels of a third can be {@code 2k} apart. Grouping
 * therefore clusters around leaders ({@link Group}).
 *
 * @param k the largest number of differing levels, not counting the first, >= 0. The thesis's value is
 *          {@link #DEFAULT_K} = 2, chosen in preliminary experiments and confirmed in the final ones (thesis
 *          §3.3, §5; specification §8.5, §12).
 */
public record UrlSimilarity(int k) {

    /** The thesis's K (specification §12). */
    public static final int DEFAULT_K = 2;

    /** @throws IllegalArgumentException if {@code k} is negative */
    public UrlSimilarity {
        if (k < 0) {
            throw new IllegalArgumentException("k: must be >= 0, was " + k);
        }
    }

    /** URLsim with the thesis's K = 2. */
    public static UrlSimilarity defaults() {
        return new UrlSimilarity(DEFAULT_K);
    }

    /**
     * URLsim(u, v).
     *
     * @return true if both have the same level count, the same first level and at most {@code k} other differing
     *         levels
     */
    public boolean similar(UrlLevels u, UrlLevels v) {
        int d = differingLevels(u, v, k);
        return d >= 0 && d <= k;
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
