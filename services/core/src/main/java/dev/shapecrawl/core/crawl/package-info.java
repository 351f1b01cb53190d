/**
 * A crawl job's life, in plain Java: site mapping by breadth-first search (Vidal 2006, Algorithm 2), learning
 * the navigation pattern from the target pages map when mapping is over (§5), and pattern-driven crawls and
 * re-crawls (§7, off-by-one corrected). {@link dev.shapecrawl.core.crawl.CrawlCoordinator} reacts to events
 * and writes its state through {@link dev.shapecrawl.core.crawl.CrawlStore}, so the pattern service keeps it in
 * Kafka Streams state stores (on disk, changelogged) and tests keep it in memory.
 */
package dev.shapecrawl.core.crawl;
