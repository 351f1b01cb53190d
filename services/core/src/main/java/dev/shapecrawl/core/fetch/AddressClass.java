package dev.shapecrawl.core.fetch;

/**
 * What kind of IP address a host resolved to, as far as the SSRF guard ({@link AddressGuard}) cares.
 *
 * <p>Every class but {@link #PUBLIC} is refused by default; naming a class in
 * {@link FetchSettings#allowedAddresses()} lets it through (tests name {@link #LOOPBACK} to fetch from a local
 * server). Ranges follow the IANA special-purpose address registries (RFC 6890 and successors). IPv6 addresses
 * that embed an IPv4 address (IPv4-mapped {@code ::ffff:0:0/96}, IPv4-compatible {@code ::/96}, NAT64
 * {@code 64:ff9b::/96}, 6to4 {@code 2002::/16}) are classified by the embedded IPv4 address, because that is
 * where the packets may end up.
 */
public enum AddressClass {
    /** A globally routable address: always allowed; naming it in the settings is refused as meaningless. */
    PUBLIC,
    /** {@code 127.0.0.0/8}, {@code ::1}: this machine. */
    LOOPBACK,
    /**
     * RFC 1918 private networks {@code 10.0.0.0/8}, {@code 172.16.0.0/12}, {@code 192.168.0.0/16}; IPv6 unique
     * local {@code fc00::/7} and the deprecated site-local {@code fec0::/10}.
     */
    PRIVATE,
    /**
     * {@code 169.254.0.0/16} (which holds the cloud metadata endpoint {@code 169.254.169.254}) and
     * {@code fe80::/10}.
     */
    LINK_LOCAL,
    /** Carrier-grade NAT shared address space {@code 100.64.0.0/10} (RFC 6598): some provider's internal net. */
    CARRIER_GRADE_NAT,
    /** {@code 224.0.0.0/4}, {@code ff00::/8}. */
    MULTICAST,
    /**
     * {@code 0.0.0.0/8} ("this network"; connecting to {@code 0.0.0.0} reaches the local machine on Linux) and
     * {@code ::}.
     */
    UNSPECIFIED,
    /**
     * Other special-purpose space that is never a public web server: {@code 240.0.0.0/4} and the broadcast
     * address, IETF protocol assignments {@code 192.0.0.0/24}, documentation ranges ({@code 192.0.2.0/24},
     * {@code 198.51.100.0/24}, {@code 203.0.113.0/24}, {@code 2001:db8::/32}), benchmarking
     * {@code 198.18.0.0/15}, the deprecated 6to4 relay {@code 192.88.99.0/24}, discard-only {@code 100::/64} and
     * Teredo {@code 2001::/32} (whose embedded IPv4 address is obfuscated, so it cannot be checked).
     */
    RESERVED
}
