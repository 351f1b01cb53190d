package dev.shapecrawl.core.fetch;

import dev.shapecrawl.core.config.SettingValues;
import dev.shapecrawl.core.page.ScriptLinks;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Everything the fetch engine can be tuned with. Immutable; {@link #defaults()} gives the production defaults,
 * {@link #builder()} / {@link #toBuilder()} give modified copies. The constructor validates every field and
 * throws {@link IllegalArgumentException} naming the setting and the rule broken.
 *
 * <p>Times are milliseconds, sizes bytes.
 *
 * @param userAgent              the {@code User-Agent} header. Default {@value #DEFAULT_USER_AGENT}. Its
 *                               product token (the part before the first {@code /}, lower-cased: {@code
 *                               shapecrawl}) is the name looked up in robots.txt ({@link #robotsAgentToken()});
 *                               it must be a valid RFC 9309 §2.2.1 token ({@code [a-zA-Z_-]+}). No CR/LF.
 * @param politenessDelayMs      the least time between the end of one response from a host and the start of
 *                               the next request to it, ms. Default 1000: StormCrawler's default
 *                               ({@code fetcher.server.delay: 1.0} s in {@code crawler-default.yaml}); Nutch
 *                               is more conservative (5.0 s). 0 allowed (tests). A larger robots.txt
 *                               Crawl-delay wins.
 * @param maxCrawlDelayMs        the cap on a robots.txt Crawl-delay, ms. Default 30000 (30 s, the
 *                               {@code fetcher.max.crawl.delay} default of Nutch and StormCrawler). A larger
 *                               Crawl-delay is capped to this, whereas Nutch and StormCrawler (by default) and
 *                               crawler-commons' parser (over its own limit) skip the host altogether.
 * @param maxAttempts            attempts per request, >= 1; timeouts, connect failures, 5xx and 429 are
 *                               retried, DNS failures and other statuses not. Default 3.
 * @param retryBaseDelayMs       exponential back-off base, ms: the wait before attempt n+1 is
 *                               {@code base · 2^(n-1)} (plus jitter), unless the server sent Retry-After.
 *                               Default 1000.
 * @param retryJitter            extra random back-off as a fraction of the back-off, 0..1: the wait is
 *                               multiplied by a uniform factor in {@code [1, 1 + retryJitter)}. Only ever
 *                               lengthens the wait, so lower bounds hold. Default 0.1; 0 makes back-off
 *                               deterministic (tests).
 * @param maxRetryAfterMs        the cap on a Retry-After header (and on any back-off), ms. Default 600000
 *                               (10 min): a longer wait holds a host queue too long for one request.
 * @param maxRedirects           redirects followed per attempt, >= 0; one more is
 *                               {@link dev.shapecrawl.events.FetchErrorKind#TOO_MANY_REDIRECTS}. Default 5
 *                               (RFC 9110 §15.4 notes that early guidance said 5; browsers allow ~20).
 * @param connectTimeoutMs       TCP (and TLS) connection establishment bound, ms, > 0. Default 10000.
 * @param readTimeoutMs          the wall-clock bound on one HTTP exchange (one redirect hop), ms, > 0: from the
 *                               moment the request is sent (connect included) until the last body byte is
 *                               read. A <em>total</em> bound rather than a between-bytes bound, so a server
 *                               dripping one byte a second cannot hold a fetch slot forever. Default 30000.
 *                               The worst case of one attempt is {@code (maxRedirects + 1) · readTimeoutMs}.
 * @param maxBodyBytes           the cap on a body, in decompressed bytes, > 0: reading stops there and the
 *                               page is marked truncated (which also bounds gzip bombs). Default 5242880
 *                               (5 MiB), the contract's cap.
 * @param maxConcurrency         fetches in flight at once over all hosts, > 0. Default 64.
 * @param maxQueuedPerHost       requests waiting per host, > 0; beyond it {@link Fetcher#fetch} refuses
 *                               (back-pressure: the caller should pause consuming). Default 10000.
 * @param robotsCacheTtlMs       how long a fetched robots.txt (or a 4xx "no robots.txt") is reused, ms, > 0.
 *                               Default 86400000 (24 h: RFC 9309 §2.4 says SHOULD NOT cache longer).
 * @param robotsErrorTtlMs       how long an <em>unreachable</em> robots.txt (5xx, 429, network error: "disallow
 *                               all" under RFC 9309 §2.3.1.4) is remembered before it is tried again, ms, > 0.
 *                               Default 600000 (10 min): a transient outage should not block a host for a day.
 * @param robotsMaxBytes         how much of a robots.txt is read and parsed, bytes. Default 512000 (500 KiB),
 *                               and at least that: RFC 9309 §2.5 says crawlers MUST parse at least 500 KiB.
 * @param allowedAddresses       address classes the SSRF guard lets through besides public ones. Default empty;
 *                               tests name {@link AddressClass#LOOPBACK}. {@link AddressClass#PUBLIC} is
 *                               refused here as meaningless.
 * @param acceptedContentTypes   media types (lower case, no parameters) whose bodies are kept; others are
 *                               recorded without body as
 *                               {@link dev.shapecrawl.events.FetchErrorKind#UNSUPPORTED_TYPE}. Default
 *                               {@code text/html}, {@code application/xhtml+xml}, and the media types of a
 *                               script ({@link dev.shapecrawl.core.page.ScriptLinks#MEDIA_TYPES}: the classifier
 *                               reads the pages a script names, {@code PageAnalysisSettings#scriptLinks}). Scripts
 *                               are requested only as a page's {@code <script src>}; a site that does not type them
 *                               (or a list without these types) leaves them out as UNSUPPORTED_TYPE.
 * @param pageStoreBytes         memory the fetcher's {@link PageStore} may hold, bytes (two per body character),
 *                               >= 0; 0 turns it off. Successful GET answers are kept there, least recently used
 *                               evicted, so that a request that allows it
 *                               ({@link dev.shapecrawl.events.FetchRequest#reuseSinceMs()}) is answered without
 *                               fetching the site again. Default 67108864 (64 MiB, an eighth of the local runtime's
 *                               512 MiB heap: a mapping of 1,000 pages of 30 KB of text fits; a larger site keeps
 *                               its most recent pages and fetches the rest again). Like Scrapy's
 *                               {@code HttpCacheMiddleware}, but used only where a request allows it; a copy's
 *                               {@code ETag} / {@code Last-Modified} also make later requests of its URL
 *                               conditional.
 * @param parallelPerHost        requests in flight at once to one host while it asks no delay between requests
 *                               (politeness delay 0 and no robots.txt Crawl-delay), >= 1; a host with a delay gets
 *                               one at a time whatever this says, and so does every host with the default delay.
 *                               Default 8: Scrapy's {@code CONCURRENT_REQUESTS_PER_DOMAIN}, whose default
 *                               {@code DOWNLOAD_DELAY} is 0 too (issue 19: one request in flight per host left a
 *                               loopback site idle between responses).
 */
public record FetchSettings(String userAgent, long politenessDelayMs, long maxCrawlDelayMs, int maxAttempts,
                            long retryBaseDelayMs, double retryJitter, long maxRetryAfterMs, int maxRedirects,
                            long connectTimeoutMs, long readTimeoutMs, int maxBodyBytes, int maxConcurrency,
                            int maxQueuedPerHost, long robotsCacheTtlMs, long robotsErrorTtlMs,
                            int robotsMaxBytes, Set<AddressClass> allowedAddresses,
                            Set<String> acceptedContentTypes, long pageStoreBytes, int parallelPerHost) {

    /** Default {@code User-Agent}. */
    public static final String DEFAULT_USER_AGENT = "shapecrawl/0.1 (+https://github.com/shapecrawl)";
    /** Default of {@link #parallelPerHost()}: 8. */
    public static final int DEFAULT_PARALLEL_PER_HOST = 8;
    /** Default of {@link #pageStoreBytes()}: 64 MiB. */
    public static final long DEFAULT_PAGE_STORE_BYTES = 64L * 1024 * 1024;
    /** Default body cap: 5 MiB, bytes. */
    public static final int DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;
    /** The least robots.txt size that must be parsed, RFC 9309 §2.5: 500 KiB, bytes. */
    public static final int RFC9309_MIN_ROBOTS_BYTES = 500 * 1024;
    /** The largest body cap accepted: 1 GiB (bodies are held in one array and one string). */
    public static final int MAX_BODY_CAP = 1 << 30;

    /** Default of {@link #acceptedContentTypes()}: HTML and XHTML, then scripts. */
    public static final Set<String> DEFAULT_ACCEPTED_CONTENT_TYPES = defaultContentTypes();

    private static Set<String> defaultContentTypes() {
        Set<String> types = new LinkedHashSet<>(List.of("text/html", "application/xhtml+xml"));
        types.addAll(new TreeSet<>(ScriptLinks.MEDIA_TYPES));
        return Collections.unmodifiableSet(types);
    }

    private static final Pattern AGENT_TOKEN = Pattern.compile("[a-zA-Z_-]+");
    private static final Pattern MEDIA_TYPE = Pattern.compile("[a-z0-9!#$&^_.+-]+/[a-z0-9!#$&^_.+-]+");

    /**
     * Validates every setting and makes the sets immutable copies.
     *
     * @throws IllegalArgumentException naming the first invalid setting and the rule broken
     */
    public FetchSettings {
        if (userAgent == null || userAgent.isBlank()) {
            throw new IllegalArgumentException("userAgent: missing");
        }
        if (userAgent.indexOf('\r') >= 0 || userAgent.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("userAgent: must not contain CR or LF");
        }
        if (!AGENT_TOKEN.matcher(productToken(userAgent)).matches()) {
            throw new IllegalArgumentException("userAgent: the product token before '/' must match [a-zA-Z_-]+ "
                    + "(RFC 9309 §2.2.1), was '" + productToken(userAgent) + "'");
        }
        nonNegative("politenessDelayMs", politenessDelayMs);
        nonNegative("maxCrawlDelayMs", maxCrawlDelayMs);
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts: must be >= 1, was " + maxAttempts);
        }
        nonNegative("retryBaseDelayMs", retryBaseDelayMs);
        if (!(retryJitter >= 0 && retryJitter <= 1)) {
            throw new IllegalArgumentException("retryJitter: must be within 0..1, was " + retryJitter);
        }
        nonNegative("maxRetryAfterMs", maxRetryAfterMs);
        if (maxRedirects < 0) {
            throw new IllegalArgumentException("maxRedirects: must be >= 0, was " + maxRedirects);
        }
        positive("connectTimeoutMs", connectTimeoutMs);
        positive("readTimeoutMs", readTimeoutMs);
        if (maxBodyBytes < 1 || maxBodyBytes > MAX_BODY_CAP) {
            throw new IllegalArgumentException("maxBodyBytes: must be within 1.." + MAX_BODY_CAP + ", was "
                    + maxBodyBytes);
        }
        positive("maxConcurrency", maxConcurrency);
        positive("maxQueuedPerHost", maxQueuedPerHost);
        positive("robotsCacheTtlMs", robotsCacheTtlMs);
        positive("robotsErrorTtlMs", robotsErrorTtlMs);
        if (robotsMaxBytes < RFC9309_MIN_ROBOTS_BYTES || robotsMaxBytes > MAX_BODY_CAP) {
            throw new IllegalArgumentException("robotsMaxBytes: must be within " + RFC9309_MIN_ROBOTS_BYTES
                    + ".." + MAX_BODY_CAP + " (RFC 9309 §2.5: parse at least 500 KiB), was " + robotsMaxBytes);
        }
        if (allowedAddresses == null) {
            throw new IllegalArgumentException("allowedAddresses: missing (use an empty set)");
        }
        for (AddressClass c : allowedAddresses) { // not contains(null): immutable sets throw on it
            if (c == null) {
                throw new IllegalArgumentException("allowedAddresses: contains null");
            }
        }
        if (allowedAddresses.contains(AddressClass.PUBLIC)) {
            throw new IllegalArgumentException("allowedAddresses: PUBLIC is always allowed; name only the "
                    + "special-purpose classes to let through");
        }
        allowedAddresses = allowedAddresses.isEmpty() ? Set.of()
                : Collections.unmodifiableSet(EnumSet.copyOf(allowedAddresses));
        if (acceptedContentTypes == null || acceptedContentTypes.isEmpty()) {
            throw new IllegalArgumentException("acceptedContentTypes: at least one media type");
        }
        for (String t : acceptedContentTypes) {
            if (t == null || !MEDIA_TYPE.matcher(t).matches()) {
                throw new IllegalArgumentException("acceptedContentTypes: '" + t
                        + "' is not a lower-case media type without parameters (like text/html)");
            }
        }
        acceptedContentTypes = Collections.unmodifiableSet(new LinkedHashSet<>(acceptedContentTypes));
        nonNegative("pageStoreBytes", pageStoreBytes);
        positive("parallelPerHost", parallelPerHost);
    }

    /** The production defaults, as documented on each component. */
    public static FetchSettings defaults() {
        return new FetchSettings(DEFAULT_USER_AGENT, 1000, 30_000, 3, 1000, 0.1, 600_000, 5, 10_000, 30_000,
                DEFAULT_MAX_BODY_BYTES, 64, 10_000, 24L * 60 * 60 * 1000, 10L * 60 * 1000,
                RFC9309_MIN_ROBOTS_BYTES, Set.of(), DEFAULT_ACCEPTED_CONTENT_TYPES,
                DEFAULT_PAGE_STORE_BYTES, DEFAULT_PARALLEL_PER_HOST);
    }

    /** A builder starting from {@link #defaults()}. */
    public static Builder builder() {
        return defaults().toBuilder();
    }

    /**
     * Settings from string properties, for configuration files and environment variables: the defaults with
     * the given settings changed. Names are the component names in kebab case, units as documented on each
     * component: {@code user-agent}, {@code politeness-delay-ms}, {@code max-crawl-delay-ms},
     * {@code max-attempts}, {@code retry-base-delay-ms}, {@code retry-jitter}, {@code max-retry-after-ms},
     * {@code max-redirects}, {@code connect-timeout-ms}, {@code read-timeout-ms}, {@code max-body-bytes},
     * {@code max-concurrency}, {@code max-queued-per-host}, {@code robots-cache-ttl-ms},
     * {@code robots-error-ttl-ms}, {@code robots-max-bytes}, {@code allowed-addresses} (comma-separated
     * {@link AddressClass} names, case-insensitive; empty means none), {@code accepted-content-types}
     * (comma-separated media types), {@code page-store-bytes} and {@code parallel-per-host}. Values are trimmed. A name that is absent keeps its default.
     *
     * @param properties setting name to value; not null
     * @return the validated settings
     * @throws IllegalArgumentException for an unknown name (a typo must not be silently ignored), a value that
     *                                  does not parse, or a value the constructor refuses; the message names the
     *                                  setting
     */
    public static FetchSettings fromProperties(Map<String, String> properties) {
        Builder b = builder();
        for (Map.Entry<String, String> e : new TreeMap<>(properties).entrySet()) {
            String name = e.getKey();
            String v = e.getValue() == null ? "" : e.getValue().strip();
            switch (name) {
                case "user-agent" -> b.userAgent(v);
                case "politeness-delay-ms" -> b.politenessDelayMs(SettingValues.wholeNumber(name, v));
                case "max-crawl-delay-ms" -> b.maxCrawlDelayMs(SettingValues.wholeNumber(name, v));
                case "max-attempts" -> b.maxAttempts(SettingValues.intNumber(name, v));
                case "retry-base-delay-ms" -> b.retryBaseDelayMs(SettingValues.wholeNumber(name, v));
                case "retry-jitter" -> b.retryJitter(SettingValues.number(name, v));
                case "max-retry-after-ms" -> b.maxRetryAfterMs(SettingValues.wholeNumber(name, v));
                case "max-redirects" -> b.maxRedirects(SettingValues.intNumber(name, v));
                case "connect-timeout-ms" -> b.connectTimeoutMs(SettingValues.wholeNumber(name, v));
                case "read-timeout-ms" -> b.readTimeoutMs(SettingValues.wholeNumber(name, v));
                case "max-body-bytes" -> b.maxBodyBytes(SettingValues.intNumber(name, v));
                case "max-concurrency" -> b.maxConcurrency(SettingValues.intNumber(name, v));
                case "max-queued-per-host" -> b.maxQueuedPerHost(SettingValues.intNumber(name, v));
                case "robots-cache-ttl-ms" -> b.robotsCacheTtlMs(SettingValues.wholeNumber(name, v));
                case "robots-error-ttl-ms" -> b.robotsErrorTtlMs(SettingValues.wholeNumber(name, v));
                case "robots-max-bytes" -> b.robotsMaxBytes(SettingValues.intNumber(name, v));
                case "allowed-addresses" -> b.allowedAddresses(parseAddressClasses(name, v));
                case "accepted-content-types" -> b.acceptedContentTypes(new LinkedHashSet<>(list(v)));
                case "page-store-bytes" -> b.pageStoreBytes(SettingValues.wholeNumber(name, v));
                case "parallel-per-host" -> b.parallelPerHost(SettingValues.intNumber(name, v));
                default -> throw new IllegalArgumentException(name + ": unknown fetch setting; known: "
                        + PROPERTY_NAMES);
            }
        }
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            // The constructor names the component (readTimeoutMs); name the property too (read-timeout-ms).
            int colon = Math.max(0, e.getMessage().indexOf(':'));
            throw new IllegalArgumentException(kebab(e.getMessage().substring(0, colon))
                    + e.getMessage().substring(colon), e);
        }
    }

    /** The names {@link #fromProperties} understands, in component order. */
    public static final List<String> PROPERTY_NAMES = List.of("user-agent", "politeness-delay-ms",
            "max-crawl-delay-ms", "max-attempts", "retry-base-delay-ms", "retry-jitter", "max-retry-after-ms",
            "max-redirects", "connect-timeout-ms", "read-timeout-ms", "max-body-bytes", "max-concurrency",
            "max-queued-per-host", "robots-cache-ttl-ms", "robots-error-ttl-ms", "robots-max-bytes",
            "allowed-addresses", "accepted-content-types", "page-store-bytes", "parallel-per-host");

    private static Set<AddressClass> parseAddressClasses(String name, String v) {
        Set<AddressClass> out = EnumSet.noneOf(AddressClass.class);
        for (String item : list(v)) {
            try {
                out.add(AddressClass.valueOf(item.toUpperCase(Locale.ROOT).replace('-', '_')));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(name + ": '" + item + "' is not one of "
                        + Arrays.toString(AddressClass.values()));
            }
        }
        return out;
    }

    private static List<String> list(String v) {
        return Arrays.stream(v.split(",")).map(String::strip).filter(x -> !x.isEmpty()).toList();
    }

    private static String kebab(String camel) {
        return camel.replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }

    /** A builder starting from these settings. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * The name matched against robots.txt {@code User-agent} lines: the product token of {@link #userAgent()}
     * lower-cased ({@code shapecrawl} by default). RFC 9309 §2.2.1: match the product token, case-insensitive.
     */
    public String robotsAgentToken() {
        return productToken(userAgent).toLowerCase(Locale.ROOT);
    }

    private static String productToken(String userAgent) {
        String s = userAgent.strip();
        int end = s.length();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '/' || c == ' ') {
                end = i;
                break;
            }
        }
        return s.substring(0, end);
    }

    private static void nonNegative(String name, long value) {
        if (value < 0) {
            throw new IllegalArgumentException(name + ": must be >= 0, was " + value);
        }
    }

    private static void positive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + ": must be > 0, was " + value);
        }
    }

    /** Mutable builder of {@link FetchSettings}; {@link #build()} validates. Setters are named like the fields. */
    public static final class Builder {
        private String userAgent;
        private long politenessDelayMs;
        private long maxCrawlDelayMs;
        private int maxAttempts;
        private long retryBaseDelayMs;
        private double retryJitter;
        private long maxRetryAfterMs;
        private int maxRedirects;
        private long connectTimeoutMs;
        private long readTimeoutMs;
        private int maxBodyBytes;
        private int maxConcurrency;
        private int maxQueuedPerHost;
        private long robotsCacheTtlMs;
        private long robotsErrorTtlMs;
        private int robotsMaxBytes;
        private Set<AddressClass> allowedAddresses;
        private Set<String> acceptedContentTypes;
        private long pageStoreBytes;
        private int parallelPerHost;

        private Builder(FetchSettings s) {
            userAgent = s.userAgent;
            politenessDelayMs = s.politenessDelayMs;
            maxCrawlDelayMs = s.maxCrawlDelayMs;
            maxAttempts = s.maxAttempts;
            retryBaseDelayMs = s.retryBaseDelayMs;
            retryJitter = s.retryJitter;
            maxRetryAfterMs = s.maxRetryAfterMs;
            maxRedirects = s.maxRedirects;
            connectTimeoutMs = s.connectTimeoutMs;
            readTimeoutMs = s.readTimeoutMs;
            maxBodyBytes = s.maxBodyBytes;
            maxConcurrency = s.maxConcurrency;
            maxQueuedPerHost = s.maxQueuedPerHost;
            robotsCacheTtlMs = s.robotsCacheTtlMs;
            robotsErrorTtlMs = s.robotsErrorTtlMs;
            robotsMaxBytes = s.robotsMaxBytes;
            allowedAddresses = s.allowedAddresses;
            acceptedContentTypes = s.acceptedContentTypes;
            pageStoreBytes = s.pageStoreBytes;
            parallelPerHost = s.parallelPerHost;
        }

        /** See {@link FetchSettings#userAgent()}. */
        public Builder userAgent(String v) {
            userAgent = v;
            return this;
        }

        /** See {@link FetchSettings#politenessDelayMs()}. */
        public Builder politenessDelayMs(long v) {
            politenessDelayMs = v;
            return this;
        }

        /** See {@link FetchSettings#maxCrawlDelayMs()}. */
        public Builder maxCrawlDelayMs(long v) {
            maxCrawlDelayMs = v;
            return this;
        }

        /** See {@link FetchSettings#maxAttempts()}. */
        public Builder maxAttempts(int v) {
            maxAttempts = v;
            return this;
        }

        /** See {@link FetchSettings#retryBaseDelayMs()}. */
        public Builder retryBaseDelayMs(long v) {
            retryBaseDelayMs = v;
            return this;
        }

        /** See {@link FetchSettings#retryJitter()}. */
        public Builder retryJitter(double v) {
            retryJitter = v;
            return this;
        }

        /** See {@link FetchSettings#maxRetryAfterMs()}. */
        public Builder maxRetryAfterMs(long v) {
            maxRetryAfterMs = v;
            return this;
        }

        /** See {@link FetchSettings#maxRedirects()}. */
        public Builder maxRedirects(int v) {
            maxRedirects = v;
            return this;
        }

        /** See {@link FetchSettings#connectTimeoutMs()}. */
        public Builder connectTimeoutMs(long v) {
            connectTimeoutMs = v;
            return this;
        }

        /** See {@link FetchSettings#readTimeoutMs()}. */
        public Builder readTimeoutMs(long v) {
            readTimeoutMs = v;
            return this;
        }

        /** See {@link FetchSettings#maxBodyBytes()}. */
        public Builder maxBodyBytes(int v) {
            maxBodyBytes = v;
            return this;
        }

        /** See {@link FetchSettings#maxConcurrency()}. */
        public Builder maxConcurrency(int v) {
            maxConcurrency = v;
            return this;
        }

        /** See {@link FetchSettings#maxQueuedPerHost()}. */
        public Builder maxQueuedPerHost(int v) {
            maxQueuedPerHost = v;
            return this;
        }

        /** See {@link FetchSettings#robotsCacheTtlMs()}. */
        public Builder robotsCacheTtlMs(long v) {
            robotsCacheTtlMs = v;
            return this;
        }

        /** See {@link FetchSettings#robotsErrorTtlMs()}. */
        public Builder robotsErrorTtlMs(long v) {
            robotsErrorTtlMs = v;
            return this;
        }

        /** See {@link FetchSettings#robotsMaxBytes()}. */
        public Builder robotsMaxBytes(int v) {
            robotsMaxBytes = v;
            return this;
        }

        /** See {@link FetchSettings#allowedAddresses()}. */
        public Builder allowedAddresses(Set<AddressClass> v) {
            allowedAddresses = v;
            return this;
        }

        /** See {@link FetchSettings#acceptedContentTypes()}. */
        public Builder acceptedContentTypes(Set<String> v) {
            acceptedContentTypes = v;
            return this;
        }

        /** See {@link FetchSettings#pageStoreBytes()}. */
        public Builder pageStoreBytes(long v) {
            pageStoreBytes = v;
            return this;
        }

        /** See {@link FetchSettings#parallelPerHost()}. */
        public Builder parallelPerHost(int v) {
            parallelPerHost = v;
            return this;
        }

        /**
         * The settings.
         *
         * @throws IllegalArgumentException naming the first invalid setting
         */
        public FetchSettings build() {
            return new FetchSettings(userAgent, politenessDelayMs, maxCrawlDelayMs, maxAttempts, retryBaseDelayMs,
                    retryJitter, maxRetryAfterMs, maxRedirects, connectTimeoutMs, readTimeoutMs, maxBodyBytes,
                    maxConcurrency, maxQueuedPerHost, robotsCacheTtlMs, robotsErrorTtlMs, robotsMaxBytes,
                    allowedAddresses, acceptedContentTypes, pageStoreBytes, parallelPerHost);
        }
    }
}
