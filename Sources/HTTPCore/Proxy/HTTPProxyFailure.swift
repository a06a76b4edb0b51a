import AsyncHTTPClient
import Foundation
import NIOPosix

/// A failure that happened at the proxy rather than at the server, said as such: the proxy could
/// not be reached, refused to open a tunnel, or wants credentials. Without it, a dead proxy
/// reads "Could not connect to the server" and a refused tunnel shows AsyncHTTPClient's
/// `invalidProxyResponse`.
package struct HTTPProxyFailure: Error, CustomStringConvertible, Sendable {
    /// What went wrong at the proxy.
    package enum Reason: Sendable, Equatable {
        /// No connection to the proxy itself.
        case unreachable
        /// The proxy answered the `CONNECT` with something other than success.
        case refusedTunnel
        /// The proxy asked for credentials (407).
        case authenticationRequired
    }

    /// The proxy.
    package var proxy: HTTPProxyEndpoint
    /// The server the request was for, `host:port`.
    package var target: String
    /// What went wrong.
    package var reason: Reason

    /// The sentence shown to the user.
    package var description: String {
        let at = "the proxy at \(proxy.address)"
        switch reason {
        case .unreachable:
            return "Could not connect to \(at) (on the way to \(target)); check the proxy setting"
        case .refusedTunnel:
            return "The request was refused by \(at): it did not open a tunnel (CONNECT) to \(target)"
        case .authenticationRequired:
            if let user = proxy.user {
                return "The proxy at \(proxy.address) refused the credentials of user \(user)"
            }
            return "The proxy at \(proxy.address) requires authentication: give it as http://user:password@host:port"
        }
    }

    /// `result` with a failure that happened at `proxy` restated as an ``HTTPProxyFailure``;
    /// anything else (no proxy, success, a failure from the server) unchanged.
    static func explain(
        _ result: Result<HTTPExchangeResponse, HTTPFailure>, proxy: HTTPProxyEndpoint?, url: URL
    ) -> Result<HTTPExchangeResponse, HTTPFailure> {
        guard let proxy, case .failure(let failure) = result, !failure.headReceived else { return result }
        let isHTTPS = url.scheme?.lowercased() == "https"
        let host = url.host ?? "?"
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let target = "\(shownHost):\(url.port ?? (isHTTPS ? 443 : 80))"
        let reason: Reason
        let kind: HTTPFailure.Kind
        if let error = failure.underlying as? HTTPClientError, error == .invalidProxyResponse {
            (reason, kind) = (.refusedTunnel, .protocolViolation)
        } else if let error = failure.underlying as? HTTPClientError, error == .proxyAuthenticationRequired {
            (reason, kind) = (.authenticationRequired, .protocolViolation)
        } else if failure.underlying is NIOConnectionError {
            // Only a failure to connect says the proxy is unreachable: an I/O error later, inside
            // an open tunnel, is the server's.
            (reason, kind) = (.unreachable, failure.kind)
        } else {
            return result
        }
        return .failure(
            HTTPFailure(kind: kind, underlying: HTTPProxyFailure(proxy: proxy, target: target, reason: reason)))
    }
}
