import Foundation

/// The matching rules of RFC 6265 (sections 5.1.2–5.1.4): which hosts and paths a cookie
/// belongs to.
package enum HTTPCookieMatching {
    /// The URL's host as cookies compare it: lower-cased, an IPv6 address without brackets;
    /// nil when the URL has no host.
    package static func canonicalHost(of url: URL) -> String? {
        guard let host = url.host, !host.isEmpty else { return nil }
        return HTTPHost.unbracketed(host).lowercased()
    }

    /// Whether `host` domain-matches `domain` (both canonical): they are equal, or `host` ends
    /// with `.domain` and is a name, not an IP address.
    package static func domainMatches(host: String, domain: String) -> Bool {
        host == domain || (!HTTPHost.isIPAddress(host) && host.hasSuffix("." + domain))
    }

    /// The path of `url` as sent, percent escapes kept; `/` when empty.
    package static func requestPath(of url: URL) -> String {
        let path = url.path(percentEncoded: true)
        return path.hasPrefix("/") ? path : "/"
    }

    /// Whether a request for `requestPath` is under `cookiePath`: they are equal, or
    /// `cookiePath` is a prefix of it that ends with `/` or is followed by `/` in it.
    package static func pathMatches(_ requestPath: String, cookiePath: String) -> Bool {
        guard requestPath.hasPrefix(cookiePath) else { return false }
        return requestPath.count == cookiePath.count || cookiePath.hasSuffix("/")
            || requestPath.dropFirst(cookiePath.count).hasPrefix("/")
    }

    /// The path a cookie gets when it names none (or one not starting with `/`): the request
    /// path up to, not including, its last `/`; `/` when that leaves nothing.
    package static func defaultPath(of url: URL) -> String {
        let path = requestPath(of: url)
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
