package dev.shapecrawl.core.page;

import crawlercommons.filters.basic.BasicURLNormalizer;
import dev.shapecrawl.events.Urls;
import org.jsoup.nodes.Document;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Puts absolute http(s) URLs into one normal form, so that the spellings of one address a page links to become
 * one URL (one fetch, one node of the site map). A thin wrapper over crawler-commons'
 * {@link BasicURLNormalizer} (crawler-commons 1.5), with the query handled here.
 *
 * <p><b>What it does</b>, in order:
 * <ol>
 *   <li>Strips leading and trailing whitespace and control characters and removes tabs and line breaks
 *       anywhere, as the WHATWG URL parser does (jsoup's {@code absUrl} already has for links).</li>
 *   <li>Refuses (empty result, never an exception) what the crawler cannot fetch: null or blank input, input
 *       longer than {@link Urls#MAX_LENGTH}, anything that does not start with {@code http://} or
 *       {@code https://} (any case) — so {@code javascript:}, {@code mailto:}, {@code data:}, {@code tel:},
 *       {@code ftp:}, relative and protocol-relative URLs and backslash spellings such as
 *       {@code http:\\host} — and anything that does not parse or has no host.</li>
 *   <li>Removes the fragment ({@code #...}): it never reaches the server.</li>
 *   <li>Scheme, authority and path go through {@link BasicURLNormalizer} with its defaults: scheme and host
 *       lower-cased, internationalised host names converted to punycode, a trailing dot on the host removed,
 *       user info ({@code user:pass@}) removed, the default port removed (80 for http, 443 for https), an
 *       empty path becomes {@code /}, dot segments ({@code /./}, {@code /../}) resolved and empty segments
 *       ({@code //}) collapsed, percent-encoding normalised: escapes of unreserved characters decoded
 *       ({@code %7E} → {@code ~}, {@code %41} → {@code A}), other escapes upper-cased ({@code %2f} →
 *       {@code %2F}), characters that are not allowed (space, {@code "}, {@code <}, {@code >}, non-ASCII as
 *       UTF-8 bytes, …) encoded and a stray {@code %} becomes {@code %25}.</li>
 *   <li>The query gets the same percent-encoding normalisation ({@link BasicURLNormalizer#escapePath} then
 *       {@link BasicURLNormalizer#unescapePath}); an empty query (a lone {@code ?}) is removed, as
 *       crawler-commons does.</li>
 *   <li>The result is checked again: at most {@link Urls#MAX_LENGTH} characters (encoding can lengthen a URL),
 *       accepted by {@link Urls#requireHttp}, port within 1..65535.</li>
 * </ol>
 *
 * <p><b>What it does not do</b>: it keeps the query's parameter order, repeated names and {@code +} signs as
 * they are (servers may read parameters positionally; {@code ?a=1&b=2} and {@code ?b=2&a=1} stay two URLs);
 * it does not remove session ids or tracking parameters, {@code index.html}, or {@code www.}; it does not
 * treat http and https as one URL (scope does, see {@link CrawlScope}); it does not lower-case the path or
 * add or remove trailing slashes.
 *
 * <p>Why the query is not left to crawler-commons: {@link BasicURLNormalizer} sorts query parameters by name,
 * but in 1.5 it locates the query by an index computed before it rewrites the path, so whenever normalising
 * the path changes its length the query comes out corrupted: {@code http://example.com/%7Ea?q=1&r=2} gives
 * {@code http://example.com/~a?q?1&r=2}, and a path with a non-ASCII character or a space loses its last
 * segment into the query. Handing it URLs without a query avoids that code path altogether.
 *
 * <p>crawler-commons logs malformed URLs and invalid host names at INFO (with a stack trace for host names
 * that cannot be converted to punycode) through SLF4J; services should set the
 * {@code crawlercommons.filters.basic} logger to WARN so a hostile page cannot flood the log.
 *
 * <p>Thread-safe; stateless.
 */
public final class UrlNormalizer {
    private static final BasicURLNormalizer NORMALIZER = new BasicURLNormalizer();
    private static final Pattern HTTP_PREFIX = Pattern.compile("(?i)https?://");
    private static final Pattern TABS_AND_NEWLINES = Pattern.compile("[\t\n\r]");

    private UrlNormalizer() {
    }

    /**
     * The normal form of {@code url}.
     *
     * @param url an absolute URL, or anything else (which gives an empty result)
     * @return the normalised absolute http(s) URL, at most {@link Urls#MAX_LENGTH} characters, accepted by
     *         {@link Urls#requireHttp}; empty when {@code url} is null, too long, not http(s), not absolute or
     *         unparseable
     */
    public static Optional<String> normalize(String url) {
        if (url == null) {
            return Optional.empty();
        }
        String u = stripControls(url);
        if (u.isEmpty() || u.length() > Urls.MAX_LENGTH || !HTTP_PREFIX.matcher(u).lookingAt()) {
            return Optional.empty();
        }
        int hash = u.indexOf('#');
        if (hash >= 0) {
            u = u.substring(0, hash);
        }
        int q = u.indexOf('?');
        String base = q < 0 ? u : u.substring(0, q);
        String query = q < 0 ? "" : u.substring(q + 1);
        String normalBase;
        try {
            normalBase = NORMALIZER.filter(base);
        } catch (RuntimeException e) { // defensive: hostile input must cost a link, not the page
            return Optional.empty();
        }
        if (normalBase == null || normalBase.indexOf('?') >= 0) {
            return Optional.empty();
        }
        String normalQuery = query.isEmpty() ? ""
                : BasicURLNormalizer.unescapePath(BasicURLNormalizer.escapePath(query));
        String result = normalQuery.isEmpty() ? normalBase : normalBase + "?" + normalQuery;
        return isFetchable(result) ? Optional.of(result) : Optional.empty();
    }

    /** {@link #normalize} or null, for callers that test for null in a loop. */
    static String normalizeOrNull(String url) {
        return normalize(url).orElse(null);
    }

    /**
     * The normalised URL of the page {@code doc} was parsed from ({@link Document#location()}, which a
     * {@code <base href>} does not change).
     *
     * @throws IllegalArgumentException if the document was parsed without an absolute http(s) URL
     */
    static String documentUrl(Document doc) {
        return normalize(doc.location()).orElseThrow(() -> new IllegalArgumentException(
                "doc: parsed without an absolute http(s) location (use Jsoup.parse(body, pageUrl)), location was '"
                        + Texts.cap(doc.location(), 100) + "'"));
    }

    private static boolean isFetchable(String url) {
        if (url.length() > Urls.MAX_LENGTH || !HTTP_PREFIX.matcher(url).lookingAt()) {
            return false;
        }
        try {
            int port = Urls.requireHttpUri("url", url).getPort(); // one parse for both checks
            return port == -1 || (port >= 1 && port <= 65_535);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static String stripControls(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && s.charAt(start) <= ' ') {
            start++;
        }
        while (end > start && s.charAt(end - 1) <= ' ') {
            end--;
        }
        String t = s.substring(start, end);
        return t.indexOf('\t') >= 0 || t.indexOf('\n') >= 0 || t.indexOf('\r') >= 0
                ? TABS_AND_NEWLINES.matcher(t).replaceAll("") : t;
    }
}
