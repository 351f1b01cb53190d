/**
 * The fetch engine: plain Java (no Kafka, no Quarkus, no CDI), logging through {@link java.lang.System.Logger}.
 *
 * <p>Entry point: {@link dev.shapecrawl.core.fetch.Fetcher}, configured by
 * {@link dev.shapecrawl.core.fetch.FetchSettings}. A thin adapter calls
 * {@link dev.shapecrawl.core.fetch.Fetcher#fetch} for each {@link dev.shapecrawl.events.FetchRequest} and
 * publishes the {@link dev.shapecrawl.events.PageFetched} it completes with.
 *
 * <p>Parts, each usable on its own:
 * <ul>
 *   <li>{@link dev.shapecrawl.core.fetch.AddressGuard}: the SSRF guard (schemes, resolved address classes; the
 *       DNS-rebinding caveat is documented there).</li>
 *   <li>{@link dev.shapecrawl.core.fetch.RobotsCache} / {@link dev.shapecrawl.core.fetch.RobotsRules}: RFC 9309
 *       robots.txt, parsed by crawler-commons.</li>
 *   <li>{@link dev.shapecrawl.core.fetch.HttpPageFetcher}: one attempt over the JDK HttpClient, redirects by
 *       hand, bounded decompressed bodies, read deadlines, charset sniffing.</li>
 * </ul>
 *
 * <p>Units throughout: milliseconds for times, bytes for sizes, unless a name says otherwise.
 */
package dev.shapecrawl.core.fetch;
