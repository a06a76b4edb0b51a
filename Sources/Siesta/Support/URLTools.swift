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
}
