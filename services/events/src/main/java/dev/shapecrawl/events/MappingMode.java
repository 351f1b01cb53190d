package dev.shapecrawl.events;

/**
 * How a job's mapping chooses the pages it fetches ({@link CrawlSeed#mapping()}).
 */
public enum MappingMode {
    /**
     * Seed 001's bounded sample (Cibecchini 2017, thesis §3.3.1; spec §2.10): at most {@link CrawlSeed#samplePages()}
     * requests, a few evenly spaced links of each link collection of a page, its largest collections first. The
     * navigation pattern and the site model are learnt from the sample, and the crawl reaches the rest.
     */
    SAMPLED,
    /** Algorithm 2 of Vidal 2006: breadth-first over every in-scope link, up to {@link CrawlSeed#maxPages()}. */
    FULL;

    /**
     * The mode a user names: {@code sampled} or {@code full}, in any case ({@code shapecrawl crawl --mapping}, the
     * console's crawl form).
     *
     * @throws IllegalArgumentException for any other name, saying which are known
     */
    public static MappingMode named(String name) {
        return switch (name.toLowerCase(java.util.Locale.ROOT)) {
            case "sampled" -> SAMPLED;
            case "full" -> FULL;
            default -> throw new IllegalArgumentException("sampled or full, not '" + name + "'");
        };
    }
}
