package dev.shapecrawl.events;

/** Which URLs a job may fetch besides its entry point and samples. */
public enum ScopeMode {
    /** The entry point's host only (the default). */
    HOST,
    /** The entry point's host and its subdomains. */
    DOMAIN,
    /** URLs that start with the entry point's URL up to its last '/'. */
    PREFIX
}
