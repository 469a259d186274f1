import Foundation

/// Whether libcurl will send a request through a proxy, read from the same environment libcurl
/// reads (`http_proxy` — lower case only, as libcurl —, `https_proxy`, `all_proxy`, `no_proxy`):
/// behind a proxy the address connected to is the proxy's, so the private-network rule can
/// only look at the link's own host (`AddressReach.namesLocalHost`).
enum ProxyEnvironment {
    static func proxies(_ url: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        func value(_ name: String, upperToo: Bool = true) -> String? {
            let found = environment[name] ?? (upperToo ? environment[name.uppercased()] : nil)
            return found?.isEmpty == false ? found : nil
        }
        let scheme = url.scheme?.lowercased()
        let proxy = (scheme == "http" ? value("http_proxy", upperToo: false) : value("https_proxy")) ?? value("all_proxy")
        guard proxy != nil, let host = url.host?.lowercased() else { return false }
        let exceptions = (value("no_proxy") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return !exceptions.contains { exception in
            let name = exception.hasPrefix(".") ? String(exception.dropFirst()) : exception
            return exception == "*" || (!name.isEmpty && (host == name || host.hasSuffix("." + name)))
        }
    }
}
