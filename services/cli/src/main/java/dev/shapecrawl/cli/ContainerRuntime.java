package dev.shapecrawl.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The broker and the services as podman containers (issue 21; {@code up --containers}, {@code demo --containers}),
 * from the images {@code bin/images} builds locally. Each service runs with its Kubernetes manifest's hardening,
 * read by {@link ContainerSpec}: uid and gid 10001, a read-only root with only the manifest's emptyDir paths
 * ({@code /tmp}) writable, every capability dropped, no new privileges, the memory and CPU limits. The broker (a
 * Strimzi cluster in Kubernetes, so no manifest of ours) gets the same hardening and keeps its data in the runtime's
 * directory, as a StatefulSet's volume claims become directories under the runtime's {@code state/<service>}.
 * Every container shares the host's network, so that it binds 127.0.0.1 on the ports of
 * {@link RuntimeSettings} exactly as the process runtime does and the fetcher reaches sites served on this
 * machine. Containers are labelled with the runtime's data directory; {@code down} removes them and leaves no
 * container, pod or volume behind.
 */
public final class ContainerRuntime implements ServiceRuntime {
    /** The label whose value is the runtime's data directory: what {@code down} and {@code status} select by. */
    static final String LABEL = "dev.shapecrawl.data-dir";
    /** The broker container's name suffix. */
    static final String BROKER = "kafka";
    /** Seconds {@code podman stop} waits after SIGTERM (the services' own shutdown timeout is 30 s). */
    static final int STOP_SECONDS = 35;
    /** The broker's memory limit (its heap is 512 MiB, as the local broker's). */
    static final long BROKER_MEMORY_BYTES = 1L << 30;
    /** Where the broker image keeps its data ({@code deploy/containers/kafka-run}), bind-mounted from the data dir. */
    static final String BROKER_DATA = "/var/lib/kafka";
    /** The broker's data under the runtime's data directory (the process runtime's broker uses {@code kafka}). */
    static final String BROKER_DATA_DIR = "kafka-container";
    /**
     * The broker's container: no manifest of ours describes it (Strimzi runs Kafka in a cluster), so it is given
     * the services' hardening here: uid 10001, read-only root with a writable {@code /tmp}, no capabilities, no new
     * privileges, 1 GiB, and its data directory as a volume under the runtime's data directory.
     */
    static final ContainerSpec BROKER_SPEC = new ContainerSpec(BROKER, 10001, 10001, true, List.of("ALL"), true,
            BROKER_MEMORY_BYTES, 0, Map.of("/tmp", 0L), Map.of(BROKER_DATA, BROKER_DATA_DIR), Map.of());

    private final RuntimeSettings settings;
    private final PrintStream out;
    private String projectVersion;
    private String kafkaVersion;

    /**
     * @param settings where and on which ports
     * @param out      where progress lines go
     */
    public ContainerRuntime(RuntimeSettings settings, PrintStream out) {
        this.settings = settings;
        this.out = out;
    }

    /** Whether a {@code podman} command is on the PATH. */
    static boolean podmanPresent() {
        String path = System.getenv("PATH");
        return path != null && java.util.Arrays.stream(path.split(java.io.File.pathSeparator))
                .anyMatch(d -> Files.isExecutable(Path.of(d, "podman")));
    }

    /** The container of {@code part} (a service, or {@link #BROKER}): {@code shapecrawl-<part>}. */
    static String containerName(String part) {
        return "shapecrawl-" + part;
    }

