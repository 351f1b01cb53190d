package dev.shapecrawl.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Renders a kustomization in plain Java, so the overlays can be checked on a machine without kubectl. It covers the
 * subset of Kustomize that deploy/kubernetes uses (resources, components, namespace, replicas, images, patches:
 * strategic-merge and JSON 6902, with targets by kind and name regex) and fails on anything else, so a new
 * Kustomize feature in the manifests cannot be silently ignored. Where kubectl exists, {@code DeployManifestsTest}
 * renders with {@code kubectl kustomize} too and requires the same objects.
 */
final class Kustomize {
    static final YAMLMapper YAML = new YAMLMapper();

    private static final Set<String> KUSTOMIZATION_FIELDS =
            Set.of("apiVersion", "kind", "namespace", "resources", "components", "patches", "replicas", "images");
    /** Kinds without a namespace (Kustomize's namespace transformer leaves them alone). */
    private static final Set<String> CLUSTER_SCOPED = Set.of("Namespace", "ClusterRole", "ClusterRoleBinding",
            "CustomResourceDefinition", "PersistentVolume", "StorageClass", "PriorityClass");
    /** Strategic-merge keys of the built-in list fields used here (Kubernetes' patchMergeKey). */
    private static final Map<String, String> MERGE_KEYS = Map.of(
            "containers", "name", "initContainers", "name", "env", "name", "volumes", "name",
            "volumeMounts", "mountPath", "imagePullSecrets", "name");

    private Kustomize() {
    }

