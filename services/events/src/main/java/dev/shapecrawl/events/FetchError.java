package dev.shapecrawl.events;

/**
 * Why a fetch failed.
 *
 * @param kind    the class of failure
 * @param message a short human-readable detail (no credentials, no body)
 */
public record FetchError(FetchErrorKind kind, String message) {
    public FetchError {
        Checks.nonNull("kind", kind);
        message = message == null ? "" : message;
    }
}
