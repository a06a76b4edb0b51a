import Foundation
import Workspace

/// The one reading of a URL that a person typed, for the command line and the `g` prompt alike.
///
/// - `http://` and `https://` URLs are taken as they are (the scheme in any case).
/// - Text without a scheme whose first part is a host means `http://`: `localhost:18080/get`,
///   `localhost`, `127.0.0.1/x`, `[::1]:8080/`, anything with a port, and a dotted name
///   followed by `/` (`example.org/get`). `//host/x` takes the scheme of the service. A user
///   name and password (`user:secret@host`) need the scheme written out.
/// - Anything else is a reference resolved against the service's base URL like an `href`
///   (`users/1`, `/users/1`, `../x`, `data.json`); a text that starts with `?` changes the
///   current resource's query. With no base (the command line) it is refused.
/// - Other schemes (`ftp:`, `file:`, `mailto:`, `ws:`) and `http(s)` without a host are refused
///   (``webSocketURL(_:)`` reads `ws:` and `wss:` URLs)
///   with a sentence that names the text (``URLInputError``).
/// - In the path and query, spaces, non-ASCII characters and other characters a URL cannot
///   hold are percent-encoded, once: an escape already typed (`%20`) is kept as typed, a `%`
///   that starts no escape becomes `%25`. A `#fragment` is dropped (it is never sent). An empty
///   path becomes `/`.
///
/// ```swift
/// try URLInput.parse("localhost:18080/get")      // http://localhost:18080/get
/// try URLInput.parse("users/1", base: service)   // http://127.0.0.1:8080/users/1
/// try URLInput.parse("ftp://x")                  // throws: cannot open 'ftp://x': hammock speaks http and https
/// ```
///
/// Not handled: international host names (type the `xn--` form), IPv6 zone identifiers.
public enum URLInput {
    /// Reads `typed` (surrounding whitespace ignored) as an absolute `http` or `https` URL.
    ///
    /// - Parameters:
    ///   - typed: The text as typed.
    ///   - base: The service's base URL that paths resolve against; nil on the command line.
    ///   - current: The resource in focus, which a bare `?query` applies to (the base if nil).
    public static func parse(_ typed: String, base: URL? = nil, current: URL? = nil) throws(URLInputError) -> URL {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        func fail(_ reason: URLInputError.Reason) -> URLInputError { URLInputError(text: text, reason: reason) }
        guard !text.isEmpty else { throw fail(.empty) }

        if let separator = text.range(of: "://"), isSchemeName(text[..<separator.lowerBound]) {
            let scheme = text[..<separator.lowerBound].lowercased()
            guard scheme == "http" || scheme == "https" else { throw fail(.unsupportedScheme(scheme)) }
            return try absolute(scheme: scheme, rest: text[separator.upperBound...], typed: text)
        }
        if text.hasPrefix("//") {
            let scheme = base?.scheme?.lowercased() == "https" ? "https" : "http"
            return try absolute(scheme: scheme, rest: text.dropFirst(2), typed: text)
        }
        let head = text[..<(text.firstIndex { "/?#".contains($0) } ?? text.endIndex)]
        // `name:` without `//`: a port (`localhost:18080`) or a scheme (`mailto:x`, `http:x`).
        if !head.hasPrefix("["), let colon = head.firstIndex(of: ":") {
            let name = head[..<colon]
            let after = head[head.index(after: colon)...]
            let isPort = !after.isEmpty && after.allSatisfy { $0.isASCII && $0.isNumber }
            if isSchemeName(name) {
                let scheme = name.lowercased()
                if scheme == "http" || scheme == "https" { throw fail(.noHost) }
                if !isPort { throw fail(.unsupportedScheme(scheme)) }
            }
            return try absolute(scheme: "http", rest: Substring(text), typed: text)
        }
        if namesHost(head, in: text, hasBase: base != nil) {
            return try absolute(scheme: "http", rest: Substring(text), typed: text)
        }
        guard let base else { throw fail(.relativeWithoutBase) }
        let reference = PercentEncoding.encodeOnce(withoutFragment(Substring(text)), allowing: isReferenceByte)
        let against = text.hasPrefix("?") ? (current ?? base) : base
        guard let url = URL(string: reference, relativeTo: against)?.absoluteURL, url.host != nil else {
            throw fail(.noHost)
        }
        return url
    }