    /** Every document of a YAML file, comment-only documents left out. */
    static List<ObjectNode> readDocuments(Path file) {
        try {
            List<ObjectNode> docs = new ArrayList<>();
            for (JsonNode doc : documents(Files.readString(file))) {
                if (!doc.isObject()) {
                    throw new IllegalStateException(file + ": a document is not a mapping");
                }
                docs.add((ObjectNode) doc);
            }
            return docs;
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The documents of a YAML text, split at {@code ---} lines and parsed one by one (Jackson's multi-document
     * iterator would unwrap a top-level sequence, such as a JSON 6902 patch, into its elements).
     */
    static List<JsonNode> documents(String text) throws IOException {
        List<JsonNode> docs = new ArrayList<>();
        for (String part : text.split("(?m)^---[ \\t]*$")) {
            JsonNode doc = YAML.readTree(part);
            if (doc != null && !doc.isNull() && !doc.isMissingNode()) {
                docs.add(doc);
            }
        }
        return docs;
    }

    /** Renders the kustomization in {@code dir} (a Kustomization, not a Component). */
    static List<ObjectNode> render(Path dir) {
        ObjectNode k = kustomization(dir, "Kustomization");
        return build(dir, k, new ArrayList<>());
    }

    private static ObjectNode kustomization(Path dir, String kind) {
        Path file = dir.resolve("kustomization.yaml");
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException(dir + " has no kustomization.yaml");
        }
        List<ObjectNode> docs = readDocuments(file);
        if (docs.size() != 1) {
            throw new IllegalStateException(file + ": expected one document");
        }
        ObjectNode k = docs.get(0);
        if (!kind.equals(k.path("kind").asText())) {
            throw new IllegalStateException(file + ": kind " + k.path("kind").asText() + ", expected " + kind);
        }
        k.fieldNames().forEachRemaining(f -> {
            if (!KUSTOMIZATION_FIELDS.contains(f)) {
                throw new IllegalStateException(file + ": field " + f + " is not supported by this renderer");
            }
        });
        return k;
    }

    private static List<ObjectNode> build(Path dir, ObjectNode k, List<ObjectNode> resources) {
        for (JsonNode r : k.path("resources")) {
            Path p = dir.resolve(r.asText()).normalize();
            if (Files.isDirectory(p)) {
                resources.addAll(render(p));
            } else if (Files.isRegularFile(p)) {
                resources.addAll(readDocuments(p));
            } else {
                throw new IllegalStateException(dir + "/kustomization.yaml: resource " + r.asText() + " does not exist");
            }
        }
        for (JsonNode c : k.path("components")) {
            Path p = dir.resolve(c.asText()).normalize();
            ObjectNode component = kustomization(p, "Component");
            build(p, component, resources);
        }
        for (JsonNode patch : k.path("patches")) {
            applyPatch(dir, patch, resources);
        }
        for (JsonNode r : k.path("replicas")) {
            List<ObjectNode> hits = resources.stream()
                    .filter(o -> o.path("metadata").path("name").asText().equals(r.path("name").asText()))
                    .filter(o -> o.path("spec").has("replicas") || isWorkload(o)).toList();
            if (hits.isEmpty()) {
                throw new IllegalStateException(dir + ": replicas for unknown " + r.path("name").asText());
            }
            hits.forEach(o -> ((ObjectNode) o.get("spec")).put("replicas", r.path("count").asInt()));
        }
        for (JsonNode image : k.path("images")) {
            for (ObjectNode o : resources) {
                for (JsonNode c : o.path("spec").path("template").path("spec").path("containers")) {
                    String ref = c.path("image").asText();
                    int colon = ref.lastIndexOf(':');
                    String name = colon > ref.lastIndexOf('/') ? ref.substring(0, colon) : ref;
                    String tag = colon > ref.lastIndexOf('/') ? ref.substring(colon + 1) : null;
                    if (name.equals(image.path("name").asText())) {
                        String newName = image.has("newName") ? image.get("newName").asText() : name;
                        String newTag = image.has("newTag") ? image.get("newTag").asText() : tag;
                        ((ObjectNode) c).put("image", newTag == null ? newName : newName + ":" + newTag);
                    }
                }
            }
        }
        if (k.has("namespace")) {
            String ns = k.get("namespace").asText();
            for (ObjectNode o : resources) {
                if (!CLUSTER_SCOPED.contains(o.path("kind").asText())) {
                    ((ObjectNode) o.get("metadata")).put("namespace", ns);
                }
            }
        }
        return resources;
    }

    static boolean isWorkload(JsonNode o) {
        String kind = o.path("kind").asText();
        return kind.equals("Deployment") || kind.equals("StatefulSet");
    }

    private static void applyPatch(Path dir, JsonNode entry, List<ObjectNode> resources) {
        String text;
        if (entry.has("path")) {
            try {
                text = Files.readString(dir.resolve(entry.get("path").asText()));
            } catch (IOException e) {
                throw new IllegalStateException(dir + ": patch " + entry.get("path").asText() + " does not exist", e);
            }
        } else {
            text = entry.path("patch").asText();
        }
        entry.fieldNames().forEachRemaining(f -> {
            if (!Set.of("path", "patch", "target").contains(f)) {
                throw new IllegalStateException(dir + ": patch field " + f + " is not supported by this renderer");
            }
        });
        JsonNode target = entry.path("target");
        try {
            List<JsonNode> docs = documents(text);
            if (docs.size() == 1 && docs.get(0).isArray()) {
                if (target.isMissingNode()) {
                    throw new IllegalStateException(dir + ": a JSON 6902 patch needs a target");
                }
                List<ObjectNode> hits = matching(resources, target);
                for (ObjectNode o : hits) {
                    for (JsonNode op : docs.get(0)) {
                        jsonPatch(o, op);
                    }
                }
                return;
            }
            for (JsonNode d : docs) {
                ObjectNode patch = (ObjectNode) d;
                JsonNode t = target.isMissingNode()
                        ? YAML.createObjectNode().put("kind", patch.path("kind").asText())
                                .put("name", patch.path("metadata").path("name").asText())
                        : target;
                for (ObjectNode o : matching(resources, t)) {
                    ObjectNode p = patch.deepCopy();
                    p.remove("metadata");
                    p.remove("apiVersion");
                    p.remove("kind");
                    merge(o, p, builtIn(o));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<ObjectNode> matching(List<ObjectNode> resources, JsonNode target) {
        target.fieldNames().forEachRemaining(f -> {
            if (!Set.of("kind", "name").contains(f)) {
                throw new IllegalStateException("patch target field " + f + " is not supported by this renderer");
            }
        });
        List<ObjectNode> hits = resources.stream()
                .filter(o -> !target.has("kind") || o.path("kind").asText().equals(target.get("kind").asText()))
                .filter(o -> !target.has("name")
                        || o.path("metadata").path("name").asText().matches(target.get("name").asText()))
                .toList();
        if (hits.isEmpty()) {
            throw new IllegalStateException("patch target " + target + " matches no resource");
        }
        return hits;
    }

    /** Built-in kinds get strategic merge (lists merged by key); custom resources get JSON merge (lists replaced). */
    private static boolean builtIn(JsonNode o) {
        String api = o.path("apiVersion").asText();
        return api.equals("v1") || api.equals("apps/v1") || api.equals("policy/v1") || api.equals("batch/v1")
                || api.equals("networking.k8s.io/v1") || api.equals("autoscaling/v2");
    }

    private static void merge(ObjectNode into, ObjectNode patch, boolean strategic) {
        var fields = patch.fields();
        while (fields.hasNext()) {
            var f = fields.next();
            String name = f.getKey();
            JsonNode value = f.getValue();
            if (name.startsWith("$")) {
                throw new IllegalStateException("patch directive " + name + " is not supported by this renderer");
            }
            JsonNode existing = into.get(name);
            if (value.isNull()) {
                into.remove(name);
            } else if (value.isObject() && existing != null && existing.isObject()) {
                merge((ObjectNode) existing, (ObjectNode) value, strategic);
            } else if (strategic && value.isArray() && existing != null && existing.isArray()
                    && MERGE_KEYS.containsKey(name)) {
                // Kustomize's order: the patch's items first (merged into their namesakes), then the others.
                String key = MERGE_KEYS.get(name);
                ArrayNode merged = into.arrayNode();
                List<JsonNode> keys = new ArrayList<>();
                for (JsonNode item : value) {
                    keys.add(item.path(key));
                    ObjectNode match = null;
                    for (JsonNode e : existing) {
                        if (e.path(key).equals(item.path(key))) {
                            match = (ObjectNode) e.deepCopy();
                        }
                    }
                    if (match != null) {
                        merge(match, (ObjectNode) item, true);
                        merged.add(match);
                    } else {
                        merged.add(item.deepCopy());
                    }
                }
                for (JsonNode e : existing) {
                    if (!keys.contains(e.path(key))) {
                        merged.add(e);
                    }
                }
                into.set(name, merged);
            } else {
                into.set(name, value.deepCopy());
            }
        }
    }

    private static void jsonPatch(ObjectNode doc, JsonNode op) {
        String kind = op.path("op").asText();
        List<String> path = new ArrayList<>();
        for (String part : op.path("path").asText().substring(1).split("/", -1)) {
            path.add(part.replace("~1", "/").replace("~0", "~"));
        }
        JsonNode parent = doc;
        for (String part : path.subList(0, path.size() - 1)) {
            parent = parent.isArray() ? parent.path(Integer.parseInt(part)) : parent.path(part);
            if (parent.isMissingNode()) {
                throw new IllegalStateException("JSON patch path " + op.path("path").asText() + " does not exist in "
                        + doc.path("kind").asText() + " " + doc.path("metadata").path("name").asText());
            }
        }
        String last = path.get(path.size() - 1);
        switch (kind) {
            case "replace", "add" -> {
                if (parent.isArray()) {
                    ArrayNode a = (ArrayNode) parent;
                    if (last.equals("-")) {
                        a.add(op.get("value").deepCopy());
                    } else if (kind.equals("add")) {
                        a.insert(Integer.parseInt(last), op.get("value").deepCopy());
                    } else {
                        a.set(Integer.parseInt(last), op.get("value").deepCopy());
                    }
                } else {
                    if (kind.equals("replace") && !parent.has(last)) {
                        throw new IllegalStateException("JSON patch replaces the missing " + op.path("path").asText()
                                + " in " + doc.path("kind").asText() + " " + doc.path("metadata").path("name").asText());
                    }
                    ((ObjectNode) parent).set(last, op.get("value").deepCopy());
                }
            }
            case "remove" -> {
                if (parent.isArray()) {
                    ((ArrayNode) parent).remove(Integer.parseInt(last));
                } else {
                    ((ObjectNode) parent).remove(last);
                }
            }
            default -> throw new IllegalStateException("JSON patch op " + kind + " is not supported by this renderer");
        }
    }
}
