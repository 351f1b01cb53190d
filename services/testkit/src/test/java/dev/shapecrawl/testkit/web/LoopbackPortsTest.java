package dev.shapecrawl.testkit.web;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** {@link LoopbackPorts}: real binds on loopback, nothing mocked. */
class LoopbackPortsTest {
    @Test
    void aRunOfPortsIsFreeAndBelowTheEphemeralRange() throws IOException {
        int base = LoopbackPorts.freeRun(6);
        assertTrue(base >= LoopbackPorts.FIRST_PORT && base + 6 <= LoopbackPorts.ephemeralRangeStart(),
                "port " + base + " outside " + LoopbackPorts.FIRST_PORT + ".." + LoopbackPorts.ephemeralRangeStart());
        for (int port = base; port < base + 6; port++) {
            try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                assertTrue(s.isBound(), "port " + port + " binds");
            }
        }
    }

    @Test
    void aTakenPortIsNotHandedOut() throws IOException {
        int port = LoopbackPorts.free();
        try (ServerSocket taken = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            for (int i = 0; i < 200; i++) {
                int other = LoopbackPorts.free();
                assertTrue(other != port, "the taken port " + port + " was handed out");
            }
        }
    }

    /** Two services started at once each take a port before either binds it: they must not get the same one. */
    @Test
    void aPortIsHandedOutOnceEvenWhileNobodyBindsIt() throws IOException {
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (int i = 0; i < 2_000; i++) {
            int port = LoopbackPorts.free();
            assertTrue(seen.add(port), "port " + port + " handed out twice");
        }
    }

    @Test
    void aRunOfNothingIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> LoopbackPorts.freeRun(0));
    }
}
