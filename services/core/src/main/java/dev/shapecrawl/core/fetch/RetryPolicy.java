package dev.shapecrawl.core.fetch;

import dev.shapecrawl.events.FetchErrorKind;

import java.time.Clock;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.function.DoubleSupplier;

/**
 * Which failed attempts are retried and after how long.
 *
 * <p>Retried: {@link FetchErrorKind#TIMEOUT} and {@link FetchErrorKind#CONNECT} (transient network trouble),
 * and {@link FetchErrorKind#HTTP_STATUS} with a 5xx or 429 (the server's own trouble or throttling). Not retried:
 * DNS failures (a name that does not resolve now will rarely resolve in a second), other statuses, guard and
 * robots refusals, unsupported types, redirect trouble and other I/O failures (malformed responses repeat).
 * POST form submissions are retried too: the crawler's forms are searches, not orders.
 *
 * <p>The wait before attempt n+1 (n attempts made): the server's {@code Retry-After} on a 429 or 503 (RFC 9110
 * §10.2.3: seconds or an HTTP-date), else {@code retryBaseDelayMs · 2^(n-1)} stretched by a random factor in
 * {@code [1, 1 + retryJitter)}; either capped at {@code maxRetryAfterMs}. The {@link Fetcher} additionally never
 * starts the retry before the host's politeness delay has passed.
 */
final class RetryPolicy {
    private static final DateTimeFormatter RFC_850 = new DateTimeFormatterBuilder()
            .parseCaseInsensitive()
            .appendPattern("EEEE, dd-MMM-")
            .appendValueReduced(ChronoField.YEAR, 2, 2, 1970)
            .appendPattern(" HH:mm:ss zzz")
            .toFormatter(Locale.US);
    private static final DateTimeFormatter ASCTIME = new DateTimeFormatterBuilder()
            .parseCaseInsensitive()
            .appendPattern("EEE MMM")
            .appendLiteral(' ')
            .optionalStart().appendLiteral(' ').optionalEnd()
            .appendPattern("d HH:mm:ss yyyy")
            .toFormatter(Locale.US)
            .withZone(java.time.ZoneOffset.UTC);
    private static final List<DateTimeFormatter> HTTP_DATES =
            List.of(DateTimeFormatter.RFC_1123_DATE_TIME, RFC_850, ASCTIME);

    private final FetchSettings settings;
    private final Clock clock;
    private final DoubleSupplier random;

    /**
     * @param clock  the wall clock HTTP-date values are compared with
     * @param random uniform numbers in [0, 1) for jitter
     */
    RetryPolicy(FetchSettings settings, Clock clock, DoubleSupplier random) {
        this.settings = settings;
        this.clock = clock;
        this.random = random;
    }

    /** True when {@code attempt} failed in a retryable way and fewer than maxAttempts have been made. */
    boolean shouldRetry(FetchAttempt attempt, int attemptsMade) {
        return attemptsMade < settings.maxAttempts() && isRetryable(attempt);
    }

    /** True when the failure is one that is retried (see the class comment). */
    static boolean isRetryable(FetchAttempt attempt) {
        FetchErrorKind kind = attempt.errorKind();
        if (kind == FetchErrorKind.TIMEOUT || kind == FetchErrorKind.CONNECT) {
            return true;
        }
        return kind == FetchErrorKind.HTTP_STATUS && (attempt.status() >= 500 && attempt.status() <= 599
                || attempt.status() == 429);
    }

    /**
     * The wait before the next attempt, ms.
     *
     * @param attemptsMade attempts made so far, >= 1
     */
    long delayMs(FetchAttempt attempt, int attemptsMade) {
        if (attempt.status() == 429 || attempt.status() == 503) {
            OptionalLong retryAfter = parseRetryAfter(attempt.retryAfter(), clock.millis());
            if (retryAfter.isPresent()) {
                return Math.min(retryAfter.getAsLong(), settings.maxRetryAfterMs());
            }
        }
        int exponent = Math.min(Math.max(attemptsMade - 1, 0), 30);
        double backoff = settings.retryBaseDelayMs() * (double) (1L << exponent);
        double jittered = backoff * (1 + settings.retryJitter() * random.getAsDouble());
        return (long) Math.min(jittered, settings.maxRetryAfterMs());
    }

    /**
     * Parses a {@code Retry-After} value: delay-seconds, or an HTTP-date in any of RFC 9110's three formats
     * (IMF-fixdate, RFC 850, asctime).
     *
     * @param value the header value, or null
     * @param nowMs the current wall-clock time, epoch ms (a date in the past means 0)
     * @return the wait in ms, >= 0; empty when absent or unparseable
     */
    static OptionalLong parseRetryAfter(String value, long nowMs) {
        if (value == null || value.isBlank()) {
            return OptionalLong.empty();
        }
        String v = value.strip();
        if (v.chars().allMatch(Character::isDigit)) {
            // More than 9 digits is over 30 years: saturate rather than overflow.
            long seconds = v.length() > 9 ? 999_999_999L : Long.parseLong(v);
            return OptionalLong.of(seconds * 1000);
        }
        for (DateTimeFormatter f : HTTP_DATES) {
            try {
                long at = ZonedDateTime.parse(v, f).toInstant().toEpochMilli();
                return OptionalLong.of(Math.max(0, at - nowMs));
            } catch (DateTimeParseException e) {
                // try the next format
            }
        }
        return OptionalLong.empty();
    }
}
