import Foundation
import NIOConcurrencyHelpers

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The cookies of one client, kept the way RFC 6265 describes: stored from every `Set-Cookie` of
/// every response (redirects included) and sent back in a `Cookie` header to the requests they
/// match. Safe to use from any thread.
///
/// Give one to ``HTTPClientSettings/cookieJar`` and the ``HTTPTransport`` does both on its own. A
/// request that already carries a `Cookie` header (set by the caller) is sent as it is: the jar
/// adds nothing to it and does not merge, so a typed header is exactly what goes out.
///
/// Rules: a cookie without `Domain` goes back only to the host that set it; with `Domain` to
/// that domain and every host under it (see ``HTTPSetCookieParser`` for what is refused). It goes
/// to paths under its `Path` (by default the directory of the URL that set it), to https only when
/// `Secure`, until `Max-Age` or `Expires`; a cookie without either lasts as long as the jar. A
/// cookie with the same name, domain and path replaces the stored one; an expired one deletes it.
/// An http response cannot replace a secure cookie of the same name. At most
/// ``maximumCookiesPerDomain`` per domain and ``maximumCookies`` in all are kept: when more
/// arrive, the ones used least recently go. In the `Cookie` header, cookies with longer paths come
/// first, then older ones.
///
/// Persistence is explicit: ``save(to:)`` and ``load(from:)`` use the Netscape cookie file
/// format that curl reads and writes (`curl -b file -c file`).
///
/// The jar never logs; a cookie's `description` leaves the value out.
package final class HTTPCookieJar: Sendable, Hashable {
    /// The most cookies kept for one domain.
    package let maximumCookiesPerDomain: Int
    /// The most cookies kept in all.
    package let maximumCookies: Int

    /// The cookies, in the order they were first stored.
    private let stored = NIOLockedValueBox<[HTTPCookieRecord]>([])

    /// Creates an empty jar. The defaults are the minimum RFC 6265 asks a client to support.
    package init(maximumCookiesPerDomain: Int = 50, maximumCookies: Int = 3000) {
        self.maximumCookiesPerDomain = max(1, maximumCookiesPerDomain)
        self.maximumCookies = max(1, maximumCookies)
    }

    /// Jars are equal only to themselves.
    package static func == (lhs: HTTPCookieJar, rhs: HTTPCookieJar) -> Bool { lhs === rhs }

    /// Hashes the jar's identity.
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    // MARK: - Storing

    /// Stores the cookies of the `Set-Cookie` header values of a response from `url`, received
    /// at `now`. Values that are ignored (see ``HTTPSetCookieParser``) change nothing.
    package func store(setCookieValues values: [String], from url: URL, now: Date = Date()) {
        let cookies = values.compactMap { HTTPSetCookieParser.parse($0, from: url, now: now) }
        guard !cookies.isEmpty else { return }
        let isHTTPS = url.scheme?.lowercased() == "https"
        stored.withLockedValue { stored in
            for cookie in cookies {
                Self.insert(cookie, into: &stored, fromSecureOrigin: isHTTPS, now: now)
            }
            evict(&stored, now: now)
        }
    }

    /// Stores the `Set-Cookie` fields among `fields` (any case), received from `url` at `now`.
    package func store(responseFields fields: [HTTPHeaderField], from url: URL, now: Date = Date()) {
        store(
            setCookieValues: fields.filter { $0.name.lowercased() == "set-cookie" }.map(\.value), from: url, now: now)
    }

    private static func insert(
        _ cookie: HTTPCookieRecord, into stored: inout [HTTPCookieRecord], fromSecureOrigin: Bool, now: Date
    ) {
        if !fromSecureOrigin && !cookie.isSecure {
            let shadowsSecure = stored.contains { existing in
                existing.isSecure && existing.name == cookie.name
                    && (HTTPCookieMatching.domainMatches(host: existing.domain, domain: cookie.domain)
                        || HTTPCookieMatching.domainMatches(host: cookie.domain, domain: existing.domain))
                    && HTTPCookieMatching.pathMatches(cookie.path, cookiePath: existing.path)
            }
            if shadowsSecure { return }
        }
        var cookie = cookie
        if let index = stored.firstIndex(where: { $0.hasSameIdentity(as: cookie) }) {
            cookie.created = stored[index].created
            stored.remove(at: index)
        }
        if !cookie.isExpired(at: now) {
            stored.append(cookie)
        }
    }

    /// Drops expired cookies, then the least recently used beyond the limits.
    private func evict(_ stored: inout [HTTPCookieRecord], now: Date) {
        stored.removeAll { $0.isExpired(at: now) }
        var perDomain: [String: Int] = [:]
        for cookie in stored { perDomain[cookie.domain, default: 0] += 1 }
        for (domain, count) in perDomain where count > maximumCookiesPerDomain {
            let doomed = stored.indices.filter { stored[$0].domain == domain }
                .sorted { stored[$0].lastAccessed < stored[$1].lastAccessed }
                .prefix(count - maximumCookiesPerDomain)
            for index in doomed.sorted(by: >) { stored.remove(at: index) }
        }
        if stored.count > maximumCookies {
            let doomed = stored.indices.sorted { stored[$0].lastAccessed < stored[$1].lastAccessed }
                .prefix(stored.count - maximumCookies)
            for index in doomed.sorted(by: >) { stored.remove(at: index) }
        }
    }

    // MARK: - Sending

    /// The value of the `Cookie` header for a request to `url` at `now` (`a=1; b=2`), or nil when
    /// no cookie matches. The cookies sent count as used.
    package func cookieHeader(for url: URL, now: Date = Date()) -> String? {
        let sent = stored.withLockedValue { stored -> [HTTPCookieRecord] in
            stored.removeAll { $0.isExpired(at: now) }
            var sent: [HTTPCookieRecord] = []
            for index in stored.indices where stored[index].matches(url) {
                stored[index].lastAccessed = now
                sent.append(stored[index])
            }
            return sent
        }
        guard !sent.isEmpty else { return nil }
        return
            sent.enumerated()
            .sorted { left, right in
                let (leftPath, rightPath) = (left.element.path.utf8.count, right.element.path.utf8.count)
                if leftPath != rightPath { return leftPath > rightPath }
                if left.element.created != right.element.created { return left.element.created < right.element.created }
                return left.offset < right.offset
            }
            .map { "\($0.element.name)=\($0.element.value)" }
            .joined(separator: "; ")
    }

    /// Adds the `Cookie` header for `request`'s URL, unless the request already has one (any
    /// case) or no cookie matches. Returns whether the request had its own header.
    @discardableResult
    package func addCookieHeader(to request: inout URLRequest, now: Date = Date()) -> Bool {
        if request.value(forHTTPHeaderField: "Cookie") != nil { return true }
        if let url = request.url, let header = cookieHeader(for: url, now: now) {
            request.setValue(header, forHTTPHeaderField: "Cookie")
        }
        return false
    }

    // MARK: - Viewing and clearing

    /// The cookies that have not expired at `now`, by domain, then path, then name.
    package func cookies(now: Date = Date()) -> [HTTPCookieRecord] {
        stored.withLockedValue { stored in
            stored.filter { !$0.isExpired(at: now) }
                .sorted { ($0.domain, $0.path, $0.name) < ($1.domain, $1.path, $1.name) }
        }
    }

    /// Removes the cookie with this name, domain and path, if there is one; returns whether one
    /// was removed.
    @discardableResult
    package func remove(name: String, domain: String, path: String) -> Bool {
        stored.withLockedValue { stored in
            let count = stored.count
            stored.removeAll { $0.name == name && $0.domain == domain.lowercased() && $0.path == path }
            return stored.count != count
        }
    }

    /// Removes every cookie.
    package func clear() {
        stored.withLockedValue { $0.removeAll() }
    }

    // MARK: - Files

    /// Writes the cookies that have not expired (session cookies included, with expiry 0) to the
    /// file at `path` in the Netscape cookie file format, readable only by the owner. The file is
    /// replaced atomically: a reader sees the old file or the new one, never half of one.
    ///
    /// - Throws: ``HTTPCookieJarFileError`` when the file cannot be written.
    package func save(to path: String, now: Date = Date()) throws(HTTPCookieJarFileError) {
        let snapshot = stored.withLockedValue { stored in stored.filter { !$0.isExpired(at: now) } }
        try HTTPCookieJarFile.writeAtomically(HTTPCookieJarFile.encode(snapshot), to: path)
    }

    /// Replaces the jar's cookies with those of the file at `path` (Netscape cookie file format,
    /// as ``save(to:now:)`` and curl write it), skipping the expired ones. A file that does not
    /// exist is an empty jar. Returns how many cookies were loaded.
    ///
    /// - Throws: ``HTTPCookieJarFileError`` when the file cannot be read or is not a cookie file;
    ///   the jar is then left as it was.
    @discardableResult
    package func load(from path: String, now: Date = Date()) throws(HTTPCookieJarFileError) -> Int {
        guard FileManager.default.fileExists(atPath: path) else {
            clear()
            return 0
        }
        let loaded = try HTTPCookieJarFile.decode(HTTPCookieJarFile.read(path), path: path, now: now)
        stored.withLockedValue { stored in
            stored = []
            for cookie in loaded {
                Self.insert(cookie, into: &stored, fromSecureOrigin: true, now: now)
            }
            evict(&stored, now: now)
        }
        return stored.withLockedValue { $0.count }
    }
}
