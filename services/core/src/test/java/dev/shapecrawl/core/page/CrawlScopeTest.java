package dev.shapecrawl.core.page;

import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.ScopeMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CrawlScopeTest {

    @ParameterizedTest(name = "HOST www.example.com contains {0}: {1}")
    @CsvSource({
            "http://www.example.com/a, true",
            "https://www.example.com/other/path?q=1, true", // http and https are one site
            "http://example.com/a, true", // a www. prefix names the same site
            "http://docs.www.example.com/a, false", // a subdomain is another host
            "http://docs.example.com/a, false",
            "http://www.example.org/a, false",
            "http://www.example.com:8080/a, false", // an explicit port the entry does not use
            "http://www.example.com.evil.com/a, false",
    })
    void hostScope(String url, boolean expected) {
        assertEquals(expected, new CrawlScope(ScopeMode.HOST, "http://www.example.com/start").contains(url));
    }

    @ParameterizedTest(name = "HOST example.com contains {0}: {1}")
    @CsvSource({
            "http://www.example.com/a, true",
            "http://example.com/a, true",
            "http://www.com/a, false",
            "http://wwwexample.com/a, false",
    })
    void hostScopeWithoutWww(String url, boolean expected) {
        assertEquals(expected, new CrawlScope(ScopeMode.HOST, "http://example.com/").contains(url));
    }

    @ParameterizedTest(name = "HOST 127.0.0.1:8080 contains {0}: {1}")
    @CsvSource({
            "http://127.0.0.1:8080/a, true",
            "https://127.0.0.1:8080/a, true",
            "http://127.0.0.1/a, true", // the default port is the same site
            "http://127.0.0.1:9090/a, false",
            "http://127.0.0.2:8080/a, false",
    })
    void hostScopeAllowsTheEntrysOwnPort(String url, boolean expected) {
        assertEquals(expected, new CrawlScope(ScopeMode.HOST, "http://127.0.0.1:8080/").contains(url));
    }

    @ParameterizedTest(name = "DOMAIN docs.example.co.uk contains {0}: {1}")
    @CsvSource({
            "https://docs.example.co.uk/x, true",
            "http://example.co.uk/, true", // the registered domain itself
            "https://shop.example.co.uk/cart, true",
            "https://a.b.example.co.uk/, true",
            "https://other.co.uk/, false", // co.uk is a public suffix, not the domain
            "https://notexample.co.uk/, false",
            "https://example.co.uk.evil.com/, false",
            "https://example.com/, false",
            "https://shop.example.co.uk:8443/, false",
    })
    void domainScopeUsesTheRegisteredDomainOfMultiPartSuffixes(String url, boolean expected) {
        CrawlScope scope = new CrawlScope(ScopeMode.DOMAIN, "https://docs.example.co.uk/guide/");
        assertEquals("example.co.uk", scope.domain());
        assertEquals(expected, scope.contains(url));
    }

    @Test
    void domainScopeOfACommonHost() {
        CrawlScope scope = new CrawlScope(ScopeMode.DOMAIN, "https://www.example.com/");
        assertEquals("example.com", scope.domain());
        assertTrue(scope.contains("https://blog.example.com/post"));
        assertFalse(scope.contains("https://www.example.org/"));
    }

    @Test
    void domainScopeHonoursPrivateSuffixes() {
        CrawlScope scope = new CrawlScope(ScopeMode.DOMAIN, "https://alice.github.io/project/");
        assertEquals("alice.github.io", scope.domain(), "github.io is a private public suffix");
        assertTrue(scope.contains("https://docs.alice.github.io/"));
        assertFalse(scope.contains("https://bob.github.io/"));
    }

    @Test
    void domainScopeFallsBackToTheHostWithoutARegisteredDomain() {
        assertEquals("localhost", new CrawlScope(ScopeMode.DOMAIN, "http://localhost:8080/").domain());
        assertEquals("127.0.0.1", new CrawlScope(ScopeMode.DOMAIN, "http://127.0.0.1/").domain());
        CrawlScope internal = new CrawlScope(ScopeMode.DOMAIN, "http://app.corp.internal/");
        assertEquals("app.corp.internal", internal.domain());
        assertTrue(internal.contains("http://api.app.corp.internal/"));
        assertFalse(internal.contains("http://other.corp.internal/"));
    }

    @ParameterizedTest(name = "PREFIX /docs/ contains {0}: {1}")
    @CsvSource({
            "http://example.com/docs/, true",
            "http://example.com/docs/guide/intro.html, true",
            "https://example.com/docs/a?x=1, true",
            "http://example.com/docs, false", // the directory without its slash does not start with /docs/
            "http://example.com/doc, false",
            "http://example.com/other/docs/, false",
            "http://example.com/, false",
            "http://other.com/docs/x, false",
            "http://example.com:8080/docs/x, false",
    })
    void prefixScope(String url, boolean expected) {
        CrawlScope scope = new CrawlScope(ScopeMode.PREFIX, "http://example.com/docs/index.html?page=1");
        assertEquals("/docs/", scope.pathPrefix());
        assertEquals(expected, scope.contains(url));
    }

    @Test
    void prefixOfAnEntryWithoutTrailingSlashIsItsParent() {
        CrawlScope scope = new CrawlScope(ScopeMode.PREFIX, "http://example.com/docs");
        assertEquals("/", scope.pathPrefix());
        assertTrue(scope.contains("http://example.com/anything"));
    }

    @Test
    void theEntryIsNormalisedAndTheModeDefaultsToHost() {
        CrawlScope scope = new CrawlScope(null, "HTTP://WWW.Example.COM:80/a/../b#top");
        assertEquals(ScopeMode.HOST, scope.mode());
        assertEquals("http://www.example.com/b", scope.entryUrl());
        assertEquals("www.example.com", scope.host());
        assertEquals(scope, CrawlScope.of(CrawlSeed.of("job-1", "http://www.example.com/b")));
    }

    @Test
    void refusesAnEntryThatCannotBeFetched() {
        assertThrows(IllegalArgumentException.class, () -> new CrawlScope(ScopeMode.HOST, null));
        assertThrows(IllegalArgumentException.class, () -> new CrawlScope(ScopeMode.HOST, " "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new CrawlScope(ScopeMode.HOST, "ftp://example.com/"));
        assertTrue(e.getMessage().startsWith("entryUrl:"), e.getMessage());
    }

    @Test
    void urlsThatAreNotHttpAreNeverInScope() {
        CrawlScope scope = new CrawlScope(ScopeMode.DOMAIN, "http://example.com/");
        assertFalse(scope.contains(null));
        assertFalse(scope.contains("mailto:a@example.com"));
        assertFalse(scope.contains("not a url"));
        assertFalse(scope.contains("ftp://example.com/"));
    }
}
