package dev.shapecrawl.testkit.web;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A tiny programmable HTTP/1.1 server on {@code 127.0.0.1} with an ephemeral port, for tests of anything that
 * fetches web pages. Built on the JDK's {@code com.sun.net.httpserver} (module {@code jdk.httpserver}), so it
 * needs no dependency and starts in milliseconds.
 *
 * <pre>{@code
 * try (TestWebServer web = TestWebServer.start()) {
 *     web.route("/", TestResponse.html("<a href=/b>b</a>"))
 *        .route("/old", TestResponse.redirect(301, "/"));
 *     fetch(web.url("/old"));
 *     assertEquals(2, web.requests().size());
 * }
 * }</pre>
 *
 * <p>Routes match the request path exactly (the query is ignored); a path with no route goes to the
 * {@link #fallback(Route) fallback}, which by default answers {@code 404} with a text body. Every request, routed or not, is logged ({@link #requests()}) with its arrival time before its
 * handler runs, so tests can measure delays between requests (politeness, retry back-off).
 *
 * <p>A 200 response a route gives an {@code ETag} header answers a GET whose {@code If-None-Match} names that tag
 * with {@code 304 Not Modified} and no body, as a web server does for an unchanged page (issue 19's re-crawls).
 *
 * <p>The server listens on 127.0.0.1 only. {@link #url(String)} names it {@code 127.0.0.1};
 * {@link #localhostUrl(String)} names it {@code localhost}, which a crawler treats as a second host (another
 * politeness queue, another robots.txt) although it is the same server; {@link RecordedRequest#host()} tells
 * them apart. Handlers run on a pool of daemon threads, so a slow response does not hold up other requests.
 * {@link #close()} stops the server and interrupts handlers still stalling.
 */
public final class TestWebServer implements AutoCloseable {
    static {
        // The JDK's HTTP server writes headers and body apart; with Nagle's algorithm on, each response then
        // waits for the client's delayed ACK, 40 ms a page on Linux, and the site, not the crawler, sets the pace.
        // The server reads this property once, when the first one is created in the JVM.
        System.getProperties().putIfAbsent("sun.net.httpserver.nodelay", "true");
    }

    /** Computes the response to one request; may inspect the request (method, headers, body). */
    @FunctionalInterface
    public interface Route {
        /** The response to {@code request}; must not return null. */
        TestResponse respond(RecordedRequest request) throws Exception;
    }

    private static final AtomicInteger SERVERS = new AtomicInteger();

    private final HttpServer server;
    private final ExecutorService handlers;
    private final Map<String, Route> routes = new ConcurrentHashMap<>();
    private final List<RecordedRequest> log = new CopyOnWriteArrayList<>();
    private volatile Route fallback = TestWebServer::notFound;
    private volatile boolean recording = true;
    private final String host;

    private TestWebServer(HttpServer server, ExecutorService handlers, String host) {
        this.server = server;
        this.handlers = handlers;
        this.host = host;
    }

    /**
     * Starts a server on {@code 127.0.0.1} and an ephemeral port, with no routes.
     *
     * @throws UncheckedIOException if the socket cannot be bound
     */
    public static TestWebServer start() {
        return start(InetAddress.getLoopbackAddress());
    }

    /**
     * Starts a server on a loopback address of its own and an ephemeral port, with no routes: several servers on
     * 127.0.0.2, 127.0.0.3, … are several hosts to a crawler (politeness and fetch queues are per host name), all
     * on loopback (Linux routes the whole of 127.0.0.0/8 to it).
     *
     * @param address a loopback address; {@link #baseUrl()} names it
     * @throws IllegalArgumentException if {@code address} is not a loopback address
     * @throws UncheckedIOException     if the socket cannot be bound
     */
    public static TestWebServer start(InetAddress address) {
        if (!address.isLoopbackAddress()) {
            throw new IllegalArgumentException("address: tests serve on loopback only, was " + address);
        }
        int n = SERVERS.incrementAndGet();
        AtomicInteger threads = new AtomicInteger();
        ExecutorService pool = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "test-web-" + n + "-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try {
            HttpServer http = HttpServer.create(new InetSocketAddress(address, 0), 64);
            TestWebServer web = new TestWebServer(http, pool, address.getHostAddress());
            http.createContext("/", web::handle);
            http.setExecutor(pool);
            http.start();
            return web;
        } catch (IOException e) {
            pool.shutdownNow();
            throw new UncheckedIOException("cannot start the test web server", e);
        }
    }

    /** Serves {@code response} for every request to {@code path} (replacing an earlier route). */
    public TestWebServer route(String path, TestResponse response) {
        return route(path, request -> response);
    }

    /** Serves what {@code route} computes for every request to {@code path} (replacing an earlier route). */
    public TestWebServer route(String path, Route route) {
        if (path == null || !path.startsWith("/")) {
            throw new IllegalArgumentException("path: must start with '/', was " + path);
        }
        routes.put(path, route);
        return this;
    }

    /**
     * Serves what {@code route} computes for every request whose path has no route of its own (replacing an
     * earlier fallback). Routes still win, so a test can override single pages of a generated site. A fallback
     * sees the whole request, so it can answer by path and query ({@link RecordedRequest#target()}), which routes
     * cannot since they ignore the query.
     */
    public TestWebServer fallback(Route route) {
        if (route == null) {
            throw new IllegalArgumentException("route: must not be null");
        }
        this.fallback = route;
        return this;
    }

    /**
     * Serves {@code responses} in order to successive requests to {@code path}, then repeats the last one:
     * for example a 503 then a 200, to test retries.
     */
    public TestWebServer routeSequence(String path, TestResponse... responses) {
        if (responses.length == 0) {
            throw new IllegalArgumentException("responses: at least one");
        }
        List<TestResponse> list = List.of(responses);
        AtomicInteger next = new AtomicInteger();
        return route(path, request -> list.get(Math.min(next.getAndIncrement(), list.size() - 1)));
    }

    /** The ephemeral port the server listens on. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** {@code http://ADDRESS:PORT} (127.0.0.1 unless started on another loopback address), no trailing slash. */
    public String baseUrl() {
        return baseUrl(host);
    }

    /**
     * {@code http://HOST:PORT} for another name of this server, for example {@code localhost}. Only names that
     * resolve to 127.0.0.1 reach it; tests must not use names that need a real DNS lookup.
     */
    public String baseUrl(String host) {
        return "http://" + host + ":" + port();
    }

    /** {@code http://127.0.0.1:PORT} + {@code pathAndQuery} (which must start with {@code /}). */
    public String url(String pathAndQuery) {
        return baseUrl() + requireSlash(pathAndQuery);
    }

    /** {@code http://localhost:PORT} + {@code pathAndQuery}: the same server under a second host name. */
    public String localhostUrl(String pathAndQuery) {
        return baseUrl("localhost") + requireSlash(pathAndQuery);
    }

    /**
     * Stops keeping the request log (a long run's log would grow without end; the log is a copy-on-write list, so
     * each request would also copy it). {@link #requests()} then holds what came before.
     *
     * @return this server
     */
    public TestWebServer stopRecording() {
        recording = false;
        return this;
    }

    /** Every request received so far, in arrival order (a snapshot). */
    public List<RecordedRequest> requests() {
        return List.copyOf(log);
    }

    /** The requests received so far for {@code path} (exact match, query ignored), in arrival order. */
    public List<RecordedRequest> requests(String path) {
        List<RecordedRequest> out = new ArrayList<>();
        for (RecordedRequest r : log) {
            if (r.path().equals(path)) {
                out.add(r);
            }
        }
        return out;
    }

    /** Forgets the logged requests (routes stay). */
    public void clearLog() {
        log.clear();
    }

    /**
     * Stops listening, closes open exchanges and interrupts handlers (stalled slow bodies end at once). Waits at
     * most about two seconds for handler threads.
     */
    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow();
        try {
            handlers.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        long arrivedNanos = System.nanoTime();
        long arrivedMillis = System.currentTimeMillis();
        RecordedRequest request;
        try (InputStream in = exchange.getRequestBody()) {
            request = record(exchange, in.readAllBytes(), arrivedNanos, arrivedMillis);
        }
        if (recording) {
            log.add(request);
        }
        String error = null;
        try {
            Route route = routes.getOrDefault(request.path(), fallback);
            write(exchange, request, route.respond(request));
        } catch (InterruptedException e) {
            error = "interrupted (server closing)";
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            error = e.toString(); // usually the client closed the connection: expected for truncation tests
        } catch (Exception e) {
            error = "route failed: " + e;
            try {
                exchange.sendResponseHeaders(500, -1);
            } catch (IOException | RuntimeException ignored) {
                // headers were already sent; closing the exchange below ends the response
            }
        } finally {
            request.finishResponse(error);
            exchange.close();
        }
    }

    private static TestResponse notFound(RecordedRequest request) {
        return TestResponse.bytes(404, "text/plain; charset=UTF-8",
                ("no route for " + request.path()).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    private static RecordedRequest record(HttpExchange exchange, byte[] body, long nanos, long millis) {
        URI uri = exchange.getRequestURI();
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String query = uri.getRawQuery();
        Map<String, List<String>> headers = new LinkedHashMap<>();
        exchange.getRequestHeaders().forEach((name, values) ->
                headers.put(name.toLowerCase(Locale.ROOT), List.copyOf(values)));
        return new RecordedRequest(exchange.getRequestMethod().toUpperCase(Locale.ROOT),
                query == null ? path : path + "?" + query, path, query,
                Collections.unmodifiableMap(headers), body, nanos, millis);
    }

    private static void write(HttpExchange exchange, RecordedRequest request, TestResponse response)
            throws IOException, InterruptedException {
        if (response.headerDelayMs() > 0) {
            Thread.sleep(response.headerDelayMs());
        }
        response.headers().forEach(h -> exchange.getResponseHeaders().add(h.getKey(), h.getValue()));
        long length = response.body().length();
        int status = notModified(request, response) ? 304 : response.statusCode();
        boolean noBody = length == 0 || "HEAD".equals(request.method()) || status == 204 || status == 304;
        // HttpServer's convention: -1 = no body, 0 = chunked, n = Content-Length n.
        request.startResponse();
        exchange.sendResponseHeaders(status, noBody ? -1 : (length < 0 ? 0 : length));
        if (noBody) {
            return;
        }
        OutputStream counting = new CountingOutputStream(exchange.getResponseBody(), request);
        response.body().writeTo(counting);
        counting.flush();
    }

    /**
     * Whether a 200 response that carries an {@code ETag} answers this request's {@code If-None-Match} with {@code 304
     * Not Modified} instead (RFC 9110 §13.1.2, weak comparison; {@code *} matches): a route gives its response a tag
     * ({@link TestResponse#header}) and the server answers conditional requests as a web server would.
     */
    static boolean notModified(RecordedRequest request, TestResponse response) {
        if (response.statusCode() != 200 || !"GET".equals(request.method()) && !"HEAD".equals(request.method())) {
            return false;
        }
        String etag = null;
        for (Map.Entry<String, String> h : response.headers()) {
            if (h.getKey().equalsIgnoreCase("ETag")) {
                etag = h.getValue();
            }
        }
        String asked = request.header("if-none-match").orElse(null);
        if (etag == null || asked == null) {
            return false;
        }
        for (String tag : asked.split(",")) {
            String t = tag.trim();
            if (t.equals("*") || weak(t).equals(weak(etag))) {
                return true;
            }
        }
        return false;
    }

    private static String weak(String tag) {
        return tag.startsWith("W/") ? tag.substring(2) : tag;
    }

    private static String requireSlash(String pathAndQuery) {
        if (pathAndQuery == null || !pathAndQuery.startsWith("/")) {
            throw new IllegalArgumentException("pathAndQuery: must start with '/', was " + pathAndQuery);
        }
        return pathAndQuery;
    }

    /** Counts body bytes into the request's log entry as they are accepted by the socket. */
    private static final class CountingOutputStream extends java.io.FilterOutputStream {
        private final RecordedRequest request;

        CountingOutputStream(OutputStream out, RecordedRequest request) {
            super(out);
            this.request = request;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            request.addResponseBytes(1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            request.addResponseBytes(len);
        }
    }
}
