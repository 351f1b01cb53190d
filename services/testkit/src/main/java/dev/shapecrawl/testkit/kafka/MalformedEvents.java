package dev.shapecrawl.testkit.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.TopicContract;
import dev.shapecrawl.events.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The bad-input table (issue 9): every kind of malformed record a consumer of a contract topic must dead-letter,
 * derived from one valid event of the topic, so each service drives the same rows through its real consumer.
 *
 * <p>Rows are built by editing the valid event: its JSON cut short, wrapped, nested too deep or surrounded by binary
 * bytes; its envelope changed; a field given the wrong JSON type, set to null or left out (every field the type's
 * schema requires); its {@code jobId} made megabytes long so the whole record is just under the topic's
 * {@code max.message.bytes}; its first URL replaced by a hostile one; its key or value null. Since every row still
 * carries most of the valid event (its job id in particular), a row that a consumer wrongly accepted shows up in
 * that consumer's output, which {@link #assertNothingProduced} looks for.
 *
 * <p>Every row is sent with the header {@value #ROW_HEADER} (its name), which the dead-letter writers copy, so a row
 * is found on the dead-letter topic even without a key. Use: {@link #rows}, {@link #send}, then a good event, then
 * {@link #assertDeadLettered} and {@link #assertNothingProduced}.
 */
public final class MalformedEvents {
    /** Header naming the row a record was built from. */
    public static final String ROW_HEADER = "malformed-row";
    /** Header of the dead-letter reason, as the SmallRye Kafka connector and the pattern service name it. */
    public static final String REASON_HEADER = Topics.DEAD_LETTER_REASON_HEADER;
    /** Longest acceptable reason: a reason names the rule and the field and never echoes the (huge) payload. */
    public static final int MAX_REASON_CHARS = 1024;
    /** Room left under {@code max.message.bytes} for the key, the headers and the batch overhead (bytes). */
    static final int OVERSIZE_MARGIN_BYTES = 256;

    private static final ObjectMapper MAPPER = EventCodec.mapper();

    private MalformedEvents() {
    }

    /**
     * The table for {@code topic}.
     *
     * @param topic a topic of the contract
     * @param valid a valid event of the topic's type, whose job id is not used by any good event of the test
     * @param key   the key of every row but the "null key" one (use the key of the good event that follows, so
     *              rows and good event share a partition and the good event is consumed after every row)
     * @return the rows, names unique
     * @throws IllegalArgumentException if {@code valid} is not of the topic's event type
     */
    public static List<MalformedEvent> rows(String topic, Object valid, String key) {
        TopicContract contract = Topics.named(topic)
                .orElseThrow(() -> new IllegalArgumentException(topic + " is not a topic of the contract"));
        EventType<?> type = EventType.of(valid.getClass());
        if (!type.equals(contract.eventType())) {
            throw new IllegalArgumentException(topic + " carries " + contract.eventType() + ", not " + type);
        }
        String json = EventCodec.encode(valid);
        ObjectNode event = (ObjectNode) tree(json);
        Rows rows = new Rows(key);

        // --- invalid JSON ---
        rows.text("truncated JSON", MalformedEvent.Kind.INVALID_JSON, json.substring(0, json.length() - 10), "not JSON");
        rows.text("JSON array holding the event", MalformedEvent.Kind.INVALID_JSON, "[" + json + "]",
                "not a JSON object");
        rows.text("JSON number", MalformedEvent.Kind.INVALID_JSON, "42", "not a JSON object");
        rows.text("two events in one value", MalformedEvent.Kind.INVALID_JSON, json + json, "not JSON");
        rows.text("event nested 100,000 arrays deep", MalformedEvent.Kind.INVALID_JSON,
                "[".repeat(100_000) + json + "]".repeat(100_000), "not JSON");
        rows.text("empty value", MalformedEvent.Kind.INVALID_JSON, "", "empty event");
        rows.text("blank value", MalformedEvent.Kind.INVALID_JSON, " \r\n\t", "empty event");
        byte[] garbage = new byte[512];
        new Random(9).nextBytes(garbage);
        garbage[0] = 0; // a NUL first, as in a file's header: never the start of JSON
        rows.bytes("binary garbage", MalformedEvent.Kind.INVALID_JSON, garbage, "not JSON");
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        byte[] wrapped = new byte[body.length + 8];
        byte[] head = {(byte) 0xFF, (byte) 0xFE, 0, (byte) 0x80};
        System.arraycopy(head, 0, wrapped, 0, 4);
        System.arraycopy(body, 0, wrapped, 4, body.length);
        System.arraycopy(new byte[]{(byte) 0xC3, 0x28, 0, (byte) 0xFF}, 0, wrapped, body.length + 4, 4);
        rows.bytes("binary garbage around the event", MalformedEvent.Kind.INVALID_JSON, wrapped, "not JSON");

        // --- envelope ---
        String other = EventType.all().stream().map(EventType::name).filter(n -> !n.equals(type.name()))
                .findFirst().orElseThrow();
        rows.edit("missing type", MalformedEvent.Kind.ENVELOPE, event, e -> e.remove("type"), "missing 'type'");
        rows.edit("unknown type", MalformedEvent.Kind.ENVELOPE, event, e -> e.put("type", "no-such-event"),
                "unknown type 'no-such-event'");
        rows.edit("another event's type", MalformedEvent.Kind.ENVELOPE, event, e -> e.put("type", other),
                "unknown type '" + other + "'");
        rows.edit("type as number", MalformedEvent.Kind.ENVELOPE, event, e -> e.put("type", 1), "missing 'type'");
        rows.edit("missing version", MalformedEvent.Kind.ENVELOPE, event, e -> e.remove("version"),
                "missing 'version'");
        rows.edit("unknown version", MalformedEvent.Kind.ENVELOPE, event, e -> e.put("version", type.version() + 1),
                "unsupported version " + (type.version() + 1));
        rows.edit("version as string", MalformedEvent.Kind.ENVELOPE, event,
                e -> e.put("version", String.valueOf(type.version())), "missing 'version'");

        // --- wrong types and missing fields ---
        List<Path> fields = fields(event);
        first(fields, JsonNode::isTextual).ifPresent(p -> {
            rows.edit("string field " + p + " as number", MalformedEvent.Kind.WRONG_TYPE, event,
                    e -> p.parent(e).put(p.name(), 12345), p.name());
            rows.edit("string field " + p + " null", MalformedEvent.Kind.WRONG_TYPE, event,
                    e -> p.parent(e).putNull(p.name()), p.name());
        });
        first(fields, JsonNode::isNumber).ifPresent(p ->
                rows.edit("number field " + p + " as string", MalformedEvent.Kind.WRONG_TYPE, event,
                        e -> p.parent(e).put(p.name(), "7"), p.name()));
        first(fields, JsonNode::isObject).ifPresent(p ->
                rows.edit("object field " + p + " as array", MalformedEvent.Kind.WRONG_TYPE, event,
                        e -> p.parent(e).putArray(p.name()), p.name()));
        first(fields, JsonNode::isArray).ifPresent(p ->
                rows.edit("array field " + p + " as string", MalformedEvent.Kind.WRONG_TYPE, event,
                        e -> p.parent(e).put(p.name(), "[]"), p.name()));
        for (String required : required(type)) {
            if (!required.equals("type") && !required.equals("version") && event.has(required)) {
                rows.edit("missing " + required, MalformedEvent.Kind.MISSING_FIELD, event, e -> e.remove(required),
                        required);
            }
        }

        // --- oversized: a job id of megabytes, the record just under the topic's limit ---
        first(fields, n -> n.isTextual(), "jobId").ifPresent(p -> {
            ObjectNode e = event.deepCopy();
            p.parent(e).put(p.name(), "");
            int room = contract.maxMessageBytes() - OVERSIZE_MARGIN_BYTES - write(e).length()
                    - (key == null ? 0 : key.length());
            p.parent(e).put(p.name(), "a".repeat(room));
            rows.text("jobId of " + room + " characters", MalformedEvent.Kind.OVERSIZED, write(e), p.name());
        });

        // --- hostile URLs, in the event's first URL field ---
        first(fields, n -> n.isTextual() && n.textValue().startsWith("http")).ifPresent(p -> {
            Map<String, String> urls = new LinkedHashMap<>();
            urls.put("javascript: URL", "javascript:alert(document.cookie)");
            urls.put("file: URL", "file:///etc/passwd");
            urls.put("data: URL", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==");
            urls.put("ftp: URL", "ftp://example.test/pub/file.txt");
            urls.put("gopher: URL", "gopher://127.0.0.1:6379/_INFO");
            urls.put("URL with credentials", "http://user:secret@example.test/");
            urls.put("URL with a user name", "https://admin@example.test/");
            urls.put("100 kB URL", "http://example.test/" + "a".repeat(100_000));
            urls.put("CRLF in URL", "http://example.test/a\r\nSet-Cookie: session=stolen");
            urls.put("NUL in URL", "http://example.test/\u0000.html");
            urls.put("space in host", "http://exa mple.test/");
            urls.put("backslashes", "http:\\\\example.test\\");
            urls.put("no host", "http:///etc/passwd");
            urls.put("relative URL", "/relative/path");
            urls.put("protocol-relative URL", "//example.test/x");
            urls.put("IPv6 without closing bracket", "http://[::1/");
            urls.put("IPv6 with nine groups", "http://[1:2:3:4:5:6:7:8:9]/");
            urls.put("IPv6 without brackets", "http://::1/");
            urls.put("IPv6 zone id", "http://[fe80::1%eth0]/");
            urls.forEach((name, url) -> rows.edit(name + " in " + p, MalformedEvent.Kind.HOSTILE_URL, event,
                    e -> p.parent(e).put(p.name(), url), p.name()));
        });

        // --- nulls ---
        rows.add(new MalformedEvent("null key", MalformedEvent.Kind.NULLS, null,
                json.getBytes(StandardCharsets.UTF_8), "key"));
        rows.add(new MalformedEvent("tombstone (null value)", MalformedEvent.Kind.NULLS, key, null, "empty event"));
        return rows.list;
    }

    /** Sends every row, in order, each with its {@value #ROW_HEADER} header. */
    public static void send(TopicClient kafka, String topic, List<MalformedEvent> rows) {
        for (MalformedEvent row : rows) {
            kafka.sendRaw(topic, row.key(), row.value(), Map.of(ROW_HEADER, row.name()));
        }
    }

    /**
     * Waits until every row is on {@code Topics.deadLetter(topic)} and checks each: value and key unchanged, a
     * reason header that contains the row's reason fragment and is at most {@value #MAX_REASON_CHARS} characters.
     *
     * @throws AssertionError listing every row that is missing or wrong
     */
    public static void assertDeadLettered(TopicClient kafka, String topic, List<MalformedEvent> rows,
                                          Duration timeout) {
        String dlq = Topics.deadLetter(topic);
        Map<String, MalformedEvent> byName = new LinkedHashMap<>();
        rows.forEach(r -> byName.put(r.name(), r));
        Map<String, ConsumerRecord<String, String>> dead = new HashMap<>();
        try {
            kafka.readUntil(dlq, rs -> {
                for (ConsumerRecord<String, String> r : rs) {
                    String row = TopicClient.header(r, ROW_HEADER);
                    if (row != null && byName.containsKey(row)) {
                        dead.putIfAbsent(row, r);
                    }
                }
                return dead.size() == byName.size();
            }, timeout);
        } catch (AssertionError e) {
            List<String> missing = byName.keySet().stream().filter(n -> !dead.containsKey(n)).toList();
            throw new AssertionError(missing.size() + " of " + rows.size() + " rows not on " + dlq + " within "
                    + timeout + ": " + missing, e);
        }
        List<String> wrong = new ArrayList<>();
        for (MalformedEvent row : rows) {
            ConsumerRecord<String, String> r = dead.get(row.name());
            String reason = TopicClient.header(r, REASON_HEADER);
            if (reason == null || reason.isBlank()) {
                wrong.add(row.name() + ": no reason");
            } else if (!reason.contains(row.reason())) {
                wrong.add(row.name() + ": reason '" + reason + "' lacks '" + row.reason() + "'");
            } else if (reason.length() > MAX_REASON_CHARS) {
                wrong.add(row.name() + ": reason of " + reason.length() + " characters");
            }
            if (!Objects.equals(row.key(), r.key())) {
                wrong.add(row.name() + ": key '" + r.key() + "' instead of '" + row.key() + "'");
            }
            if (!Objects.equals(row.valueAsText(), r.value())) {
                wrong.add(row.name() + ": value changed on the way to the dead-letter topic");
            }
        }
        if (!wrong.isEmpty()) {
            throw new AssertionError(wrong.size() + " rows dead-lettered wrongly on " + dlq + ":\n  "
                    + String.join("\n  ", wrong));
        }
    }

    /**
     * Checks that no record of {@code outputs} (read for {@code pollTime} each) contains {@code marker}: the
     * job id of the valid event the rows were derived from, so any row a consumer acted on would show here.
     */
    public static void assertNothingProduced(TopicClient kafka, Collection<String> outputs, String marker,
                                             Duration pollTime) {
        for (String topic : outputs) {
            for (ConsumerRecord<String, String> r : kafka.readFor(topic, pollTime)) {
                if (r.value() != null && r.value().contains(marker)) {
                    throw new AssertionError("a malformed row was acted on: " + topic + " has a record with '"
                            + marker + "' (key " + r.key() + ")");
                }
            }
        }
    }

    /** A field reached through objects only, from the event's root, with its value in the valid event. */
    record Path(List<String> names, JsonNode value) {
        String name() {
            return names.get(names.size() - 1);
        }

        ObjectNode parent(ObjectNode root) {
            ObjectNode node = root;
            for (String n : names.subList(0, names.size() - 1)) {
                node = (ObjectNode) node.get(n);
            }
            return node;
        }

        @Override
        public String toString() {
            return String.join(".", names);
        }
    }

    /** Every field of the event but the envelope's, depth first, in document order. */
    static List<Path> fields(ObjectNode event) {
        List<Path> out = new ArrayList<>();
        walk(event, List.of(), out);
        out.removeIf(p -> p.names().size() == 1 && (p.name().equals("type") || p.name().equals("version")));
        return out;
    }

    private static void walk(ObjectNode node, List<String> at, List<Path> out) {
        node.fields().forEachRemaining(f -> {
            List<String> path = new ArrayList<>(at);
            path.add(f.getKey());
            out.add(new Path(List.copyOf(path), f.getValue()));
            if (f.getValue().isObject()) {
                walk((ObjectNode) f.getValue(), path, out);
            }
        });
    }

    private static Optional<Path> first(List<Path> fields, Predicate<JsonNode> test) {
        return first(fields, test, null);
    }

    private static Optional<Path> first(List<Path> fields, Predicate<JsonNode> test, String name) {
        return fields.stream().filter(p -> name == null || p.name().equals(name)).filter(p -> test.test(p.value()))
                .findFirst();
    }

    /** The top-level {@code required} of the type's JSON Schema. */
    static List<String> required(EventType<?> type) {
        try (InputStream in = EventType.class.getClassLoader().getResourceAsStream(type.schemaResource())) {
            JsonNode schema = MAPPER.readTree(Objects.requireNonNull(in, type.schemaResource()));
            List<String> out = new ArrayList<>();
            schema.path("required").forEach(n -> out.add(n.textValue()));
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode tree(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Collects rows, refusing a duplicate name. */
    private static final class Rows {
        final String key;
        final List<MalformedEvent> list = new ArrayList<>();

        Rows(String key) {
            this.key = key;
        }

        void add(MalformedEvent row) {
            if (list.stream().anyMatch(r -> r.name().equals(row.name()))) {
                throw new IllegalStateException("two rows named " + row.name());
            }
            list.add(row);
        }

        void bytes(String name, MalformedEvent.Kind kind, byte[] value, String reason) {
            add(new MalformedEvent(name, kind, key, value, reason));
        }

        void text(String name, MalformedEvent.Kind kind, String value, String reason) {
            bytes(name, kind, value.getBytes(StandardCharsets.UTF_8), reason);
        }

        void edit(String name, MalformedEvent.Kind kind, ObjectNode event, Consumer<ObjectNode> change, String reason) {
            ObjectNode copy = event.deepCopy();
            change.accept(copy);
            text(name, kind, write(copy), reason);
        }
    }
}
