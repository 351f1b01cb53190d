package dev.shapecrawl.cli;

import dev.shapecrawl.testkit.site.JavadocSite;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command line's input checks and error messages, without a broker: each must be quick and clear. */
class CliArgumentsTest {

    /** What one run printed and returned. */
    record Result(int code, String out, String err, long millis) {
    }

    static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        long t0 = System.nanoTime();
        int code = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                (System.nanoTime() - t0) / 1_000_000);
    }

    /** A loopback port nothing listens on (bound, then released). */
    static int deadPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Test
    void theServicesJvmOptionsAreTheDefaultUnlessTheEnvironmentReplacesThem() {
        assertEquals(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"), LocalRuntime.javaOptions(null));
        assertEquals(List.of("-XX:+UseG1GC", "-Xlog:gc"), LocalRuntime.javaOptions("  -XX:+UseG1GC \t -Xlog:gc "));
        assertEquals(List.of(), LocalRuntime.javaOptions(" "), "set but blank: the JVM's own defaults");
    }

    @Test
    void aBadEntryUrlIsRefusedBeforeAnyNetworkUse() {
        for (String bad : List.of("foo", "ftp://127.0.0.1/", "http://", "/relative/path.html")) {
            Result r = run("crawl", "--entry", bad, "--sample", "http://127.0.0.1:1/s.html",
                    "--bootstrap-servers", "127.0.0.1:1");
            assertEquals(CliException.BAD_INPUT, r.code(), bad + ": " + r);
            assertTrue(r.err().contains("bad URL for --entry: '" + bad + "'"), r.err());
        }
    }

    @Test
    void aBadSampleUrlAJobIdAndLimitsAreRefused() {
        Result sample = run("crawl", "--entry", "http://127.0.0.1:1/", "--sample", "not a url");
        assertEquals(CliException.BAD_INPUT, sample.code());
        assertTrue(sample.err().contains("bad URL for --sample"), sample.err());
        Result job = run("crawl", "--entry", "http://127.0.0.1:1/", "--sample", "http://127.0.0.1:1/a", "--job", "a b");
        assertEquals(CliException.BAD_INPUT, job.code());
        assertTrue(job.err().contains("bad job id 'a b'"), job.err());
        Result pages = run("crawl", "--entry", "http://127.0.0.1:1/", "--sample", "http://127.0.0.1:1/a", "--max-pages", "0");
        assertEquals(CliException.BAD_INPUT, pages.code());
        assertTrue(pages.err().contains("--max-pages must be >= 1"), pages.err());
        Result threshold = run("crawl", "--entry", "http://127.0.0.1:1/", "--sample", "http://127.0.0.1:1/a",
                "--threshold", "1.5");
        assertEquals(CliException.BAD_INPUT, threshold.code());
        assertTrue(threshold.err().contains("--threshold must be within 0..1"), threshold.err());
    }

    @Test
    void missingOptionsAndUnknownCommandsAreUsageErrors() {
        Result noSample = run("crawl", "--entry", "http://127.0.0.1:1/");
        assertEquals(2, noSample.code());
        assertTrue(noSample.err().contains("Missing required option: '--sample=URL'"), noSample.err());
        Result noJob = run("targets");
        assertEquals(2, noJob.code());
        assertTrue(noJob.err().contains("--job"), noJob.err());
        assertEquals(2, run("nonsense").code());
        assertEquals(2, run("records", "--job", "x", "--format", "xml").code());
    }

    @Test
    void anUnreachableBrokerIsOneClearMessageWithinSeconds() throws IOException {
        String bootstrap = "127.0.0.1:" + deadPort();
        for (String[] args : List.of(new String[]{"jobs"}, new String[]{"targets", "--job", "x"},
                new String[]{"crawl", "--entry", "http://127.0.0.1:1/", "--sample", "http://127.0.0.1:1/a"})) {
            String[] withBootstrap = java.util.stream.Stream.concat(java.util.Arrays.stream(args),
                    java.util.stream.Stream.of("--bootstrap-servers", bootstrap)).toArray(String[]::new);
            Result r = run(withBootstrap);
            assertEquals(CliException.FAILURE, r.code(), r.toString());
            assertTrue(r.err().contains("no Kafka broker answers at " + bootstrap), r.err());
            assertTrue(r.err().contains("./shapecrawl up"), r.err());
            assertTrue(r.millis() < 10_000, "took " + r.millis() + " ms");
        }
    }

    @Test
    void aMalformedBootstrapListIsBadInput() {
        Result r = run("jobs", "--bootstrap-servers", "localhost");
        assertEquals(CliException.BAD_INPUT, r.code());
        assertTrue(r.err().contains("'localhost' is not HOST:PORT"), r.err());
        assertEquals(CliException.BAD_INPUT, run("jobs", "--bootstrap-servers", "127.0.0.1:99999").code());
    }

    @Test
    void aTakenPortIsNamedWithTheOptionThatMovesIt() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CliException e = assertThrows(CliException.class,
                    () -> Ports.requireFree(taken.getLocalPort(), "the demo site", "--site-port"));
            assertEquals(CliException.FAILURE, e.exitCode());
            assertTrue(e.getMessage().contains("port " + taken.getLocalPort() + " (the demo site)")
                    && e.getMessage().contains("already in use") && e.getMessage().contains("--site-port"), e.getMessage());
            assertFalse(Ports.free(taken.getLocalPort()));
        }
        assertEquals(CliException.BAD_INPUT, run("status", "--kafka-port", "0").code());
    }

    @Test
    void serveAndDemoCheckTheirInputFirst() {
        Result serve = run("serve", "/no/such/dir");
        assertEquals(CliException.BAD_INPUT, serve.code());
        assertTrue(serve.err().contains("not a directory: /no/such/dir"), serve.err());
        Result demo = run("demo", "--site-port", "0");
        assertEquals(CliException.BAD_INPUT, demo.code());
        assertTrue(demo.err().contains("--site-port must be a TCP port number"), demo.err());
    }

    /** Issue 22: the console beyond loopback needs a token; up says so before it starts anything. */
    @Test
    void upRefusesAConsoleBeyondLoopbackWithoutAToken() {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv("SHAPECRAWL_CONSOLE_TOKEN") == null,
                "the refusal is for an environment without a token");
        Result up = run("up", "--console-host", "0.0.0.0", "--data-dir", "/nonexistent/shapecrawl-test");
        assertEquals(CliException.BAD_INPUT, up.code(), up.toString());
        assertTrue(up.err().contains("--console-host 0.0.0.0 is beyond loopback")
                && up.err().contains("export SHAPECRAWL_CONSOLE_TOKEN="), up.err());
        assertTrue(Main.Up.loopback("127.0.0.1") && Main.Up.loopback("::1") && !Main.Up.loopback("0.0.0.0"));
    }

    @Test
    void theDemoGroundTruthIsTheTestKitsRule() {
        for (String path : List.of("org/apache/kafka/clients/admin/Admin.html", "org/apache/kafka/clients/admin/package-summary.html",
                "org/apache/kafka/clients/admin/class-use/Admin.html", "index.html", "allclasses-index.html",
                "org/jsoup/nodes/Element.html", "org/jsoup/nodes/Document.OutputSettings.html",
                "src-html/org/jsoup/Jsoup.html", "legal/LICENSE.html", "org/jsoup/doc-files/Some.html")) {
            assertEquals(JavadocSite.isTypePage(path), JavadocTruth.isTypePage(path), path);
        }
    }
}
