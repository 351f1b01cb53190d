package dev.shapecrawl.core.page;

import dev.shapecrawl.events.Outlink;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The pages a script names: the string literals of a JavaScript file that read as the address of a page.
 *
 * <p>Why: some generators link their indexes only from scripts. A Doxygen main page builds its menu bar (class list,
 * class index, file list, …) from {@code menudata.js} and its side tree from {@code navtreedata.js}; the main page's
 * own HTML links none of them, so a crawl from the main page saw its text and nothing of the reference
 * (docs/navigation.md "Links in scripts"). Scaladoc's package tree ({@code index.js}) is the same. A crawler that
 * does not run scripts reads their literals instead, as Heritrix's {@code ExtractorJS} does.
 *
 * <p>Rules:
 * <ul>
 *   <li><b>Literals</b>: {@code "…"}, {@code '…'} and {@code `…`} strings, read with a scan that skips {@code //} and
 *       {@code /* *}{@code /} comments (a licence comment's apostrophe would otherwise open a string). The escapes
 *       {@code \/}, {@code \\}, {@code \"}, {@code \'} and {@code \`} are read as the character; a literal with any
 *       other escape, with a template's {@code ${}, longer than {@value #MAX_LITERAL_CHARS} characters, or a quoted
 *       string broken by a line end (a regular expression's quote, which the scan does not tell from a string's) is
 *       not a candidate.</li>
 *   <li><b>Which literals</b>: those that are a page's address and nothing else: no white space, quotes or angle
 *       brackets, and a path whose last segment has a name before one of the page extensions {@code .html},
 *       {@code .htm}, {@code .xhtml}, {@code .shtml}, {@code .php}, {@code .asp}, {@code .aspx}, {@code .jsp}
 *       (any case), then perhaps a query or a fragment. Narrower than Heritrix's "likely URI" test on purpose:
 *       scripts are full of strings with slashes and dots (selectors, MIME types, file names of images), and every
 *       wrong guess is a request. {@code ".html"} alone (Sphinx's file suffix) has no name and is not taken.</li>
 *   <li><b>Resolution</b>: against the script's own URL. A browser resolves what a script writes into the page
 *       against the page's base instead, but the same script serves pages in many directories, and the generators
 *       that link from scripts write paths from the directory of the script (Doxygen's menu prefixes each with the
 *       page's way back to it); the script's URL also makes the links the same whichever page loaded it first.</li>
 *   <li><b>Normalisation, duplicates, the script's own URL, scope and bounds</b>: as {@link LinkExtractor}'s; an
 *       outlink's anchor text is empty.</li>
 * </ul>
 *
 * <p>Time and memory are linear in the script's length (the classifier bounds it, {@code maxBodyChars}). Thread-safe;
 * stateless.
 */
public final class ScriptLinks {
    /**
     * The media types of a script (RFC 9239 §6, with its obsolete aliases): the fetcher keeps these bodies beside
     * HTML, and the classifier reads their links instead of their structure.
     */
    public static final Set<String> MEDIA_TYPES = Set.of("text/javascript", "application/javascript",
            "application/x-javascript", "application/ecmascript", "text/ecmascript");
    /** Longest literal taken as an address, in characters (URLs in the wild stay far below). */
    static final int MAX_LITERAL_CHARS = 2_048;
    private static final Pattern PAGE_ADDRESS = Pattern.compile(
            "[^\\s\"'`<>{}|\\\\^]*[^\\s\"'`<>{}|\\\\^/.]\\.(?i:html?|xhtml|shtml|php|aspx?|jsp)([?#][^\\s\"'`<>{}\\\\^]*)?");

    private ScriptLinks() {
    }

    /**
     * Whether a media type is a script's.
     *
     * @param mediaType type/subtype without parameters, any case; may be null
     */
    public static boolean isScript(String mediaType) {
        return mediaType != null && MEDIA_TYPES.contains(mediaType.toLowerCase(Locale.ROOT));
    }

    /**
     * The pages a script names.
     *
     * @param script    the script's decoded text
     * @param scriptUrl the script's absolute http(s) URL (its final URL after redirects)
     * @param scope     the job's scope, for each outlink's {@link Outlink#inScope()}
     * @param settings  the bounds ({@link PageAnalysisSettings#maxLinks()}, {@link PageAnalysisSettings#maxLinkChars()})
     * @return the outlinks in order of first occurrence, one per normalised URL, and the candidate literals not
     *         examined because a bound was reached
     * @throws IllegalArgumentException if an argument is null
     */
    public static LinkExtractor.Result extract(String script, String scriptUrl, CrawlScope scope,
                                               PageAnalysisSettings settings) {
        if (script == null || scriptUrl == null || scope == null || settings == null) {
            throw new IllegalArgumentException((script == null ? "script" : scriptUrl == null ? "scriptUrl"
                    : scope == null ? "scope" : "settings") + ": missing");
        }
        List<String> candidates = addresses(script);
        LinkResolver resolver = LinkResolver.against(scriptUrl);
        String self = UrlNormalizer.normalize(scriptUrl).orElse("");
        Set<String> urls = new LinkedHashSet<>();
        long chars = 0;
        for (int i = 0; i < candidates.size(); i++) {
            String url = resolver.normalized(candidates.get(i));
            if (url.isEmpty() || url.equals(self) || urls.contains(url)) {
                continue;
            }
            if (urls.size() >= settings.maxLinks() || chars + url.length() > settings.maxLinkChars()) {
                return new LinkExtractor.Result(outlinks(urls, scope), candidates.size() - i);
            }
            urls.add(url);
            chars += url.length();
        }
        return new LinkExtractor.Result(outlinks(urls, scope), 0);
    }

    private static List<Outlink> outlinks(Set<String> urls, CrawlScope scope) {
        List<Outlink> out = new ArrayList<>(urls.size());
        for (String url : urls) {
            out.add(new Outlink(url, "", scope.contains(url)));
        }
        return out;
    }

    /** The string literals of {@code script} that read as a page's address, in order, with repeats. */
    static List<String> addresses(String script) {
        List<String> out = new ArrayList<>();
        int n = script.length();
        int i = 0;
        while (i < n) {
            char c = script.charAt(i);
            if (c == '/' && i + 1 < n && script.charAt(i + 1) == '/') {
                int end = script.indexOf('\n', i + 2);
                i = end < 0 ? n : end + 1;
            } else if (c == '/' && i + 1 < n && script.charAt(i + 1) == '*') {
                int end = script.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else if (c == '"' || c == '\'' || c == '`') {
                i = literal(script, i, out);
            } else {
                i++;
            }
        }
        return out;
    }

    /**
     * Reads the literal that opens at {@code start}, adds it to {@code out} when it reads as a page's address, and
     * returns the index after it (after its closing quote, or at the line end that broke it).
     */
    private static int literal(String script, int start, List<String> out) {
        char quote = script.charAt(start);
        int n = script.length();
        StringBuilder text = new StringBuilder();
        boolean usable = true;
        int i = start + 1;
        while (i < n) {
            char c = script.charAt(i);
            if (c == quote) {
                if (usable && PAGE_ADDRESS.matcher(text).matches()) {
                    out.add(text.toString());
                }
                return i + 1;
            }
            if ((c == '\n' || c == '\r') && quote != '`') {
                return i; // not a string after all (a regular expression's quote): the line end ends it
            }
            if (c == '\\' && i + 1 < n) {
                char next = script.charAt(i + 1);
                if (next == '/' || next == '\\' || next == '"' || next == '\'' || next == '`') {
                    c = next;
                } else {
                    usable = false;
                }
                i++;
            } else if (c == '$' && quote == '`' && i + 1 < n && script.charAt(i + 1) == '{') {
                usable = false;
            }
            if (usable) {
                text.append(c);
                usable = text.length() <= MAX_LITERAL_CHARS;
            }
            i++;
        }
        return n;
    }
}
