package dev.shapecrawl.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 21: {@code up --containers} on real podman with the images {@code bin/images} built. Every service runs in
 * a container with its manifest's hardening and reports ready; inside each container the test sees uid and gid
 * 10001, no capability, no new privileges, a read-only root with only {@code /tmp} (and a StatefulSet's volume)
 * writable, and the manifest's memory limit in the container's cgroup. The expected values are written here, not
 * read back from the manifests, so dropping a setting from a manifest or from the podman options fails the test. A
 * crawl of a generated site runs through the containers, and {@code down} leaves no container, pod or volume.
 * Needs podman and the images: {@code bin/containers-check} builds them and runs this test
 * ({@code -Dshapecrawl.containers=true}); the README's test command does not.
 */
@EnabledIfSystemProperty(named = "shapecrawl.containers", matches = "true",
        disabledReason = "needs podman and the local images: run bin/containers-check")
class ContainerRuntimeIT {
    static final long UID = 10001;
    static final String NO_CAPABILITIES = "0000000000000000";

    @TempDir
    Path data;

    @Test
    void everyServiceRunsHardenedAndReadyACrawlWorksAndDownLeavesNothing() throws Exception {
        Path repo = Path.of(System.getProperty("shapecrawl.repo", "../.."));
        int[] kafka = LocalRuntimeIT.freePorts(1);
        int[] http = LocalRuntimeIT.freePorts(ServiceCatalog.ALL.size());
        RuntimeSettings settings = new RuntimeSettings(repo, data, kafka[0], kafka[1], http[0]);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        ContainerRuntime runtime = new ContainerRuntime(settings, new PrintStream(log, true, StandardCharsets.UTF_8));
        Set<String> volumesBefore = lines(runtime, "volume", "ls", "--quiet");
        Set<String> podsBefore = lines(runtime, "pod", "ls", "--quiet");
        try {
            List<String> present = ServiceCatalog.present(repo).stream().map(ServiceCatalog.Service::name).toList();
            assertEquals(present, runtime.up(new ServiceRuntime.Options(true, 0)), log.toString(StandardCharsets.UTF_8));
            assertEquals(List.of(), runtime.up(new ServiceRuntime.Options(true, 0)), "up again starts nothing");
            assertTrue(runtime.status());

            for (ServiceCatalog.Service s : ServiceCatalog.present(repo)) {
                String name = ContainerRuntime.containerName(s.name());
                assertTrue(Readiness.ready(settings.httpPort(s)), s.name() + " ready");
                assertHardened(runtime, name);
                ContainerSpec spec = ContainerSpec.read(repo, s.name());
                assertTrue(spec.memoryBytes() > 0, s.name() + "'s manifest sets a memory limit");
                assertEquals(spec.memoryBytes(), memoryLimit(runtime, name), s.name() + "'s cgroup memory limit");
                for (String path : spec.persistent().keySet()) {
                    exec(runtime, name, 0, "touch", path + "/probe");
                }
            }
            String broker = ContainerRuntime.containerName(ContainerRuntime.BROKER);
            assertHardened(runtime, broker);
            assertEquals(ContainerRuntime.BROKER_MEMORY_BYTES, memoryLimit(runtime, broker));

            LocalRuntimeIT.crawlTinySite("containers-tiny", settings.bootstrapServers());
        } finally {
            runtime.down();
            System.out.println("ContainerRuntimeIT:\n" + log.toString(StandardCharsets.UTF_8));
        }
        assertEquals(List.of(), runtime.containers(), "no container of the runtime left");
        assertEquals(Set.of(), lines(runtime, "ps", "--all", "--quiet", "--filter", "label=" + ContainerRuntime.LABEL),
                "no container of any shapecrawl runtime left");
        assertEquals(volumesBefore, lines(runtime, "volume", "ls", "--quiet"), "no volume left");
        assertEquals(podsBefore, lines(runtime, "pod", "ls", "--quiet"), "no pod left");
        runtime.down(); // safe to repeat
    }

    /** Inside the running container: uid/gid, capabilities, no_new_privs, a read-only root, a writable /tmp. */
    static void assertHardened(ContainerRuntime runtime, String name) {
        assertEquals(String.valueOf(UID), exec(runtime, name, 0, "id", "-u").trim(), name + " uid");
        assertEquals(String.valueOf(UID), exec(runtime, name, 0, "id", "-g").trim(), name + " gid");
        String status = exec(runtime, name, 0, "cat", "/proc/1/status");
        for (String field : List.of("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb")) {
            assertTrue(status.contains(field + ":\t" + NO_CAPABILITIES), name + " " + field + ":\n" + status);
        }
        assertTrue(status.contains("NoNewPrivs:\t1"), name + " no_new_privs:\n" + status);
        String denied = exec(runtime, name, 1, "touch", "/deployments/probe");
        assertTrue(denied.contains("Read-only file system"), name + ": " + denied);
        assertTrue(exec(runtime, name, 1, "touch", "/var/tmp/probe").contains("Read-only file system"),
                name + ": podman's own writable /var/tmp is off");
        exec(runtime, name, 0, "touch", "/tmp/probe");
        assertEquals("true", runtime.podman(List.of("container", "inspect", "--format",
                "{{.HostConfig.ReadonlyRootfs}}", name), true).out().trim(), name);
    }

    /** The container's cgroup memory limit in bytes (cgroup v1 or v2). */
    static long memoryLimit(ContainerRuntime runtime, String name) {
        String v = exec(runtime, name, 0, "sh", "-c",
                "cat /sys/fs/cgroup/memory.max 2>/dev/null || cat /sys/fs/cgroup/memory/memory.limit_in_bytes").trim();
        assertNotEquals("max", v, name + " has no memory limit");
        return Long.parseLong(v);
    }

    static String exec(ContainerRuntime runtime, String name, int expectedCode, String... command) {
        List<String> args = new java.util.ArrayList<>(List.of("exec", name));
        args.addAll(List.of(command));
        ContainerRuntime.Result r = runtime.podman(args, false);
        assertEquals(expectedCode, r.code(), name + ": " + String.join(" ", command) + " -> " + r.out());
        return r.out();
    }

    static Set<String> lines(ContainerRuntime runtime, String... args) {
        return runtime.podman(List.of(args), true).out().lines().map(String::trim).filter(l -> !l.isEmpty())
                .collect(Collectors.toSet());
    }
}
