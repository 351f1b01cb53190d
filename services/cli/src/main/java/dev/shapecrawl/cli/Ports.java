package dev.shapecrawl.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/** Loopback port checks. */
public final class Ports {
    private Ports() {
    }

    /**
     * @throws CliException (bad input) unless {@code port} is in 1..65535
     */
    public static void check(String what, int port) {
        if (port < 1 || port > 65535) {
            throw CliException.badInput(what + " must be a TCP port number (1-65535), not " + port);
        }
    }

    /** Whether something accepts connections on {@code host:port} within {@code timeoutMs}. */
    public static boolean answers(String host, int port, int timeoutMs) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), timeoutMs);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether 127.0.0.1:{@code port} can be bound now. */
    public static boolean free(int port) {
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(InetAddress.getByName(RuntimeSettings.HOST), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * @throws CliException (failure) naming the port, its use and the option that moves it, if it is taken
     */
    public static void requireFree(int port, String use, String option) {
        if (!free(port)) {
            throw CliException.failure("port " + port + " (" + use + ") on " + RuntimeSettings.HOST
                    + " is already in use by another process; stop it or choose another with " + option);
        }
    }
}
