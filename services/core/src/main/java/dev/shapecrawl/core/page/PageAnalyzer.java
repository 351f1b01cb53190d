package dev.shapecrawl.core.page;

import dev.shapecrawl.events.Hashes;
import org.jsoup.nodes.Document;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Analyses one fetched HTML page: outlinks ({@link LinkExtractor}), forms ({@link FormExtractor}), content hash
 * and byte size; or a fetched script: the pages it names ({@link ScriptLinks}). The caller parses the body once, with the page's final URL as location
 * ({@code Jsoup.parse(body, finalUrl)}), and shares that {@link Document} with the tree builder; nothing here
 * parses or modifies it. The node count is the tree's, not computed here.
 *
 * <p>Thread-safe; immutable: one analyzer serves every page of every job.
 */
public final class PageAnalyzer {
    private final PageAnalysisSettings settings;
    private final LinkExtractor links;
    private final FormExtractor forms;

    /** An analyzer with {@link PageAnalysisSettings#defaults()}. */
    public PageAnalyzer() {
        this(PageAnalysisSettings.defaults());
    }

    /** An analyzer bounded by {@code settings}. */
    public PageAnalyzer(PageAnalysisSettings settings) {
        if (settings == null) {
            throw new IllegalArgumentException("settings: missing");
        }
        this.settings = settings;
        this.links = new LinkExtractor(settings);
        this.forms = new FormExtractor(settings);
    }

    /** The settings this analyzer applies. */
    public PageAnalysisSettings settings() {
        return settings;
    }

    /**
     * Analyses a page.
     *
     * @param doc   the page parsed from {@code body} with its final URL as location; not modified
     * @param body  the decoded body the document was parsed from, for the hash and size; may be empty
     * @param scope the job's scope, for each outlink's in-scope flag
     * @return the analysis; never null
     * @throws IllegalArgumentException if an argument is null or {@code doc} has no absolute http(s) location
     */
    public PageAnalysis analyze(Document doc, String body, CrawlScope scope) {
        return analyze(doc, body, scope, doc == null ? null : LinkResolver.of(doc));
    }

    /**
     * As {@link #analyze(Document, String, CrawlScope)}, with the page's resolver (shared with the site model's
     * collections of the same page, so each href is normalised once).
     */
    public PageAnalysis analyze(Document doc, String body, CrawlScope scope, LinkResolver resolver) {
        if (doc == null || body == null || scope == null) {
            throw new IllegalArgumentException((doc == null ? "doc" : body == null ? "body" : "scope")
                    + ": missing");
        }
        LinkExtractor.Result l = links.extract(doc, scope, resolver);
        FormExtractor.Result f = forms.extract(doc);
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return new PageAnalysis(l.outlinks(), f.forms(), Hashes.sha256Hex(bytes), bytes.length, l.dropped(),
                f.dropped());
    }

    /**
     * Analyses a fetched script: the pages its string literals name ({@link ScriptLinks}), or none when
     * {@link PageAnalysisSettings#scriptLinks()} is off; no forms.
     *
     * @param body      the script's decoded text
     * @param scriptUrl the script's final URL
     * @param scope     the job's scope, for each outlink's in-scope flag
     * @return the analysis; never null
     * @throws IllegalArgumentException if an argument is null
     */
    public PageAnalysis analyzeScript(String body, String scriptUrl, CrawlScope scope) {
        LinkExtractor.Result l = settings.scriptLinks() ? ScriptLinks.extract(body, scriptUrl, scope, settings)
                : new LinkExtractor.Result(List.of(), 0);
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return new PageAnalysis(l.outlinks(), List.of(), Hashes.sha256Hex(bytes), bytes.length,
                l.dropped(), 0);
    }
}
