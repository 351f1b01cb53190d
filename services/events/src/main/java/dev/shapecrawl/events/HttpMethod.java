package dev.shapecrawl.events;

/** The HTTP methods a fetch request may use: GET for links, POST for form submissions. */
public enum HttpMethod {
    GET,
    POST
}
