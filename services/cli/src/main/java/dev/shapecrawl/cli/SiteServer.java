package dev.shapecrawl.cli;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Serves a directory of static files on 127.0.0.1 (the demo's site, {@code ./shapecrawl serve}, the end-to-end
 * tests' javadoc sites): GET and HEAD, {@code index.html} for directories, 404 for anything outside the directory.
 *
 * <p>Every file is served with validators, as a web server serves static files: a strong {@code ETag} made of the
 * file's size and modification time, and {@code Last-Modified}. A conditional GET whose {@code If-None-Match} names
 * the current tag (or, without one, whose {@code If-Modified-Since} is not before the modification time) is answered
 * {@code 304 Not Modified} without a body (RFC 9110 §13.1.1, §13.1.3, §15.4.5), so a re-crawl of an unchanged site can
 * be measured against it (issue 19).
 */
public final class SiteServer implements AutoCloseable {
    static {
        // The JDK's server writes headers and body apart; with Nagle's algorithm on, every response then waits
        // for the client's delayed ACK, 40 ms a page on Linux. Read once, when the first server is created.
        System.getProperties().putIfAbsent("sun.net.httpserver.nodelay", "true");
    }

    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html; charset=UTF-8", "htm", "text/html; charset=UTF-8", "css", "text/css",
            "js", "text/javascript", "txt", "text/plain; charset=UTF-8", "png", "image/png", "gif", "image/gif",
            "svg", "image/svg+xml", "zip", "application/zip", "json", "application/json");

    private final Path root;
    private final HttpServer server;
    private final ExecutorService workers;

    private SiteServer(Path root, HttpServer server, ExecutorService workers) {
        this.root = root;
        this.server = server;
        this.workers = workers;
    }

    /**
     * Starts serving {@code directory} on 127.0.0.1:{@code port} (0 = any free port).
     *
     * @throws CliException (failure) if the port is in use
     */
    public static SiteServer start(Path directory, int port) {
        Path root = directory.toAbsolutePath().normalize();
        try {
            HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getByName(RuntimeSettings.HOST), port), 128);
            ExecutorService workers = Executors.newFixedThreadPool(8, r -> {
                Thread t = new Thread(r, "demo-site");
                t.setDaemon(true);
                return t;
            });
            SiteServer site = new SiteServer(root, http, workers);
            http.createContext("/", site::handle);
            http.setExecutor(workers);
            http.start();
            return site;
        } catch (java.net.BindException e) {
            throw CliException.failure("port " + port + " (the demo site) on 127.0.0.1 is already in use; choose another with --site-port");
        } catch (IOException e) {
            throw CliException.failure("cannot serve " + root + ": " + e.getMessage());
        }
    }

    /** {@code http://127.0.0.1:<port>}, no trailing slash. */
    public String baseUrl() {
        return "http://" + RuntimeSettings.HOST + ":" + server.getAddress().getPort();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            boolean head = "HEAD".equals(exchange.getRequestMethod());
            if (!"GET".equals(exchange.getRequestMethod()) && !head) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            String path = URI.create(exchange.getRequestURI().getRawPath()).getPath();
            Path file = root.resolve(path.substring(1)).normalize();
            if (Files.isDirectory(file)) {
                file = file.resolve("index.html");
            }
            if (!file.startsWith(root) || !Files.isRegularFile(file)) {
                byte[] body = "not found\n".getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "text/plain");
                exchange.sendResponseHeaders(404, head ? -1 : body.length);
                if (!head) {
                    exchange.getResponseBody().write(body);
                }
                return;
            }
            String name = file.getFileName().toString();
            String ext = name.contains(".") ? name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT) : "";
            long size = Files.size(file);
            Instant modified = Files.getLastModifiedTime(file).toInstant().truncatedTo(ChronoUnit.SECONDS);
            String etag = "\"" + Long.toHexString(size) + "-" + Long.toHexString(modified.getEpochSecond()) + "\"";
            exchange.getResponseHeaders().set("ETag", etag);
            exchange.getResponseHeaders().set("Last-Modified", DateTimeFormatter.RFC_1123_DATE_TIME.format(
                    modified.atOffset(ZoneOffset.UTC)));
            if (notModified(exchange.getRequestHeaders(), etag, modified)) {
                exchange.sendResponseHeaders(304, -1);
                return;
            }
            exchange.getResponseHeaders().set("Content-Type", TYPES.getOrDefault(ext, "application/octet-stream"));
            exchange.sendResponseHeaders(200, head ? -1 : size);
            if (!head) {
                try (OutputStream out = exchange.getResponseBody()) {
                    Files.copy(file, out);
                }
            }
        }
    }

    /**
     * RFC 9110 §13.2.2's order: {@code If-None-Match} when present (a weak comparison: {@code W/} prefixes ignored,
     * {@code *} matches), else {@code If-Modified-Since} (a date the file has not changed after; an unparseable
     * date is ignored, §13.1.3).
     */
    static boolean notModified(Headers request, String etag, Instant modified) {
        String noneMatch = request.getFirst("If-None-Match");
        if (noneMatch != null) {
            for (String tag : noneMatch.split(",")) {
                String t = tag.trim();
                if (t.equals("*") || stripWeak(t).equals(stripWeak(etag))) {
                    return true;
                }
            }
            return false;
        }
        String since = request.getFirst("If-Modified-Since");
        if (since == null) {
            return false;
        }
        try {
            Instant date = ZonedDateTime.parse(since.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            return !modified.isAfter(date);
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    private static String stripWeak(String tag) {
        return tag.startsWith("W/") ? tag.substring(2) : tag;
    }

    @Override
    public void close() {
        server.stop(0);
        workers.shutdownNow();
    }
}
