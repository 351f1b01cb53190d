package dev.shapecrawl.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The local runtime: the real single-node Kafka broker ({@code bin/kafka-local}) and every present service as a
 * process from its Quarkus application jar, all on 127.0.0.1, one log file and one pid file per service.
 * {@link #up}, {@link #down} and {@link #status} are safe to repeat: a running process of ours (recognised by
 * its pid file and its command line) is left alone by {@code up} and stopped by {@code down}.
 */
public final class LocalRuntime implements ServiceRuntime {
    /** How long {@link #down} waits after SIGTERM before SIGKILL (the services' own shutdown timeout is 30 s). */
    static final Duration STOP_TIMEOUT = Duration.ofSeconds(35);
    /**
     * The services' JVM options on one machine, unless {@code SHAPECRAWL_JAVA_OPTS} replaces them: the C1 compiler
     * only and the serial collector. The local runtime puts the broker and five service JVMs on the same cores
     * (CI's machine has 2), and during a first job their C2 compiler threads took more CPU than the job itself (JFR,
     * docs/benchmarks.md "JIT on a shared machine"): with these the demo's seed to last record went from 25.5-27.2 s
     * to 16.1-18.0 s. C1 code is slower once warm, which a run of minutes does not reach; the Kubernetes manifests,
     * one service per pod, keep the JVM's defaults.
     */
    static final String DEFAULT_JAVA_OPTS = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC";
    /**
     * The Kafka Streams group instance id (static membership, KIP-345) of the runtime's pattern service. Kafka
     * Streams leaves no consumer group on close, so a restarted dynamic member waits until the stopped one's
     * session times out (45 s): the first job after {@code down} and {@code up} applied its first page 37 s after
     * its seed (bin/bench-e2e, 2026-11-26). A static member that comes back under the same id takes its tasks at
     * once. One runtime runs one pattern service (its pid file), so one fixed id cannot fence another instance; a
     * deployment of several replicas keeps dynamic membership.
     */
    static final String STREAMS_INSTANCE_ID = "shapecrawl-pattern-local";

    private final RuntimeSettings settings;
    private final PrintStream out;

    /**
     * @param settings where and on which ports
     * @param out      where progress lines go
     */
    public LocalRuntime(RuntimeSettings settings, PrintStream out) {
        this.settings = settings;
        this.out = out;
    }

    /**
     * Starts the broker, creates the contract's topics and starts every present service that is not running yet,
     * then waits until each answers its readiness check.
     *
     * @return the services started by this call (not those already running)
     * @throws CliException if a port is taken, a jar is missing, or a process does not become ready (its log's
     *                      last lines are printed)
     */
    @Override
    public List<String> up(Options options) {
        List<ServiceCatalog.Service> services = ServiceCatalog.present(settings.repo());
        List<ServiceCatalog.Service> absent = ServiceCatalog.absent(settings.repo());
        if (!absent.isEmpty()) {
            say("not in this checkout (skipped): " + String.join(", ", absent.stream().map(ServiceCatalog.Service::name).toList()));
        }
        // Check everything before starting anything, so that a taken port leaves nothing half started.
        List<ServiceCatalog.Service> toStart = new ArrayList<>();
        for (ServiceCatalog.Service s : services) {
            if (!Files.isRegularFile(s.jar(settings.repo()))) {
                throw CliException.failure("service " + s.name() + " is not built (" + s.jar(settings.repo())
                        + "); run: ./mvnw -B package -DskipTests -pl services/" + s.name() + " -am");
            }
            if (runningPid(s.name()).isEmpty()) {
                Ports.requireFree(settings.httpPort(s), s.name() + "'s HTTP port", "--http-port");
                toStart.add(s);
            }
        }
        broker("start");
        try (Cluster cluster = Cluster.connect(settings.bootstrapServers())) {
            cluster.ensureContractTopics();
        }
        say("topics of the contract ready on " + settings.bootstrapServers());
        List<String> started = new ArrayList<>();
        List<Process> processes = new ArrayList<>();
        long t0 = System.nanoTime();
        for (ServiceCatalog.Service s : toStart) {
            processes.add(start(s, options));
            started.add(s.name());
        }
        for (int i = 0; i < toStart.size(); i++) {
            awaitReady(toStart.get(i), processes.get(i), t0);
        }
        for (ServiceCatalog.Service s : services) {
            if (!started.contains(s.name())) {
                say(s.name() + " already running (pid " + runningPid(s.name()).orElse(-1L) + ")");
            }
        }
        if (!started.isEmpty() && options.allowLoopback()) {
            say("the fetcher may fetch loopback addresses (--allow-loopback)");
        }
        return started;
    }

