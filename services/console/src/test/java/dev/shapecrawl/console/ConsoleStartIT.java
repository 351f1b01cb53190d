package dev.shapecrawl.console;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged console, started as a user starts it, bound beyond loopback without an access token: it stops during
 * its start with the reason and how to set a token (issue 22). Nothing is bound: the check runs before the HTTP
 * server accepts requests, and the address is a port no one listens on.
 */
class ConsoleStartIT {
    @Test
    void bindingBeyondLoopbackWithoutATokenFailsToStartWithTheReason() throws Exception {
        Path jar = Path.of("target/quarkus-app/quarkus-run.jar");
        assertTrue(Files.isRegularFile(jar), jar + " is packaged before the integration tests");
        Path log = Files.createTempFile("console-start", ".log");
        ProcessBuilder pb = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dquarkus.http.host=0.0.0.0", "-Dquarkus.http.port=0", "-Dkafka.bootstrap.servers=127.0.0.1:1",
                "-jar", jar.toString())).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().remove("SHAPECRAWL_CONSOLE_TOKEN");
        Process p = pb.start();
        try {
            assertTrue(p.waitFor(90, TimeUnit.SECONDS), "the console did not stop: " + tail(log));
            assertNotEquals(0, p.exitValue(), tail(log));
            String out = Files.readString(log, StandardCharsets.UTF_8);
            assertTrue(out.contains("beyond loopback, without an access token") && out.contains("SHAPECRAWL_CONSOLE_TOKEN"),
                    tail(log));
        } finally {
            p.destroyForcibly();
            Files.deleteIfExists(log);
        }
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    }
}
