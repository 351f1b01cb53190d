package dev.shapecrawl.cli;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A service's readiness as its runtime sees it: SmallRye Health's {@code /q/health/ready} on 127.0.0.1. A check that
 * reports a {@code progress} number in its data (the console: events read while it catches up with the topics'
 * history) is waited for as long as that number grows: the timeout counts from the last progress, so a console on a
 * runtime that kept much history is not given up on while it reads it, and a stuck one still is.
 */
final class Readiness {
    /** How long a service may take to answer its readiness check after its start, or after its last progress. */
    static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final Pattern PROGRESS = Pattern.compile("\"progress\"\\s*:\\s*(\\d+)");
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private Readiness() {
    }

    /** Whether the service on {@code port} says UP (Kafka connections, consumers). */
    static boolean ready(int port) {
        return check(port).ready();
    }

    /**
     * One answer of a readiness check.
     *
     * @param ready    whether it said UP
     * @param progress the sum of the {@code progress} numbers its checks report, or -1 when none does (or no answer)
     */
    record Answer(boolean ready, long progress) {
    }

    /** Asks the service on {@code port}; no answer is not ready, with no progress. */
    static Answer check(int port) {
        try {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(
                            URI.create("http://" + RuntimeSettings.HOST + ":" + port + "/q/health/ready"))
                    .timeout(Duration.ofSeconds(3)).build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(r.statusCode() == 200, progress(r.body()));
        } catch (IOException e) {
            return new Answer(false, -1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Answer(false, -1);
        }
    }

    /** The sum of the {@code "progress": n} entries of a health answer, or -1 when it has none. */
    static long progress(String body) {
        if (body == null) {
            return -1;
        }
        Matcher m = PROGRESS.matcher(body);
        long sum = -1;
        while (m.find()) {
            try {
                sum = Math.max(sum, 0) + Long.parseLong(m.group(1));
            } catch (NumberFormatException e) {
                return sum; // a number past long: no use as progress
            }
        }
        return sum;
    }

    /**
     * Polls every 300 ms until the service on {@code port} is ready.
     *
     * @param alive       whether its process or container still runs
     * @param whyDead     the error to throw once it no longer runs (its log's last lines)
     * @param whereToLook named in the error when the {@link #TIMEOUT} passes
     * @return seconds from {@code startedNanos} to ready
     * @throws CliException if it stops running, or is not ready within the timeout of its start or of its check's last
     *                      progress
     */
    static double await(String name, int port, long startedNanos, BooleanSupplier alive,
                        Supplier<CliException> whyDead, String whereToLook) {
        return await(name, port, startedNanos, alive, whyDead, whereToLook, TIMEOUT);
    }

    /** {@link #await(String, int, long, BooleanSupplier, Supplier, String)} with another timeout (tests). */
    static double await(String name, int port, long startedNanos, BooleanSupplier alive,
                        Supplier<CliException> whyDead, String whereToLook, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        long progress = -1;
        while (System.nanoTime() < deadline) {
            if (!alive.getAsBoolean()) {
                throw whyDead.get();
            }
            Answer a = check(port);
            if (a.ready()) {
                return (System.nanoTime() - startedNanos) / 1e9;
            }
            if (a.progress() > progress) {
                if (progress >= 0) {
                    deadline = Math.max(deadline, System.nanoTime() + timeout.toNanos());
                }
                progress = a.progress();
            }
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw CliException.failure("interrupted");
            }
        }
        throw CliException.failure(name + " did not become ready within " + timeout.toSeconds() + " s"
                + (progress >= 0 ? " of its last progress (" + progress + ")" : "") + "; see " + whereToLook
                + " (./shapecrawl down stops it)");
    }
}
