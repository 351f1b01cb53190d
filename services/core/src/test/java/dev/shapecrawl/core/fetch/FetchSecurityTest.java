package dev.shapecrawl.core.fetch;

import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.FetchErrorKind;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.FormField;
import dev.shapecrawl.events.HttpMethod;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.testkit.hostile.HostileSite;
import dev.shapecrawl.testkit.web.RecordedRequest;
import dev.shapecrawl.testkit.web.TestResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.shapecrawl.core.fetch.FetchTesting.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The SSRF guard, robots.txt and the credential rule hold in the <em>production</em> setting ({@code
 * allowedAddresses} empty, as {@link FetchSettings#defaults()}) for every hop of a redirect chain and for form
 * submissions (POST, purpose PROBE), which go through the same {@link Fetcher} path as every other request.
 *
 * <p>How a test reaches a loopback server with loopback refused: the guard's resolver (the seam
 * {@link AddressGuard.Resolver}) says {@code localhost} is a public address, while the HTTP client, which always
 * resolves with the JVM, connects to the real {@code localhost}. That is the DNS-rebinding case the guard
 * documents; here it only serves to let the first hop through. Every redirect target is then a literal address
 * or a name in the fake zone, so deciding about it needs no DNS; a target that got past the guard would hit the
 * test server (loopback spellings, 0.0.0.0) or fail to connect, never with {@link FetchErrorKind#BLOCKED_ADDRESS}
 * and an untouched chain, so nothing is ever sent to a non-loopback address.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FetchSecurityTest {
    /** A public address (outside every special-purpose range) the fake resolver gives {@code localhost}. */
    private static final byte[] PUBLIC = {93, (byte) 184, (byte) 215, 14};

    private HostileSite site;
    private Fetcher fetcher;

    @BeforeEach
    void start() throws UnknownHostException {
        site = HostileSite.start();
        FetchSettings production = FetchSettings.builder()
                .politenessDelayMs(0) // not a security setting; keeps the test quick
                .maxAttempts(1)
                .build();
        assertTrue(production.allowedAddresses().isEmpty(), "the production default lets no special address through");
        fetcher = new Fetcher(production, FetchListener.NONE, fakeDns());
    }

    @AfterEach
    void stop() {
        fetcher.close();
        site.close();
    }

    /** The zone of the fake resolver: names that map to internal addresses, the way real DNS could. */
    private static AddressGuard.Resolver fakeDns() throws UnknownHostException {
        Map<String, InetAddress[]> zone = new LinkedHashMap<>();
        zone.put("localhost", new InetAddress[]{InetAddress.getByAddress("localhost", PUBLIC)});
        // what glibc's resolver answers for hex and octal spellings (inet_aton): the JVM's own literal parser
        // does not take them, so they reach the system resolver in production
        zone.put("0x7f000001", new InetAddress[]{InetAddress.getByAddress(new byte[]{127, 0, 0, 1})});
        zone.put("017700000001", new InetAddress[]{InetAddress.getByAddress(new byte[]{127, 0, 0, 1})});
        zone.put("metadata.google.internal", new InetAddress[]{InetAddress.getByAddress(
                new byte[]{(byte) 169, (byte) 254, (byte) 169, (byte) 254})});
        // a name with a public address first and an internal one second
        zone.put("mixed.test", new InetAddress[]{InetAddress.getByAddress(PUBLIC),
                InetAddress.getByAddress(new byte[]{10, 0, 0, 1})});
        return host -> {
            InetAddress[] a = zone.get(host);
            if (a != null) {
                return a;
            }
            if (!host.matches("[0-9.]+|[0-9a-fA-F:.]*:[0-9a-fA-F:.]*")) {
                fail("not a literal and not in the zone, would need DNS: " + host);
            }
            return InetAddress.getAllByName(host); // a literal: parsed, never looked up
        };
    }

    /** Internal targets in the spellings SSRF payloads use, each with the class the guard must name. */
    private Map<String, String> internalTargets() {
        int port = site.server().port();
        Map<String, String> t = new LinkedHashMap<>();
        t.put("http://127.0.0.1:" + port + "/secret", "LOOPBACK");
        t.put("http://[::1]:" + port + "/secret", "LOOPBACK");
        t.put("http://[::ffff:127.0.0.1]:" + port + "/secret", "LOOPBACK");
        t.put("http://2130706433:" + port + "/secret", "LOOPBACK"); // decimal 127.0.0.1
        t.put("http://127.000.000.001:" + port + "/secret", "LOOPBACK");
        t.put("http://0x7f000001:" + port + "/secret", "LOOPBACK");
        t.put("http://017700000001:" + port + "/secret", "LOOPBACK");
        t.put("http://0.0.0.0:" + port + "/secret", "UNSPECIFIED"); // reaches this machine on Linux
        t.put("http://0:" + port + "/secret", "UNSPECIFIED");
        t.put("http://169.254.169.254/latest/meta-data/", "LINK_LOCAL"); // cloud metadata
        t.put("http://[::ffff:169.254.169.254]/latest/meta-data/", "LINK_LOCAL");
        t.put("http://metadata.google.internal/computeMetadata/v1/", "LINK_LOCAL");
        t.put("http://[fe80::1]/", "LINK_LOCAL");
        t.put("http://[fd00:ec2::254]/latest/meta-data/", "PRIVATE"); // AWS IMDS over IPv6
        t.put("http://10.0.0.1:8080/admin", "PRIVATE");
        t.put("http://192.168.1.1/", "PRIVATE");
        t.put("http://100.100.100.200/latest/meta-data/", "CARRIER_GRADE_NAT"); // Alibaba Cloud metadata
        t.put("http://mixed.test/", "PRIVATE");
        return t;
    }

    @Test
    void everyRedirectHopIsCheckedForGetAndForFormSubmissions() {
        int i = 0;
        for (Map.Entry<String, String> target : internalTargets().entrySet()) {
            i++;
            site.server().route("/get/" + i, TestResponse.redirect(302, target.getKey()));
            site.server().route("/post/" + i, TestResponse.redirect(307, target.getKey())); // keeps the POST
            for (FetchRequest request : List.of(
                    FetchRequest.get("sec", site.localhostUrl("/get/" + i), Purpose.MAP, 1),
                    new FetchRequest("sec", site.localhostUrl("/post/" + i), HttpMethod.POST,
                            List.of(new FormField("q", "x")), Purpose.PROBE, 1, null, 0, null))) {
                PageFetched p = await(fetcher.fetch(request));
                String what = request.method() + " -> " + target.getKey();
                assertEquals(FetchErrorKind.BLOCKED_ADDRESS, p.error().kind(), what + ": " + p.error().message());
                assertTrue(p.error().message().contains("refused"), p.error().message());
                assertTrue(p.error().message().contains(target.getValue()), what + ": " + p.error().message());
                assertEquals(List.of(request.url()), p.redirectChain(), what + ": the target was never requested");
                assertEquals(request.method() == HttpMethod.GET ? 302 : 307, p.status(), "the redirect's status");
                assertNull(p.body());
            }
        }
        assertTrue(site.server().requests("/secret").isEmpty(), "no refused target reached the server");
        assertEquals(2 * internalTargets().size(), site.server().requests().stream()
                .filter(r -> r.path().startsWith("/get/") || r.path().startsWith("/post/")).count());
    }

    @Test
    void formSubmissionsToInternalAddressesAreRefusedBeforeAnyRequest() {
        for (String url : internalTargets().keySet()) {
            PageFetched p = await(fetcher.fetch(new FetchRequest("sec", url, HttpMethod.POST,
                    List.of(new FormField("q", "x")), Purpose.PROBE, 1, null, 0, null)));
            assertEquals(FetchErrorKind.BLOCKED_ADDRESS, p.error().kind(), url + ": " + p.error().message());
            assertEquals(0, p.status());
        }
        assertTrue(site.server().requests().isEmpty(), "not even robots.txt was asked for");
    }

    @Test
    void robotsTxtIsHonouredForFormSubmissions() {
        String action = site.localhostUrl(HostileSite.FORM_ACTION);
        PageFetched probe = await(fetcher.fetch(new FetchRequest("sec", action, HttpMethod.POST,
                List.of(new FormField("q", "jazz")), Purpose.PROBE, 1, site.localhostUrl(HostileSite.FORM), 0, null)));
        assertEquals(FetchErrorKind.ROBOTS_DENIED, probe.error().kind(), probe.error().message());
        PageFetched get = await(fetcher.fetch(FetchRequest.get("sec", action + "?q=jazz", Purpose.PROBE, 1)));
        assertEquals(FetchErrorKind.ROBOTS_DENIED, get.error().kind());
        PageFetched map = await(fetcher.fetch(FetchRequest.get("sec", action, Purpose.MAP, 1)));
        assertEquals(FetchErrorKind.ROBOTS_DENIED, map.error().kind());
        assertTrue(site.server().requests(HostileSite.FORM_ACTION).isEmpty(), "the disallowed action was never "
                + "requested: " + site.server().requests());
        assertEquals(1, site.server().requests("/robots.txt").size());

        // a redirect into the disallowed path is refused too: every hop is checked against robots.txt
        site.server().route("/search", TestResponse.redirect(307, HostileSite.FORM_ACTION));
        site.server().route("/find", TestResponse.html("<p>results</p>"));
        PageFetched redirected = await(fetcher.fetch(new FetchRequest("sec", site.localhostUrl("/search"),
                HttpMethod.POST, List.of(new FormField("q", "jazz")), Purpose.PROBE, 1, null, 0, null)));
        assertEquals(FetchErrorKind.ROBOTS_DENIED, redirected.error().kind(), redirected.error().message());
        assertEquals(List.of(site.localhostUrl("/search")), redirected.redirectChain());
        assertTrue(site.server().requests(HostileSite.FORM_ACTION).isEmpty(), "never requested, not even by a "
                + "redirect");

        PageFetched allowed = await(fetcher.fetch(new FetchRequest("sec", site.localhostUrl("/find"),
                HttpMethod.POST, List.of(new FormField("q", "jazz")), Purpose.PROBE, 1, null, 0, null)));
        assertNull(allowed.error());
        RecordedRequest sent = site.server().requests("/find").get(0);
        assertEquals("POST", sent.method());
        assertEquals("q=jazz", sent.bodyAsString());
    }

    /** A redirect to another origin is checked against that origin's robots.txt, fetched then and there. */
    @Test
    void aRedirectToAnotherOriginIsCheckedAgainstItsRobotsTxt() {
        try (Fetcher loopback = new Fetcher(FetchTesting.local().maxAttempts(1).build())) {
            // 127.0.0.1 and localhost are two origins of one server; the redirect crosses from one to the other
            site.server().route("/elsewhere", TestResponse.redirect(302, site.localhostUrl(HostileSite.FORM_ACTION)));
            PageFetched p = await(loopback.fetch(FetchRequest.get("sec", site.url("/elsewhere"), Purpose.PROBE, 1)));
            assertEquals(FetchErrorKind.ROBOTS_DENIED, p.error().kind(), p.error().message());
            assertEquals(List.of(site.url("/elsewhere")), p.redirectChain());
            assertEquals(2, site.server().requests("/robots.txt").size(), "each origin's robots.txt, once");
            assertTrue(site.server().requests("/robots.txt").stream().anyMatch(r -> r.host().startsWith("localhost")));
            assertTrue(site.server().requests(HostileSite.FORM_ACTION).isEmpty());
        }
    }

    @Test
    void credentialsInARedirectNeverReachTheChainTheEventOrTheServer() {
        site.server().route("/cred", TestResponse.redirect(302, "http://admin:s3cret@localhost:"
                + site.server().port() + "/secret"));
        site.server().route("/cred-bad", TestResponse.redirect(302, "http://admin:s3cret@local host/%zz"));
        for (String path : List.of("/cred", "/cred-bad")) {
            PageFetched p = await(fetcher.fetch(FetchRequest.get("sec", site.localhostUrl(path), Purpose.MAP, 1)));
            assertTrue(p.error().kind() == FetchErrorKind.BLOCKED_ADDRESS || p.error().kind() == FetchErrorKind.IO,
                    p.error().toString());
            assertEquals(List.of(site.localhostUrl(path)), p.redirectChain());
            assertFalse(EventCodec.encode(p).contains("s3cret"), "the event does not carry the password");
        }
        assertTrue(site.server().requests("/secret").isEmpty());
    }
}
