package dev.shapecrawl.deploy;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shapecrawl.events.TopicContract;
import dev.shapecrawl.events.Topics;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.networking.v1.IPBlock;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyEgressRule;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRule;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeer;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.openshift.api.model.monitoring.v1.ServiceMonitor;
import io.strimzi.api.kafka.model.kafka.Kafka;
import io.strimzi.api.kafka.model.nodepool.KafkaNodePool;
import io.strimzi.api.kafka.model.nodepool.ProcessRoles;
import io.strimzi.api.kafka.model.topic.KafkaTopic;

import java.lang.reflect.Method;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The checks on one rendered set of manifests (an overlay, or the base). Each method returns the problems it found,
 * one sentence each, so a test can show them all at once and the negative tests can assert that a broken manifest
 * is reported. The expectations come from the code: the events contract ({@link Topics}), each service's
 * application.properties ({@link ServiceSettings}) and the images bin/images builds ({@link Images}).
 */
final class ManifestChecks {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper STRICT = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** Typed model class of every kind the manifests may contain; anything else is a problem. */
    private static final Map<String, Class<?>> MODEL = Map.ofEntries(
            Map.entry("v1/Namespace", Namespace.class),
            Map.entry("v1/ConfigMap", ConfigMap.class),
            Map.entry("v1/Service", Service.class),
            Map.entry("apps/v1/Deployment", Deployment.class),
            Map.entry("apps/v1/StatefulSet", StatefulSet.class),
            Map.entry("policy/v1/PodDisruptionBudget", PodDisruptionBudget.class),
            Map.entry("networking.k8s.io/v1/NetworkPolicy", NetworkPolicy.class),
            Map.entry("autoscaling/v2/HorizontalPodAutoscaler", HorizontalPodAutoscaler.class),
            Map.entry("monitoring.coreos.com/v1/ServiceMonitor", ServiceMonitor.class),
            Map.entry("kafka.strimzi.io/v1beta2/Kafka", Kafka.class),
            Map.entry("kafka.strimzi.io/v1beta2/KafkaNodePool", KafkaNodePool.class),
            Map.entry("kafka.strimzi.io/v1beta2/KafkaTopic", KafkaTopic.class),
            Map.entry("keda.sh/v1alpha1/ScaledObject", KedaScaledObject.class));

    /** Addresses the fetcher must never reach: cluster-internal ranges and the cloud metadata endpoint. */
    static final List<String> FORBIDDEN_FETCHER_RANGES = List.of(
            "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.169.254/32", "127.0.0.0/8", "fd00:ec2::254/128");

    static final String SETTINGS = "shapecrawl-settings";
    static final String KAFKA_CLIENT_SECRET = "shapecrawl-kafka-client";

    private final List<ObjectNode> docs;
    private final Map<ObjectNode, Object> typed = new IdentityHashMap<>();

    ManifestChecks(List<ObjectNode> docs) {
        this.docs = docs;
    }

    // ---------------------------------------------------------------- parsing

    /** Every document parses with its model class, with no field the model does not know. */
    List<String> parse() {
        List<String> problems = new ArrayList<>();
        for (ObjectNode d : docs) {
            String id = id(d);
            Class<?> type = MODEL.get(d.path("apiVersion").asText() + "/" + d.path("kind").asText());
            if (type == null) {
                problems.add(id + ": no model class for " + d.path("apiVersion").asText() + " "
                        + d.path("kind").asText());
                continue;
            }
            try {
                Object o = (type == KedaScaledObject.class ? STRICT : JSON).treeToValue(d, type);
                typed.put(d, o);
                unknownFields(o, id, problems, new IdentityHashMap<>());
            } catch (Exception e) {
                problems.add(id + ": does not parse as " + type.getSimpleName() + ": " + e.getMessage());
            }
        }
        return problems;
    }

