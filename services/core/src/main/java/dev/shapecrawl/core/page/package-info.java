/**
 * Page analysis: what one fetched HTML page says besides its shape (issue 3, item 3). Plain Java over jsoup
 * and crawler-commons; no Kafka, no Quarkus.
 *
 * <p>Entry point: {@link dev.shapecrawl.core.page.PageAnalyzer}, configured by
 * {@link dev.shapecrawl.core.page.PageAnalysisSettings}, gives a {@link dev.shapecrawl.core.page.PageAnalysis}
 * per page: outlinks (absolute, normalised, in-scope flag, anchor text), forms (action, method, enctype and
 * every field with type, name, options, default value, label and required flag), content hash and byte size.
 * The node count of {@code page-classified} comes from the page's tree.
 *
 * <p>Parts, each usable on its own:
 * <ul>
 *   <li>{@link dev.shapecrawl.core.page.UrlNormalizer}: one normal form per URL (crawler-commons
 *       {@code BasicURLNormalizer}, query handled here); refuses what cannot be fetched.</li>
 *   <li>{@link dev.shapecrawl.core.page.CrawlScope}: HOST, DOMAIN (Public Suffix List) and PREFIX scopes.</li>
 *   <li>{@link dev.shapecrawl.core.page.LinkExtractor}: {@code <a href>} and {@code <area href>}, bounded.</li>
 *   <li>{@link dev.shapecrawl.core.page.FormExtractor}: forms as Vidal 2006 §6.2 models them, with what form
 *       probing (Moraes 2013) needs, bounded.</li>
 * </ul>
 *
 * <p>Hostile pages: every list is bounded by a setting and every walk over the tree by a node count, so the
 * analysis of a page costs time and memory roughly proportional to the page and its result stays proportional
 * to the body (at most a few times its size). With the defaults a realistic page's result is far below the
 * {@code pages-classified} message limit (16 MiB); the bounds count characters, not encoded bytes, so they do
 * not guarantee it for a page built to defeat them, and the publishing service must still handle a record that
 * is too large.
 */
package dev.shapecrawl.core.page;
