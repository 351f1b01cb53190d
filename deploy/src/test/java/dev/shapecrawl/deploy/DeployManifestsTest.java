package dev.shapecrawl.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * deploy/kubernetes, checked offline: every overlay renders (in Java; with kubectl too where it exists, and then the
 * two renderings must agree), parses with the fabric8 and Strimzi model classes without unknown fields, and meets
 * what docs/deploy.md promises (ManifestChecks). The negative tests at the end break a manifest on purpose and
 * require the checks to notice.
 */
class DeployManifestsTest {
    static final Path REPO = Path.of(System.getProperty("shapecrawl.repo", "..")).toAbsolutePath().normalize();
    static final Path K8S = REPO.resolve("deploy/kubernetes");

    /** The services of ServiceCatalog (the CLI's one list) whose module exists: each must be deployed. */
    static List<ServiceSettings> services() throws IOException {
        String catalog = Files.readString(REPO.resolve("services/cli/src/main/java/dev/shapecrawl/cli/ServiceCatalog.java"));
        Matcher m = Pattern.compile("new Service\\(\"([a-z-]+)\"").matcher(catalog);
        List<ServiceSettings> out = new ArrayList<>();
        while (m.find()) {
            if (Files.isRegularFile(REPO.resolve("services").resolve(m.group(1)).resolve("pom.xml"))) {
                out.add(ServiceSettings.of(REPO, m.group(1)));
            }
        }
        assertTrue(out.size() >= 4, "ServiceCatalog names fewer than the four existing services: " + out);
        return out;
    }

    static void assertNoProblems(String what, List<String> problems) {
        assertTrue(problems.isEmpty(), what + ":\n  " + String.join("\n  ", problems));
    }

    @Test
    void topicsYamlIsGeneratedFromTheContract() throws IOException {
        Path file = K8S.resolve("base/kafka/topics.yaml");
        String generated = TopicManifests.render();
        if (Boolean.getBoolean("shapecrawl.deploy.write-topics")) {
            Files.writeString(file, generated);
        }
        assertEquals(generated, Files.readString(file), "base/kafka/topics.yaml differs from the events contract; "
                + "regenerate: ./mvnw -B -pl deploy -am test -Dshapecrawl.deploy.write-topics=true");
    }

    @ParameterizedTest
    @ValueSource(strings = {"base", "overlays/dev", "overlays/prod"})
    void rendersAndMeetsEveryCheck(String dir) throws IOException {
        checkAll(dir, Kustomize.render(K8S.resolve(dir)));
    }