    /** fabric8 and Strimzi keep fields they do not know in additionalProperties: any there is a typo or a wrong level. */
    private static void unknownFields(Object o, String path, List<String> problems, Map<Object, Boolean> seen) {
        if (o == null || seen.put(o, Boolean.TRUE) != null) {
            return;
        }
        if (o instanceof Map<?, ?> m) {
            m.forEach((k, v) -> unknownFields(v, path + "." + k, problems, seen));
            return;
        }
        if (o instanceof Collection<?> c) {
            int i = 0;
            for (Object e : c) {
                unknownFields(e, path + "[" + i++ + "]", problems, seen);
            }
            return;
        }
        String pkg = o.getClass().getPackageName();
        if (!pkg.startsWith("io.fabric8") && !pkg.startsWith("io.strimzi") && !pkg.startsWith("dev.shapecrawl")) {
            return;
        }
        for (Method m : o.getClass().getMethods()) {
            if (m.getParameterCount() != 0 || m.getDeclaringClass() == Object.class || !m.getName().startsWith("get")
                    && !(m.getDeclaringClass().isRecord())) {
                continue;
            }
            try {
                Object value = m.invoke(o);
                if (m.getName().equals("getAdditionalProperties")) {
                    if (value instanceof Map<?, ?> extra && !extra.isEmpty()) {
                        problems.add(path + ": unknown field(s) " + extra.keySet());
                    }
                } else if (!(value instanceof Quantity)) {
                    unknownFields(value, path + "." + m.getName().replaceFirst("^get", ""), problems, seen);
                }
            } catch (ReflectiveOperationException | RuntimeException e) {
                // a computed getter that cannot answer for this object: not a field
            }
        }
    }

    // ---------------------------------------------------------------- topics

