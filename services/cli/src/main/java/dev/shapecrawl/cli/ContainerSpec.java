package dev.shapecrawl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a service's Kubernetes workload (the Deployment or StatefulSet of
 * {@code deploy/kubernetes/base/services/<service>.yaml}) asks of its
 * container, read from the manifest itself so that the container run mode ({@link ContainerRuntime}) runs the
 * services exactly as hardened as a cluster would (issue 21): the manifests are the one place these settings live.
 *
 * @param service          the service (the manifest's file name)
 * @param runAsUser        the uid (container securityContext, else the pod's)
 * @param runAsGroup       the gid (likewise)
 * @param readOnlyRoot     {@code readOnlyRootFilesystem}
 * @param dropCapabilities {@code capabilities.drop}, e.g. {@code [ALL]}
 * @param noNewPrivileges  {@code allowPrivilegeEscalation: false}
 * @param memoryBytes      {@code resources.limits.memory} in bytes (0 = no limit)
 * @param cpus             {@code resources.limits.cpu} in cores (0 = no limit)
 * @param scratch          the emptyDir volumes' mount paths, each with its {@code sizeLimit} in bytes (0 = none);
 *                         the only writable paths when the root is read-only besides {@code persistent}
 * @param persistent       a StatefulSet's volumeClaimTemplates' mount paths, each with its claim's name
 * @param env              the container's literal {@code env} values (not those from ConfigMaps or Secrets)
 */
public record ContainerSpec(String service, long runAsUser, long runAsGroup, boolean readOnlyRoot,
                            List<String> dropCapabilities, boolean noNewPrivileges, long memoryBytes, double cpus,
                            Map<String, Long> scratch, Map<String, String> persistent, Map<String, String> env) {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final List<String> WORKLOADS = List.of("Deployment", "StatefulSet");
    private static final Pattern QUANTITY = Pattern.compile("([0-9.]+)([a-zA-Z]*)");

    public ContainerSpec {
        dropCapabilities = List.copyOf(dropCapabilities);
        scratch = Map.copyOf(scratch);
        persistent = Map.copyOf(persistent);
        env = Map.copyOf(env);
    }

    /** {@code deploy/kubernetes/base/services/<service>.yaml} under the repository. */
    public static Path manifest(Path repo, String service) {
        return repo.resolve("deploy/kubernetes/base/services").resolve(service + ".yaml");
    }

    /**
     * Reads the service's workload (its first container) from its manifest.
     *
     * @throws CliException if the manifest is missing, not YAML, or holds no Deployment or StatefulSet with a
     *                      container
     */
    public static ContainerSpec read(Path repo, String service) {
        Path file = manifest(repo, service);
        JsonNode deployment = null;
        try (MappingIterator<JsonNode> docs = YAML.readerFor(JsonNode.class).readValues(Files.newBufferedReader(file))) {
            while (docs.hasNext() && deployment == null) {
                JsonNode doc = docs.next();
                if (doc != null && WORKLOADS.contains(doc.path("kind").asText())) {
                    deployment = doc;
                }
            }
        } catch (IOException | RuntimeException e) {
            throw CliException.failure("cannot read " + file + ": " + e.getMessage());
        }
        if (deployment == null) {
            throw CliException.failure(file + " holds no Deployment or StatefulSet");
        }
        JsonNode pod = deployment.path("spec").path("template").path("spec");
        JsonNode container = pod.path("containers").path(0);
        if (container.isMissingNode()) {
            throw CliException.failure(file + ": the workload has no container");
        }
        JsonNode podSecurity = pod.path("securityContext");
        JsonNode security = container.path("securityContext");
        List<String> drop = new ArrayList<>();
        security.path("capabilities").path("drop").forEach(c -> drop.add(c.asText()));
        Map<String, Long> volumeSizes = new LinkedHashMap<>();
        for (JsonNode v : pod.path("volumes")) {
            if (v.has("emptyDir")) {
                volumeSizes.put(v.path("name").asText(), quantity(v.path("emptyDir").path("sizeLimit").asText("0")));
            }
        }
        List<String> claims = new ArrayList<>();
        deployment.path("spec").path("volumeClaimTemplates").forEach(c -> claims.add(c.path("metadata").path("name").asText()));
        Map<String, Long> scratch = new LinkedHashMap<>();
        Map<String, String> persistent = new LinkedHashMap<>();
        for (JsonNode m : container.path("volumeMounts")) {
            String volume = m.path("name").asText();
            if (volumeSizes.containsKey(volume)) {
                scratch.put(m.path("mountPath").asText(), volumeSizes.get(volume));
            } else if (claims.contains(volume)) {
                persistent.put(m.path("mountPath").asText(), volume);
            }
        }
        Map<String, String> env = new LinkedHashMap<>();
        for (JsonNode e : container.path("env")) {
            if (e.has("value")) {
                env.put(e.path("name").asText(), e.path("value").asText());
            }
        }
        JsonNode limits = container.path("resources").path("limits");
        return new ContainerSpec(service,
                security.path("runAsUser").asLong(podSecurity.path("runAsUser").asLong(0)),
                security.path("runAsGroup").asLong(podSecurity.path("runAsGroup").asLong(0)),
                security.path("readOnlyRootFilesystem").asBoolean(false),
                drop,
                security.has("allowPrivilegeEscalation") && !security.path("allowPrivilegeEscalation").asBoolean(),
                quantity(limits.path("memory").asText("0")),
                cpu(limits.path("cpu").asText("0")),
                scratch, persistent, env);
    }

    /**
     * The {@code podman run} options that apply this spec: user, read-only root with tmpfs scratch paths, the
     * persistent volumes as directories of the host (handed to the container's user with podman's {@code :U}),
     * dropped capabilities, no new privileges, the memory limit without swap (as a Kubernetes limit), the CPU
     * limit, and the literal environment (a variable named in {@code override} is replaced by that value).
     *
     * @param override environment values the run sets instead of the manifest's (e.g. JVM options)
     * @param volumes  the host directory under which each persistent volume is a directory named after its claim
     * @return the options, in order
     */
    public List<String> podmanOptions(Map<String, String> override, Path volumes) {
        List<String> o = new ArrayList<>();
        o.add("--user=" + runAsUser + ":" + runAsGroup);
        if (readOnlyRoot) {
            o.add("--read-only");
            // podman's --read-only adds writable /tmp, /var/tmp and /run of its own; the manifest's are the only ones
            o.add("--read-only-tmpfs=false");
        }
        scratch.forEach((path, size) -> o.add("--tmpfs=" + path + ":rw,nosuid,nodev,mode=1777"
                + (size > 0 ? ",size=" + size : "")));
        persistent.forEach((path, claim) -> o.add("--volume=" + volumes.resolve(claim) + ":" + path + ":U"));
        dropCapabilities.forEach(c -> o.add("--cap-drop=" + c));
        if (noNewPrivileges) {
            o.add("--security-opt=no-new-privileges");
        }
        if (memoryBytes > 0) {
            o.add("--memory=" + memoryBytes);
            o.add("--memory-swap=" + memoryBytes);
        }
        if (cpus > 0) {
            o.add("--cpus=" + BigDecimal.valueOf(cpus).stripTrailingZeros().toPlainString());
        }
        Map<String, String> all = new LinkedHashMap<>(env);
        all.putAll(override);
        all.forEach((k, v) -> o.add("--env=" + k + "=" + v));
        return o;
    }

    /**
     * A Kubernetes memory quantity in bytes: {@code 1Gi}, {@code 1536Mi}, {@code 500M} (exponent forms are refused).
     *
     * @throws CliException for a quantity it cannot read
     */
    static long quantity(String q) {
        Matcher m = QUANTITY.matcher(q.trim());
        if (!m.matches()) {
            throw CliException.failure("not a Kubernetes quantity: '" + q + "'");
        }
        BigDecimal n = new BigDecimal(m.group(1));
        long unit = switch (m.group(2)) {
            case "" -> 1L;
            case "Ki" -> 1L << 10;
            case "Mi" -> 1L << 20;
            case "Gi" -> 1L << 30;
            case "Ti" -> 1L << 40;
            case "k", "K" -> 1_000L;
            case "M" -> 1_000_000L;
            case "G" -> 1_000_000_000L;
            case "T" -> 1_000_000_000_000L;
            default -> throw CliException.failure("not a Kubernetes quantity: '" + q + "'");
        };
        return n.multiply(BigDecimal.valueOf(unit)).longValueExact();
    }

    /** A Kubernetes CPU quantity in cores: {@code 2}, {@code 500m}. */
    static double cpu(String q) {
        String t = q.trim();
        return t.endsWith("m") ? Double.parseDouble(t.substring(0, t.length() - 1)) / 1000 : Double.parseDouble(t);
    }
}