    static void checkAll(String dir, List<ObjectNode> docs) throws IOException {
        List<ServiceSettings> services = services();
        ManifestChecks checks = new ManifestChecks(docs);
        assertNoProblems(dir + ": parsing", checks.parse());
        assertNoProblems(dir + ": topics", checks.topics(services));
        assertNoProblems(dir + ": workloads", checks.workloads(services, Images.of(REPO)));
        assertNoProblems(dir + ": autoscaling", checks.autoscalers(services));
        assertNoProblems(dir + ": network", checks.network(services));
        for (ObjectNode d : docs) {
            if (!d.path("kind").asText().equals("Namespace")) {
                assertEquals("shapecrawl", d.path("metadata").path("namespace").asText(), ManifestChecks.id(d));
            }
        }
        if (dir.endsWith("prod")) {
            assertNoProblems(dir + ": monitoring", checks.monitoring(services));
            // The consumers scale on their lag; the console reads every partition itself (no group) and does not.
            assertEquals(services.stream().filter(s -> !s.groups().isEmpty()).count(),
                    checks.of(KedaScaledObject.class).size(), "prod: one ScaledObject per service with a consumer group");
        }
        if (dir.endsWith("dev")) {
            checks.workloadsByName().values().forEach(w -> assertEquals(1,
                    w instanceof io.fabric8.kubernetes.api.model.apps.Deployment d ? d.getSpec().getReplicas()
                            : ((io.fabric8.kubernetes.api.model.apps.StatefulSet) w).getSpec().getReplicas(),
                    "dev: one replica of " + w.getMetadata().getName()));
            assertEquals(1, checks.of(io.strimzi.api.kafka.model.nodepool.KafkaNodePool.class).stream()
                    .mapToInt(p -> p.getSpec().getReplicas()).sum(), "dev: a single Kafka node");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"base", "overlays/dev", "overlays/prod"})
    void kubectlRendersTheSameWhereItExists(String dir) throws Exception {
        assumeTrue(onPath("kubectl"), "kubectl is not installed: rendered by the Java renderer only");
        Path out = Files.createTempFile("kustomize", ".yaml");
        try {
            Process p = new ProcessBuilder("kubectl", "kustomize", K8S.resolve(dir).toString())
                    .redirectOutput(out.toFile()).redirectErrorStream(false).start();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "kubectl kustomize timed out");
            String err = new String(p.getErrorStream().readAllBytes());
            assertEquals(0, p.exitValue(), "kubectl kustomize " + dir + ": " + err);
            List<ObjectNode> kubectl = Kustomize.readDocuments(out);
            Map<String, JsonNode> java = byId(Kustomize.render(K8S.resolve(dir)));
            Map<String, JsonNode> reference = byId(kubectl);
            assertEquals(reference.keySet(), java.keySet(), "kubectl kustomize and the Java renderer: other resources");
            List<String> differ = new ArrayList<>();
            reference.forEach((id, node) -> {
                if (!node.equals(java.get(id))) {
                    differ.add(id + "\n    kubectl: " + node + "\n    java:    " + java.get(id));
                }
            });
            assertNoProblems("the Java renderer and kubectl kustomize disagree on " + dir, differ);
            checkAll(dir, kubectl);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    private static Map<String, JsonNode> byId(List<ObjectNode> docs) {
        Map<String, JsonNode> out = new TreeMap<>();
        docs.forEach(d -> out.put(d.path("apiVersion").asText() + " " + ManifestChecks.id(d), d));
        assertEquals(docs.size(), out.size(), "duplicate resources");
        return out;
    }

    private static boolean onPath(String tool) {
        String path = System.getenv("PATH");
        return path != null && java.util.Arrays.stream(path.split(java.io.File.pathSeparator))
                .anyMatch(d -> Files.isExecutable(Path.of(d, tool)));
    }

    @Test
    void theImagesAreWhatTheManifestsRun() throws IOException {
        Images images = Images.of(REPO);
        assertEquals("shapecrawl", images.group());
        String user = images.user();
        assertTrue(user != null && user.matches("\\d+:\\d+") && Integer.parseInt(user.split(":")[0]) > 0,
                "Containerfile.service sets no numeric non-root USER uid:gid: " + user);
        String jvm = images.env("JAVA_TOOL_OPTIONS");
        assertTrue(jvm != null && jvm.contains("-XX:MaxRAMPercentage="), "the image's JVM is not sized for the container");
        assertEquals("/deployments", images.workingDirectory(),
                "the manifests mount the Kafka client settings at /deployments/config");
        // The manifests run as the image's user and group.
        String[] ids = user.split(":");
        for (ServiceSettings s : services()) {
            String manifest = Files.readString(K8S.resolve("base/services/" + s.name() + ".yaml"));
            assertTrue(manifest.contains("runAsUser: " + ids[0]) && manifest.contains("runAsGroup: " + ids[1]),
                    s.name() + ".yaml does not run as the image's user " + user);
        }
    }

    /** Every path and overlay docs/deploy.md names exists, and every `kubectl apply -k` points at a kustomization. */
    @Test
    void theDeployGuideMatchesTheFiles() throws IOException {
        String doc = Files.readString(REPO.resolve("docs/deploy.md"));
        Matcher paths = Pattern.compile("\\b(deploy/[A-Za-z0-9._/-]*[A-Za-z0-9_])").matcher(doc);
        int n = 0;
        while (paths.find()) {
            n++;
            assertTrue(Files.exists(REPO.resolve(paths.group(1))), "docs/deploy.md names " + paths.group(1)
                    + ", which does not exist");
        }
        assertTrue(n > 5, "docs/deploy.md names almost no files");
        Matcher apply = Pattern.compile("kubectl apply (?:--server-side )?-k (\\S+)").matcher(doc);
        int applies = 0;
        while (apply.find()) {
            applies++;
            assertTrue(Files.isRegularFile(REPO.resolve(apply.group(1)).resolve("kustomization.yaml")),
                    "docs/deploy.md applies " + apply.group(1) + ", which is no kustomization");
        }
        assertTrue(applies >= 1, "docs/deploy.md applies no overlay");
        for (String overlay : List.of("deploy/kubernetes/overlays/dev", "deploy/kubernetes/overlays/prod")) {
            assertTrue(doc.contains(overlay), "docs/deploy.md does not name " + overlay);
        }
    }

    // ---------------------------------------------------------------- the checks can fail

    static List<ObjectNode> prod() {
        return Kustomize.render(K8S.resolve("overlays/prod"));
    }

    static ObjectNode find(List<ObjectNode> docs, String kind, String name) {
        return docs.stream().filter(d -> d.path("kind").asText().equals(kind)
                && d.path("metadata").path("name").asText().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aMisspeltFieldIsReported() {
        List<ObjectNode> docs = prod();
        ObjectNode sc = (ObjectNode) find(docs, "Deployment", "shapecrawl-fetcher")
                .at("/spec/template/spec/containers/0/securityContext");
        sc.put("readOnlyRootFileSystem", true); // capital S: not a Kubernetes field
        ((ObjectNode) find(docs, "KafkaTopic", "crawl-status").get("spec")).put("partition", 3);
        List<String> problems = new ManifestChecks(docs).parse();
        assertTrue(problems.stream().anyMatch(p -> p.contains("readOnlyRootFileSystem")), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.contains("partition")), problems.toString());
    }

    @Test
    void aTopicThatDisagreesWithTheContractIsReported() throws IOException {
        List<ObjectNode> docs = prod();
        ((ObjectNode) find(docs, "KafkaTopic", "crawl-status").at("/spec/config")).put("cleanup.policy", "delete");
        ((ObjectNode) find(docs, "KafkaTopic", "pages-fetched").at("/spec/config")).put("max.message.bytes", 1048576);
        ((ObjectNode) find(docs, "KafkaTopic", "crawl-seeds").get("spec")).put("partitions", 12);
        docs.remove(find(docs, "KafkaTopic", "dead-letter-topic-target-pages"));
        List<String> problems = new ManifestChecks(docs).topics(services());
        assertTrue(problems.stream().anyMatch(p -> p.contains("crawl-status: cleanup.policy")), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.contains("pages-fetched: max.message.bytes")), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.contains("co-partitioned")), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.contains("dead-letter-topic-target-pages")), problems.toString());
    }

    @Test
    void anUnhardenedWorkloadIsReported() throws IOException {
        List<ObjectNode> docs = prod();
        ObjectNode c = (ObjectNode) find(docs, "Deployment", "shapecrawl-extractor").at("/spec/template/spec/containers/0");
        c.remove("readinessProbe");
        ((ObjectNode) c.get("securityContext")).put("readOnlyRootFilesystem", false);
        ((ObjectNode) c.at("/securityContext/capabilities")).putArray("drop").add("NET_RAW");
        ((ObjectNode) c.get("resources")).remove("limits");
        c.put("image", "shapecrawl/shapecrawl-extractor:latest");
        ((ObjectNode) find(docs, "StatefulSet", "shapecrawl-pattern")
                .at("/spec/template/spec/containers/0/securityContext")).put("runAsUser", 0);
        List<String> problems = new ManifestChecks(docs).workloads(services(), Images.of(REPO));
        for (String expected : List.of("no readiness probe", "not read-only", "capabilities are not dropped",
                "no memory limit", "image shapecrawl/shapecrawl-extractor:latest", "pattern container pattern: not forced")) {
            assertTrue(problems.stream().anyMatch(p -> p.contains(expected)), expected + " in " + problems);
        }
    }

    @Test
    void anAutoscalerBeyondThePartitionsIsReported() throws IOException {
        List<ObjectNode> docs = prod();
        ((ObjectNode) find(docs, "ScaledObject", "shapecrawl-pattern").get("spec")).put("maxReplicaCount", 7);
        ((ObjectNode) find(docs, "ScaledObject", "shapecrawl-fetcher").at("/spec/triggers/0/metadata"))
                .put("consumerGroup", "fetcher");
        List<String> problems = new ManifestChecks(docs).autoscalers(services());
        assertTrue(problems.stream().anyMatch(p -> p.contains("maxReplicaCount 7 exceeds the 6 partitions")),
                problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.contains("consumer group fetcher")), problems.toString());
    }

    @Test
    void aFetcherThatCanReachTheMetadataAddressIsReported() throws IOException {
        List<ObjectNode> docs = prod();
        ArrayNode except = (ArrayNode) find(docs, "NetworkPolicy", "shapecrawl-fetcher-internet")
                .at("/spec/egress/0/to/0/ipBlock/except");
        for (int i = except.size() - 1; i >= 0; i--) {
            if (except.get(i).asText().startsWith("169.254") || except.get(i).asText().startsWith("10.")) {
                except.remove(i);
            }
        }
        List<String> problems = new ManifestChecks(docs).network(services());
        assertTrue(problems.stream().anyMatch(p -> p.contains("does not except 169.254.169.254/32")), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.contains("does not except 10.0.0.0/8")), problems.toString());
        assertFalse(problems.stream().anyMatch(p -> p.contains("192.168")), problems.toString());
    }

    @Test
    void cidrArithmetic() {
        var all = ManifestChecks.Cidr.parse("0.0.0.0/0");
        assertTrue(all.contains(ManifestChecks.Cidr.parse("169.254.169.254/32")));
        assertTrue(ManifestChecks.Cidr.parse("169.254.0.0/16").contains(ManifestChecks.Cidr.parse("169.254.169.254/32")));
        assertFalse(ManifestChecks.Cidr.parse("172.16.0.0/12").contains(ManifestChecks.Cidr.parse("172.32.0.0/16")));
        assertFalse(all.overlaps(ManifestChecks.Cidr.parse("fd00:ec2::254/128")));
        assertTrue(ManifestChecks.Cidr.parse("fc00::/7").contains(ManifestChecks.Cidr.parse("fd00:ec2::254/128")));
    }
}
