package dev.shapecrawl.events;

/** Why a fetch produced no usable page. */
public enum FetchErrorKind {
    /** The host name did not resolve. */
    DNS,
    /** No TCP/TLS connection could be made, or it was reset. */
    CONNECT,
    /** Connect or read timeout, retries included. */
    TIMEOUT,
    /** The server answered with a status that is not 2xx (after redirects and retries); see {@code status}. */
    HTTP_STATUS,
    /** The page cannot be carried at all: its event would exceed the topic's message size. */
    TOO_LARGE,
    /** robots.txt disallows the URL for our user agent. */
    ROBOTS_DENIED,
    /** The URL (or a redirect target) resolves to an address the SSRF guard refuses. */
    BLOCKED_ADDRESS,
    /** The body is not HTML/XHTML; the response is recorded without a body. */
    UNSUPPORTED_TYPE,
    /** More redirects than the limit (default 5), or a redirect loop. */
    TOO_MANY_REDIRECTS,
    /** Any other I/O or protocol failure (malformed response, bad compression). */
    IO
}
