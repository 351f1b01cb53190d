package dev.shapecrawl.core.page;

import org.jsoup.nodes.Node;

import java.net.MalformedURLException;
import java.net.URL;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Resolves a page's link attributes against its base URL, giving what jsoup's {@link Node#absUrl} gives (equal on
 * every href, {@code LinkResolverTest}), at a fraction of its cost on a page with many links.
 *
 * <p>Why: {@code absUrl} re-reads the base URL and strips control characters from base and href with a regular
 * expression on every call; on the demo's javadoc pages that was a fifth of the classifier's CPU (JFR, issue 19,
 * docs/benchmarks.md "Where a classified page's time goes"). This resolver parses the base once per page and strips
 * control characters with a scan that allocates nothing when there are none.
 *
 * <p>The rules, as a browser and jsoup apply them: ASCII control characters (U+0000–U+001F) are removed from the
 * href anywhere; a href that is only a query ({@code ?q=1}) keeps the base's path; the URL is resolved by
 * {@link URL#URL(URL, String)}, then dot segments at the start of its path that climb above the root are dropped
 * ({@code http://h/../a} is {@code http://h/a}); an http(s) result must have a host. A href that cannot be resolved
 * against the base is tried as an absolute URL of its own; failing that it is kept when it names a scheme other
 * than http(s) ({@code tel:}, {@code javascript:}) and is otherwise {@code ""}.
 *
 * <p>One resolver serves one page: {@link #normalized} remembers its answers (at most {@value #MAX_REMEMBERED} hrefs),
 * so the link extraction and the site model's collections of one page normalise each href once. Not thread-safe.
 */
public final class LinkResolver {
    /** Most distinct hrefs whose normal form one resolver remembers (a hostile page repeats hrefs). */
    static final int MAX_REMEMBERED = 20_000;
    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+-.]*:");
    private final URL base;
    private final Map<String, String> normalized = new HashMap<>();

    private LinkResolver(URL base) {
        this.base = base;
    }

    /**
     * The normal form ({@link UrlNormalizer}) of a link attribute's value resolved against the page's base.
     *
     * @param href the attribute's value, as written
     * @return the normalised absolute http(s) URL, or {@code ""} when there is none (another scheme, unresolvable,
     *         refused by the normaliser)
     */
    public String normalized(String href) {
        String url = normalized.get(href);
        if (url == null) {
            url = UrlNormalizer.normalize(absolute(href)).orElse("");
            if (normalized.size() < MAX_REMEMBERED) {
                normalized.put(href, url);
            }
        }
        return url;
    }

    /** The resolver for the page {@code node} belongs to: its base URI ({@code <base href>} included). */
    public static LinkResolver of(Node node) {
        return against(node.baseUri());
    }

    /**
     * The resolver for links resolved against {@code baseUrl}: a page's base URI ({@link #of}), or the URL of a
     * document that is not HTML (a script, {@link ScriptLinks}), whose relative links resolve against itself.
     *
     * @param baseUrl the document's absolute URL
     */
    public static LinkResolver against(String baseUrl) {
        try {
            return new LinkResolver(new URL(stripControls(baseUrl)));
        } catch (MalformedURLException e) {
            return new LinkResolver(null);
        }
    }

    /**
     * The absolute URL of a link attribute's value.
     *
     * @param href the attribute's value, as written
     * @return the absolute URL, the value itself for a scheme the JDK does not know, or {@code ""} when it cannot be
     *         resolved
     */
    public String absolute(String href) {
        String relative = stripControls(href);
        if (base != null) {
            try {
                return resolve(base, relative).toExternalForm();
            } catch (MalformedURLException e) {
                // not against this base: perhaps as an absolute URL of its own
            }
        }
        try {
            URL absolute = new URL(relative);
            requireHost(absolute);
            return absolute.toExternalForm();
        } catch (MalformedURLException e) {
            return SCHEME.matcher(relative).find() && !isHttp(relative, relative.indexOf(':')) ? relative : "";
        }
    }

    private static URL resolve(URL base, String relative) throws MalformedURLException {
        // the JDK resolves "?q" against "/dir/file" to "/dir/?q"; a browser keeps the file
        String href = relative.startsWith("?") ? base.getPath() + relative : relative;
        URL url = new URL(base, href);
        String file = withoutLeadingDotSegments(url.getFile());
        if (url.getRef() != null) {
            file = file + "#" + url.getRef();
        }
        URL out = new URL(url.getProtocol(), url.getHost(), url.getPort(), file);
        requireHost(out);
        return out;
    }

    /** An http(s) URL has a host ({@code ///x} resolves to {@code http:/x}, which names none). */
    private static void requireHost(URL url) throws MalformedURLException {
        if (isHttp(url.getProtocol(), url.getProtocol().length()) && url.getHost().isEmpty()) {
            throw new MalformedURLException("no host: " + url);
        }
    }

    /** Whether {@code s}'s first {@code end} characters are http or https, in any case. */
    private static boolean isHttp(String s, int end) {
        if (end <= 0) {
            return false;
        }
        String scheme = s.substring(0, end);
        return scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https");
    }

    /** {@code /../a} and {@code /./../a} as {@code /a}: segments that climb above the root have nowhere to go. */
    static String withoutLeadingDotSegments(String file) {
        if (!file.startsWith("/.")) {
            return file;
        }
        int i = 1;
        int end = 1;
        while (i < file.length()) {
            int dots = 0;
            while (i + dots < file.length() && file.charAt(i + dots) == '.' && dots < 3) {
                dots++;
            }
            if ((dots == 1 || dots == 2) && i + dots < file.length() && file.charAt(i + dots) == '/') {
                i += dots + 1;
                end = i;
            } else {
                break;
            }
        }
        return end == 1 ? file : "/" + file.substring(end);
    }

    /** {@code s} without ASCII control characters; {@code s} itself when it has none. */
    static String stripControls(String s) {
        int n = s.length();
        int i = 0;
        while (i < n && s.charAt(i) >= 0x20) {
            i++;
        }
        if (i == n) {
            return s;
        }
        StringBuilder b = new StringBuilder(n);
        b.append(s, 0, i);
        for (; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x20) {
                b.append(c);
            }
        }
        return b.toString();
    }
}
