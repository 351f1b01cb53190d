package dev.shapecrawl.e2e;

import dev.shapecrawl.cli.LocalRuntime;
import dev.shapecrawl.testkit.web.LoopbackPorts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One packaged shapecrawl service ({@code services/<name>/target/quarkus-app/quarkus-run.jar}) running as its
 * own JVM process, as it runs locally and in its container image; output goes to
 * {@code target/e2e-logs/<name>-<label>.log}.
 */
final class ServiceProcess implements AutoCloseable {
    private final String name;
    private final Process process;
    private final Path log;
    private final int httpPort;

    private ServiceProcess(String name, Process process, Path log, int httpPort) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.httpPort = httpPort;
    }

    /**
     * Starts service {@code name} with {@code -D} system properties.
     *
     * @throws IllegalStateException if the service is not packaged (run {@code ./mvnw package} first)
     */
    static ServiceProcess start(String name, String label, Map<String, String> properties) throws IOException {
        Path services = Path.of(System.getProperty("shapecrawl.services.dir", ".."));
        Path jar = services.resolve(name).resolve("target/quarkus-app/quarkus-run.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("service " + name + " is not packaged: " + jar);
        }
        Path logs = Files.createDirectories(Path.of("target", "e2e-logs"));
        Path log = logs.resolve(name + "-" + label + ".log");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m"));
        // as ./shapecrawl up runs them (C1 only, serial collector): on CI's two cores C2's compilations of five
        // service JVMs were CPU the tests waited for (docs/benchmarks.md, "CI time")
        command.addAll(LocalRuntime.javaOptions(null));
        properties.forEach((k, v) -> command.add("-D" + k + "=" + v));
        int port = LoopbackPorts.free();   // below the ephemeral range: no client connection takes it meanwhile
        command.add("-Dquarkus.http.host=127.0.0.1");
        command.add("-Dquarkus.http.port=" + port);
        command.addAll(List.of("-jar", jar.toString()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        return new ServiceProcess(name, process, log, port);
    }

    /** Kills the process without a shutdown (SIGKILL), as a crash would. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** The service's HTTP port on 127.0.0.1 (health at /q/health, metrics at /q/metrics). */
    int httpPort() {
        return httpPort;
    }

    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    Path log() {
        return log;
    }

    String name() {
        return name;
    }

    /** Stops the service gracefully (SIGTERM), then forcibly after 30 s. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
