/// A URI reference split into its five parts (RFC 3986 §3), with reference resolution (§5.2).
/// Works on text rather than Foundation's `URL`: any scheme (`http:`, `urn:`, `tag:`, `file:`),
/// relative bases such as `""` (where a relative reference stays relative), and server URL
/// templates whose `{variables}` `URL` would refuse.
struct URIReference: Sendable, Equatable {
    /// The scheme, without its `:`; nil for a relative reference.
    var scheme: String?
    /// The authority, without its `//`; nil when there is none.
    var authority: String?
    /// The path, possibly empty.
    var path: String
    /// The query, without its `?`; nil when there is none.
    var query: String?
    /// The fragment, without its `#`; nil when there is none.
    var fragment: String?

    /// Splits a URI reference into its parts (RFC 3986, appendix B).
    init(_ text: String) {
        let bytes = text.utf8
        var end = bytes.endIndex
        if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) {
            fragment = String(text[bytes.index(after: hash)...])
            end = hash
        }
        if let question = bytes[..<end].firstIndex(of: UInt8(ascii: "?")) {
            query = String(text[bytes.index(after: question)..<end])
            end = question
        }
        var start = bytes.startIndex
        if let colon = bytes[..<end].firstIndex(of: UInt8(ascii: ":")), Self.isScheme(bytes[..<colon]) {
            scheme = String(text[..<colon])
            start = bytes.index(after: colon)
        }
        let slash = UInt8(ascii: "/")
        let rest = bytes[start..<end]
        if rest.count >= 2, rest.first == slash, rest[rest.index(after: rest.startIndex)] == slash {
            let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
            let authorityEnd = rest[afterSlashes...].firstIndex(of: slash) ?? end
            authority = String(text[afterSlashes..<authorityEnd])
            start = authorityEnd
        }
        path = String(text[start..<end])
    }

    /// A reference made of the given parts.
    init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
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

    /// The same reference with no fragment.
    var withoutFragment: URIReference {
        var copy = self
        copy.fragment = nil
        return copy
    }

    /// True when the reference has a scheme (`https:`, `file:`).
    var isAbsolute: Bool { scheme != nil }

    /// `scheme://authority` of an absolute URI with an authority, else nil.
    var origin: String? {
        guard let scheme, let authority else { return nil }
        return scheme + "://" + authority
    }

    /// `reference` resolved against `base` (RFC 3986 §5.2.2). With an empty or relative base,
    /// a relative reference stays relative.
    static func resolve(_ reference: String, against base: String) -> URIReference {
        let relative = URIReference(reference)
        if relative.scheme != nil {
            var target = relative
            target.path = removingDotSegments(relative.path)
            return target
        }
        let base = URIReference(base)
        var target = URIReference(
            scheme: base.scheme, authority: base.authority, path: base.path, query: relative.query,
            fragment: relative.fragment)
        if relative.authority != nil {
            target.authority = relative.authority
            target.path = removingDotSegments(relative.path)
        } else if relative.path.isEmpty {
            target.query = relative.query ?? base.query
        } else if relative.path.utf8.first == UInt8(ascii: "/") {
            target.path = removingDotSegments(relative.path)
        } else {
            target.path = removingDotSegments(merge(base: base, relativePath: relative.path))
        }
        return target
    }

    /// The text of a URI without its fragment.
    static func removingFragment(_ uri: String) -> String {
        guard let hash = uri.utf8.firstIndex(of: UInt8(ascii: "#")) else { return uri }
        return String(uri[..<hash])
    }

    /// The fragment of a URI's text (after `#`), nil when it has none.
    static func fragment(_ uri: String) -> String? {
        guard let hash = uri.utf8.firstIndex(of: UInt8(ascii: "#")) else { return nil }
        return String(uri[uri.utf8.index(after: hash)...])
    }

    /// The path with `.` and `..` segments worked out (RFC 3986 §5.2.4).
    static func removingDotSegments(_ path: String) -> String {
        guard path.utf8.contains(UInt8(ascii: ".")) else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                if !output.isEmpty { output.removeLast() }
            } else if input == "/.." {
                input = "/"
                if !output.isEmpty { output.removeLast() }
            } else if input == "." || input == ".." {
                input = ""
            } else {
                let searchStart = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[searchStart...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        return output.joined()
    }

    /// §5.2.3: the reference's path appended to the base path's directory.
    private static func merge(base: URIReference, relativePath: String) -> String {
        if base.authority != nil && base.path.isEmpty { return "/" + relativePath }
        guard let slash = base.path.lastIndex(of: "/") else { return relativePath }
        return String(base.path[...slash]) + relativePath
    }

    /// True when the bytes are a scheme: an ASCII letter, then letters, digits, `+`, `-`, `.`.
    private static func isScheme(_ bytes: Substring.UTF8View) -> Bool {
        guard let first = bytes.first, isLetter(first) else { return false }
        return bytes.allSatisfy {
            isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "+")
                || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
    }

    /// True for an ASCII letter.
    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}
