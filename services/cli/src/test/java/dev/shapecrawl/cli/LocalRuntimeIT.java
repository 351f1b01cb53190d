package dev.shapecrawl.cli;

import dev.shapecrawl.testkit.site.GeneratedSite;
import dev.shapecrawl.testkit.site.SiteShape;
import dev.shapecrawl.testkit.web.LoopbackPorts;
import dev.shapecrawl.testkit.web.TestWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The demo, reduced: the local runtime as {@code ./shapecrawl up --allow-loopback} starts it (the real broker and
 * the packaged services as processes, on free loopback ports, in a temporary data directory), a small generated
 * site on loopback, {@code crawl --wait}, {@code targets} and {@code pattern} through the command line, then
 * {@code down}: no process of ours left, every port free. In the same runtime, a crawl started from the console's
 * form in Chromium, and the hostile site's script payloads crawled and shown in the console, never run
 * ({@link ConsoleFormCrawl}). Also: {@code up} is safe to repeat, and a taken port
 * stops {@code up} before it starts anything.
 */
class LocalRuntimeIT {
    @TempDir
    Path data;

    /** n + 1 consecutive ports free on loopback, below the ephemeral range ({@link LoopbackPorts}). */
    static int[] freePorts(int n) throws IOException {
        int base = LoopbackPorts.freeRun(n + 1);
        int[] out = new int[n + 1];
        for (int i = 0; i <= n; i++) {
            out[i] = base + i;
        }
        return out;
    }

    /**
     * Crawls a tiny generated site through a runtime with {@code crawl --wait}, as a user would, and checks that
     * the job ends IDLE and {@code targets} lists every target page of the site and nothing else.
     *
     * @return the crawl command's output
     */
    static String crawlTinySite(String job, String bootstrap) throws Exception {
        GeneratedSite site = GeneratedSite.generate(SiteShape.tiny());
        try (TestWebServer web = site.start()) {
            CliArgumentsTest.Result crawl = CliArgumentsTest.run("crawl", "--wait", "--job", job,
                    "--bootstrap-servers", bootstrap, "--timeout-minutes", "5",
                    "--entry", web.baseUrl() + site.entry(), "--sample", web.baseUrl() + site.sampleTarget());
            assertEquals(0, crawl.code(), crawl.toString());
            assertTrue(crawl.out().contains("job " + job + " IDLE (run 1)"), crawl.out());

            CliArgumentsTest.Result targets = CliArgumentsTest.run("targets", "--job", job, "--bootstrap-servers", bootstrap);
            assertEquals(0, targets.code(), targets.toString());
            Set<String> found = targets.out().lines().map(l -> l.substring(0, l.indexOf('\t')))
                    .map(u -> u.substring(web.baseUrl().length())).collect(Collectors.toSet());
            assertEquals(Set.copyOf(site.targets()), found, "every target found, nothing else");
            return crawl.out();
        }
    }

    @Test
    void upCrawlWaitTargetsPatternDown() throws Exception {
        Path repo = Path.of(System.getProperty("shapecrawl.repo", "../.."));
        int[] kafka = freePorts(1);
        int[] http = freePorts(ServiceCatalog.ALL.size());
        RuntimeSettings settings = new RuntimeSettings(repo, data, kafka[0], kafka[1], http[0]);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(log, true, StandardCharsets.UTF_8);
        LocalRuntime runtime = new LocalRuntime(settings, out);

        // A taken port: refused before anything starts.
        try (ServerSocket taken = new ServerSocket(settings.httpPort(ServiceCatalog.ALL.get(1)), 1,
                InetAddress.getByName(RuntimeSettings.HOST))) {
            CliException e = assertThrows(CliException.class, () -> runtime.up(new ServiceRuntime.Options(true, 0)));
            assertTrue(e.getMessage().contains("already in use"), e.getMessage());
            assertFalse(Ports.answers(RuntimeSettings.HOST, kafka[0], 500), "nothing started");
        }

        List<Long> pids = new ArrayList<>();
        try {
            List<String> started = runtime.up(new ServiceRuntime.Options(true, 0));
            List<String> present = ServiceCatalog.present(repo).stream().map(ServiceCatalog.Service::name).toList();
            assertEquals(present, started);
            for (String name : present) {
                pids.add(runtime.runningPid(name).orElseThrow());
            }
            assertEquals(List.of(), runtime.up(new ServiceRuntime.Options(true, 0)), "up again starts nothing");
            assertTrue(runtime.status());

            String bootstrap = settings.bootstrapServers();
            String crawled = crawlTinySite("it-tiny", bootstrap);
            CliArgumentsTest.Result pattern = CliArgumentsTest.run("pattern", "--job", "it-tiny", "--bootstrap-servers", bootstrap);
            assertEquals(0, pattern.code(), pattern.toString());
            assertTrue(pattern.out().contains("pattern version 1") && pattern.out().contains("1. LINK"), pattern.out());
            System.out.println("LocalRuntimeIT: " + crawled.lines().reduce((a, b) -> b).orElse("") + "\n" + pattern.out());
            // the console up started: a crawl from its form, followed on the job page to the end (issue 22)
            ConsoleFormCrawl.crawlFromTheForm(settings.consoleUrl().orElseThrow(), bootstrap, data.resolve("chromium"));
            ConsoleFormCrawl.crawlTheHostileSite(settings.consoleUrl().orElseThrow(), bootstrap, data.resolve("chromium-2"));
        } finally {
            runtime.down();
        }
        for (long pid : pids) {
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "pid " + pid + " is gone");
        }
        for (int port : kafka) {
            assertTrue(Ports.free(port), "port " + port + " free");
        }
        for (ServiceCatalog.Service s : ServiceCatalog.ALL) {
            assertTrue(Ports.free(settings.httpPort(s)), s.name() + "'s port free");
        }
        assertTrue(Files.isRegularFile(settings.logFile("fetcher")), "one log per service");
        runtime.down(); // safe to repeat
    }
}