    @Override
    public List<String> up(Options options) {
        List<ServiceCatalog.Service> services = ServiceCatalog.present(settings.repo());
        List<ServiceCatalog.Service> toStart = new ArrayList<>();
        for (ServiceCatalog.Service s : services) {
            if (!running(s.name())) {
                Ports.requireFree(settings.httpPort(s), s.name() + "'s HTTP port", "--http-port");
                toStart.add(s);
            }
        }
        images();
        startBroker();
        List<Long> startedAt = new ArrayList<>();
        for (ServiceCatalog.Service s : toStart) {
            startedAt.add(System.nanoTime());
            startService(s, options);
        }
        List<String> started = new ArrayList<>();
        for (int i = 0; i < toStart.size(); i++) {
            ServiceCatalog.Service s = toStart.get(i);
            String name = containerName(s.name());
            double seconds = Readiness.await(s.name(), settings.httpPort(s), startedAt.get(i), () -> running(s.name()),
                    () -> CliException.failure(s.name() + "'s container stopped during its start:\n" + logs(name, 15)
                            + "\nfull log: podman logs " + name),
                    "podman logs " + name);
            say(String.format(Locale.ROOT, "%s ready (container %s, %.1f s after its start)", s.name(), name, seconds));
            started.add(s.name());
        }
        for (ServiceCatalog.Service s : services) {
            if (!started.contains(s.name())) {
                say(s.name() + " already running (container " + containerName(s.name()) + ")");
            }
        }
        return started;
    }

    @Override
    public void down() {
        ServiceRuntime.super.down();
        say("down (containers)");
    }

    @Override
    public void stopServices() {
        List<String> names = new ArrayList<>();
        for (ServiceCatalog.Service s : ServiceCatalog.ALL) {
            names.add(containerName(s.name()));
        }
        remove(names);
    }

    @Override
    public void stopBroker() {
        remove(List.of(containerName(BROKER)));
    }

    @Override
    public boolean status() {
        boolean all = running(BROKER);
        say(String.format("%-12s %s", "broker", all ? "running, container " + containerName(BROKER) + ", "
                + settings.bootstrapServers() : "stopped"));
        for (ServiceCatalog.Service s : ServiceCatalog.present(settings.repo())) {
            if (running(s.name())) {
                say(String.format("%-12s running, container %s, %s, http://%s:%d/q/health", s.name(),
                        containerName(s.name()), Readiness.ready(settings.httpPort(s)) ? "ready" : "not ready",
                        RuntimeSettings.HOST, settings.httpPort(s)));
            } else {
                all = false;
                say(String.format("%-12s stopped", s.name()));
            }
        }
        return all;
    }

    @Override
    public boolean running(String name) {
        Result r = podman(List.of("container", "inspect", "--format", "{{.State.Running}} {{index .Config.Labels \""
                + LABEL + "\"}}", containerName(name)), false);
        return r.code() == 0 && r.out().trim().equals("true " + settings.dataDir());
    }

    /** The names of this runtime's containers, running or not (for tests and {@code down}'s check). */
    List<String> containers() {
        Result r = podman(List.of("ps", "--all", "--filter", "label=" + LABEL + "=" + settings.dataDir(),
                "--format", "{{.Names}}"), true);
        return r.out().lines().map(String::trim).filter(l -> !l.isEmpty()).toList();
    }