    /** Every topic of the contract and its dead-letter topic is a KafkaTopic with the contract's policy and size. */
    List<String> topics(List<ServiceSettings> services) {
        List<String> problems = new ArrayList<>();
        Map<String, KafkaTopic> topics = topicsByName();
        Set<String> clusters = Set.copyOf(of(Kafka.class).stream().map(k -> k.getMetadata().getName()).toList());
        if (clusters.size() != 1) {
            problems.add("expected one Strimzi Kafka, found " + clusters);
        }
        int brokers = of(KafkaNodePool.class).stream()
                .filter(p -> p.getSpec().getRoles().contains(ProcessRoles.BROKER))
                .mapToInt(p -> p.getSpec().getReplicas()).sum();
        if (of(KafkaNodePool.class).stream().noneMatch(p -> p.getSpec().getRoles().contains(ProcessRoles.CONTROLLER))) {
            problems.add("no KafkaNodePool with the controller role: KRaft needs one");
        }
        for (Kafka k : of(Kafka.class)) {
            var annotations = k.getMetadata().getAnnotations();
            if (annotations == null || !"enabled".equals(annotations.get("strimzi.io/kraft"))
                    || !"enabled".equals(annotations.get("strimzi.io/node-pools"))) {
                problems.add("Kafka " + k.getMetadata().getName() + " is not annotated for KRaft with node pools");
            }
            Object minIsr = k.getSpec().getKafka().getConfig().get("min.insync.replicas");
            if (minIsr != null && Integer.parseInt(minIsr.toString()) > brokers) {
                problems.add("min.insync.replicas " + minIsr + " exceeds the " + brokers + " broker(s)");
            }
        }
        List<String> expected = new ArrayList<>();
        for (TopicContract t : Topics.all()) {
            expected.add(t.name());
            expected.add(t.deadLetterTopic());
            for (String name : List.of(t.name(), t.deadLetterTopic())) {
                KafkaTopic kt = topics.get(name);
                if (kt == null) {
                    problems.add("no KafkaTopic for topic " + name + " of the contract");
                    continue;
                }
                Map<String, Object> config = kt.getSpec().getConfig() == null ? Map.of() : kt.getSpec().getConfig();
                String policy = name.equals(t.name()) ? t.cleanupPolicy() : "delete";
                if (!policy.equals(String.valueOf(config.get("cleanup.policy")))) {
                    problems.add("KafkaTopic " + name + ": cleanup.policy " + config.get("cleanup.policy")
                            + ", the contract says " + policy);
                }
                int maxBytes = name.equals(t.name()) ? t.maxMessageBytes() : t.deadLetterMaxMessageBytes();
                if (!String.valueOf(maxBytes).equals(String.valueOf(config.get("max.message.bytes")))) {
                    problems.add("KafkaTopic " + name + ": max.message.bytes " + config.get("max.message.bytes")
                            + ", the contract says " + maxBytes);
                }
                if (kt.getSpec().getPartitions() == null || kt.getSpec().getPartitions() < 1) {
                    problems.add("KafkaTopic " + name + ": no partitions");
                }
                if (kt.getSpec().getReplicas() == null || kt.getSpec().getReplicas() > brokers) {
                    problems.add("KafkaTopic " + name + ": replicas " + kt.getSpec().getReplicas() + " for "
                            + brokers + " broker(s)");
                }
                String cluster = kt.getMetadata().getLabels() == null ? null
                        : kt.getMetadata().getLabels().get("strimzi.io/cluster");
                if (!clusters.contains(cluster)) {
                    problems.add("KafkaTopic " + name + ": strimzi.io/cluster " + cluster + " is not the Kafka cluster");
                }
            }
        }
        for (String name : topics.keySet()) {
            if (!expected.contains(name)) {
                problems.add("KafkaTopic " + name + " is not a topic of the contract");
            }
        }
        for (ServiceSettings s : services) {
            for (String topic : union(s.inputs(), s.outputs())) {
                if (!topics.containsKey(topic)) {
                    problems.add("service " + s.name() + " uses topic " + topic + ", which has no KafkaTopic");
                }
            }
            if (s.groups().size() == 1 && s.name().equals("pattern")) {
                // Kafka Streams: the sources are co-partitioned by job id, so they need equal partition counts.
                Set<Integer> counts = new java.util.HashSet<>();
                s.inputs().forEach(t -> {
                    if (topics.containsKey(t)) {
                        counts.add(topics.get(t).getSpec().getPartitions());
                    }
                });
                if (counts.size() > 1) {
                    problems.add("the pattern service's inputs " + s.inputs()
                            + " are co-partitioned but have different partition counts " + counts);
                }
            }
        }
        return problems;
    }

    Map<String, KafkaTopic> topicsByName() {
        Map<String, KafkaTopic> topics = new LinkedHashMap<>();
        for (KafkaTopic t : of(KafkaTopic.class)) {
            String name = t.getSpec().getTopicName() != null ? t.getSpec().getTopicName() : t.getMetadata().getName();
            topics.put(name, t);
        }
        return topics;
    }

    // ---------------------------------------------------------------- workloads

