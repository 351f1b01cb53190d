package dev.shapecrawl.testkit.kafka;

import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.InvalidEventException;
import dev.shapecrawl.events.TopicContract;
import dev.shapecrawl.events.Topics;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bad-input table without a broker: for every consumed topic, built from the topic's documented example event,
 * every row is refused by the strict codec with a reason that contains the row's fragment (the null-key row carries
 * a valid event: the key rule is the consumers'), and every kind of bad input is present.
 */
class MalformedEventsTest {

    @ParameterizedTest
    @ValueSource(strings = {Topics.FETCH_REQUESTS, Topics.PAGES_FETCHED, Topics.CRAWL_SEEDS, Topics.CRAWL_SAMPLES,
            Topics.PAGES_CLASSIFIED, Topics.TARGET_PAGES})
    void everyRowIsRefusedByTheCodecWithItsReason(String topic) throws IOException {
        TopicContract contract = Topics.named(topic).orElseThrow();
        Object example = example(contract.eventType());
        List<MalformedEvent> rows = MalformedEvents.rows(topic, example, "the-key");
        List<String> wrong = new ArrayList<>();
        Set<MalformedEvent.Kind> kinds = EnumSet.noneOf(MalformedEvent.Kind.class);
        for (MalformedEvent row : rows) {
            kinds.add(row.kind());
            assertTrue(row.size() < contract.maxMessageBytes(), row + " fits the topic");
            if (row.key() == null) {
                EventCodec.decode(contract.eventType(), row.valueAsText()); // valid: only the key is missing
                continue;
            }
            try {
                EventCodec.decode(contract.eventType(), row.valueAsText());
                wrong.add(row.name() + ": accepted");
            } catch (InvalidEventException e) {
                if (!e.getMessage().contains(row.reason())) {
                    wrong.add(row.name() + ": '" + e.getMessage() + "' lacks '" + row.reason() + "'");
                } else if (e.getMessage().length() > MalformedEvents.MAX_REASON_CHARS) {
                    wrong.add(row.name() + ": reason of " + e.getMessage().length() + " characters");
                }
            }
        }
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
        assertEquals(EnumSet.allOf(MalformedEvent.Kind.class), kinds);
        MalformedEvent oversized = rows.stream().filter(r -> r.kind() == MalformedEvent.Kind.OVERSIZED)
                .findFirst().orElseThrow();
        assertTrue(oversized.size() > contract.maxMessageBytes() - 2 * MalformedEvents.OVERSIZE_MARGIN_BYTES,
                oversized + " is just under " + contract.maxMessageBytes());
    }

    static Object example(EventType<?> type) throws IOException {
        try (InputStream in = EventType.class.getClassLoader().getResourceAsStream(type.exampleResource())) {
            return EventCodec.decode(type, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }
}
