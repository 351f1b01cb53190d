package dev.shapecrawl.testkit.web;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free ports on loopback for processes a test starts and that bind them later (a service's HTTP port, a broker's
 * listener), taken <em>below</em> the kernel's ephemeral range. A port the kernel hands out for port 0 comes from that
 * range, and so does the source port of every outgoing connection: between the check and the process's own bind, a
 * Kafka client connection (the service's own, during its start-up) once took the port, and the service failed to
 * start ("Port … seems to be in use"; PatternRestartIT, 2026-11-27). Below the range no outgoing connection takes it;
 * another test's listener still may, which the bind check here makes unlikely, not impossible.
 *
 * <p>A port is handed out at most once per JVM. Two services a test starts at once each take a port before either
 * binds it, so the bind check cannot tell them apart: in a CI run the extractor and the form-prober of one stack were
 * given the same port, and the form-prober did not start (HiddenWebCrawlIT, 2026-11-27).
 */
public final class LoopbackPorts {
    /** The lowest port handed out: above the well-known and the most used registered service ports. */
    static final int FIRST_PORT = 20_000;
    /** The start of the ephemeral range where {@code /proc} does not say (IANA's dynamic ports start at 49152). */
    static final int DEFAULT_EPHEMERAL_START = 32_768;

    /** Every port handed out in this JVM: never handed out again. */
    private static final java.util.Set<Integer> HANDED_OUT = new java.util.HashSet<>();

    private LoopbackPorts() {
    }

    /**
     * A run of {@code n} consecutive ports free on loopback now, from a random start below the ephemeral range.
     *
     * @param n how many, >= 1
     * @return the first port of the run
     * @throws IOException if no such run is free
     */
    public static int freeRun(int n) throws IOException {
        if (n < 1) {
            throw new IllegalArgumentException("n: must be >= 1, was " + n);
        }
        int end = ephemeralRangeStart();   // exclusive
        int span = end - FIRST_PORT - n + 1;
        int offset = ThreadLocalRandom.current().nextInt(span);
        for (int i = 0; i < span; i++) {
            int base = FIRST_PORT + (offset + i) % span;
            if (allFree(base, n) && handOut(base, n)) {
                return base;
            }
        }
        throw new IOException("no " + n + " consecutive free ports on loopback in " + FIRST_PORT + ".." + (end - 1));
    }

    /** One free port on loopback, as {@link #freeRun} with n = 1. */
    public static int free() throws IOException {
        return freeRun(1);
    }

    /** Records the run as handed out, unless a port of it was handed out before in this JVM. */
    private static synchronized boolean handOut(int base, int n) {
        for (int port = base; port < base + n; port++) {
            if (HANDED_OUT.contains(port)) {
                return false;
            }
        }
        for (int port = base; port < base + n; port++) {
            HANDED_OUT.add(port);
        }
        return true;
    }

    private static boolean allFree(int base, int n) {
        for (int port = base; port < base + n; port++) {
            try (ServerSocket bound = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                // bound, so free now; closed at once
            } catch (IOException inUse) {
                return false;
            }
        }
        return true;
    }

    /** The first port of the kernel's ephemeral range (Linux: {@code ip_local_port_range}). */
    static int ephemeralRangeStart() {
        try {
            String range = Files.readString(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).trim();
            int low = Integer.parseInt(range.split("\\s+")[0]);
            return low > FIRST_PORT + 1_000 ? low : DEFAULT_EPHEMERAL_START;
        } catch (IOException | RuntimeException unreadable) {
            return DEFAULT_EPHEMERAL_START;
        }
    }
}
