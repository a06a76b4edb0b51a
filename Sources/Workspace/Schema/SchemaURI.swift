import Foundation

/// A URI reference split into its five parts (RFC 3986 §3), with reference resolution
/// (§5.2) as `$id` and `$ref` need it. Works on any scheme (`http:`, `urn:`, `tag:`, `file:`)
/// and on relative bases such as `""`, where `http://host/a.json` and `#foo` stay as they are.
struct SchemaURI: Sendable, Equatable {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    /// Splits a URI reference as RFC 3986 Appendix B does.
    init(_ text: String) {
        var rest = Substring(text)
        fragment = nil
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        query = nil
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        scheme = nil
        if let colon = rest.firstIndex(of: ":"),
            let first = rest.first, first.isLetter,
            rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }),
            !rest[..<colon].contains("/")
        {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        authority = nil
        if rest.hasPrefix("//") {
            let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
            let end = rest[afterSlashes...].firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[afterSlashes..<end])
            rest = rest[end...]
        }
        path = String(rest)
    }

    private init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// The reference written back as text.
    var text: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if let authority { result += "//" + authority }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// The same URI with no fragment.
    var withoutFragment: SchemaURI {
        var copy = self
        copy.fragment = nil
        return copy
    }

    /// `reference` resolved against `base` (RFC 3986 §5.2.2).
    static func resolve(_ reference: String, against base: String) -> SchemaURI {
        let target = SchemaURI(reference)
        let base = SchemaURI(base)
        if target.scheme != nil {
            return SchemaURI(
                scheme: target.scheme, authority: target.authority, path: removingDotSegments(target.path),
                query: target.query, fragment: target.fragment)
        }
        if target.authority != nil {
            return SchemaURI(
                scheme: base.scheme, authority: target.authority, path: removingDotSegments(target.path),
                query: target.query, fragment: target.fragment)
        }
        if target.path.isEmpty {
            return SchemaURI(
                scheme: base.scheme, authority: base.authority, path: base.path, query: target.query ?? base.query,
                fragment: target.fragment)
        }
        let path: String
        if target.path.hasPrefix("/") {
            path = removingDotSegments(target.path)
        } else {
            path = removingDotSegments(merge(base: base, reference: target.path))
        }
        return SchemaURI(
            scheme: base.scheme, authority: base.authority, path: path, query: target.query,
            fragment: target.fragment)
    }

    /// `reference` resolved against `base`, as text without its fragment, and the fragment.
    static func split(_ reference: String, against base: String) -> (uri: String, fragment: String?) {
        let resolved = resolve(reference, against: base)
        return (resolved.withoutFragment.text, resolved.fragment)
    }

    /// §5.2.3: the reference's path appended to the base path's directory.
    private static func merge(base: SchemaURI, reference: String) -> String {
        if base.authority != nil && base.path.isEmpty { return "/" + reference }
        guard let slash = base.path.lastIndex(of: "/") else { return reference }
        return base.path[...slash] + reference
    }

    /// §5.2.4: `.` and `..` segments taken out of a path.
    private static func removingDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        let absolute = input.hasPrefix("/")
        if absolute { input = input.dropFirst() }
        let segments = input.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        return (absolute ? "/" : "") + output.joined(separator: "/")
    }
}
