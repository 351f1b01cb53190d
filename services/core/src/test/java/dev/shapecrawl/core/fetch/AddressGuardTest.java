package dev.shapecrawl.core.fetch;

import dev.shapecrawl.events.FetchErrorKind;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.testkit.web.TestResponse;
import dev.shapecrawl.testkit.web.TestWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.shapecrawl.core.fetch.FetchTesting.await;
import static dev.shapecrawl.core.fetch.FetchTesting.get;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The SSRF guard. Literal addresses are checked without any DNS; host names other than {@code localhost}
 * (resolved from /etc/hosts) go through a fake resolver. Nothing here connects anywhere but 127.0.0.1.
 */
class AddressGuardTest {
    /** Default classes; resolves literals (parsed, no lookup) and localhost (/etc/hosts) only. */
    private static final AddressGuard DEFAULT = new AddressGuard(Set.of(), AddressGuardTest::literalOrLocalhost);
    private static final AddressGuard LOOPBACK_ALLOWED = new AddressGuard(Set.of(AddressClass.LOOPBACK));

    @ParameterizedTest
    @CsvSource({
            "http://127.0.0.1/, LOOPBACK",
            "http://127.8.9.10:8080/x, LOOPBACK",
            "http://[::1]/, LOOPBACK",
            "http://localhost/, LOOPBACK",
            "http://10.0.0.1/, PRIVATE",
            "http://172.16.0.1/, PRIVATE",
            "http://192.168.1.1/, PRIVATE",
            "http://169.254.169.254/latest/meta-data/, LINK_LOCAL",
            "http://0.0.0.0/, UNSPECIFIED",
            "http://[::]/, UNSPECIFIED",
            "http://100.64.0.1/, CARRIER_GRADE_NAT",
            "http://224.0.0.1/, MULTICAST",
            "http://255.255.255.255/, RESERVED",
            "http://[fd00::1]/, PRIVATE",
            "http://[fe80::1]/, LINK_LOCAL",
            "http://[ff02::1]/, MULTICAST",
            "http://[::ffff:169.254.169.254]/, LINK_LOCAL",
            "http://[::ffff:127.0.0.1]/, LOOPBACK",
            "http://[64:ff9b::a9fe:a9fe]/, LINK_LOCAL",
            "http://[2002:7f00:1::]/, LOOPBACK",
            "https://[2001:db8::1]/, RESERVED",
    })
    void refusesSpecialPurposeAddressesByDefault(String url, AddressClass expected) {
        AddressGuard.Verdict v = DEFAULT.check(url);
        assertFalse(v.allowed(), url);
        assertEquals(FetchErrorKind.BLOCKED_ADDRESS, v.error().kind());
        assertEquals(expected, v.refusedClass(), url);
        assertTrue(v.reason().contains(v.refused().getHostAddress()) && v.reason().contains(expected.name()),
                () -> "the reason names the address and its class: " + v.reason());
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://127.0.0.1/", "http://[::1]/", "http://localhost:8080/a", "https://127.0.0.2/"})
    void loopbackIsAllowedOnlyWhenNamed(String url) {
        assertFalse(DEFAULT.check(url).allowed());
        AddressGuard.Verdict v = LOOPBACK_ALLOWED.check(url);
        assertTrue(v.allowed(), () -> url + ": " + v.reason());
        assertNull(v.error());
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://10.0.0.1/", "http://169.254.169.254/", "http://0.0.0.0/", "http://[fe80::1]/"})
    void namingLoopbackLetsNothingElseThrough(String url) {
        assertFalse(LOOPBACK_ALLOWED.check(url).allowed(), url);
    }

    @ParameterizedTest
    @CsvSource({"8.8.8.8, PUBLIC", "172.15.255.255, PUBLIC", "172.32.0.1, PUBLIC", "100.128.0.1, PUBLIC",
            "2606:4700::1111, PUBLIC", "172.31.255.255, PRIVATE", "100.127.255.255, CARRIER_GRADE_NAT",
            "198.18.0.1, RESERVED", "192.0.2.1, RESERVED", "240.0.0.1, RESERVED", "0.1.2.3, UNSPECIFIED"})
    void classifiesAddresses(String literal, AddressClass expected) throws UnknownHostException {
        // getByName on a literal parses it; no lookup happens.
        assertEquals(expected, AddressGuard.classify(InetAddress.getByName(literal)));
    }

    @Test
    void refusesANameIfAnyOfItsAddressesIsInternal() {
        Map<String, String[]> zone = Map.of(
                "mixed.test", new String[]{"93.184.216.34", "10.0.0.1"},
                "public.test", new String[]{"93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"},
                "rebind.test", new String[]{"169.254.169.254"});
        AddressGuard guard = new AddressGuard(Set.of(), fakeDns(zone));
        AddressGuard.Verdict mixed = guard.check("https://mixed.test/");
        assertFalse(mixed.allowed());
        assertEquals(AddressClass.PRIVATE, mixed.refusedClass());
        assertEquals(2, mixed.addresses().size());
        assertTrue(guard.check("https://public.test/a?b").allowed()); // a verdict only: nothing is fetched
        assertEquals(AddressClass.LINK_LOCAL, guard.check("http://rebind.test/").refusedClass());
    }

    @Test
    void aNameThatDoesNotResolveIsADnsError() {
        AddressGuard guard = new AddressGuard(Set.of(), fakeDns(Map.of()));
        AddressGuard.Verdict v = guard.check("http://nothing-here.invalid/");
        assertFalse(v.allowed());
        assertEquals(FetchErrorKind.DNS, v.error().kind());
    }

    @ParameterizedTest
    @ValueSource(strings = {"ftp://127.0.0.1/", "file:///etc/passwd", "javascript:alert(1)", "gopher://10.0.0.1/",
            "http:///no-host"})
    void refusesNonHttpSchemesWithoutResolving(String url) {
        AddressGuard guard = new AddressGuard(Set.of(AddressClass.LOOPBACK), host -> {
            throw new AssertionError("must not resolve " + host);
        });
        AddressGuard.Verdict v = guard.check(url);
        assertFalse(v.allowed(), url);
        assertEquals(FetchErrorKind.BLOCKED_ADDRESS, v.error().kind());
    }

    /**
     * Through the whole engine with default settings: loopback, private and metadata addresses are refused before
     * any connection. For loopback the local server proves it (no request at all, not even robots.txt); 10.0.0.1
     * and 169.254.169.254 are never contacted because the guard decides from the literal before the HTTP client
     * is involved (a connection attempt would have given CONNECT or TIMEOUT, not BLOCKED_ADDRESS, and taken time).
     */
    @Test
    void defaultFetcherRefusesInternalTargetsBeforeConnecting() {
        AtomicInteger resolved = new AtomicInteger();
        AddressGuard.Resolver countingResolver = host -> {
            resolved.incrementAndGet();
            return literalOrLocalhost(host);
        };
        try (TestWebServer web = TestWebServer.start();
             Fetcher fetcher = new Fetcher(FetchSettings.defaults(), FetchListener.NONE, countingResolver)) {
            web.route("/", TestResponse.html("<p>secret</p>"));
            for (String url : new String[]{web.url("/"), web.localhostUrl("/"), "http://[::1]:" + web.port() + "/",
                    "http://10.0.0.1/", "http://169.254.169.254/latest/meta-data/", "http://0.0.0.0:" + web.port()
                    + "/"}) {
                long t0 = System.nanoTime();
                PageFetched p = await(fetcher.fetch(get(url)));
                assertEquals(FetchErrorKind.BLOCKED_ADDRESS, p.error().kind(), url);
                assertEquals(0, p.status());
                assertNull(p.body());
                assertEquals(1, p.attempts());
                assertTrue(FetchTesting.millis(System.nanoTime() - t0) < 2000, "refused at once: " + url);
            }
            assertTrue(web.requests().isEmpty(), () -> "no request may reach the server: " + web.requests());
            assertTrue(resolved.get() >= 6);
        }
    }

    @Test
    void fetcherReportsAnUnresolvableNameAsDns() {
        try (Fetcher fetcher = new Fetcher(FetchSettings.defaults(), FetchListener.NONE, fakeDns(Map.of()))) {
            PageFetched p = await(fetcher.fetch(get("http://no-such-host.invalid/page")));
            assertEquals(FetchErrorKind.DNS, p.error().kind());
            assertEquals(1, p.attempts(), "DNS failures are not retried");
        }
    }

    private static AddressGuard.Resolver fakeDns(Map<String, String[]> zone) {
        return host -> {
            String[] literals = zone.get(host);
            if (literals == null) {
                throw new UnknownHostException(host);
            }
            InetAddress[] out = new InetAddress[literals.length];
            for (int i = 0; i < literals.length; i++) {
                out[i] = InetAddress.getByName(requireLiteral(literals[i]));
            }
            return out;
        };
    }

    private static InetAddress[] literalOrLocalhost(String host) throws UnknownHostException {
        return InetAddress.getAllByName(host.equals("localhost") ? host : requireLiteral(host));
    }

    private static String requireLiteral(String host) {
        if (!host.matches("[0-9.]+|[0-9a-fA-F:.]*:[0-9a-fA-F:.]*")) {
            fail("not a literal, would need DNS: " + host);
        }
        return host;
    }
}
