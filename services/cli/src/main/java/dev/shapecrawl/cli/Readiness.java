package dev.shapecrawl.cli;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** A service's readiness as its runtime sees it: SmallRye Health's {@code /q/health/ready} on 127.0.0.1. */
final class Readiness {
    /** How long a service may take to answer its readiness check after its start. */
    static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private Readiness() {
    }

    /** Whether the service on {@code port} says UP (Kafka connections, consumers). */
    static boolean ready(int port) {
        try {
            HttpResponse<Void> r = HTTP.send(HttpRequest.newBuilder(
                            URI.create("http://" + RuntimeSettings.HOST + ":" + port + "/q/health/ready"))
                    .timeout(Duration.ofSeconds(3)).build(), HttpResponse.BodyHandlers.discarding());
            return r.statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Polls every 300 ms until the service on {@code port} is ready.
     *
     * @param alive       whether its process or container still runs
     * @param whyDead     the error to throw once it no longer runs (its log's last lines)
     * @param whereToLook named in the error when the {@link #TIMEOUT} passes
     * @return seconds from {@code startedNanos} to ready
     * @throws CliException if it stops running or is not ready within the timeout
     */
    static double await(String name, int port, long startedNanos, BooleanSupplier alive,
                        Supplier<CliException> whyDead, String whereToLook) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!alive.getAsBoolean()) {
                throw whyDead.get();
            }
            if (ready(port)) {
                return (System.nanoTime() - startedNanos) / 1e9;
            }
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw CliException.failure("interrupted");
            }
        }
        throw CliException.failure(name + " did not become ready within " + TIMEOUT.toSeconds() + " s; see "
                + whereToLook + " (./shapecrawl down stops it)");
    }
}
