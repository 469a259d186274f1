import CShims
import Foundation

/// Which addresses a request may connect to. A list that came from a public address may not
/// make the app knock on the person's own computer or network — loopback, private (RFC 1918,
/// RFC 4193), shared (RFC 6598) and link-local addresses — as browsers no longer let a public
/// page do; a list from a file or from such an address may. Every other address counts as
/// public, documentation ranges included. Decided on the address libcurl connects to, after
/// DNS and on every redirect (`shim_curl_public_addresses_only`).
public enum AddressReach: Sendable, Equatable {
    case anyAddress
    case publicOnly

    /// Whether `text`, an IP address, is one of the person's own; false for anything else.
    public static func isLocal(_ text: String) -> Bool {
        shim_address_text_is_local(text) == 1
    }

    /// For a request that goes through a proxy the connection is the proxy's, and the proxy
    /// resolves the name: only a link naming a local address or `localhost` itself is refused.
    static func namesLocalHost(_ url: URL) -> Bool {
        guard var host = url.host?.lowercased() else { return false }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host == "localhost" || host.hasSuffix(".localhost") || isLocal(host)
    }
}