    /** One hardened workload per service, with the image bin/images builds. */
    List<String> workloads(List<ServiceSettings> services, Images images) {
        List<String> problems = new ArrayList<>();
        Map<String, HasMetadata> workloads = workloadsByName();
        for (ServiceSettings s : services) {
            String name = "shapecrawl-" + s.name();
            HasMetadata w = workloads.get(name);
            if (w == null) {
                problems.add("service " + s.name() + " has no Deployment or StatefulSet " + name);
                continue;
            }
            PodTemplateSpec template = template(w);
            PodSpec pod = template.getSpec();
            String id = w.getKind() + " " + name;
            if (s.name().equals("pattern")) {
                if (!(w instanceof StatefulSet ss) || ss.getSpec().getVolumeClaimTemplates() == null
                        || ss.getSpec().getVolumeClaimTemplates().isEmpty()) {
                    problems.add(id + ": the pattern service needs a StatefulSet with a volume for its state stores");
                } else {
                    String stateDir = env(pod.getContainers().get(0), "KAFKA_STREAMS_STATE_DIR");
                    String claim = ss.getSpec().getVolumeClaimTemplates().get(0).getMetadata().getName();
                    boolean onVolume = stateDir != null && pod.getContainers().get(0).getVolumeMounts().stream()
                            .anyMatch(m -> m.getName().equals(claim) && stateDir.startsWith(m.getMountPath() + "/"));
                    if (!onVolume) {
                        problems.add(id + ": KAFKA_STREAMS_STATE_DIR (" + stateDir + ") is not on the volume " + claim);
                    }
                }
            }
            if (!Boolean.FALSE.equals(pod.getAutomountServiceAccountToken())) {
                problems.add(id + ": automountServiceAccountToken is not false");
            }
            var podSc = pod.getSecurityContext();
            for (Container c : pod.getContainers()) {
                String cid = id + " container " + c.getName();
                String expectedImage = images.expected(s.name());
                if (!Objects.equals(expectedImage, c.getImage())) {
                    problems.add(cid + ": image " + c.getImage() + ", bin/images builds " + expectedImage);
                }
                var sc = c.getSecurityContext();
                boolean nonRoot = sc != null && Boolean.TRUE.equals(sc.getRunAsNonRoot())
                        || podSc != null && Boolean.TRUE.equals(podSc.getRunAsNonRoot());
                Long uid = sc != null && sc.getRunAsUser() != null ? sc.getRunAsUser()
                        : podSc != null ? podSc.getRunAsUser() : null;
                if (!nonRoot || uid != null && uid == 0) {
                    problems.add(cid + ": not forced to run as non-root");
                }
                String seccomp = sc != null && sc.getSeccompProfile() != null ? sc.getSeccompProfile().getType()
                        : podSc != null && podSc.getSeccompProfile() != null ? podSc.getSeccompProfile().getType() : null;
                if (!"RuntimeDefault".equals(seccomp)) {
                    problems.add(cid + ": seccomp profile " + seccomp + ", expected RuntimeDefault");
                }
                if (sc == null || !Boolean.TRUE.equals(sc.getReadOnlyRootFilesystem())) {
                    problems.add(cid + ": root filesystem is not read-only");
                }
                if (sc == null || !Boolean.FALSE.equals(sc.getAllowPrivilegeEscalation())) {
                    problems.add(cid + ": allowPrivilegeEscalation is not false");
                }
                if (sc == null || sc.getCapabilities() == null || sc.getCapabilities().getDrop() == null
                        || !sc.getCapabilities().getDrop().contains("ALL")
                        || sc.getCapabilities().getAdd() != null && !sc.getCapabilities().getAdd().isEmpty()) {
                    problems.add(cid + ": capabilities are not dropped (drop: [ALL], nothing added)");
                }
                probe(problems, cid, "startup", c.getStartupProbe(), "/q/health/started", c);
                probe(problems, cid, "liveness", c.getLivenessProbe(), "/q/health/live", c);
                probe(problems, cid, "readiness", c.getReadinessProbe(), "/q/health/ready", c);
                var res = c.getResources();
                if (res == null || res.getRequests() == null || !res.getRequests().containsKey("cpu")
                        || !res.getRequests().containsKey("memory")) {
                    problems.add(cid + ": no cpu and memory requests");
                }
                if (res == null || res.getLimits() == null || !res.getLimits().containsKey("memory")) {
                    problems.add(cid + ": no memory limit (the JVM sizes its heap from it)");
                }
                String tmpVolume = c.getVolumeMounts() == null ? null : c.getVolumeMounts().stream()
                        .filter(m -> m.getMountPath().equals("/tmp")).map(m -> m.getName()).findFirst().orElse(null);
                Volume tmp = volume(pod, tmpVolume);
                if (tmp == null || tmp.getEmptyDir() == null) {
                    problems.add(cid + ": /tmp is not an emptyDir (the root filesystem is read-only)");
                }
                boolean settings = c.getEnvFrom() != null && c.getEnvFrom().stream()
                        .anyMatch(e -> e.getConfigMapRef() != null && SETTINGS.equals(e.getConfigMapRef().getName()));
                if (!settings || of(ConfigMap.class).stream().noneMatch(m -> m.getMetadata().getName().equals(SETTINGS))) {
                    problems.add(cid + ": does not read the ConfigMap " + SETTINGS);
                }
                boolean secret = c.getVolumeMounts() != null && c.getVolumeMounts().stream().anyMatch(m -> {
                    Volume v = volume(pod, m.getName());
                    return m.getMountPath().equals("/deployments/config") && v != null && v.getSecret() != null
                            && KAFKA_CLIENT_SECRET.equals(v.getSecret().getSecretName());
                });
                if (!secret) {
                    problems.add(cid + ": the Kafka client Secret " + KAFKA_CLIENT_SECRET
                            + " is not mounted at /deployments/config");
                }
            }
            Map<String, String> labels = template.getMetadata().getLabels();
            boolean pdb = of(PodDisruptionBudget.class).stream()
                    .anyMatch(p -> selects(p.getSpec().getSelector(), labels));
            if (!pdb) {
                problems.add(id + ": no PodDisruptionBudget selects its pods");
            }
        }
        return problems;
    }

