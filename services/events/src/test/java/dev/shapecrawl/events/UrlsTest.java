package dev.shapecrawl.events;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The contract's URL rule keeps credentials out of every event (docs/security.md). */
class UrlsTest {
    @ParameterizedTest
    @ValueSource(strings = {"http://user:s3cret@example.com/", "https://s3cret@example.com/a?b",
            "http://user:s3cret@127.0.0.1:8080/x", "http://:s3cret@[::1]/"})
    void urlsWithUserInfoAreRefusedWithoutRepeatingThem(String url) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Urls.requireHttp("url", url));
        assertTrue(e.getMessage().contains("user info"), e.getMessage());
        assertFalse(e.getMessage().contains("s3cret"), "the message must not carry the credentials");
        assertThrows(IllegalArgumentException.class, () -> CrawlSeed.of("j", url), "a seed cannot carry them");
        assertThrows(IllegalArgumentException.class, () -> FetchRequest.get("j", url, Purpose.MAP, 0));
    }

    @Test
    void anAtInThePathOrQueryIsNotUserInfo() {
        for (String url : new String[]{"http://example.com/@user", "http://example.com/?mail=a@b.c"}) {
            assertEquals(url, Urls.requireHttp("url", url));
        }
    }
}
