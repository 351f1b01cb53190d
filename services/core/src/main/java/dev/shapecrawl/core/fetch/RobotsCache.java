package dev.shapecrawl.core.fetch;

import dev.shapecrawl.core.cache.WeightedLru;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * robots.txt rules per origin ({@code scheme://host:port}, RFC 9309 §2.3: each origin has its own file),
 * fetched on demand with the page fetcher's HTTP client and kept for a while.
 *
 * <p>The {@link Fetcher} calls {@link #cached} and, on a miss, {@link #fetch} from inside the host's politeness
 * slot, so the robots.txt request is spaced like any other request to the host. How long rules are kept:
 * {@link FetchSettings#robotsCacheTtlMs()} (24 h) for parsed and unavailable ones,
 * {@link FetchSettings#robotsErrorTtlMs()} (10 min) for unreachable ones. At most {@value #MAX_ENTRIES}
 * origins are remembered (least recently used evicted first).
 *
 * <p>How the response maps to rules ({@link RobotsRules} has the RFC references): 2xx parsed (at most
 * {@link FetchSettings#robotsMaxBytes()}); more than five redirects: unavailable (allow all); 429: unreachable;
 * other 4xx: unavailable; 5xx, any other status or a redirect refused by the guard: unreachable (disallow
 * all). No HTTP answer at all (connection refused, timeout, malformed response) gives unreachable rules that
 * carry the {@link RobotsRules#failure()} and are <em>not</em> cached. RFC 9309 also lets a crawler treat a robots.txt unreachable for 30 days as unavailable; that is not
 * done here (the crawls this engine serves are far shorter).
 *
 * <p>Thread-safe. Two threads missing the same origin at once would both fetch it (harmless: the later answer
 * replaces the earlier). For request URLs the Fetcher never does that, because an origin belongs to one host and
 * a host is fetched by one request at a time; a redirect to another origin is checked from the redirecting host's
 * slot, so it may, rarely, fetch that origin's robots.txt in parallel with the origin's own queue.
 */
public final class RobotsCache {
    /** The most origins remembered. */
    public static final int MAX_ENTRIES = 100_000;

    private static final System.Logger LOG = System.getLogger(RobotsCache.class.getName());

    private final FetchSettings settings;
    private final HttpPageFetcher fetcher;
    private final LongSupplier nanoClock;
    /** The origins' rules, least recently used first; compound steps hold its lock ({@code synchronized}). */
    private final WeightedLru<String, Entry> entries = WeightedLru.ofEntries(MAX_ENTRIES);

    private record Entry(RobotsRules rules, long expiresAtNanos) {
    }

    /** A cache fetching through {@code fetcher}, timed with {@link System#nanoTime()}. */
    public RobotsCache(FetchSettings settings, HttpPageFetcher fetcher) {
        this(settings, fetcher, System::nanoTime);
    }

    RobotsCache(FetchSettings settings, HttpPageFetcher fetcher, LongSupplier nanoClock) {
        this.settings = settings;
        this.fetcher = fetcher;
        this.nanoClock = nanoClock;
    }

    /** The cached, unexpired rules of {@code pageUri}'s origin, if any. Never does I/O. */
    public Optional<RobotsRules> cached(URI pageUri) {
        String key = key(pageUri);
        synchronized (entries) {
            Entry e = entries.get(key);
            if (e == null) {
                return Optional.empty();
            }
            if (nanoClock.getAsLong() - e.expiresAtNanos >= 0) {
                entries.remove(key);
                return Optional.empty();
            }
            return Optional.of(e.rules);
        }
    }

    /**
     * Fetches, parses and caches the robots.txt of {@code pageUri}'s origin, whatever is cached. Blocking.
     *
     * @return the rules; failures become {@link RobotsRules.Source#UNREACHABLE} rules, never exceptions
     */
    public RobotsRules fetch(URI pageUri) {
        URI robotsUri = robotsUri(pageUri);
        HttpPageFetcher.RobotsResponse r = fetcher.fetchRobots(robotsUri);
        RobotsRules rules = interpret(robotsUri, r);
        if (rules.failure() == null) { // no answer at all is not remembered: the Fetcher retries it
            long ttlMs = rules.source() == RobotsRules.Source.UNREACHABLE ? settings.robotsErrorTtlMs()
                    : settings.robotsCacheTtlMs();
            synchronized (entries) {
                entries.put(key(pageUri), new Entry(rules, nanoClock.getAsLong()
                        + TimeUnit.MILLISECONDS.toNanos(ttlMs)));
            }
        }
        LOG.log(System.Logger.Level.DEBUG, () -> robotsUri + ": " + rules);
        return rules;
    }

    /** {@link #cached} or else {@link #fetch}. */
    public RobotsRules rulesFor(URI pageUri) {
        return cached(pageUri).orElseGet(() -> fetch(pageUri));
    }

    /** Origins currently remembered (expired ones included until looked up). */
    public int size() {
        synchronized (entries) {
            return entries.size();
        }
    }

    /** The cache key of a URL: {@code scheme://host:port}, lower case, default port filled in. */
    public static String key(URI uri) {
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        return scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + ":" + port(uri, scheme);
    }

    /** {@code scheme://host[:port]/robots.txt} of {@code pageUri}'s origin (userinfo dropped). */
    public static URI robotsUri(URI pageUri) {
        String scheme = pageUri.getScheme().toLowerCase(Locale.ROOT);
        String port = pageUri.getPort() < 0 ? "" : ":" + pageUri.getPort();
        try {
            return new URI(scheme + "://" + pageUri.getHost() + port + "/robots.txt");
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("no robots.txt URL for " + pageUri, e);
        }
    }

    private RobotsRules interpret(URI robotsUri, HttpPageFetcher.RobotsResponse r) {
        if (r.error() != null) {
            return switch (r.error().kind()) {
                case TOO_MANY_REDIRECTS -> RobotsRules.unavailable("robots.txt: " + r.error().message());
                case BLOCKED_ADDRESS -> RobotsRules.unreachable("robots.txt unreachable: " + r.error().message());
                default -> RobotsRules.unreachable(r.error());
            };
        }
        int s = r.status();
        if (s >= 200 && s <= 299) {
            return RobotsRules.parse(robotsUri.toString(), r.body(), r.contentType(), settings.robotsAgentToken(),
                    settings.maxCrawlDelayMs());
        }
        if (s == 429) {
            return RobotsRules.unreachable("robots.txt unreachable: HTTP 429");
        }
        if (s >= 400 && s <= 499) {
            return RobotsRules.unavailable("robots.txt unavailable: HTTP " + s);
        }
        return RobotsRules.unreachable("robots.txt unreachable: HTTP " + s);
    }

    private static int port(URI uri, String scheme) {
        if (uri.getPort() >= 0) {
            return uri.getPort();
        }
        return scheme.equals("https") ? 443 : 80;
    }
}