    private static void probe(List<String> problems, String cid, String kind, Probe p, String path, Container c) {
        if (p == null || p.getHttpGet() == null || !path.equals(p.getHttpGet().getPath())) {
            problems.add(cid + ": no " + kind + " probe on " + path);
            return;
        }
        var port = p.getHttpGet().getPort();
        boolean known = c.getPorts() != null && c.getPorts().stream().anyMatch(cp ->
                port.getStrVal() != null ? port.getStrVal().equals(cp.getName())
                        : Objects.equals(port.getIntVal(), cp.getContainerPort()));
        if (!known) {
            problems.add(cid + ": the " + kind + " probe's port " + port + " is not a port of the container");
        }
    }

    // ---------------------------------------------------------------- autoscaling

    /** Autoscalers target a service's workload, its consumer group and inputs, and stay within the partitions. */
    List<String> autoscalers(List<ServiceSettings> services) {
        List<String> problems = new ArrayList<>();
        Map<String, KafkaTopic> topics = topicsByName();
        Map<String, HasMetadata> workloads = workloadsByName();
        Map<String, ServiceSettings> byWorkload = new LinkedHashMap<>();
        services.forEach(s -> byWorkload.put("shapecrawl-" + s.name(), s));
        List<String> scaled = new ArrayList<>();
        for (KedaScaledObject so : of(KedaScaledObject.class)) {
            String id = "ScaledObject " + so.metadata().getName();
            var ref = so.spec().scaleTargetRef();
            HasMetadata w = workloads.get(ref.name());
            ServiceSettings s = byWorkload.get(ref.name());
            if (w == null || s == null || !w.getKind().equals(ref.effectiveKind())) {
                problems.add(id + ": target " + ref.effectiveKind() + " " + ref.name() + " is not a service's workload");
                continue;
            }
            scaled.add(ref.name());
            if (so.spec().maxReplicaCount() == null) {
                problems.add(id + ": no maxReplicaCount");
                continue;
            }
            if (so.spec().triggers() == null || so.spec().triggers().isEmpty()) {
                problems.add(id + ": no trigger");
            }
            for (var t : so.spec().triggers() == null ? List.<KedaScaledObject.Trigger>of() : so.spec().triggers()) {
                if (!"kafka".equals(t.type())) {
                    problems.add(id + ": trigger " + t.type() + " is not a consumer-lag trigger");
                    continue;
                }
                for (String key : t.metadata().keySet()) {
                    if (!KedaScaledObject.KAFKA_METADATA.contains(key)) {
                        problems.add(id + ": unknown kafka trigger field " + key);
                    }
                }
                String group = t.metadata().get("consumerGroup");
                String topic = t.metadata().get("topic");
                if (!s.groups().contains(group)) {
                    problems.add(id + ": consumer group " + group + " is not " + s.name() + "'s " + s.groups());
                }
                if (!s.inputs().contains(topic)) {
                    problems.add(id + ": topic " + topic + " is not an input of " + s.name() + " " + s.inputs());
                }
                KafkaTopic kt = topics.get(topic);
                if (kt == null) {
                    problems.add(id + ": topic " + topic + " has no KafkaTopic");
                } else if (so.spec().maxReplicaCount() > kt.getSpec().getPartitions()) {
                    problems.add(id + ": maxReplicaCount " + so.spec().maxReplicaCount() + " exceeds the "
                            + kt.getSpec().getPartitions() + " partitions of " + topic);
                }
                String env = t.metadata().get("bootstrapServersFromEnv");
                if (env != null && !settingsKeys().contains(env)) {
                    problems.add(id + ": bootstrapServersFromEnv " + env + " is not set by ConfigMap " + SETTINGS);
                }
            }
            Integer min = so.spec().minReplicaCount();
            if (min != null && min > so.spec().maxReplicaCount()) {
                problems.add(id + ": minReplicaCount above maxReplicaCount");
            }
        }
        for (HorizontalPodAutoscaler h : of(HorizontalPodAutoscaler.class)) {
            String id = "HorizontalPodAutoscaler " + h.getMetadata().getName();
            var ref = h.getSpec().getScaleTargetRef();
            ServiceSettings s = byWorkload.get(ref.getName());
            HasMetadata w = workloads.get(ref.getName());
            if (s == null || w == null || !w.getKind().equals(ref.getKind())) {
                problems.add(id + ": target " + ref.getKind() + " " + ref.getName() + " is not a service's workload");
                continue;
            }
            if (scaled.contains(ref.getName())) {
                problems.add(id + ": " + ref.getName() + " also has a ScaledObject; two autoscalers would fight");
            }
            int partitions = s.inputs().stream().filter(topics::containsKey)
                    .mapToInt(t -> topics.get(t).getSpec().getPartitions()).max().orElse(0);
            if (h.getSpec().getMaxReplicas() > partitions) {
                problems.add(id + ": maxReplicas " + h.getSpec().getMaxReplicas() + " exceeds the " + partitions
                        + " partitions of " + s.name() + "'s inputs");
            }
        }
        return problems;
    }

