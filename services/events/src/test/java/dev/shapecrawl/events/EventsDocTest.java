package dev.shapecrawl.events;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Keeps {@code docs/events.md} in step with the code: every topic, its key and policy, and every example. */
class EventsDocTest {
    private static final Path DOC = Path.of("../../docs/events.md");

    @Test
    void docsNameEveryTopicWithItsKeyPolicyAndExample() throws IOException {
        String doc = Files.readString(DOC);
        for (TopicContract t : Topics.all()) {
            String heading = "## `" + t.name() + "`";
            assertTrue(doc.contains(heading), "docs/events.md lacks the heading " + heading);
            String section = doc.substring(doc.indexOf(heading));
            int next = section.indexOf("\n## ", 3);
            section = next < 0 ? section : section.substring(0, next);
            assertTrue(section.contains("Key: `" + t.key() + "`"), t.name() + ": key " + t.key() + " not documented");
            assertTrue(section.contains("Cleanup policy: `" + t.cleanupPolicy() + "`"), t.name() + ": policy");
            assertTrue(section.contains("`" + t.eventType().schemaResource() + "`"), t.name() + ": schema path");
            assertTrue(section.contains(EventCodecTest.example(t.eventType())), t.name() + ": example not verbatim");
            assertTrue(section.contains("record `" + t.eventType().javaType().getName() + "`"), t.name() + ": record");
        }
    }
}
