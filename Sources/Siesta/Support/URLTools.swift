import Foundation

/// URL manipulations behind `Service.resource(_:)` and `Resource.child(_:)`.
enum URLTools {
    /// Characters left as they are in a path; everything else is percent-escaped.
    private static let pathAllowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "?#%;")
        return set
    }()

    /// Adds a trailing slash to the URL's path if missing, keeping its query.
    static func ensureTrailingSlash(_ url: URL) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            components.scheme != nil
        else {
            return url
        }
        if !components.percentEncodedPath.hasSuffix("/") {
            components.percentEncodedPath += "/"
        }
        return components.url
    }

    /// Appends `path` (one leading slash dropped, escaped, otherwise literal) to the path of
    /// `base`, inserting a slash if needed, keeping `base`'s query.
    static func appendingPath(_ path: String, to base: URL) -> URL? {
        let relative = path.hasPrefix("/") ? String(path.dropFirst()) : path
        let escaped = relative.addingPercentEncoding(withAllowedCharacters: pathAllowed) ?? relative
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: true) else { return nil }
        var basePath = components.percentEncodedPath
        if !basePath.hasSuffix("/") {
            basePath += "/"
        }
        components.percentEncodedPath = basePath + escaped
        return components.url
    }

    /// The URL with the given query items (already sorted), or no query if empty. `nil`
    /// values give a bare key (`?foo`).
    static func replacingQuery(of url: URL, with items: [(String, String?)]) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url }
        if items.isEmpty {
            components.percentEncodedQuery = nil
        } else {
            components.percentEncodedQuery = items.map { name, value in
                let escapedName = escapeQueryPart(name)
                guard let value else { return escapedName }
                return escapedName + "=" + escapeQueryPart(value)
            }.joined(separator: "&")
        }
        return components.url ?? url
    }

    /// The query of a URL as ordered (name, value) pairs; a bare key has a `nil` value.
    static func queryItems(of url: URL) -> [(String, String?)] {
        guard let query = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedQuery,
            !query.isEmpty
        else { return [] }
        return query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let value = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : nil
            return (name, value)
        }
    }

    private static let queryAllowed = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    /// Escapes everything but unreserved characters (`A–Z a–z 0–9 - . _ ~`).
    static func escapeQueryPart(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: queryAllowed) ?? text
    }

    /// Percent-escapes what cannot appear in a URL, leaving valid `%XX` escapes as they are:
    /// spaces, non-ASCII characters (as UTF-8), `[`, `]`, `"`, `<`, `>`, `\`, `^`, `` ` ``, `{`,
    /// `|`, `}`, controls, a `%` not followed by two hex digits, and any `#` after the first. The
    /// scheme and the authority (`//user@host:port`, where `[…]` encloses an IPv6 address) are left
    /// alone. A string with nothing to escape comes back unchanged.
    static func escapingInvalidCharacters(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let start = authorityEnd(in: bytes)
        var escaped = Array(bytes[..<start])
        escaped.reserveCapacity(bytes.count + 16)
        var seenFragment = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHexDigit(bytes[index + 1]),
                isHexDigit(bytes[index + 2])
            {
                escaped.append(byte)
            } else if byte == UInt8(ascii: "#"), !seenFragment {
                seenFragment = true
                escaped.append(byte)
            } else if isAllowed(byte) {
                escaped.append(byte)
            } else {
                escaped.append(UInt8(ascii: "%"))
                escaped.append(hexDigits[Int(byte >> 4)])
                escaped.append(hexDigits[Int(byte & 0xF)])
            }
            index += 1
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// The index just past `scheme://authority`, or 0 if the string has no authority.
    private static func authorityEnd(in bytes: [UInt8]) -> Int {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
            bytes[..<colon].allSatisfy(isSchemeCharacter),
            bytes.count >= colon + 3, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else {
            return 0
        }
        let authorityStart = colon + 3
        return bytes[authorityStart...].firstIndex {
            $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
        } ?? bytes.count
    }

    private static func isSchemeCharacter(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// Unreserved characters, sub-delimiters, and `:`, `@`, `/`, `?`: what a path, query or
    /// fragment may hold as it is.
    private static func isAllowed(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || allowedPunctuation.contains(byte)
    }

    private static let allowedPunctuation = Set("-._~!$&'()*+,;=:@/?".utf8)

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
