package dev.shapecrawl.core.page;

import crawlercommons.domains.EffectiveTldFinder;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.ScopeMode;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Which URLs a job may fetch: the {@link ScopeMode} of its seed applied to its entry URL.
 *
 * <p>Rules shared by every mode:
 * <ul>
 *   <li><b>Scheme</b>: http and https are one site. Sites move between them and redirect from one to the
 *       other; a crawl that entered over http must not end at the first https link.</li>
 *   <li><b>Port</b>: a URL with no port (the scheme's default, 80 or 443, which {@link UrlNormalizer} removes)
 *       or with the entry URL's own explicit port is allowed; any other explicit port is another service (an
 *       admin console, a development server) and is out. So the entry {@code http://127.0.0.1:8080/} allows
 *       {@code :8080} and the default ports, and {@code http://example.com/} allows the default ports only.</li>
 *   <li><b>Host</b> names are compared in the form {@link UrlNormalizer} gives: lower case, punycode, no
 *       trailing dot. IP addresses are compared literally.</li>
 * </ul>
 *
 * <p>Per mode:
 * <ul>
 *   <li>{@link ScopeMode#HOST}: the host equals the entry URL's host, a leading {@code www.} on either side
 *       ignored ({@code www.example.com} and {@code example.com} are one site, as the seed's "same Web site"
 *       suggests: Vidal 2006, specification §4.2); other subdomains are other hosts.</li>
 *   <li>{@link ScopeMode#DOMAIN}: the host equals the entry host's registered domain or is a subdomain of it.
 *       The registered domain comes from the Public Suffix List shipped with crawler-commons
 *       ({@link EffectiveTldFinder#getAssignedDomain(String, boolean, boolean)}, strict, private suffixes
 *       included): {@code docs.example.co.uk} → {@code example.co.uk}, {@code www.example.com} →
 *       {@code example.com}. Private suffixes count, so {@code alice.github.io} → {@code alice.github.io} and
 *       Bob's pages on {@code bob.github.io} stay out. When the list knows no registered domain for the host (an
 *       IP address, a single label such as {@code localhost}, an unlisted suffix such as {@code .internal} or
 *       {@code .test}, or a public suffix itself) the host itself is the domain: the host and its
 *       subdomains.</li>
 *   <li>{@link ScopeMode#PREFIX}: same host as HOST, and the path (with query) starts with the entry URL's path
 *       up to and including its last {@code /}: the entry {@code http://example.com/docs/index.html?x=1} allows
 *       {@code http://example.com/docs/...}, the entry {@code http://example.com/docs} allows the whole host.
 *       Compared on normalised, still percent-encoded paths, case-sensitively.</li>
 * </ul>
 *
 * <p>The scope is built from the entry URL the job names. An entry URL that redirects to another host
 * (example.com → www.example.com) leaves the redirect target out of HOST scope; a caller that wants to
 * follow such a redirect builds the scope from the final URL instead.
 *
 * @param mode     the scope mode; null means {@link ScopeMode#HOST}, the events' default
 * @param entryUrl the job's entry URL; stored in {@link UrlNormalizer normalised} form
 */
public record CrawlScope(ScopeMode mode, String entryUrl) {
    private static final Pattern IPV4 = Pattern.compile("[0-9.]+");

    static {
        // EffectiveTldFinder's singleton is created lazily without synchronisation; creating it during this
        // class's initialisation publishes it safely to every thread that uses a CrawlScope.
        EffectiveTldFinder.getInstance();
    }

    /**
     * Normalises the entry URL and defaults the mode.
     *
     * @throws IllegalArgumentException if {@code entryUrl} is missing or not a fetchable absolute http(s) URL
     */
    public CrawlScope {
        mode = mode == null ? ScopeMode.HOST : mode;
        if (entryUrl == null || entryUrl.isBlank()) {
            throw new IllegalArgumentException("entryUrl: missing URL");
        }
        String given = entryUrl;
        entryUrl = UrlNormalizer.normalize(entryUrl).orElseThrow(() -> new IllegalArgumentException(
                "entryUrl: not an absolute http(s) URL that can be normalised: " + abbreviate(given)));
    }

    /** The scope of a seed: its mode and entry URL. */
    public static CrawlScope of(CrawlSeed seed) {
        return new CrawlScope(seed.scope(), seed.entryUrl());
    }

    /**
     * Whether the job may fetch {@code url}.
     *
     * @param url a URL in the form {@link UrlNormalizer#normalize} gives (outlinks, form actions); null,
     *            unparseable or non-http(s) URLs are not in scope
     * @return true when the URL is within this scope
     */
    public boolean contains(String url) {
        URI candidate = parse(url);
        if (candidate == null) {
            return false;
        }
        URI entry = parse(entryUrl);
        String host = candidate.getHost().toLowerCase(Locale.ROOT);
        if (candidate.getPort() != -1 && candidate.getPort() != entry.getPort()) {
            return false;
        }
        return switch (mode) {
            case HOST -> withoutWww(host).equals(withoutWww(host()));
            case DOMAIN -> {
                String domain = domain();
                yield host.equals(domain) || host.endsWith("." + domain);
            }
            case PREFIX -> {
                String path = candidate.getRawPath() == null || candidate.getRawPath().isEmpty() ? "/"
                        : candidate.getRawPath();
                String pathAndQuery = candidate.getRawQuery() == null ? path : path + "?" + candidate.getRawQuery();
                yield host.equals(host()) && pathAndQuery.startsWith(pathPrefix());
            }
        };
    }

    private static String withoutWww(String host) {
        return host.startsWith("www.") && host.indexOf('.', 4) > 0 ? host.substring(4) : host;
    }

    /** The entry URL's host, lower case ({@code [::1]} style for IPv6). */
    public String host() {
        return parse(entryUrl).getHost().toLowerCase(Locale.ROOT);
    }

    /**
     * The domain DOMAIN mode allows with its subdomains: the entry host's registered domain from the Public
     * Suffix List, or the host itself when the list names none (see the class comment).
     */
    public String domain() {
        String host = host();
        if (host.startsWith("[") || IPV4.matcher(host).matches()) {
            return host; // an IP address has no registered domain
        }
        String assigned = EffectiveTldFinder.getAssignedDomain(host, true, false);
        return assigned == null || assigned.isEmpty() ? host : assigned.toLowerCase(Locale.ROOT);
    }

    /** The path prefix PREFIX mode requires: the entry URL's path up to and including its last {@code /}. */
    public String pathPrefix() {
        String path = parse(entryUrl).getRawPath();
        if (path == null || path.isEmpty()) {
            return "/";
        }
        return path.substring(0, path.lastIndexOf('/') + 1);
    }

    private static URI parse(String url) {
        if (url == null) {
            return null;
        }
        try {
            URI u = new URI(url);
            String scheme = u.getScheme();
            if (scheme == null || u.getHost() == null
                    || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))) {
                return null;
            }
            return u;
        } catch (URISyntaxException e) {
            return null;
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 100 ? s : s.substring(0, 100) + "…";
    }
}
