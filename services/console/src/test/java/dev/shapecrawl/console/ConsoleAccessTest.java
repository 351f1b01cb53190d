package dev.shapecrawl.console;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Binding beyond loopback needs a token (issue 22); the token comparison. */
class ConsoleAccessTest {
    @Test
    void loopbackNeedsNoTokenAndAnyOtherAddressDoes() {
        for (String host : new String[]{"127.0.0.1", "localhost", "::1"}) {
            assertEquals(Optional.empty(), ConsoleAccess.refusal(host, Optional.empty()), host);
        }
        for (String host : new String[]{"0.0.0.0", "192.168.1.4", "::", "console.example.com"}) {
            Optional<String> refusal = ConsoleAccess.refusal(host, Optional.empty());
            assertTrue(refusal.isPresent() && refusal.get().contains("SHAPECRAWL_CONSOLE_TOKEN")
                    && refusal.get().contains(host), host + ": " + refusal);
            assertEquals(Optional.empty(), ConsoleAccess.refusal(host, Optional.of("s3cret")), host + " with a token");
        }
    }

    @Test
    void tokensMatchExactly() {
        assertTrue(ConsoleAccess.matches("s3cret", "s3cret"));
        assertFalse(ConsoleAccess.matches("s3cre", "s3cret"));
        assertFalse(ConsoleAccess.matches("s3cret ", "s3cret"));
        assertFalse(ConsoleAccess.matches(null, "s3cret"));
    }
}
