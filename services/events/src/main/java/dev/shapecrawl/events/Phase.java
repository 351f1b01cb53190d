package dev.shapecrawl.events;

/** The phase of a crawl job (brief, "Topics": crawl-status). */
public enum Phase {
    MAPPING,
    PATTERN,
    CRAWLING,
    IDLE,
    FAILED
}