    /// Reads `typed` as a WebSocket URL: nil when it does not start with `ws://` or `wss://`
    /// (the scheme in any case), else the URL, encoded like ``parse(_:base:current:)`` encodes
    /// an `http` URL.
    ///
    /// - Throws: ``URLInputError`` when it starts with `ws://` or `wss://` but names no valid
    ///   host or port.
    public static func webSocketURL(_ typed: String) throws(URLInputError) -> URL? {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let separator = text.range(of: "://"), isSchemeName(text[..<separator.lowerBound]) else { return nil }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == "ws" || scheme == "wss" else { return nil }
        return try absolute(scheme: scheme, rest: text[separator.upperBound...], typed: text)
    }

    /// True if the first part of a scheme-less text is a host rather than a path.
    private static func namesHost(_ head: Substring, in text: String, hasBase: Bool) -> Bool {
        if head.isEmpty || head == "." || head == ".." { return false }
        if !hasBase { return true }
        if head.hasPrefix("[") || head.lowercased() == "localhost" || isIPv4(head) {
            return true
        }
        // A dotted name followed by `/`: example.org/get. `data.json` alone stays a path.
        guard head.contains("."), text.dropFirst(head.count).hasPrefix("/") else { return false }
        let labels = head.split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            !label.isEmpty && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        } && labels.last!.contains { $0.isLetter }
    }

    /// Builds `scheme://authority/path?query` from the text after `scheme://`.
    private static func absolute(scheme: String, rest: Substring, typed: String) throws(URLInputError) -> URL {
        func fail(_ reason: URLInputError.Reason) -> URLInputError { URLInputError(text: typed, reason: reason) }
        let authorityEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        var tail = withoutFragment(rest[authorityEnd...])
        var userInfo = ""
        if let at = authority.lastIndex(of: "@") {
            userInfo = PercentEncoding.encodeOnce(authority[..<at], allowing: isUserInfoByte) + "@"
            authority = authority[authority.index(after: at)...]
        }
        guard !authority.isEmpty else { throw fail(.noHost) }
        let host: Substring
        var port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw fail(.invalidIPv6(String(authority))) }
            host = authority[...close]
            guard isIPv6(host.dropFirst().dropLast()) else { throw fail(.invalidIPv6(String(host))) }
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw fail(.invalidIPv6(String(authority))) }
                port = after.dropFirst()
            }
        } else {
            if let colon = authority.lastIndex(of: ":") {
                host = authority[..<colon]
                port = authority[authority.index(after: colon)...]
            } else {
                host = authority
            }
            guard !host.isEmpty else { throw fail(.noHost) }
            if host.contains(where: { !$0.isASCII }) { throw fail(.internationalHost(String(host))) }
            guard host.allSatisfy({ $0.isLetter || $0.isNumber || "-._".contains($0) }) else {
                throw fail(.invalidHost(String(host)))
            }
        }
        var portText = ""
        if let port, !port.isEmpty {
            guard port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port),
                (1...65535).contains(number)
            else { throw fail(.invalidPort(String(port))) }
            portText = ":" + port
        }
        if !tail.hasPrefix("/") { tail = "/" + tail }
        let encoded = PercentEncoding.encodeOnce(tail, allowing: isReferenceByte)
        guard let url = URL(string: scheme + "://" + userInfo + host + portText + encoded), url.host != nil else {
            throw fail(.invalidHost(String(host)))
        }
        return url
    }

    private static func withoutFragment(_ text: Substring) -> Substring {
        text.firstIndex(of: "#").map { text[..<$0] } ?? text
    }

    private static func isSchemeName(_ text: Substring) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    private static func isReferenceByte(_ byte: UInt8) -> Bool { PercentEncoding.isURLTailByte(byte) }

    private static func isUserInfoByte(_ byte: UInt8) -> Bool {
        PercentEncoding.isURLTailByte(byte) && byte != UInt8(ascii: "/") && byte != UInt8(ascii: "?")
            && byte != UInt8(ascii: "@")
    }

    private static func isIPv4(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber } && Int(part)! <= 255
            }
    }

    private static func isIPv6(_ text: Substring) -> Bool {
        var address = in6_addr()
        return String(text).withCString { inet_pton(AF_INET6, $0, &address) } == 1
    }
}
