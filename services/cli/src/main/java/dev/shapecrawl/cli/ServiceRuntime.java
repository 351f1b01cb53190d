package dev.shapecrawl.cli;

import java.util.List;

/**
 * Where the broker and the services run on this machine: as processes ({@link LocalRuntime}, the default) or as
 * podman containers ({@link ContainerRuntime}, {@code --containers}). Both bind to 127.0.0.1 on the ports of
 * {@link RuntimeSettings}, so every job command works the same against either. {@code up}, {@code down} and
 * {@code status} are safe to repeat.
 */
public interface ServiceRuntime {
    /**
     * What {@code up} starts services with.
     *
     * @param allowLoopback     let the fetcher fetch loopback addresses (local sites); off by default: the SSRF
     *                          guard refuses them
     * @param politenessDelayMs the fetcher's delay between two requests to one host (ms); null = its default (1 s)
     * @param consoleHost       the address the console binds ({@code up --console-host}); null = 127.0.0.1 as every
     *                          service. Beyond loopback the console needs {@code SHAPECRAWL_CONSOLE_TOKEN}
     */
    record Options(boolean allowLoopback, Integer politenessDelayMs, String consoleHost) {
        /** Options with the console on 127.0.0.1. */
        Options(boolean allowLoopback, Integer politenessDelayMs) {
            this(allowLoopback, politenessDelayMs, null);
        }

        /** The address service {@code name} binds. */
        String host(String name) {
            return consoleHost != null && name.equals(ServiceCatalog.CONSOLE) ? consoleHost : RuntimeSettings.HOST;
        }
    }

    /**
     * Starts the broker, creates the contract's topics and starts every service that is not running yet, then
     * waits until each answers its readiness check.
     *
     * @return the services started by this call (not those already running)
     * @throws CliException if a port is taken, something is not built, or a part does not become ready
     */
    List<String> up(Options options);

    /** Stops every service of this runtime, then the broker. */
    default void down() {
        stopServices();
        stopBroker();
    }

    /** Stops every service of this runtime; the broker keeps running. */
    void stopServices();

    /** Stops this runtime's broker, if it runs. */
    void stopBroker();

    /**
     * One line per part (broker, each service) saying whether it runs.
     *
     * @return true if the broker and every service run
     */
    boolean status();

    /** Whether this runtime's service {@code name} runs. */
    boolean running(String name);
}