    private Set<String> settingsKeys() {
        return of(ConfigMap.class).stream().filter(m -> m.getMetadata().getName().equals(SETTINGS))
                .flatMap(m -> m.getData().keySet().stream()).collect(java.util.stream.Collectors.toSet());
    }

    // ---------------------------------------------------------------- network

    /**
     * Default deny for every shapecrawl pod; ingress from the monitoring namespace only; egress to Kafka and DNS,
     * and for the fetcher alone the internet minus the cluster-internal ranges and the metadata address.
     */
    List<String> network(List<ServiceSettings> services) {
        List<String> problems = new ArrayList<>();
        Map<String, HasMetadata> workloads = workloadsByName();
        for (ServiceSettings s : services) {
            HasMetadata w = workloads.get("shapecrawl-" + s.name());
            if (w == null) {
                continue;
            }
            Map<String, String> labels = template(w).getMetadata().getLabels();
            List<NetworkPolicy> policies = of(NetworkPolicy.class).stream()
                    .filter(p -> selects(p.getSpec().getPodSelector(), labels)).toList();
            String id = "pods of " + w.getMetadata().getName();
            boolean denyIn = policies.stream().anyMatch(p -> p.getSpec().getPolicyTypes().contains("Ingress"));
            boolean denyOut = policies.stream().anyMatch(p -> p.getSpec().getPolicyTypes().contains("Egress"));
            if (!denyIn || !denyOut) {
                problems.add(id + ": not isolated by a NetworkPolicy in both directions");
            }
            for (NetworkPolicy p : policies) {
                for (NetworkPolicyIngressRule r : nonNull(p.getSpec().getIngress())) {
                    if (r.getFrom() == null || r.getFrom().isEmpty()) {
                        problems.add(p.getMetadata().getName() + ": lets anyone reach " + id);
                    }
                    for (NetworkPolicyPeer peer : nonNull(r.getFrom())) {
                        if (!namespace(peer, "monitoring")) {
                            problems.add(p.getMetadata().getName() + ": lets " + peer + " reach " + id
                                    + "; only monitoring may");
                        }
                    }
                }
                for (NetworkPolicyEgressRule r : nonNull(p.getSpec().getEgress())) {
                    if (r.getTo() == null || r.getTo().isEmpty()) {
                        problems.add(p.getMetadata().getName() + ": lets " + id + " reach any address");
                        continue;
                    }
                    for (NetworkPolicyPeer peer : r.getTo()) {
                        if (peer.getIpBlock() == null) {
                            boolean kafka = peer.getPodSelector() != null && peer.getNamespaceSelector() == null
                                    && peer.getPodSelector().getMatchLabels() != null
                                    && peer.getPodSelector().getMatchLabels().containsKey("strimzi.io/cluster");
                            boolean dns = namespace(peer, "kube-system") && peer.getPodSelector() != null;
                            if (!kafka && !dns) {
                                problems.add(p.getMetadata().getName() + ": lets " + id + " reach " + peer);
                            }
                        } else if (!s.name().equals("fetcher")) {
                            problems.add(p.getMetadata().getName() + ": lets " + id + " reach addresses "
                                    + peer.getIpBlock().getCidr() + "; only the fetcher goes outside");
                        } else {
                            problems.addAll(fetcherBlock(p.getMetadata().getName(), peer.getIpBlock()));
                        }
                    }
                }
            }
            if (s.name().equals("fetcher")) {
                boolean internet = policies.stream().flatMap(p -> nonNull(p.getSpec().getEgress()).stream())
                        .flatMap(r -> nonNull(r.getTo()).stream())
                        .anyMatch(peer -> peer.getIpBlock() != null && peer.getIpBlock().getCidr().equals("0.0.0.0/0"));
                if (!internet) {
                    problems.add(id + ": the fetcher cannot reach the internet (no 0.0.0.0/0 egress)");
                }
            }
        }
        return problems;
    }

