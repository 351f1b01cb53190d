package dev.shapecrawl.core.fetch;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import dev.shapecrawl.events.FetchError;

import java.util.List;

/**
 * The robots.txt rules of one origin (scheme, host, port) for our user agent: what may be fetched, and the
 * Crawl-delay. Immutable and thread-safe.
 *
 * <p>Three kinds, after RFC 9309 §2.3.1:
 * <ul>
 *   <li>{@link Source#PARSED}: a robots.txt was fetched (2xx) and parsed with crawler-commons'
 *       {@link SimpleRobotRulesParser} (RFC 9309 matching: the group of our product token, else {@code *};
 *       longest match wins; {@code *} and {@code $} wildcards).</li>
 *   <li>{@link Source#UNAVAILABLE}: 4xx (except 429), or more than five redirects: there is no robots.txt,
 *       everything is allowed (§2.3.1.3, §2.3.1.2).</li>
 *   <li>{@link Source#UNREACHABLE}: 5xx, 429, a refused redirect, or no answer at all: everything is
 *       disallowed for now (§2.3.1.4). 429 is treated as unreachable rather than as a 4xx "no robots.txt", as
 *       Google does: a server asking us to slow down has not said "crawl everything". When there was no answer
 *       at all, {@link #failure()} says why.</li>
 * </ul>
 */
public final class RobotsRules {

    /** Where the rules came from. */
    public enum Source {
        /** Parsed from a robots.txt the server sent. */
        PARSED,
        /** No robots.txt (4xx, too many redirects): allow everything. */
        UNAVAILABLE,
        /** The robots.txt could not be read (5xx, 429, network): disallow everything. */
        UNREACHABLE
    }

    private final BaseRobotRules rules;
    private final long crawlDelayMs;
    private final Source source;
    private final String detail;
    private final FetchError failure;

    private RobotsRules(BaseRobotRules rules, long crawlDelayMs, Source source, String detail, FetchError failure) {
        this.rules = rules;
        this.crawlDelayMs = crawlDelayMs;
        this.source = source;
        this.detail = detail;
        this.failure = failure;
    }

    /**
     * Parses a robots.txt body.
     *
     * @param robotsUrl       the robots.txt URL (crawler-commons uses it for messages and sitemap resolution)
     * @param content         the body bytes (UTF-8 per RFC 9309 §2.3; a BOM is skipped)
     * @param contentType     the response media type, or null
     * @param agentToken      our product token, lower case (see {@link FetchSettings#robotsAgentToken()})
     * @param maxCrawlDelayMs the cap applied to the Crawl-delay, ms
     */
    public static RobotsRules parse(String robotsUrl, byte[] content, String contentType, String agentToken,
                                    long maxCrawlDelayMs) {
        // The parser's own maximum turns a long Crawl-delay into "disallow all"; we cap it instead, so the
        // parser gets no maximum.
        SimpleRobotRulesParser parser = new SimpleRobotRulesParser(Long.MAX_VALUE,
                SimpleRobotRulesParser.DEFAULT_MAX_WARNINGS);
        SimpleRobotRules parsed = parser.parseContent(robotsUrl, content, contentType, List.of(agentToken));
        long delay = parsed.getCrawlDelay();
        long capped = delay <= 0 ? 0 : Math.min(delay, maxCrawlDelayMs);
        return new RobotsRules(parsed, capped, Source.PARSED, "parsed " + content.length + " bytes"
                + (delay > maxCrawlDelayMs ? ", Crawl-delay " + delay + " ms capped to " + maxCrawlDelayMs : ""),
                null);
    }

    /** Rules allowing everything: there is no robots.txt. {@code detail} says why (for messages). */
    public static RobotsRules unavailable(String detail) {
        return new RobotsRules(new SimpleRobotRules(SimpleRobotRules.RobotRulesMode.ALLOW_ALL), 0,
                Source.UNAVAILABLE, detail, null);
    }

    /** Rules disallowing everything: the server answered robots.txt with an error. {@code detail} says why. */
    public static RobotsRules unreachable(String detail) {
        return new RobotsRules(new SimpleRobotRules(SimpleRobotRules.RobotRulesMode.ALLOW_NONE), 0,
                Source.UNREACHABLE, detail, null);
    }

    /**
     * Rules disallowing everything because robots.txt got no HTTP answer at all ({@code failure}: connection
     * refused, timeout, ...). Such rules are not cached: the {@link Fetcher} counts the failure as a failed
     * attempt of the page request, with {@code failure}'s kind, and retries it (robots.txt first) like any
     * other connection failure.
     */
    public static RobotsRules unreachable(FetchError failure) {
        return new RobotsRules(new SimpleRobotRules(SimpleRobotRules.RobotRulesMode.ALLOW_NONE), 0,
                Source.UNREACHABLE, "robots.txt got no answer: " + failure.kind() + " " + failure.message(),
                failure);
    }

    /** True when our user agent may fetch {@code url} (an absolute URL of this origin). */
    public boolean isAllowed(String url) {
        return rules.isAllowed(url);
    }

    /** The Crawl-delay for our user agent, capped at {@link FetchSettings#maxCrawlDelayMs()}, ms; 0 when none. */
    public long crawlDelayMs() {
        return crawlDelayMs;
    }

    /** Where the rules came from. */
    public Source source() {
        return source;
    }

    /** The transport failure when robots.txt got no HTTP answer at all, else null. */
    public FetchError failure() {
        return failure;
    }

    /** A short human-readable account ("parsed 120 bytes", "HTTP 404", "HTTP 503", ...). */
    public String detail() {
        return detail;
    }

    @Override
    public String toString() {
        return "RobotsRules[" + source + ", " + detail + ", crawlDelayMs=" + crawlDelayMs + "]";
    }
}
