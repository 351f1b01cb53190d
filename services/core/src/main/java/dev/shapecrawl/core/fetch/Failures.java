package dev.shapecrawl.core.fetch;

import dev.shapecrawl.events.FetchError;
import dev.shapecrawl.events.FetchErrorKind;

import javax.net.ssl.SSLException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.util.Locale;
import java.util.zip.ZipException;

/** Maps the exceptions of the JDK HttpClient and of body reading to {@link FetchError}s. */
final class Failures {
    /** Longest error message carried in an event, characters. */
    static final int MAX_MESSAGE = 300;

    private Failures() {
    }

    /**
     * The error for {@code e}, looking through the cause chain (the HttpClient wraps, for example a
     * {@link ConnectException} around an {@link UnresolvedAddressException}). Timeouts first, then DNS, then
     * connection failures (refused, unreachable, TLS handshake, reset, closed before any response byte), else
     * {@link FetchErrorKind#IO}.
     */
    static FetchError classify(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof HttpConnectTimeoutException) {
                return error(FetchErrorKind.TIMEOUT, "connect timed out", t);
            }
            if (t instanceof HttpTimeoutException || t instanceof SocketTimeoutException) {
                return error(FetchErrorKind.TIMEOUT, "timed out", t);
            }
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof UnknownHostException || t instanceof UnresolvedAddressException) {
                return error(FetchErrorKind.DNS, "host did not resolve", t);
            }
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConnectException || t instanceof NoRouteToHostException) {
                return error(FetchErrorKind.CONNECT, "connection failed", t);
            }
            if (t instanceof SSLException) {
                return error(FetchErrorKind.CONNECT, "TLS failed", t);
            }
            if (t instanceof SocketException && String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT)
                    .contains("reset")) {
                return error(FetchErrorKind.CONNECT, "connection reset", t);
            }
            // The JDK client's words when the server closed the connection before a byte of the response: a kept-
            // alive connection the server had already dropped (HTTP/1.0 servers such as Python's http.server), the
            // same trouble as a reset, and a GET is safe to send again (RFC 9110 §9.2.2)
            if (t instanceof java.io.IOException && String.valueOf(t.getMessage()).contains("received no bytes")) {
                return error(FetchErrorKind.CONNECT, "connection closed before a response", t);
            }
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ZipException || t instanceof java.io.EOFException
                    && String.valueOf(t.getMessage()).contains("ZLIB")) {
                return error(FetchErrorKind.IO, "bad compressed body", t);
            }
        }
        return error(FetchErrorKind.IO, "I/O failure", e);
    }

    /** An error with {@code message}, truncated to {@value #MAX_MESSAGE} characters. */
    static FetchError of(FetchErrorKind kind, String message) {
        return new FetchError(kind, message.length() <= MAX_MESSAGE ? message
                : message.substring(0, MAX_MESSAGE - 1) + "…");
    }

    private static FetchError error(FetchErrorKind kind, String what, Throwable t) {
        String detail = t.getMessage() == null || t.getMessage().isBlank() ? "" : ": " + t.getMessage();
        return of(kind, what + " (" + t.getClass().getSimpleName() + detail + ")");
    }
}
