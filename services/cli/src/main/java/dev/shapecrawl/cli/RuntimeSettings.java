package dev.shapecrawl.cli;

import java.nio.file.Path;

/**
 * Where the local runtime lives and which loopback ports it uses. Everything binds to 127.0.0.1.
 *
 * @param repo           the repository root (the services' jars and {@code bin/kafka-local} are found from it)
 * @param dataDir        the runtime's directory: broker data, service logs, pid files, state, demo output
 * @param kafkaPort      the broker's client port
 * @param controllerPort the broker's KRaft controller port
 * @param httpPortBase   the services' HTTP ports are this plus their {@link ServiceCatalog.Service#portOffset()}
 */
public record RuntimeSettings(Path repo, Path dataDir, int kafkaPort, int controllerPort, int httpPortBase) {
    /** The only address the runtime binds to and the demo talks to. */
    public static final String HOST = "127.0.0.1";

    public RuntimeSettings {
        repo = repo.toAbsolutePath().normalize();
        dataDir = dataDir.toAbsolutePath().normalize();
        Ports.check("--kafka-port", kafkaPort);
        Ports.check("--controller-port", controllerPort);
        Ports.check("--http-port", httpPortBase);
        Ports.check("--http-port (+ the last service's offset)",
                httpPortBase + ServiceCatalog.ALL.get(ServiceCatalog.ALL.size() - 1).portOffset());
        if (kafkaPort == controllerPort) {
            throw CliException.badInput("--kafka-port and --controller-port are both " + kafkaPort);
        }
    }

    /** {@code 127.0.0.1:<kafkaPort>}. */
    public String bootstrapServers() {
        return HOST + ":" + kafkaPort;
    }

    /** The HTTP port of {@code service}. */
    public int httpPort(ServiceCatalog.Service service) {
        return httpPortBase + service.portOffset();
    }

    /** The web console's address, {@code http://127.0.0.1:<its port>/}, if this checkout has the console. */
    public java.util.Optional<String> consoleUrl() {
        return ServiceCatalog.present(repo).stream().filter(s -> s.name().equals(ServiceCatalog.CONSOLE)).findFirst()
                .map(s -> "http://" + HOST + ":" + httpPort(s) + "/");
    }

    /**
     * The environment variable holding the console's access token: required beyond loopback ({@code up
     * --console-host}), passed on to the console's process or container.
     */
    public static final String CONSOLE_TOKEN = "SHAPECRAWL_CONSOLE_TOKEN";

    /** A job's page in the console at {@code consoleUrl}: {@code <consoleUrl>job.html?job=<job>}. */
    public static String jobPage(String consoleUrl, String job) {
        return consoleUrl + "job.html?job=" + java.net.URLEncoder.encode(job, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** The broker's directory (what {@code bin/kafka-local} calls its data directory). */
    public Path kafkaDir() {
        return dataDir.resolve("kafka");
    }

    /** One log file per service. */
    public Path logFile(String name) {
        return dataDir.resolve("logs").resolve(name + ".log");
    }

    /** One pid file per service. */
    public Path pidFile(String name) {
        return dataDir.resolve("run").resolve(name + ".pid");
    }

    /** A service's own state directory (Kafka Streams stores). */
    public Path stateDir(String name) {
        return dataDir.resolve("state").resolve(name);
    }
}
