package dev.shapecrawl.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs the real {@code bin/kafka-local} script, as a developer would, against a real single-node KRaft broker
 * started as a separate local JVM from the jars in {@code services/runtime/target/kafka-libs} (copied there by
 * this module's build at {@code generate-resources}, before this test runs).
 *
 * <p>Each test uses its own data directory under {@code target/} and free ports on 127.0.0.1 (so it neither
 * touches {@code .shapecrawl/kafka} nor a broker a developer has running on 9092), passed to the script through
 * {@code SHAPECRAWL_DATA_DIR}, {@code SHAPECRAWL_KAFKA_PORT} and {@code SHAPECRAWL_KAFKA_CONTROLLER_PORT}.
 * {@link #lifecycle()} covers start, status, a repeated start, topic creation, producing and consuming three lines
 * through the console tools, stop, a repeated stop, and that neither the broker process nor its port is left
 * behind. {@link #startRefusesAPortInUse()} checks that {@code start} refuses, naming the port, when something else
 * listens on it.
 *
 * <p>Every process wait is bounded, and {@link #cleanUp()} stops (and if need be kills) any broker these tests
 * started, even when a test failed.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class KafkaLocalScriptTest {

    private static final Duration START = Duration.ofSeconds(120);
    private static final Duration STOP = Duration.ofSeconds(60);
    private static final Duration TOOL = Duration.ofSeconds(60);
    private static final Duration QUICK = Duration.ofSeconds(30);
    private static final Pattern PID = Pattern.compile("pid (\\d+)");

    private static final Path REPO = findRepo();
    private static final Path SCRIPT = REPO.resolve("bin/kafka-local");

    /** Data directories used, each with the environment its broker was started with: for {@link #cleanUp()}. */
    private static final Map<Path, Map<String, String>> USED = new ConcurrentHashMap<>();
    /** Broker pids seen: killed in {@link #cleanUp()} if the script's stop left them alive. */
    private static final Set<Long> PIDS = ConcurrentHashMap.newKeySet();

    @Test
    void lifecycle() throws Exception {
        Map<String, String> env = newBrokerEnv("lifecycle");
        Path dataDir = Path.of(env.get("SHAPECRAWL_DATA_DIR"));
        int port = Integer.parseInt(env.get("SHAPECRAWL_KAFKA_PORT"));

        Result start = run(env, START, null, "start");
        assertEquals(0, start.exit, () -> "start failed\n" + start + brokerLog(dataDir));
        assertTrue(start.stdout.contains("127.0.0.1:" + port), () -> "start names no bootstrap address\n" + start);

        Result status = run(env, QUICK, null, "status");
        assertEquals(0, status.exit, () -> "status after start\n" + status);
        assertTrue(status.stdout.contains("running"), status::toString);
        long pid = pidIn(status);
        PIDS.add(pid);
        assertEquals(String.valueOf(pid), Files.readString(dataDir.resolve("kafka.pid")).trim());
        assertTrue(isAlive(pid), "the broker process " + pid + " is not alive");
        assertTrue(commandLine(pid).map(c -> c.contains(dataDir.toString())).orElse(true),
                "pid " + pid + " is not the broker of " + dataDir);

        Result again = run(env, START, null, "start");
        assertEquals(0, again.exit, () -> "second start\n" + again);
        assertTrue(again.stdout.contains("already running"), again::toString);
        assertEquals(pid, pidIn(again), "a second start must not start a second broker");

        String topic = "kafka-local-test";
        Result create = run(env, TOOL, null,
                "topics", "--create", "--topic", topic, "--partitions", "1", "--replication-factor", "1");
        assertEquals(0, create.exit, () -> "topic creation\n" + create);
        Result list = run(env, TOOL, null, "topics", "--list");
        assertEquals(0, list.exit, list::toString);
        assertTrue(list.stdout.lines().anyMatch(topic::equals), () -> "topic not listed\n" + list);

        List<String> lines = List.of("first line", "second line {\"json\": true}", "third line \u00e9\u00e8");
        // LZ4, as the services produce: the broker must carry the codec (the Quarkus platform swaps its jar).
        Result produce = run(env, TOOL, String.join("\n", lines) + "\n", "produce", topic,
                "--compression-codec", "lz4");
        assertEquals(0, produce.exit, () -> "produce\n" + produce);

        Result consume = run(env, TOOL, null,
                "consume", topic, "--from-beginning", "--max-messages", "3", "--timeout-ms", "30000");
        assertEquals(0, consume.exit, () -> "consume\n" + consume);
        assertEquals(lines, consume.stdout.lines().toList(), () -> "consumed lines\n" + consume);

        Result stop = run(env, STOP, null, "stop");
        assertEquals(0, stop.exit, () -> "stop\n" + stop + brokerLog(dataDir));
        assertTrue(stop.stdout.contains("stopped"), stop::toString);

        Result stopped = run(env, QUICK, null, "status");
        assertEquals(3, stopped.exit, () -> "status after stop\n" + stopped);
        assertTrue(stopped.stdout.contains("stopped"), stopped::toString);

        Result stopAgain = run(env, STOP, null, "stop");
        assertEquals(0, stopAgain.exit, () -> "second stop\n" + stopAgain);
        assertTrue(stopAgain.stdout.contains("not running"), stopAgain::toString);

        assertFalse(Files.exists(dataDir.resolve("kafka.pid")), "the pid file is left behind");
        assertTrue(awaitGone(pid, Duration.ofSeconds(10)), "the broker process " + pid + " is still alive");
        assertEquals(List.of(), processesNaming(dataDir), "processes naming " + dataDir + " remain");
        assertTrue(portIsFree(port), "port " + port + " is still in use");
    }

    @Test
    void startRefusesAPortInUse() throws Exception {
        Map<String, String> env = newBrokerEnv("port-in-use");
        Path dataDir = Path.of(env.get("SHAPECRAWL_DATA_DIR"));
        try (ServerSocket squatter = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int port = squatter.getLocalPort();
            env.put("SHAPECRAWL_KAFKA_PORT", String.valueOf(port));
            env.put("SHAPECRAWL_KAFKA_CONTROLLER_PORT", String.valueOf(freePorts(1)[0]));

            Result start = run(env, START, null, "start");
            assertNotEquals(0, start.exit, () -> "start succeeded on a port in use\n" + start);
            assertTrue(start.stderr.contains(String.valueOf(port)), () -> "the refusal names no port\n" + start);
            assertTrue(start.stderr.contains("in use"), start::toString);

            Result status = run(env, QUICK, null, "status");
            assertEquals(3, status.exit, () -> "status after a refused start\n" + status);
            assertFalse(Files.exists(dataDir.resolve("kafka.pid")), "a refused start left a pid file");
            assertEquals(List.of(), processesNaming(dataDir), "a refused start left a process");
        }
    }

    /** Stops every broker these tests may have started, kills what stop left alive, removes the data dirs. */
    @AfterAll
    static void cleanUp() throws Exception {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<Path, Map<String, String>> used : USED.entrySet()) {
            try {
                Result stop = run(used.getValue(), STOP, null, "stop");
                if (stop.exit != 0) {
                    problems.add("stop of " + used.getKey() + " failed: " + stop);
                }
            } catch (Exception | AssertionError e) {
                problems.add("stop of " + used.getKey() + " failed: " + e);
            }
            for (long pid : processesNaming(used.getKey())) {
                PIDS.add(pid);
            }
        }
        for (long pid : PIDS) {
            ProcessHandle.of(pid).ifPresent(p -> {
                if (isAlive(pid)) {
                    problems.add("killed broker " + pid + " that stop left alive");
                    p.destroyForcibly();
                    awaitGone(pid, Duration.ofSeconds(10));
                }
            });
        }
        for (Path dir : USED.keySet()) {
            deleteRecursively(dir);
        }
        if (!problems.isEmpty()) {
            System.err.println("KafkaLocalScriptTest clean-up: " + String.join("\n", problems));
        }
    }

    // --- running the script ------------------------------------------------------------------------------------

    record Result(List<String> command, int exit, String stdout, String stderr) {
        @Override
        public String toString() {
            return "$ kafka-local " + String.join(" ", command) + "\nexit " + exit
                    + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr + "\n";
        }
    }

    /** Runs the script with the given environment and stdin, killing it (and its children) after the timeout. */
    static Result run(Map<String, String> env, Duration timeout, String stdin, String... args)
            throws IOException, InterruptedException {
        Path io = Files.createTempDirectory(REPO.resolve("services/runtime/target"), "kafka-local-io-");
        try {
            Path in = Files.writeString(io.resolve("stdin"), stdin == null ? "" : stdin, StandardCharsets.UTF_8);
            Path out = io.resolve("stdout");
            Path err = io.resolve("stderr");
            List<String> command = new ArrayList<>(List.of(SCRIPT.toString()));
            command.addAll(List.of(args));
            ProcessBuilder builder = new ProcessBuilder(command)
                    .directory(REPO.toFile())
                    .redirectInput(in.toFile())
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile());
            builder.environment().putAll(env);
            Process process = builder.start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
                fail("kafka-local " + String.join(" ", args) + " did not finish within " + timeout + "\n--- stdout\n"
                        + Files.readString(out) + "\n--- stderr\n" + Files.readString(err));
            }
            return new Result(List.of(args), process.exitValue(),
                    Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            deleteRecursively(io);
        }
    }

    /** A new data directory under target/ and two free ports; the same JDK as this test runs the script's java. */
    static Map<String, String> newBrokerEnv(String name) throws IOException {
        Path target = REPO.resolve("services/runtime/target");
        Files.createDirectories(target);
        Path dataDir = Files.createTempDirectory(target, "kafka-local-" + name + "-").toRealPath();
        int[] ports = freePorts(2);
        Map<String, String> env = new ConcurrentHashMap<>();
        env.put("SHAPECRAWL_DATA_DIR", dataDir.toString());
        env.put("SHAPECRAWL_KAFKA_PORT", String.valueOf(ports[0]));
        env.put("SHAPECRAWL_KAFKA_CONTROLLER_PORT", String.valueOf(ports[1]));
        env.put("JAVA_HOME", System.getProperty("java.home"));
        USED.put(dataDir, env);
        return env;
    }

    // --- processes and ports -----------------------------------------------------------------------------------

    static int[] freePorts(int count) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                sockets.add(socket);
                ports[i] = socket.getLocalPort();
            }
            return ports;
        } finally {
            for (ServerSocket socket : sockets) {
                socket.close();
            }
        }
    }

    static boolean portIsFree(int port) {
        try (ServerSocket socket = new ServerSocket(port, 50, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    static long pidIn(Result result) {
        Matcher matcher = PID.matcher(result.stdout);
        assertTrue(matcher.find(), () -> "no pid in\n" + result);
        return Long.parseLong(matcher.group(1));
    }

    /**
     * Whether the process exists and has not exited. {@link ProcessHandle#isAlive()} alone also counts a zombie
     * (an exited process its parent, here init, has not reaped yet), so on Linux /proc/PID/stat decides.
     */
    static boolean isAlive(long pid) {
        if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            Path stat = Path.of("/proc", String.valueOf(pid), "stat");
            try {
                String text = Files.readString(stat);
                return !text.substring(text.lastIndexOf(')') + 1).trim().startsWith("Z");
            } catch (IOException | RuntimeException e) {
                return !Files.isDirectory(Path.of("/proc")) && ProcessHandle.of(pid).isPresent();
            }
        }
        return false;
    }

    static boolean awaitGone(long pid, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (isAlive(pid)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return !isAlive(pid);
            }
        }
        return true;
    }

    static Optional<String> commandLine(long pid) {
        return ProcessHandle.of(pid).flatMap(p -> p.info().commandLine());
    }

    /** Live processes whose command line names the directory (the broker's names its server.properties there). */
    static List<Long> processesNaming(Path dir) {
        String needle = dir.toString();
        return ProcessHandle.allProcesses()
                .filter(p -> p.pid() != ProcessHandle.current().pid())
                .filter(p -> p.info().commandLine().map(c -> c.contains(needle)).orElse(false))
                .map(ProcessHandle::pid)
                .filter(KafkaLocalScriptTest::isAlive)
                .toList();
    }

    // --- files -------------------------------------------------------------------------------------------------

    static Path findRepo() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("bin/kafka-local")) && Files.isDirectory(dir.resolve("services"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no bin/kafka-local above " + Path.of("").toAbsolutePath());
    }

    static String brokerLog(Path dataDir) {
        StringBuilder text = new StringBuilder();
        for (String name : List.of("logs/kafka.out", "logs/server.log")) {
            Path file = dataDir.resolve(name);
            try {
                List<String> lines = Files.exists(file) ? Files.readAllLines(file) : List.of();
                text.append("\n--- last lines of ").append(file).append('\n')
                        .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size())));
            } catch (IOException | UncheckedIOException e) {
                text.append("\n--- ").append(file).append(": ").append(e);
            }
        }
        return text.toString();
    }

    static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    // best effort: it lives under target/
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // best effort: it lives under target/
        }
    }
}
