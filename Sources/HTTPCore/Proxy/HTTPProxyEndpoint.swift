import AsyncHTTPClient
import Foundation
import Safety

/// A proxy server requests are sent through: an HTTP proxy, optionally with basic
/// authentication, or a SOCKS5 proxy. Through an HTTP proxy every request, `http` as well as
/// `https`, travels in a `CONNECT` tunnel (AsyncHTTPClient's way), so the proxy must allow
/// `CONNECT` to the ports used.
///
/// Parsed from the text of `--proxy` or a `*_PROXY` variable: `http://host:port`,
/// `http://user:password@host:port`, `socks5://host:port`, or `host:port` (meaning http). Without a
/// port, 1080 is assumed (as curl does). The connection to the proxy itself is never TLS, so an
/// `https://` proxy URL is refused.
package struct HTTPProxyEndpoint: Sendable, Hashable {
    /// How the proxy is spoken to.
    package enum Kind: Sendable, Hashable {
        /// An HTTP proxy.
        case http
        /// A SOCKS5 proxy.
        case socks5
    }

    /// How the proxy is spoken to.
    package var kind: Kind
    /// The proxy's host name or address.
    package var host: String
    /// The proxy's port.
    package var port: Int
    /// The user name for basic authentication, if any.
    package var user: String?
    /// The password for basic authentication, if any.
    package var password: String?

    /// Creates an endpoint.
    package init(kind: Kind = .http, host: String, port: Int, user: String? = nil, password: String? = nil) {
        self.kind = kind
        self.host = host
        self.port = port
        self.user = user
        self.password = password
    }

    /// Parses a proxy URL.
    ///
    /// - Parameter source: Where the text came from, for the error message (`--proxy`,
    ///   `HTTPS_PROXY`).
    /// - Throws: ``HTTPSetupError`` naming the source and the text when it has an unsupported
    ///   scheme, no host, or a bad port.
    package init(parsing text: String, source: String) throws(HTTPSetupError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let withScheme = trimmed.contains("://") ? trimmed : "http://" + trimmed
        let shown = UnsafeText.clean(SecretMasker.maskTypedURL(text))
        let problem = { (reason: String) in HTTPSetupError("The proxy \(source)=\(shown) \(reason).") }
        guard let components = URLComponents(string: withScheme), let scheme = components.scheme?.lowercased()
        else {
            throw problem("is not a URL such as http://proxy.example:3128")
        }
        switch scheme {
        case "http": kind = .http
        case "socks5", "socks5h", "socks": kind = .socks5
        case "https": throw problem("uses https, which is not supported; connections to a proxy are plain http")
        default: throw problem("has the unsupported scheme \(scheme); use http:// or socks5://")
        }
        guard let host = components.host, !host.isEmpty else {
            throw problem("has no host name")
        }
        if let port = components.port, !(1...65535).contains(port) {
            throw problem("has the port \(port), outside 1 to 65535")
        }
        self.host = HTTPHost.unbracketed(host)
        port = components.port ?? 1080
        user = components.percentEncodedUser.flatMap { $0.removingPercentEncoding }
        password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
        if kind == .socks5 && user != nil {
            throw problem("has a user name, which SOCKS proxies do not support here")
        }
    }

    /// `host:port`, for messages.
    package var address: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// AsyncHTTPClient's proxy configuration for this endpoint.
    var clientProxy: HTTPClient.Configuration.Proxy {
        switch kind {
        case .socks5:
            return .socksServer(host: host, port: port)
        case .http:
            guard let user else { return .server(host: host, port: port) }
            return .server(
                host: host, port: port,
                authorization: .basic(username: user, password: password ?? ""))
        }
    }
}
