package dev.shapecrawl.testkit.web;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;

/**
 * Serves a directory of static files on 127.0.0.1, for local demos and benchmarks (a real site crawled on
 * loopback). GET only; {@code /} and directory paths serve {@code index.html}; paths that leave the directory
 * are refused. Content types by file extension.
 *
 * <p>Command line: {@code StaticSite <directory> <port>}; port 0 picks a free one. Prints
 * {@code serving <dir> at http://127.0.0.1:<port>/} once listening, and serves until the process is stopped.
 */
public final class StaticSite implements AutoCloseable {
    static {
        // The JDK's HTTP server writes headers and body apart; with Nagle's algorithm on, each response then
        // waits for the client's delayed ACK, 40 ms a page on Linux, and the site, not the crawler, sets the pace.
        // The server reads this property once, when the first one is created in the JVM.
        System.getProperties().putIfAbsent("sun.net.httpserver.nodelay", "true");
    }

    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html; charset=UTF-8", "htm", "text/html; charset=UTF-8", "css", "text/css",
            "js", "text/javascript", "txt", "text/plain; charset=UTF-8", "pdf", "application/pdf",
            "png", "image/png", "gif", "image/gif", "svg", "image/svg+xml", "zip", "application/zip");

    private final Path root;
    private final HttpServer server;

    private StaticSite(Path root, HttpServer server) {
        this.root = root;
        this.server = server;
    }

    /**
     * Starts serving {@code directory} on 127.0.0.1:{@code port}.
     *
     * @throws IOException if the port cannot be bound
     * @throws IllegalArgumentException if {@code directory} is not a directory
     */
    public static StaticSite start(Path directory, int port) throws IOException {
        Path root = directory.toAbsolutePath().normalize();
        if (!Files.isDirectory(root)) {
            throw new IllegalArgumentException("not a directory: " + root);
        }
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 64);
        StaticSite site = new StaticSite(root, http);
        http.createContext("/", site::handle);
        http.setExecutor(Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "static-site");
            t.setDaemon(true);
            return t;
        }));
        http.start();
        return site;
    }

    /** {@code http://127.0.0.1:<port>}. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!"GET".equals(exchange.getRequestMethod()) && !"HEAD".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            String path = URI.create(exchange.getRequestURI().getRawPath()).getPath();
            Path file = root.resolve(path.substring(1)).normalize();
            if (Files.isDirectory(file)) {
                file = file.resolve("index.html");
            }
            if (!file.startsWith(root) || !Files.isRegularFile(file)) {
                byte[] body = "not found\n".getBytes();
                exchange.getResponseHeaders().set("Content-Type", "text/plain");
                exchange.sendResponseHeaders(404, body.length);
                exchange.getResponseBody().write(body);
                return;
            }
            String name = file.getFileName().toString();
            String ext = name.contains(".") ? name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT) : "";
            exchange.getResponseHeaders().set("Content-Type", TYPES.getOrDefault(ext, "application/octet-stream"));
            long size = Files.size(file);
            exchange.sendResponseHeaders(200, "HEAD".equals(exchange.getRequestMethod()) ? -1 : size);
            if (!"HEAD".equals(exchange.getRequestMethod())) {
                try (OutputStream out = exchange.getResponseBody()) {
                    Files.copy(file, out);
                }
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }

    /** {@code StaticSite <directory> <port>}. */
    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: StaticSite <directory> <port>");
            System.exit(2);
        }
        StaticSite site = start(Path.of(args[0]), Integer.parseInt(args[1]));
        System.out.println("serving " + site.root + " at " + site.baseUrl() + "/");
        Thread.currentThread().join();
    }
}