    /**
     * The {@code podman run} command of service {@code s}: the manifest's hardening ({@link ContainerSpec}), the
     * host's network, and the local runtime's settings as environment variables (Quarkus reads them as its
     * configuration) and as {@code JDK_JAVA_OPTIONS}, which the {@code java} launcher reads beside the
     * manifest's {@code JAVA_TOOL_OPTIONS}.
     */
    List<String> serviceCommand(ServiceCatalog.Service s, Options options) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("QUARKUS_HTTP_HOST", options.host(s.name()));
        String token = System.getenv(RuntimeSettings.CONSOLE_TOKEN);
        if (s.name().equals(ServiceCatalog.CONSOLE) && token != null && !token.isBlank()) {
            env.put(RuntimeSettings.CONSOLE_TOKEN, token); // the console's access token, beyond loopback
        }
        env.put("QUARKUS_HTTP_PORT", String.valueOf(settings.httpPort(s)));
        env.put("KAFKA_BOOTSTRAP_SERVERS", settings.bootstrapServers());
        List<String> jvm = new ArrayList<>(LocalRuntime.javaOptions(System.getenv("SHAPECRAWL_JAVA_OPTS")));
        jvm.add("-Dkafka-streams.group.instance.id=" + LocalRuntime.STREAMS_INSTANCE_ID);
        env.put("JDK_JAVA_OPTIONS", String.join(" ", jvm));
        if (options.allowLoopback()) {
            env.put("SHAPECRAWL_FETCHER_ENGINE_ALLOWED_ADDRESSES", "LOOPBACK");
            env.put("SHAPECRAWL_CONSOLE_ALLOWED_ADDRESSES", "LOOPBACK");
        }
        if (options.politenessDelayMs() != null) {
            env.put("SHAPECRAWL_FETCHER_ENGINE_POLITENESS_DELAY_MS", String.valueOf(options.politenessDelayMs()));
        }
        return runCommand(s.name(), ContainerSpec.read(settings.repo(), s.name()), env, settings.stateDir(s.name()),
                image(s.name()));
    }

    /**
     * {@code podman run} of one part: detached, named, labelled with the runtime, on the host's network, from a local
     * image only, with {@code spec}'s options and volumes under {@code volumes}.
     */
    private List<String> runCommand(String part, ContainerSpec spec, Map<String, String> env, Path volumes,
                                    String image) {
        List<String> command = new ArrayList<>(List.of("run", "--detach", "--name", containerName(part),
                "--label", LABEL + "=" + settings.dataDir(), "--network=host", "--pull=never"));
        command.addAll(spec.podmanOptions(env, volumes));
        command.add(image);
        return command;
    }

    /** Creates the host directories of {@code spec}'s persistent volumes under {@code volumes}. */
    private static void createVolumes(ContainerSpec spec, Path volumes) {
        for (String claim : spec.persistent().values()) {
            try {
                Files.createDirectories(volumes.resolve(claim));
            } catch (IOException e) {
                throw CliException.failure("cannot create " + volumes.resolve(claim) + ": " + e.getMessage());
            }
        }
    }

    /** The local image of service {@code name}: what {@code bin/images} builds and the manifests name. */
    String image(String name) {
        return "localhost/shapecrawl/shapecrawl-" + name + ":" + projectVersion();
    }

    private void startService(ServiceCatalog.Service s, Options options) {
        createVolumes(ContainerSpec.read(settings.repo(), s.name()), settings.stateDir(s.name()));
        Result r = podman(serviceCommand(s, options), false);
        if (r.code() != 0) {
            throw CliException.failure("podman could not start " + s.name() + ": " + r.out().trim());
        }
        say("starting " + s.name() + " (container " + containerName(s.name()) + ", http://" + RuntimeSettings.HOST
                + ":" + settings.httpPort(s) + ", log: podman logs " + containerName(s.name()) + ")");
    }

    private void startBroker() {
        String name = containerName(BROKER);
        if (!running(BROKER)) {
            Ports.requireFree(settings.kafkaPort(), "the broker's port", "--kafka-port");
            Ports.requireFree(settings.controllerPort(), "the broker's controller port", "--controller-port");
            remove(List.of(name));
            createVolumes(BROKER_SPEC, settings.dataDir());
            // the broker's properties, as the image reads them (deploy/containers/kafka-run)
            Map<String, String> env = new LinkedHashMap<>();
            env.put("KAFKA_DATA_DIR", BROKER_DATA);
            env.put("KAFKA_LISTENERS", "PLAINTEXT://" + settings.bootstrapServers() + ",CONTROLLER://"
                    + RuntimeSettings.HOST + ":" + settings.controllerPort());
            env.put("KAFKA_ADVERTISED_LISTENERS", "PLAINTEXT://" + settings.bootstrapServers());
            env.put("KAFKA_CONTROLLER_QUORUM_VOTERS", "1@" + RuntimeSettings.HOST + ":" + settings.controllerPort());
            long t0 = System.nanoTime();
            Result r = podman(runCommand(BROKER, BROKER_SPEC, env, settings.dataDir(), kafkaImage()), false);
            if (r.code() != 0) {
                throw CliException.failure("podman could not start the broker: " + r.out().trim());
            }
            awaitBroker(name, t0);
        } else {
            say("broker already running (container " + name + ")");
        }
        try (Cluster cluster = Cluster.connect(settings.bootstrapServers())) {
            cluster.ensureContractTopics();
        }
        say("topics of the contract ready on " + settings.bootstrapServers());
    }

    private void awaitBroker(String name, long t0) {
        long deadline = t0 + Readiness.TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!running(BROKER)) {
                throw CliException.failure("the broker's container stopped during its start:\n" + logs(name, 20));
            }
            if (logs(name, 200).contains("Kafka Server started")) {
                say(String.format(Locale.ROOT, "broker ready (container %s, %s, %.1f s after its start)", name,
                        settings.bootstrapServers(), (System.nanoTime() - t0) / 1e9));
                return;
            }
            pause(300);
        }
        throw CliException.failure("the broker did not start within " + Readiness.TIMEOUT.toSeconds()
                + " s; see podman logs " + name);
    }

    private String kafkaImage() {
        if (kafkaVersion == null) {
            kafkaVersion = pomProperty("kafka.version");
        }
        return "localhost/shapecrawl/kafka:" + kafkaVersion;
    }

    private String projectVersion() {
        if (projectVersion == null) {
            projectVersion = pomProperty(null);
        }
        return projectVersion;
    }

    /** A version of the root pom ({@code null}: the project's own), as {@code bin/podman-env} reads it. */
    private String pomProperty(String property) {
        try {
            String pom = Files.readString(settings.repo().resolve("pom.xml"), StandardCharsets.UTF_8);
            String tag = property == null ? "version" : property;
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("<" + java.util.regex.Pattern.quote(tag)
                    + ">([^<]+)</").matcher(pom);
            if (!m.find()) {
                throw CliException.failure("no <" + tag + "> in " + settings.repo().resolve("pom.xml"));
            }
            return m.group(1).trim();
        } catch (IOException e) {
            throw CliException.failure("cannot read the root pom: " + e.getMessage());
        }
    }

    /** Runs {@code bin/images}: the base once, then the broker and service images from the built jars. */
    private void images() {
        Path script = settings.repo().resolve("bin/images");
        say("building the images with podman (bin/images; the first run builds the base image from Debian: about a minute)");
        try {
            int code = new ProcessBuilder(script.toString(), "all").inheritIO().start().waitFor();
            if (code != 0) {
                throw CliException.failure("bin/images failed (exit " + code + "; see above)");
            }
        } catch (IOException e) {
            throw CliException.failure("cannot run " + script + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw CliException.failure("interrupted while building the images");
        }
    }

    private void remove(List<String> names) {
        List<String> existing = containers();
        List<String> ours = names.stream().filter(existing::contains).toList();
        if (ours.isEmpty()) {
            return;
        }
        ours.forEach(n -> say("stopping " + n));
        List<String> stop = new ArrayList<>(List.of("stop", "--time", String.valueOf(STOP_SECONDS)));
        stop.addAll(ours);
        podman(stop, false);
        List<String> rm = new ArrayList<>(List.of("rm", "--force", "--volumes"));
        rm.addAll(ours);
        Result r = podman(rm, false);
        if (r.code() != 0) {
            throw CliException.failure("podman could not remove " + ours + ": " + r.out().trim());
        }
    }

    private String logs(String name, int lines) {
        return podman(List.of("logs", "--tail", String.valueOf(lines), name), false).out();
    }

    record Result(int code, String out) {
    }

    /**
     * Runs {@code podman ARGS} with the repository's containers.conf ({@code deploy/containers/containers.conf},
     * as {@code bin/podman-env} sets it) and returns its exit code and its merged output.
     *
     * @param check throw unless it exits 0
     */
    Result podman(List<String> args, boolean check) {
        List<String> command = new ArrayList<>();
        command.add("podman");
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        if (System.getenv("CONTAINERS_CONF") == null) {
            pb.environment().put("CONTAINERS_CONF",
                    settings.repo().resolve("deploy/containers/containers.conf").toString());
        }
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(STOP_SECONDS + 60L, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw CliException.failure("podman " + String.join(" ", args) + " did not end");
            }
            if (check && p.exitValue() != 0) {
                throw CliException.failure("podman " + String.join(" ", args) + " failed: " + output.trim());
            }
            return new Result(p.exitValue(), output);
        } catch (IOException e) {
            throw CliException.failure("cannot run podman (" + e.getMessage() + "); bin/images installs it, or run: "
                    + "apt-get install -y --no-install-recommends podman runc");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw CliException.failure("interrupted during podman " + args.get(0));
        }
    }

    private static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw CliException.failure("interrupted");
        }
    }

    private void say(String line) {
        out.println("shapecrawl: " + line);
    }
}