    /** Every forbidden range the block's CIDR includes must be inside one of its exceptions. */
    static List<String> fetcherBlock(String policy, IPBlock block) {
        List<String> problems = new ArrayList<>();
        for (String forbidden : FORBIDDEN_FETCHER_RANGES) {
            if (!Cidr.parse(block.getCidr()).overlaps(Cidr.parse(forbidden))) {
                continue;
            }
            boolean excepted = nonNull(block.getExcept()).stream()
                    .anyMatch(e -> Cidr.parse(e).contains(Cidr.parse(forbidden)));
            if (!excepted) {
                problems.add(policy + ": the fetcher's egress " + block.getCidr() + " does not except " + forbidden);
            }
        }
        return problems;
    }

    // ---------------------------------------------------------------- monitoring

    /** Where ServiceMonitors are deployed, each service's pods are scraped at /q/metrics on their http port. */
    List<String> monitoring(List<ServiceSettings> services) {
        List<String> problems = new ArrayList<>();
        Map<String, HasMetadata> workloads = workloadsByName();
        for (ServiceSettings s : services) {
            HasMetadata w = workloads.get("shapecrawl-" + s.name());
            if (w == null) {
                continue;
            }
            Map<String, String> labels = template(w).getMetadata().getLabels();
            List<Service> svcs = of(Service.class).stream()
                    .filter(v -> v.getSpec().getSelector() != null && labels.entrySet().containsAll(
                            v.getSpec().getSelector().entrySet())).toList();
            boolean scraped = of(ServiceMonitor.class).stream().anyMatch(m -> svcs.stream().anyMatch(v ->
                    selects(m.getSpec().getSelector(), v.getMetadata().getLabels())
                            && m.getSpec().getEndpoints().stream().anyMatch(e -> "/q/metrics".equals(e.getPath())
                            && v.getSpec().getPorts().stream().anyMatch(port -> port.getName().equals(e.getPort())))));
            if (!scraped) {
                problems.add("no ServiceMonitor scrapes /q/metrics of " + w.getMetadata().getName());
            }
        }
        return problems;
    }

