import Foundation

/// One cookie as an ``HTTPCookieJar`` keeps it: the storage model of RFC 6265 (section 5.3).
///
/// A cookie is identified by ``name``, ``domain`` and ``path``: a new cookie with the same three
/// replaces it. The ``description`` leaves the value out, so a cookie printed into a log does not
/// leak a session token.
package struct HTTPCookieRecord: Sendable, Hashable, CustomStringConvertible {
    /// The name, as the server sent it (case-sensitive).
    package var name: String
    /// The value, as the server sent it (double quotes included, if any).
    package var value: String
    /// The host the cookie belongs to, lower-cased, without a leading dot.
    package var domain: String
    /// Whether the cookie goes only to ``domain`` itself (no `Domain` attribute was given), or
    /// also to every host under it.
    package var isHostOnly: Bool
    /// The path prefix the cookie is sent for, starting with `/`.
    package var path: String
    /// When the cookie expires; nil for a session cookie, which lasts as long as the jar.
    package var expires: Date?
    /// Whether the cookie is sent over https only.
    package var isSecure: Bool
    /// Whether the server marked it `HttpOnly` (kept for display; it changes nothing here).
    package var isHTTPOnly: Bool
    /// When the cookie was first stored (kept when a cookie of the same identity replaces it).
    package var created: Date
    /// When the cookie was last stored or sent.
    package var lastAccessed: Date

    /// Creates a cookie.
    package init(
        name: String, value: String, domain: String, isHostOnly: Bool = true, path: String = "/",
        expires: Date? = nil, isSecure: Bool = false, isHTTPOnly: Bool = false, created: Date = Date(),
        lastAccessed: Date? = nil
    ) {
        self.name = name
        self.value = value
        self.domain = domain
        self.isHostOnly = isHostOnly
        self.path = path
        self.expires = expires
        self.isSecure = isSecure
        self.isHTTPOnly = isHTTPOnly
        self.created = created
        self.lastAccessed = lastAccessed ?? created
    }

    /// Whether the cookie has expired at `date` (a session cookie never does).
    package func isExpired(at date: Date) -> Bool {
        expires.map { $0 <= date } ?? false
    }

    /// Whether the cookie is sent with a request to `url` (at any time before it expires): the
    /// host equals ``domain`` (or, unless host-only, lies under it), the path lies under ``path``,
    /// and the scheme is https when the cookie is secure.
    package func matches(_ url: URL) -> Bool {
        guard let host = HTTPCookieMatching.canonicalHost(of: url) else { return false }
        let hostMatches = isHostOnly ? host == domain : HTTPCookieMatching.domainMatches(host: host, domain: domain)
        return hostMatches && HTTPCookieMatching.pathMatches(HTTPCookieMatching.requestPath(of: url), cookiePath: path)
            && (!isSecure || url.scheme?.lowercased() == "https")
    }

    /// Whether `other` has the same name, domain and path, so one replaces the other.
    package func hasSameIdentity(as other: HTTPCookieRecord) -> Bool {
        name == other.name && domain == other.domain && path == other.path
    }

    /// `name (domain, path)` with flags; never the value.
    package var description: String {
        var text = "\(name) (\(isHostOnly ? "" : ".")\(domain)\(path)"
        if isSecure { text += ", secure" }
        if isHTTPOnly { text += ", HttpOnly" }
        if let expires { text += ", expires \(HTTPCookieDate.format(expires))" }
        return text + ")"
    }
}
