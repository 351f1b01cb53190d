package dev.shapecrawl.core.fetch;

import dev.shapecrawl.events.FetchError;
import dev.shapecrawl.events.FetchErrorKind;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The SSRF guard: decides, before any connection is made, whether a URL may be fetched, from its scheme and
 * from every address its host resolves to.
 *
 * <p>Rules: the scheme must be {@code http} or {@code https}; the host is resolved with
 * {@link InetAddress#getAllByName} (literal IPv4 and bracketed IPv6 addresses such as {@code [::1]} are taken
 * as they are, without DNS); the URL is refused if <em>any</em> resolved address falls in an
 * {@link AddressClass} other than {@link AddressClass#PUBLIC} that {@link FetchSettings#allowedAddresses()}
 * does not name. "Any", not "the first", because the HTTP client may pick any of them (and a hostile name can
 * list a public address first and an internal one second). A host that does not resolve gives a
 * {@link FetchErrorKind#DNS} verdict; every refusal gives {@link FetchErrorKind#BLOCKED_ADDRESS} with the
 * offending address and its class in the message.
 *
 * <p>The fetcher runs the guard on the request URL and again on every redirect target, so a public page
 * cannot redirect the crawler to {@code http://169.254.169.254/} or {@code http://localhost:8080/admin}.
 *
 * <p><b>Residual risk: DNS rebinding.</b> The guard resolves the name, and the JDK HttpClient resolves it
 * again when it connects; a hostile DNS server could answer with a public address the first time and an
 * internal one the second. What closes most of that window is the JVM's positive name cache
 * ({@code networkaddress.cache.ttl}, 30 s by default when no security manager is installed): the client's
 * lookup, milliseconds after the guard's, is served from the cache, so it connects to an address the guard
 * checked, whatever TTL the DNS answer carried. The window reopens only when the cache entry expires between
 * the two lookups, or if the deployment sets {@code networkaddress.cache.ttl=0}, which it therefore must
 * not. Closing it completely would need connecting to the checked address itself, which the JDK 17
 * HttpClient does not allow (no custom resolver; {@code Host} is a restricted header; TLS would need the
 * name). The guard does not help either when an HTTP proxy is configured; the fetcher's client uses none.
 *
 * <p>Thread-safe; immutable.
 */
public final class AddressGuard {

    /** Resolves a host name to its addresses; the seam that lets tests avoid real DNS. */
    @FunctionalInterface
    public interface Resolver {
        /** The JVM's resolver, {@link InetAddress#getAllByName}, which shares the client's cache. */
        Resolver SYSTEM = InetAddress::getAllByName;

        /**
         * Every address of {@code host} (an unbracketed name or literal).
         *
         * @throws UnknownHostException if the name does not resolve
         */
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    /**
     * The guard's decision on one URL.
     *
     * @param allowed      true when the URL may be fetched
     * @param addresses    every address the host resolved to (empty when it did not resolve or the URL was
     *                     refused before resolving)
     * @param refusedClass the class of the refused address, or null (allowed, DNS failure, bad scheme)
     * @param refused      the first refused address, or null
     * @param error        why the URL may not be fetched ({@link FetchErrorKind#BLOCKED_ADDRESS} or
     *                     {@link FetchErrorKind#DNS}), or null when allowed
     */
    public record Verdict(boolean allowed, List<InetAddress> addresses, AddressClass refusedClass,
                          InetAddress refused, FetchError error) {
        /** Validates: {@code error} is null exactly when {@code allowed}; copies {@code addresses}. */
        public Verdict {
            addresses = List.copyOf(addresses);
            if (allowed != (error == null)) {
                throw new IllegalArgumentException("error: must be null exactly when allowed");
            }
        }

        static Verdict allow(List<InetAddress> addresses) {
            return new Verdict(true, addresses, null, null, null);
        }

        static Verdict refuse(FetchErrorKind kind, String message) {
            return new Verdict(false, List.of(), null, null, new FetchError(kind, message));
        }

        /** A human-readable reason: "allowed", or the error's message. */
        public String reason() {
            return allowed ? "allowed" : error.message();
        }
    }

    private final Set<AddressClass> allowedClasses;
    private final Resolver resolver;

    /** A guard with the JVM's resolver, letting through the classes {@code allowed} names. */
    public AddressGuard(Set<AddressClass> allowed) {
        this(allowed, Resolver.SYSTEM);
    }

    /**
     * A guard letting through the classes {@code allowed} names (besides {@link AddressClass#PUBLIC}), resolving
     * names with {@code resolver}.
     */
    public AddressGuard(Set<AddressClass> allowed, Resolver resolver) {
        this.allowedClasses = allowed.isEmpty() ? EnumSet.noneOf(AddressClass.class) : EnumSet.copyOf(allowed);
        this.allowedClasses.add(AddressClass.PUBLIC);
        if (resolver == null) {
            throw new IllegalArgumentException("resolver: missing");
        }
        this.resolver = resolver;
    }

    /** {@link #check(URI)} of a URL string; an unparseable URL is refused as BLOCKED_ADDRESS. */
    public Verdict check(String url) {
        try {
            return check(new URI(url));
        } catch (URISyntaxException e) {
            return Verdict.refuse(FetchErrorKind.BLOCKED_ADDRESS, "unparseable URL: " + e.getReason());
        }
    }

    /**
     * Decides whether {@code uri} may be fetched. Blocks for the DNS lookup when the host is a name that is not
     * cached yet.
     *
     * @return the verdict; never null, never throws for a bad URL or a DNS failure
     */
    public Verdict check(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            return Verdict.refuse(FetchErrorKind.BLOCKED_ADDRESS,
                    "scheme '" + scheme + "' refused (http and https only)");
        }
        String host = uri.getHost();
        if (host == null || host.isEmpty()) {
            return Verdict.refuse(FetchErrorKind.BLOCKED_ADDRESS, "URL has no host");
        }
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        InetAddress[] resolved;
        try {
            resolved = resolver.resolve(host);
        } catch (UnknownHostException e) {
            return Verdict.refuse(FetchErrorKind.DNS, "host '" + host + "' did not resolve");
        } catch (SecurityException | IllegalArgumentException e) {
            return Verdict.refuse(FetchErrorKind.DNS, "host '" + host + "' cannot be resolved: " + e.getMessage());
        }
        if (resolved == null || resolved.length == 0) {
            return Verdict.refuse(FetchErrorKind.DNS, "host '" + host + "' resolved to no address");
        }
        List<InetAddress> addresses = Arrays.asList(resolved);
        for (InetAddress a : addresses) {
            AddressClass c = classify(a);
            if (!allowedClasses.contains(c)) {
                String message = "host '" + host + "' resolves to " + a.getHostAddress() + ", a " + c
                        + " address (allowedAddresses=" + allowedClasses.stream()
                        .filter(x -> x != AddressClass.PUBLIC).toList() + ")";
                return new Verdict(false, addresses, c, a, new FetchError(FetchErrorKind.BLOCKED_ADDRESS, message));
            }
        }
        return Verdict.allow(addresses);
    }

    /** The class of one address; see {@link AddressClass} for the ranges. Pure: no DNS. */
    public static AddressClass classify(InetAddress address) {
        byte[] b = address.getAddress();
        return b.length == 4 ? classifyV4(b, 0) : classifyV6(b);
    }

    private static AddressClass classifyV4(byte[] b, int off) {
        int x = ((b[off] & 0xff) << 24) | ((b[off + 1] & 0xff) << 16) | ((b[off + 2] & 0xff) << 8)
                | (b[off + 3] & 0xff);
        if (in(x, 0x00000000, 8)) {
            return AddressClass.UNSPECIFIED;
        }
        if (in(x, 0x7f000000, 8)) {
            return AddressClass.LOOPBACK;
        }
        if (in(x, 0x0a000000, 8) || in(x, 0xac100000, 12) || in(x, 0xc0a80000, 16)) {
            return AddressClass.PRIVATE;
        }
        if (in(x, 0xa9fe0000, 16)) {
            return AddressClass.LINK_LOCAL;
        }
        if (in(x, 0x64400000, 10)) {
            return AddressClass.CARRIER_GRADE_NAT;
        }
        if (in(x, 0xe0000000, 4)) {
            return AddressClass.MULTICAST;
        }
        if (in(x, 0xf0000000, 4) // 240/4 and 255.255.255.255
                || in(x, 0xc0000000, 24) // 192.0.0.0/24 IETF protocol assignments
                || in(x, 0xc0000200, 24) // 192.0.2.0/24 TEST-NET-1
                || in(x, 0xc0586300, 24) // 192.88.99.0/24 6to4 relay anycast (deprecated)
                || in(x, 0xc6120000, 15) // 198.18.0.0/15 benchmarking
                || in(x, 0xc6336400, 24) // 198.51.100.0/24 TEST-NET-2
                || in(x, 0xcb007100, 24)) { // 203.0.113.0/24 TEST-NET-3
            return AddressClass.RESERVED;
        }
        return AddressClass.PUBLIC;
    }

    private static AddressClass classifyV6(byte[] b) {
        boolean zero12 = true;
        for (int i = 0; i < 12; i++) {
            zero12 &= b[i] == 0;
        }
        if (zero12) {
            if (b[12] == 0 && b[13] == 0 && b[14] == 0 && (b[15] == 0 || b[15] == 1)) {
                return b[15] == 0 ? AddressClass.UNSPECIFIED : AddressClass.LOOPBACK;
            }
            return classifyV4(b, 12); // IPv4-compatible ::a.b.c.d (deprecated, still routable by some stacks)
        }
        boolean zero10 = true;
        for (int i = 0; i < 10; i++) {
            zero10 &= b[i] == 0;
        }
        if (zero10 && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
            return classifyV4(b, 12); // IPv4-mapped ::ffff:a.b.c.d (the JDK usually hands these over as IPv4)
        }
        int w0 = ((b[0] & 0xff) << 8) | (b[1] & 0xff);
        int w1 = ((b[2] & 0xff) << 8) | (b[3] & 0xff);
        if (w0 == 0x0064 && w1 == 0xff9b && allZero(b, 4, 12)) {
            return classifyV4(b, 12); // NAT64 well-known prefix 64:ff9b::/96
        }
        if (w0 == 0x2002) {
            return classifyV4(b, 2); // 6to4 2002:AABB:CCDD::/48 carries IPv4 AA.BB.CC.DD
        }
        if ((w0 == 0x2001 && w1 == 0x0000) // Teredo
                || (w0 == 0x2001 && w1 == 0x0db8) // documentation
                || (w0 == 0x0100 && allZero(b, 2, 8))) { // discard-only 100::/64
            return AddressClass.RESERVED;
        }
        int b0 = b[0] & 0xff;
        int b1 = b[1] & 0xff;
        if ((b0 & 0xfe) == 0xfc) {
            return AddressClass.PRIVATE; // unique local fc00::/7
        }
        if (b0 == 0xfe && (b1 & 0xc0) == 0x80) {
            return AddressClass.LINK_LOCAL; // fe80::/10
        }
        if (b0 == 0xfe && (b1 & 0xc0) == 0xc0) {
            return AddressClass.PRIVATE; // site-local fec0::/10 (deprecated)
        }
        if (b0 == 0xff) {
            return AddressClass.MULTICAST;
        }
        return AddressClass.PUBLIC;
    }

    private static boolean in(int address, int prefix, int bits) {
        int shift = 32 - bits;
        return (address >>> shift) == (prefix >>> shift);
    }

    private static boolean allZero(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }
}
