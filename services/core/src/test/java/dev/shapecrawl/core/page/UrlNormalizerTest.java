package dev.shapecrawl.core.page;

import dev.shapecrawl.events.Urls;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UrlNormalizerTest {

    private static String norm(String url) {
        return UrlNormalizer.normalize(url).orElseThrow(() -> new AssertionError("refused: " + url));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            // scheme and host lower-cased, the path's case kept
            "HTTP://WWW.Example.COM/Docs/A.html | http://www.example.com/Docs/A.html",
            // default ports removed, others kept
            "http://example.com:80/x | http://example.com/x",
            "https://example.com:443/x | https://example.com/x",
            "https://example.com:80/x | https://example.com:80/x",
            "http://example.com:8080/x | http://example.com:8080/x",
            // fragment removed
            "http://example.com/a#section-2 | http://example.com/a",
            "http://example.com/a?q=1#top | http://example.com/a?q=1",
            // empty path becomes /
            "http://example.com | http://example.com/",
            "http://example.com?q=1 | http://example.com/?q=1",
            // dot segments and empty segments
            "http://example.com/a/./b/../c | http://example.com/a/c",
            "http://example.com/../../x | http://example.com/x",
            "http://example.com/a//b | http://example.com/a/b",
            // percent-encoding: unreserved decoded, others upper-cased, illegal characters encoded
            "http://example.com/%7euser/%41b%2f | http://example.com/~user/Ab%2F",
            "http://example.com/100%/x | http://example.com/100%25/x",
            "http://example.com/a b/\u00fc | http://example.com/a%20b/%C3%BC",
            // host: punycode, no trailing dot, no user info
            "http://b\u00fccher.example/ | http://xn--bcher-kva.example/",
            "http://example.com./x | http://example.com/x",
            "http://user:secret@example.com/x | http://example.com/x",
            "http://[::1]:80/x | http://[::1]/x",
            // whitespace around and tabs or newlines inside, as the URL standard strips them
            "'  http://example.com/a\tb\n ' | http://example.com/ab",
    })
    void normalises(String in, String expected) {
        assertEquals(expected, norm(in));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            // order, repeated names and + kept; crawler-commons would sort
            "http://example.com/s?z=1&a=2&z=0 | http://example.com/s?z=1&a=2&z=0",
            "http://example.com/s?q=a+b&r=%2b | http://example.com/s?q=a+b&r=%2B",
            "http://example.com/s?flag&x= | http://example.com/s?flag&x=",
            // encoding normalised in the query too
            "http://example.com/s?q=%7e%41 | http://example.com/s?q=~A",
            "http://example.com/s?q=\u00e4 \u00f6 | http://example.com/s?q=%C3%A4%20%C3%B6",
            // an empty query is removed
            "http://example.com/s? | http://example.com/s",
            "http://example.com/s?#x | http://example.com/s",
    })
    void normalisesTheQueryKeepingItsOrder(String in, String expected) {
        assertEquals(expected, norm(in));
    }

    @Test
    void aPathThatChangesLengthDoesNotCorruptTheQuery() {
        // crawler-commons 1.5 alone gives http://example.com/~a?q?1&r=2 and http://example.com/a%20b?%C3%BC?x=1
        assertEquals("http://example.com/~a?q=1&r=2", norm("http://example.com/%7Ea?q=1&r=2"));
        assertEquals("http://example.com/a%20b/%C3%BC?x=1", norm("http://example.com/a b/\u00fc?x=1"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"javascript:alert(1)", "JavaScript:void(0)", "mailto:someone@example.com",
            "data:text/html,<p>hi", "tel:+44123456", "ftp://example.com/file", "file:///etc/passwd",
            "//example.com/protocol-relative", "/root-relative", "relative/path", "?q=1", "#top", "", "   ",
            "http://", "http:///x", "https://:443/", "http://exa mple.com/", "http://example.com:99999/",
            "http://example.com:abc/", "http:\\\\example.com\\x", "http:example.com/x", "urn:isbn:0451450523"})
    void refusesWhatCannotBeFetched(String url) {
        assertEquals(Optional.empty(), UrlNormalizer.normalize(url));
    }

    @Test
    void refusesNull() {
        assertEquals(Optional.empty(), UrlNormalizer.normalize(null));
    }

    @Test
    void appliesTheContractsLengthLimitBeforeAndAfter() {
        String prefix = "http://example.com/";
        String fits = prefix + "a".repeat(Urls.MAX_LENGTH - prefix.length());
        assertEquals(fits, norm(fits));
        assertEquals(Optional.empty(), UrlNormalizer.normalize(fits + "a"));
        // short enough as written, too long once the non-ASCII characters are percent-encoded (6 characters each)
        String grows = prefix + "\u00fc".repeat(2000);
        assertTrue(grows.length() < Urls.MAX_LENGTH);
        assertEquals(Optional.empty(), UrlNormalizer.normalize(grows));
    }

    @ParameterizedTest
    @ValueSource(strings = {"HTTP://WWW.Example.COM:80/a/./b/../c?z=1&a=%7e#f", "http://example.com/a b/\u00fc?q=\u00e4",
            "https://b\u00fccher.example:443/%7euser/?x=%2f", "http://example.com/100%/x?y=%zz"})
    void isIdempotentAndItsResultsPassTheContract(String url) {
        String once = norm(url);
        assertEquals(once, norm(once));
        assertEquals(once, Urls.requireHttp("url", once));
    }
}
