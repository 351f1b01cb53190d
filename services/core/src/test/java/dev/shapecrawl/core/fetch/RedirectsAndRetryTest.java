package dev.shapecrawl.core.fetch;

import dev.shapecrawl.events.FetchError;
import dev.shapecrawl.events.FetchErrorKind;
import dev.shapecrawl.events.HttpMethod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RedirectsAndRetryTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "http://a.test/b/c?x=1 | /d                | http://a.test/d",
            "http://a.test/b/c     | d                 | http://a.test/b/d",
            "http://a.test/b/c     | ../d              | http://a.test/d",
            "http://a.test/b/c     | ?q=2              | http://a.test/b/c?q=2",
            "http://a.test         | d                 | http://a.test/d",
            "http://a.test/b       | //other.test/x#f  | http://other.test/x",
            "http://a.test/b       | https://b.test/ö ü| https://b.test/%C3%B6%20%C3%BC",
            "http://a.test/b       | /a^b{c}           | http://a.test/a%5Eb%7Bc%7D",
    })
    void locationsResolveLikeBrowsers(String base, String location, String expected) throws URISyntaxException {
        assertEquals(expected, Redirects.resolve(new URI(base), location).toString());
    }

    @Test
    void methodChangesOnRedirect() {
        assertEquals(HttpMethod.GET, Redirects.nextMethod(303, HttpMethod.POST));
        assertEquals(HttpMethod.GET, Redirects.nextMethod(302, HttpMethod.POST));
        assertEquals(HttpMethod.POST, Redirects.nextMethod(307, HttpMethod.POST));
        assertEquals(HttpMethod.POST, Redirects.nextMethod(308, HttpMethod.POST));
        assertFalse(Redirects.isRedirect(304));
    }

    @Test
    void retryAfterInSecondsAndHttpDates() {
        long now = Instant.parse("2015-10-21T07:28:00Z").toEpochMilli();
        assertEquals(OptionalLong.of(2000), RetryPolicy.parseRetryAfter(" 2 ", now));
        assertEquals(OptionalLong.of(120_000), RetryPolicy.parseRetryAfter("Wed, 21 Oct 2015 07:30:00 GMT", now));
        assertEquals(OptionalLong.of(60_000), RetryPolicy.parseRetryAfter("Wednesday, 21-Oct-15 07:29:00 GMT", now));
        assertEquals(OptionalLong.of(30_000), RetryPolicy.parseRetryAfter("Wed Oct 21 07:28:30 2015", now));
        assertEquals(OptionalLong.of(0), RetryPolicy.parseRetryAfter("Wed, 21 Oct 2015 07:00:00 GMT", now));
        assertEquals(OptionalLong.empty(), RetryPolicy.parseRetryAfter("soon", now));
        assertEquals(OptionalLong.empty(), RetryPolicy.parseRetryAfter(null, now));
    }

    @Test
    void backOffIsExponentialCappedAndRetryAfterWins() {
        FetchSettings s = FetchSettings.builder().retryBaseDelayMs(1000).retryJitter(0).maxRetryAfterMs(5000).build();
        RetryPolicy p = new RetryPolicy(s, Clock.fixed(Instant.EPOCH, ZoneOffset.UTC), () -> 0.99);
        FetchAttempt err500 = failed(500, null);
        assertEquals(1000, p.delayMs(err500, 1));
        assertEquals(2000, p.delayMs(err500, 2));
        assertEquals(4000, p.delayMs(err500, 3));
        assertEquals(5000, p.delayMs(err500, 4), "capped at maxRetryAfterMs");
        assertEquals(3000, p.delayMs(failed(503, "3"), 1));
        assertEquals(5000, p.delayMs(failed(429, "3600"), 1), "Retry-After is capped too");
        RetryPolicy jittery = new RetryPolicy(s.toBuilder().retryJitter(0.5).build(),
                Clock.systemUTC(), () -> 0.5);
        assertEquals(1250, jittery.delayMs(err500, 1), "jitter only lengthens the wait");
    }

    @Test
    void whatIsRetried() {
        assertTrue(RetryPolicy.isRetryable(failed(500, null)));
        assertTrue(RetryPolicy.isRetryable(failed(429, null)));
        assertFalse(RetryPolicy.isRetryable(failed(404, null)));
        assertTrue(RetryPolicy.isRetryable(error(FetchErrorKind.TIMEOUT)));
        assertTrue(RetryPolicy.isRetryable(error(FetchErrorKind.CONNECT)));
        assertFalse(RetryPolicy.isRetryable(error(FetchErrorKind.DNS)));
        assertFalse(RetryPolicy.isRetryable(error(FetchErrorKind.BLOCKED_ADDRESS)));
        FetchSettings s = FetchSettings.builder().maxAttempts(3).build();
        RetryPolicy p = new RetryPolicy(s, Clock.systemUTC(), () -> 0);
        assertTrue(p.shouldRetry(failed(500, null), 2));
        assertFalse(p.shouldRetry(failed(500, null), 3));
    }

    private static FetchAttempt failed(int status, String retryAfter) {
        return new FetchAttempt("http://a.test/", List.of("http://a.test/"), status, "text/html", null, null, false,
                0, 0, 0, retryAfter, true, new FetchError(FetchErrorKind.HTTP_STATUS, "HTTP " + status));
    }

    private static FetchAttempt error(FetchErrorKind kind) {
        return FetchAttempt.withoutResponse("http://a.test/", new FetchError(kind, "x"), true, 0, 0);
    }
}
