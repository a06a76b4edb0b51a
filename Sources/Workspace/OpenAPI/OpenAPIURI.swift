/// URI references as RFC 3986 resolves them, on strings: description URLs, `$ref`s and server
/// URL templates (whose `{variables}` Foundation's `URL` would refuse).
enum OpenAPIURI {
    /// The five parts of a URI reference; absent parts are nil, the path is never nil.
    struct Parts: Equatable {
        var scheme: String?
        var authority: String?
        var path: String
        var query: String?
        var fragment: String?

        /// The parts written back as a URI reference.
        var text: String {
            var result = ""
            if let scheme { result += scheme + ":" }
            if let authority { result += "//" + authority }
            result += path
            if let query { result += "?" + query }
            if let fragment { result += "#" + fragment }
            return result
        }
    }

    /// Splits a URI reference into its parts (RFC 3986, appendix B).
    static func parts(_ uri: String) -> Parts {
        let bytes = uri.utf8
        var end = bytes.endIndex
        var parts = Parts(path: "")
        if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) {
            parts.fragment = String(uri[bytes.index(after: hash)...])
            end = hash
        }
        if let question = bytes[..<end].firstIndex(of: UInt8(ascii: "?")) {
            parts.query = String(uri[bytes.index(after: question)..<end])
            end = question
        }
        var start = bytes.startIndex
        if let colon = bytes[..<end].firstIndex(of: UInt8(ascii: ":")), isScheme(bytes[..<colon]) {
            parts.scheme = String(uri[..<colon])
            start = bytes.index(after: colon)
        }
        let slash = UInt8(ascii: "/")
        let rest = bytes[start..<end]
        if rest.count >= 2, rest.first == slash, rest[rest.index(after: rest.startIndex)] == slash {
            let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
            let authorityEnd = rest[afterSlashes...].firstIndex(of: slash) ?? end
            parts.authority = String(uri[afterSlashes..<authorityEnd])
            start = authorityEnd
        }
        parts.path = String(uri[start..<end])
        return parts
    }

    /// `reference` resolved against `base` (RFC 3986, section 5.2). With an empty base, a
    /// relative reference stays relative.
    static func resolve(_ reference: String, against base: String) -> String {
        if reference.utf8.first == UInt8(ascii: "#") { return removingFragment(base) + reference }
        let relative = parts(reference)
        if relative.scheme != nil {
            var target = relative
            target.path = removingDotSegments(relative.path)
            return target.text
        }
        let baseParts = parts(base)
        var target = Parts(path: "")
        target.scheme = baseParts.scheme
        if relative.authority != nil {
            target.authority = relative.authority
            target.path = removingDotSegments(relative.path)
            target.query = relative.query
        } else {
            target.authority = baseParts.authority
            if relative.path.isEmpty {
                target.path = baseParts.path
                target.query = relative.query ?? baseParts.query
            } else {
                if relative.path.hasPrefix("/") {
                    target.path = removingDotSegments(relative.path)
                } else {
                    target.path = removingDotSegments(merge(base: baseParts, relativePath: relative.path))
                }
                target.query = relative.query
            }
        }
        target.fragment = relative.fragment
        return target.text
    }

    /// The URI without its fragment.
    static func removingFragment(_ uri: String) -> String {
        guard let hash = uri.utf8.firstIndex(of: UInt8(ascii: "#")) else { return uri }
        return String(uri[..<hash])
    }

    /// The fragment of a URI (after `#`), nil when it has none.
    static func fragment(_ uri: String) -> String? {
        guard let hash = uri.utf8.firstIndex(of: UInt8(ascii: "#")) else { return nil }
        return String(uri[uri.utf8.index(after: hash)...])
    }

    /// `scheme://authority` of an absolute URI with an authority, else nil.
    static func origin(_ uri: String) -> String? {
        let split = parts(uri)
        guard let scheme = split.scheme, let authority = split.authority else { return nil }
        return scheme + "://" + authority
    }

    /// True when the text has a scheme (`https:`, `file:`).
    static func isAbsolute(_ uri: String) -> Bool { parts(uri).scheme != nil }

    private static func isScheme(_ bytes: Substring.UTF8View) -> Bool {
        guard let first = bytes.first, isLetter(first) else { return false }
        return bytes.allSatisfy {
            isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "+")
                || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func merge(base: Parts, relativePath: String) -> String {
        if base.authority != nil && base.path.isEmpty { return "/" + relativePath }
        guard let slash = base.path.lastIndex(of: "/") else { return relativePath }
        return String(base.path[...slash]) + relativePath
    }

    /// The path with `.` and `..` segments worked out (RFC 3986, section 5.2.4).
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
}
