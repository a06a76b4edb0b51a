import Foundation

/// The links of an HTTP `Link` header (RFC 8288): `<https://x/openapi.json>; rel="service-desc"`.
///
/// Lenient: a malformed link is skipped and the rest still read; at most ``maximumLinks`` are
/// read from one header, and each target must be in angle brackets.
public struct LinkHeader: Sendable, Equatable {
    /// One link: its target as written and its relation types, lower-cased.
    public struct Link: Sendable, Equatable {
        /// The target URI reference, as written between `<` and `>`.
        public var target: String
        /// The relation types (`rel` may name several, separated by spaces), lower-cased.
        public var relations: [String]
        /// The `type` parameter, when given.
        public var type: String?
    }

    /// The most links read from one header value.
    public static let maximumLinks = 64

    /// The links, in order.
    public var links: [Link]

    /// Reads the links of one or more `Link` header values.
    public init(_ values: [String]) {
        var links: [Link] = []
        for value in values {
            var scanner = Substring(value)
            while links.count < Self.maximumLinks, let link = Self.next(&scanner) {
                if let link { links.append(link) }
            }
        }
        self.links = links
    }

    /// The targets of links with relation `relation` (`service-desc`), resolved against `base`.
    public func targets(relation: String, relativeTo base: URL) -> [URL] {
        links.filter { $0.relations.contains(relation) }.compactMap {
            URL(string: $0.target, relativeTo: base)?.absoluteURL
        }
    }

    /// Reads one link from `text`: nil at the end, `.some(nil)` for a link that could not be read.
    private static func next(_ text: inout Substring) -> Link?? {
        text = text.drop { $0 == " " || $0 == "\t" || $0 == "," }
        guard !text.isEmpty else { return nil }
        guard text.first == "<", let close = text.firstIndex(of: ">") else {
            // Skip to the next comma outside quotes.
            skipToNextLink(&text)
            return .some(nil)
        }
        let target = String(text[text.index(after: text.startIndex)..<close])
        text = text[text.index(after: close)...]
        var relations: [String] = []
        var type: String?
        while true {
            text = text.drop { $0 == " " || $0 == "\t" }
            guard text.first == ";" else { break }
            text = text.dropFirst().drop { $0 == " " || $0 == "\t" }
            let name = text.prefix { $0 != "=" && $0 != ";" && $0 != "," }
            text = text[name.endIndex...]
            var value = ""
            if text.first == "=" {
                text = text.dropFirst().drop { $0 == " " }
                if text.first == "\"" {
                    text = text.dropFirst()
                    var escaped = false
                    while let character = text.first {
                        text = text.dropFirst()
                        if escaped {
                            value.append(character)
                            escaped = false
                        } else if character == "\\" {
                            escaped = true
                        } else if character == "\"" {
                            break
                        } else {
                            value.append(character)
                        }
                    }
                } else {
                    let token = text.prefix { $0 != ";" && $0 != "," }
                    value = token.trimmingCharacters(in: .whitespaces)
                    text = text[token.endIndex...]
                }
            }
            switch name.trimmingCharacters(in: .whitespaces).lowercased() {
            case "rel": relations = value.lowercased().split(separator: " ").map(String.init)
            case "type": type = value
            default: break
            }
        }
        skipToNextLink(&text)
        return .some(Link(target: target, relations: relations, type: type))
    }

    private static func skipToNextLink(_ text: inout Substring) {
        var inQuotes = false
        while let character = text.first {
            if character == "\"" { inQuotes.toggle() }
            if character == ",", !inQuotes { break }
            text = text.dropFirst()
        }
    }
}
