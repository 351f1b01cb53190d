package dev.shapecrawl.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Encodes events to JSON with their envelope and decodes them strictly.
 *
 * <p>Decoding checks, in order: the text is a JSON object; {@code type} is the expected one; {@code version} is
 * one this code reads; the object satisfies the type's JSON Schema; the record's own rules hold (URLs parse
 * and are http(s), ids are well formed). Any failure is an {@link InvalidEventException} whose message is the
 * reason, ready for a dead-letter header. Fields the schema does not name are ignored (see the evolution rule
 * in {@code package-info}). Thread-safe.
 */
public final class EventCodec {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            // Missing optional numbers and flags take their defaults (0, false); explicit nulls and wrong types
            // are already refused by the schema.
            .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            // Text after the object (a second event, garbage) is an error, not silently dropped.
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            // A number or flag where text is expected is a wrong type, even in a nested object whose fields the
            // schema does not type (ALLOW_COERCION_OF_SCALARS does not cover coercion to String).
            .withCoercionConfig(LogicalType.Textual, c -> c
                    .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            .serializationInclusion(JsonInclude.Include.NON_NULL)
            .build();
    private static final JsonSchemaFactory SCHEMAS = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
    private static final Map<EventType<?>, JsonSchema> CACHE = new ConcurrentHashMap<>();
    /** How many schema violations one reason lists before "and N more". */
    private static final int MAX_REASONS = 3;

    private EventCodec() {
    }

    /**
     * @param event a record of the contract
     * @return the event as one line of JSON, envelope first
     * @throws IllegalArgumentException if {@code event} is not an event of the contract
     */
    public static String encode(Object event) {
        EventType<?> type = EventType.of(event.getClass());
        ObjectNode node = MAPPER.createObjectNode();
        node.put("type", type.name());
        node.put("version", type.version());
        node.setAll((ObjectNode) MAPPER.valueToTree(event));
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + type, e);
        }
    }

    /** {@link #encode} as UTF-8 bytes. */
    public static byte[] encodeBytes(Object event) {
        return encode(event).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * @param type the type expected on this topic
     * @param json the event's text (null or empty is rejected)
     * @return the record
     * @throws InvalidEventException with the reason when the event breaks any rule of the contract
     */
    public static <T> T decode(EventType<T> type, String json) {
        if (json == null || json.isBlank()) {
            throw new InvalidEventException("empty event");
        }
        JsonNode node;
        try {
            node = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new InvalidEventException("not JSON: " + e.getOriginalMessage(), e);
        }
        return decode(type, node);
    }

    /** {@link #decode(EventType, String)} of UTF-8 bytes. */
    public static <T> T decode(EventType<T> type, byte[] json) {
        return decode(type, json == null ? null : new String(json, StandardCharsets.UTF_8));
    }

    private static <T> T decode(EventType<T> type, JsonNode node) {
        if (node == null || !node.isObject()) {
            throw new InvalidEventException("not a JSON object");
        }
        JsonNode t = node.get("type");
        if (t == null || !t.isTextual()) {
            throw new InvalidEventException("missing 'type' (expected '" + type.name() + "')");
        }
        if (!t.textValue().equals(type.name())) {
            throw new InvalidEventException("unknown type '" + shorten(t.textValue()) + "' (expected '"
                    + type.name() + "')");
        }
        JsonNode v = node.get("version");
        if (v == null || !v.isIntegralNumber()) {
            throw new InvalidEventException("missing 'version' of '" + type.name() + "'");
        }
        if (v.asLong() != type.version()) {
            throw new InvalidEventException("unsupported version " + v.asLong() + " of '" + type.name()
                    + "' (this reader supports " + type.version() + ")");
        }
        Set<ValidationMessage> violations = schema(type).validate(node);
        if (!violations.isEmpty()) {
            throw new InvalidEventException("schema " + type + ": " + summarise(violations));
        }
        // the tree was parsed here for this call alone: the envelope is taken off it in place (a deep copy of every
        // event cost a console catching up on a long history a share of its time)
        ObjectNode payload = (ObjectNode) node;
        payload.remove("type");
        payload.remove("version");
        try {
            return MAPPER.treeToValue(payload, type.javaType());
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new InvalidEventException("invalid " + type.name() + where(e) + ": " + rootMessage(e), e);
        }
    }

    /**
     * The parsed JSON Schema of {@code type}, loaded once.
     *
     * @throws IllegalStateException if the schema resource is missing (a build defect)
     */
    public static JsonSchema schema(EventType<?> type) {
        return CACHE.computeIfAbsent(type, EventCodec::load);
    }

    /** The mapper the codec uses, for tests and tools that read examples; do not reconfigure it. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    private static JsonSchema load(EventType<?> type) {
        try (InputStream in = EventCodec.class.getClassLoader().getResourceAsStream(type.schemaResource())) {
            if (in == null) {
                throw new IllegalStateException("missing schema resource " + type.schemaResource());
            }
            return SCHEMAS.getSchema(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String summarise(Set<ValidationMessage> violations) {
        String listed = violations.stream()
                .map(ValidationMessage::getMessage)
                .sorted(Comparator.naturalOrder())
                .limit(MAX_REASONS)
                .collect(Collectors.joining("; "));
        int more = violations.size() - MAX_REASONS;
        return more > 0 ? listed + "; and " + more + " more" : listed;
    }

    private static String rootMessage(Throwable e) {
        Throwable c = e;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        if (c instanceof JsonProcessingException j) {
            return j.getOriginalMessage();
        }
        return c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
    }

    /**
     * " at request.depth" for a mapping error with a path, so the reason names the field even when the parser's
     * own message does not; empty otherwise.
     */
    private static String where(Exception e) {
        if (!(e instanceof JsonMappingException m) || m.getPath().isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : m.getPath()) {
            if (r.getFieldName() != null) {
                sb.append(sb.isEmpty() ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.isEmpty() ? "" : " at " + shorten(sb.toString());
    }

    private static String shorten(String s) {
        return s.length() <= 60 ? s : s.substring(0, 60) + "…";
    }
}