    /**
     * Stops every service of ours (SIGTERM, up to {@link #STOP_TIMEOUT}, then SIGKILL), then the broker. Safe to
     * repeat; processes that are not ours are never touched.
     */
    @Override
    public void down() {
        stopServices();
        stopBroker();
        say("down");
    }

    /** Stops every service of ours (SIGTERM, up to {@link #STOP_TIMEOUT}, then SIGKILL); the broker keeps running. */
    @Override
    public void stopServices() {
        List<ServiceCatalog.Service> reversed = new ArrayList<>(ServiceCatalog.ALL);
        java.util.Collections.reverse(reversed);
        List<ProcessHandle> stopping = new ArrayList<>();
        for (ServiceCatalog.Service s : reversed) {
            Optional<Long> pid = runningPid(s.name());
            if (pid.isPresent()) {
                ProcessHandle.of(pid.get()).ifPresent(p -> {
                    p.destroy();
                    stopping.add(p);
                    say("stopping " + s.name() + " (pid " + p.pid() + ")");
                });
            }
        }
        for (ProcessHandle p : stopping) {
            stop(p);
        }
        for (ServiceCatalog.Service s : ServiceCatalog.ALL) {
            deleteQuietly(settings.pidFile(s.name()));
        }
    }

    /** Stops the broker of this data directory (bin/kafka-local stop), if it runs. */
    @Override
    public void stopBroker() {
        if (Files.isDirectory(settings.kafkaDir())) {
            broker("stop");
        }
    }

    /**
     * One line per part (broker, each service) saying whether it runs, with pid, port and log.
     *
     * @return true if the broker and every present service run
     */
    @Override
    public boolean status() {
        boolean all = broker("status") == 0;
        for (ServiceCatalog.Service s : ServiceCatalog.ALL) {
            if (!s.present(settings.repo())) {
                say(String.format("%-12s absent (no module services/%s in this checkout)", s.name(), s.name()));
                continue;
            }
            Optional<Long> pid = runningPid(s.name());
            if (pid.isPresent()) {
                String ready = Readiness.ready(settings.httpPort(s)) ? "ready" : "not ready";
                say(String.format("%-12s running, pid %d, %s, http://%s:%d/q/health, log %s", s.name(), pid.get(),
                        ready, RuntimeSettings.HOST, settings.httpPort(s), settings.logFile(s.name())));
            } else {
                all = false;
                say(String.format("%-12s stopped", s.name()));
            }
        }
        return all;
    }

    @Override
    public boolean running(String name) {
        return runningPid(name).isPresent();
    }

