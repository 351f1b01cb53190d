package dev.shapecrawl.console;

import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.CookieSameSite;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;
import java.util.Set;

/**
 * Who may use the console (issue 22). It binds to 127.0.0.1 by default. Bound anywhere else it needs an access
 * token ({@code shapecrawl.console.token}, env {@code SHAPECRAWL_CONSOLE_TOKEN}): without one it refuses to start;
 * with one, every request must carry it, as {@code Authorization: Bearer <token>}, as the cookie this filter sets, or
 * once as {@code ?token=<token>} (a browser's first visit, which sets the cookie), or it gets 401. Health and
 * metrics stay open for probes and scrapers; they hold no crawled data.
 */
@ApplicationScoped
public class ConsoleAccess {
    /** The cookie that carries the token after a browser's first visit (HttpOnly, SameSite=Strict). */
    static final String COOKIE = "shapecrawl_console_token";
    private static final Set<String> LOOPBACK = Set.of("127.0.0.1", "localhost", "::1", "[::1]");

    private final String host;
    private final Optional<String> token;

    public ConsoleAccess(@ConfigProperty(name = "quarkus.http.host") String host,
                         @ConfigProperty(name = "shapecrawl.console.token") Optional<String> token) {
        this.host = host;
        this.token = token.map(String::trim).filter(t -> !t.isEmpty());
    }

    /**
     * Why the console must not start with these settings, if it must not: bound beyond loopback without a token.
     *
     * @param host  {@code quarkus.http.host}
     * @param token the access token, if set
     * @return the error to start with, or empty
     */
    static Optional<String> refusal(String host, Optional<String> token) {
        if (LOOPBACK.contains(host.trim()) || token.isPresent()) {
            return Optional.empty();
        }
        return Optional.of("the console binds to " + host + ", beyond loopback, without an access token: set "
                + "shapecrawl.console.token (env SHAPECRAWL_CONSOLE_TOKEN) to a secret, or bind to 127.0.0.1");
    }

    void check(@Observes StartupEvent event) {
        refusal(host, token).ifPresent(reason -> {
            throw new IllegalStateException(reason);
        });
    }

    void register(@Observes Filters filters) {
        token.ifPresent(t -> filters.register(rc -> guard(rc, t), 100));
    }

    private static void guard(RoutingContext rc, String token) {
        String path = rc.normalizedPath();
        if (path.startsWith("/q/health") || path.startsWith("/q/metrics")) {
            rc.next();
            return;
        }
        String header = rc.request().getHeader("Authorization");
        Cookie cookie = rc.request().getCookie(COOKIE);
        String query = rc.request().getParam("token");
        if (matches(header != null && header.startsWith("Bearer ") ? header.substring(7).trim() : null, token)
                || matches(cookie == null ? null : cookie.getValue(), token)) {
            rc.next();
        } else if (matches(query, token)) {
            rc.response().addCookie(Cookie.cookie(COOKIE, token).setHttpOnly(true).setPath("/")
                    .setSameSite(CookieSameSite.STRICT));
            rc.next();
        } else {
            rc.response().setStatusCode(401).putHeader("WWW-Authenticate", "Bearer")
                    .putHeader("Content-Type", "text/plain; charset=utf-8")
                    .end("401: this console needs its access token (Authorization: Bearer <token>, or ?token=<token>)\n");
        }
    }

    /** Constant-time comparison, so the token cannot be guessed a character at a time. */
    static boolean matches(String given, String token) {
        return given != null && MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8),
                token.getBytes(StandardCharsets.UTF_8));
    }
}
