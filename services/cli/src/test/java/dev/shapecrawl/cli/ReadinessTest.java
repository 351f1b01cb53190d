package dev.shapecrawl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;

/**
 * {@link Readiness#await}: a service whose readiness check reports growing {@code progress} (the console catching up
 * with a long history) is waited for past the timeout, one whose progress stands still is not. A real HTTP server on
 * loopback answers as SmallRye Health does; the timeout is shortened to half a second for the test.
 */
class ReadinessTest {
    private static final Duration TIMEOUT = Duration.ofMillis(500);

    /** Serves /q/health/ready: the n-th request (from 0) gets {@code answer(n)}, 200 when it says UP. */
    private static HttpServer server(LongFunction<String> answer) throws IOException {
        HttpServer s = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        AtomicLong requests = new AtomicLong();
        s.createContext("/q/health/ready", exchange -> {
            String body = answer.apply(requests.getAndIncrement());
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(body.startsWith("{\"status\":\"UP\"") ? 200 : 503, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        s.start();
        return s;
    }

    private static String down(long progress) {
        return "{\"status\":\"DOWN\",\"checks\":[{\"name\":\"console job views\",\"status\":\"DOWN\",\"data\":"
                + "{\"progress\":" + progress + "}},{\"name\":\"Kafka connection health check\",\"status\":\"UP\"}]}";
    }

    private static double await(HttpServer s) {
        return Readiness.await("console", s.getAddress().getPort(), System.nanoTime(), () -> true,
                () -> CliException.failure("dead"), "its log", TIMEOUT);
    }

    @Test
    void aServiceThatKeepsProgressingIsWaitedForPastTheTimeout() throws IOException {
        long start = System.nanoTime();
        // progress on every answer for 1.5 s (three timeouts), then UP
        HttpServer s = server(n -> System.nanoTime() - start < 1_500_000_000L ? down(1_000 * (n + 1))
                : "{\"status\":\"UP\",\"checks\":[]}");
        try {
            double seconds = await(s);
            assertTrue(seconds >= 1.4, "ready after its catch-up: " + seconds);
        } finally {
            s.stop(0);
        }
    }

    @Test
    void aServiceWhoseProgressStandsStillIsGivenUpOn() throws IOException {
        HttpServer s = server(n -> down(n < 3 ? n : 3));
        try {
            CliException e = assertThrows(CliException.class, () -> await(s));
            assertTrue(e.getMessage().contains("did not become ready within 0 s of its last progress (3)"),
                    e.getMessage());
        } finally {
            s.stop(0);
        }
    }

    @Test
    void aServiceWithoutProgressHasTheTimeoutFromItsStart() throws IOException {
        HttpServer s = server(n -> "{\"status\":\"DOWN\",\"checks\":[]}");
        try {
            long t0 = System.nanoTime();
            CliException e = assertThrows(CliException.class, () -> await(s));
            assertTrue(e.getMessage().contains("did not become ready within 0 s; see its log"), e.getMessage());
            assertTrue(System.nanoTime() - t0 < 5_000_000_000L, "given up on after its timeout");
        } finally {
            s.stop(0);
        }
    }

    @Test
    void progressIsTheSumOfTheChecksProgressNumbers() {
        assertEquals(-1, Readiness.progress(null));
        assertEquals(-1, Readiness.progress("{\"status\":\"DOWN\",\"checks\":[]}"));
        assertEquals(42, Readiness.progress(down(42)));
        assertEquals(5, Readiness.progress("{\"checks\":[{\"data\":{\"progress\": 2}},{\"data\":{\"progress\":3}}]}"));
    }
}
