package dev.shapecrawl.cli;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The container run mode reads each service's hardening from its Kubernetes manifest (issue 21): every manifest
 * asks for it, and the podman options carry all of it. {@code ContainerRuntimeIT} checks the same inside running
 * containers.
 */
class ContainerSpecTest {
    static final Path REPO = Path.of(System.getProperty("shapecrawl.repo", "../.."));

    @Test
    void everyServiceManifestAsksForTheHardeningAndThePodmanOptionsCarryIt() {
        for (ServiceCatalog.Service s : ServiceCatalog.ALL) {
            ContainerSpec spec = ContainerSpec.read(REPO, s.name());
            assertEquals(10001, spec.runAsUser(), s.name());
            assertEquals(10001, spec.runAsGroup(), s.name());
            assertTrue(spec.readOnlyRoot(), s.name());
            assertEquals(List.of("ALL"), spec.dropCapabilities(), s.name());
            assertTrue(spec.noNewPrivileges(), s.name());
            assertTrue(spec.memoryBytes() >= 256L << 20, s.name() + ": " + spec.memoryBytes());
            assertTrue(spec.scratch().containsKey("/tmp"), s.name() + ": " + spec.scratch());

            List<String> o = spec.podmanOptions(Map.of("JDK_JAVA_OPTIONS", "-Dx=1"), Path.of("/data/state"));
            assertTrue(o.contains("--user=10001:10001"), o.toString());
            assertTrue(o.contains("--read-only") && o.contains("--read-only-tmpfs=false"), o.toString());
            assertTrue(o.contains("--cap-drop=ALL"), o.toString());
            assertTrue(o.contains("--security-opt=no-new-privileges"), o.toString());
            assertTrue(o.contains("--memory=" + spec.memoryBytes()) && o.contains("--memory-swap=" + spec.memoryBytes()), o.toString());
            assertTrue(o.stream().anyMatch(x -> x.startsWith("--tmpfs=/tmp:rw,nosuid,nodev,mode=1777,size=")), o.toString());
            assertTrue(o.contains("--env=JDK_JAVA_OPTIONS=-Dx=1"), o.toString());
        }
    }

    @Test
    void theStatefulSetsVolumeAndEnvironmentComeAlong() {
        ContainerSpec pattern = ContainerSpec.read(REPO, "pattern");
        assertEquals(2L << 30, pattern.memoryBytes());
        assertEquals(Map.of("/var/lib/shapecrawl/pattern", "state"), pattern.persistent());
        assertEquals("/var/lib/shapecrawl/pattern/state", pattern.env().get("KAFKA_STREAMS_STATE_DIR"));
        List<String> o = pattern.podmanOptions(Map.of("JAVA_TOOL_OPTIONS", "-Xmx1m"), Path.of("/data/state/pattern"));
        assertTrue(o.contains("--volume=/data/state/pattern/state:/var/lib/shapecrawl/pattern:U"), o.toString());
        assertTrue(o.contains("--env=JAVA_TOOL_OPTIONS=-Xmx1m"), "an override replaces the manifest's value: " + o);
        assertTrue(o.stream().noneMatch(x -> x.startsWith("--env=JAVA_TOOL_OPTIONS=-XX")), o.toString());
    }

    @Test
    void aManifestWithoutHardeningGivesNoneAndAMissingOneIsAClearError(@org.junit.jupiter.api.io.TempDir Path repo)
            throws Exception {
        Path dir = repo.resolve("deploy/kubernetes/base/services");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("plain.yaml"), """
                apiVersion: v1
                kind: Service
                metadata: {name: plain}
                ---
                apiVersion: apps/v1
                kind: Deployment
                spec:
                  template:
                    spec:
                      containers:
                        - name: plain
                          resources: {limits: {memory: 500M, cpu: 500m}}
                """);
        ContainerSpec plain = ContainerSpec.read(repo, "plain");
        List<String> o = plain.podmanOptions(Map.of(), repo);
        assertTrue(o.contains("--user=0:0") && !o.contains("--read-only") && o.stream().noneMatch(x -> x.startsWith("--cap-drop")), o.toString());
        assertTrue(o.contains("--memory=500000000") && o.contains("--cpus=0.5"), o.toString());
        CliException e = assertThrows(CliException.class, () -> ContainerSpec.read(repo, "absent"));
        assertTrue(e.getMessage().contains("absent.yaml"), e.getMessage());
    }

    @Test
    void quantities() {
        assertEquals(1536L << 20, ContainerSpec.quantity("1536Mi"));
        assertEquals(1L << 30, ContainerSpec.quantity("1Gi"));
        assertEquals(1_500_000_000L, ContainerSpec.quantity("1.5G"));
        assertEquals(0.5, ContainerSpec.cpu("500m"));
        assertEquals(2.0, ContainerSpec.cpu("2"));
        assertThrows(CliException.class, () -> ContainerSpec.quantity("1e9"));
        assertThrows(CliException.class, () -> ContainerSpec.quantity("lots"));
    }
}