    /** The pid of our running process of service {@code name}, if there is one. */
    public Optional<Long> runningPid(String name) {
        Path file = settings.pidFile(name);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            long pid = Long.parseLong(Files.readString(file).trim());
            Path jar = ServiceCatalog.ALL.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow()
                    .jar(settings.repo());
            // A pid is recycled after its process ended; only a process running our jar is ours.
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                    .filter(p -> p.info().commandLine().map(c -> c.contains(jar.toString())).orElse(false))
                    .map(ProcessHandle::pid);
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * The services' JVM options of the local runtime, after the heap: {@code SHAPECRAWL_JAVA_OPTS} split at blanks
     * when it is set (a profiler, GC logging; it replaces the default), else {@link #DEFAULT_JAVA_OPTS}.
     *
     * @param env the variable's value, or null when unset
     * @return the options, in order
     */
    public static List<String> javaOptions(String env) {
        String opts = env == null ? DEFAULT_JAVA_OPTS : env.trim();
        return opts.isEmpty() ? List.of() : List.of(opts.split("\\s+"));
    }

    private Process start(ServiceCatalog.Service s, Options options) {
        Path log = settings.logFile(s.name());
        List<String> command = new ArrayList<>();
        // setsid: the service gets its own session, so the terminal's Ctrl-C and hang-up reach the CLI only, and
        // the CLI decides what to stop (demo: everything it started; up: nothing, the runtime stays up).
        if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
            command.add("/usr/bin/setsid");
        }
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx512m");
        // a service out of heap exits, as in the images (deploy/containers), instead of living on with a dead
        // consumer; `./shapecrawl up` starts it again and it resumes from its committed offsets
        command.add("-XX:+ExitOnOutOfMemoryError");
        command.addAll(javaOptions(System.getenv("SHAPECRAWL_JAVA_OPTS")));
        command.add("-Dquarkus.http.host=" + options.host(s.name()));
        command.add("-Dquarkus.http.port=" + settings.httpPort(s));
        command.add("-Dkafka.bootstrap.servers=" + settings.bootstrapServers());
        command.add("-Dkafka-streams.state.dir=" + settings.stateDir(s.name()));
        command.add("-Dkafka-streams.group.instance.id=" + STREAMS_INSTANCE_ID);
        if (options.politenessDelayMs() != null) {
            command.add("-Dshapecrawl.fetcher.engine.politeness-delay-ms=" + options.politenessDelayMs());
        }
        command.add("-jar");
        command.add(s.jar(settings.repo()).toString());
        try {
            Files.createDirectories(log.getParent());
            Files.createDirectories(settings.pidFile(s.name()).getParent());
            Files.createDirectories(settings.stateDir(s.name()));
            ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            Map<String, String> env = pb.environment();
            env.remove("SHAPECRAWL_FETCHER_ENGINE_ALLOWED_ADDRESSES");
            env.remove("SHAPECRAWL_CONSOLE_ALLOWED_ADDRESSES");
            if (options.allowLoopback()) {
                // the fetcher's guard, and the console's crawl form's check of the same rule
                env.put("SHAPECRAWL_FETCHER_ENGINE_ALLOWED_ADDRESSES", "LOOPBACK");
                env.put("SHAPECRAWL_CONSOLE_ALLOWED_ADDRESSES", "LOOPBACK");
            }
            Process p = pb.start();
            Files.writeString(settings.pidFile(s.name()), p.pid() + "\n");
            say("starting " + s.name() + " (pid " + p.pid() + ", http://" + RuntimeSettings.HOST + ":"
                    + settings.httpPort(s) + ", log " + log + ")");
            return p;
        } catch (IOException e) {
            throw CliException.failure("cannot start " + s.name() + ": " + e.getMessage());
        }
    }

    private void awaitReady(ServiceCatalog.Service s, Process p, long startedNanos) {
        double seconds = Readiness.await(s.name(), settings.httpPort(s), startedNanos, p::isAlive, () -> {
            deleteQuietly(settings.pidFile(s.name()));
            return CliException.failure(s.name() + " exited during its start (exit " + p.exitValue() + "):\n"
                    + tail(settings.logFile(s.name()), 15) + "\nfull log: " + settings.logFile(s.name()));
        }, settings.logFile(s.name()).toString());
        say(String.format(java.util.Locale.ROOT, "%s ready (%.1f s after the start)", s.name(), seconds));
    }

    private static void stop(ProcessHandle p) {
        try {
            p.onExit().get(STOP_TIMEOUT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            p.destroyForcibly();
            try {
                p.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
            } catch (Exception ignored) {
                // reported by status if it survived
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException e) {
            // onExit does not fail
        }
    }

    /**
     * Runs {@code bin/kafka-local <command>} with this runtime's data directory and ports; its lines go to the
     * console.
     *
     * @return its exit code ({@code status}: 0 running, 3 stopped)
     * @throws CliException if {@code start} or {@code stop} fails (kafka-local has printed why)
     */
    int broker(String command) {
        Path script = settings.repo().resolve("bin/kafka-local");
        ProcessBuilder pb = new ProcessBuilder(script.toString(), command).inheritIO();
        pb.environment().put("SHAPECRAWL_DATA_DIR", settings.kafkaDir().toString());
        pb.environment().put("SHAPECRAWL_KAFKA_PORT", String.valueOf(settings.kafkaPort()));
        pb.environment().put("SHAPECRAWL_KAFKA_CONTROLLER_PORT", String.valueOf(settings.controllerPort()));
        try {
            int code = pb.start().waitFor();
            if (code != 0 && !command.equals("status")) {
                throw CliException.failure("bin/kafka-local " + command + " failed (exit " + code + "; see above)");
            }
            return code;
        } catch (IOException e) {
            throw CliException.failure("cannot run " + script + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw CliException.failure("interrupted during bin/kafka-local " + command);
        }
    }

    static String tail(Path file, int lines) {
        try (Stream<String> all = Files.lines(file, StandardCharsets.UTF_8)) {
            List<String> l = all.toList();
            return String.join("\n", l.subList(Math.max(0, l.size() - lines), l.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a stale pid file is recognised as such by runningPid
        }
    }

    private void say(String line) {
        out.println("shapecrawl: " + line);
    }
}