    // ---------------------------------------------------------------- helpers

    <T> List<T> of(Class<T> type) {
        if (typed.isEmpty() && !docs.isEmpty()) {
            parse();
        }
        return typed.values().stream().filter(type::isInstance).map(type::cast).toList();
    }

    Map<String, HasMetadata> workloadsByName() {
        Map<String, HasMetadata> out = new LinkedHashMap<>();
        of(Deployment.class).forEach(d -> out.put(d.getMetadata().getName(), d));
        of(StatefulSet.class).forEach(d -> out.put(d.getMetadata().getName(), d));
        return out;
    }

    static PodTemplateSpec template(HasMetadata w) {
        return w instanceof Deployment d ? d.getSpec().getTemplate() : ((StatefulSet) w).getSpec().getTemplate();
    }

    private static String env(Container c, String name) {
        return nonNull(c.getEnv()).stream().filter(e -> e.getName().equals(name)).map(e -> e.getValue())
                .findFirst().orElse(null);
    }

    private static Volume volume(PodSpec pod, String name) {
        return name == null ? null : nonNull(pod.getVolumes()).stream().filter(v -> v.getName().equals(name))
                .findFirst().orElse(null);
    }

    static boolean selects(LabelSelector selector, Map<String, String> labels) {
        if (selector == null || labels == null) {
            return false;
        }
        if (selector.getMatchExpressions() != null && !selector.getMatchExpressions().isEmpty()) {
            throw new IllegalStateException("matchExpressions are not supported by these checks: " + selector);
        }
        Map<String, String> match = selector.getMatchLabels() == null ? Map.of() : selector.getMatchLabels();
        return labels.entrySet().containsAll(match.entrySet());
    }

    private static boolean namespace(NetworkPolicyPeer peer, String ns) {
        return peer.getIpBlock() == null && peer.getNamespaceSelector() != null
                && peer.getNamespaceSelector().getMatchLabels() != null
                && ns.equals(peer.getNamespaceSelector().getMatchLabels().get("kubernetes.io/metadata.name"));
    }

    private static <T> List<T> nonNull(List<T> list) {
        return list == null ? List.of() : list;
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> u = new java.util.LinkedHashSet<>(a);
        u.addAll(b);
        return u;
    }

    static String id(JsonNode d) {
        return d.path("kind").asText() + " " + d.path("metadata").path("name").asText();
    }

    /** An IPv4 or IPv6 CIDR block, for containment (literal addresses only: no name lookup). */
    record Cidr(BigInteger network, int prefix, int bits) {
        static Cidr parse(String cidr) {
            String[] parts = cidr.split("/");
            if (!parts[0].matches("[0-9a-fA-F:.]+")) {
                throw new IllegalArgumentException("not an address: " + cidr);
            }
            try {
                byte[] addr = InetAddress.getByName(parts[0]).getAddress();
                int bits = addr.length * 8;
                int prefix = parts.length > 1 ? Integer.parseInt(parts[1]) : bits;
                return new Cidr(new BigInteger(1, addr).shiftRight(bits - prefix), prefix, bits);
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException(cidr, e);
            }
        }

        /** Whether every address of {@code inner} is in this block. */
        boolean contains(Cidr inner) {
            return bits == inner.bits && prefix <= inner.prefix
                    && inner.network.shiftRight(inner.prefix - prefix).equals(network);
        }

        boolean overlaps(Cidr other) {
            return contains(other) || other.contains(this);
        }
    }
}
