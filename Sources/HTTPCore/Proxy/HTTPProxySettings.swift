import Foundation

/// Which requests go through a proxy: one proxy for `http` URLs, one for `https` URLs (often the
/// same), and a `NO_PROXY` list of hosts reached directly.
///
/// ``fromEnvironment(_:override:)`` reads the standard variables: `http_proxy` / `HTTP_PROXY`,
/// `https_proxy` / `HTTPS_PROXY`, `all_proxy` / `ALL_PROXY` (for either scheme when its own
/// variable is unset) and `no_proxy` / `NO_PROXY`; the lower-case form wins when both are set,
/// and an empty value counts as unset. An explicit proxy (the `--proxy` option) replaces the
/// proxy variables for both schemes; `NO_PROXY` still applies to it.
///
/// Not promised: a redirect is followed on the connection route of the first URL, so a proxied
/// request redirected to a `NO_PROXY` host still goes through the proxy, and the other way round.
package struct HTTPProxySettings: Sendable, Hashable {
    /// The proxy for `http` URLs.
    package var httpProxy: HTTPProxyEndpoint?
    /// The proxy for `https` URLs (reached with `CONNECT`).
    package var httpsProxy: HTTPProxyEndpoint?
    /// Hosts reached without a proxy.
    package var exclusions: [HTTPNoProxyRule]

    /// No proxy at all.
    package static let direct = HTTPProxySettings()

    /// Creates settings; by default every request is direct.
    package init(
        httpProxy: HTTPProxyEndpoint? = nil, httpsProxy: HTTPProxyEndpoint? = nil, exclusions: [HTTPNoProxyRule] = []
    ) {
        self.httpProxy = httpProxy
        self.httpsProxy = httpsProxy
        self.exclusions = exclusions
    }

    /// Settings from the process environment, or from `override` (a proxy URL for both schemes).
    ///
    /// - Throws: ``HTTPSetupError`` naming the variable (or `--proxy`) and its value when a proxy
    ///   URL cannot be used.
    package static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment, override: String? = nil
    ) throws(HTTPSetupError) -> HTTPProxySettings {
        func variable(_ name: String) -> (name: String, value: String)? {
            for key in [name.lowercased(), name.uppercased()] {
                if let value = environment[key], !value.trimmingCharacters(in: .whitespaces).isEmpty {
                    return (key, value)
                }
            }
            return nil
        }
        var settings = HTTPProxySettings()
        settings.exclusions = variable("no_proxy").map { HTTPNoProxyRule.list($0.value) } ?? []
        if let override {
            let endpoint = try HTTPProxyEndpoint(parsing: override, source: "--proxy")
            settings.httpProxy = endpoint
            settings.httpsProxy = endpoint
            return settings
        }
        let all = variable("all_proxy")
        if let http = variable("http_proxy") ?? all {
            settings.httpProxy = try HTTPProxyEndpoint(parsing: http.value, source: http.name)
        }
        if let https = variable("https_proxy") ?? all {
            settings.httpsProxy = try HTTPProxyEndpoint(parsing: https.value, source: https.name)
        }
        return settings
    }

    /// The proxy a request to `url` goes through, or nil to connect directly.
    package func proxy(for url: URL) -> HTTPProxyEndpoint? {
        guard httpProxy != nil || httpsProxy != nil else { return nil }
        let scheme = url.scheme?.lowercased()
        guard let proxy = scheme == "https" ? httpsProxy : scheme == "http" ? httpProxy : nil else { return nil }
        let host = url.host ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return exclusions.contains { $0.matches(host: host, port: port) } ? nil : proxy
    }
}
