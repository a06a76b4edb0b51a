import Foundation
import OrderedJSON

/// JSON Pointers (RFC 6901) over a ``JSONDocument``: reading them (from plain text or from a
/// URI fragment, where `%25` stands for `%`), following them, and writing them.
enum JSONPointer {
    /// One token escaped for a pointer: `~` written `~0` and `/` written `~1`.
    static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        var escaped = ""
        escaped.reserveCapacity(token.utf8.count + 8)
        for scalar in token.unicodeScalars {
            switch scalar {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// One escaped token read back (`~0` as `~`, `~1` as `/`); nil when it has a `~` not
    /// followed by `0` or `1`.
    static func unescape(_ token: Substring) -> String? {
        guard token.utf8.contains(UInt8(ascii: "~")) else { return String(token) }
        var unescaped = ""
        var escaping = false
        for scalar in token.unicodeScalars {
            if escaping {
                switch scalar {
                case "0": unescaped.append("~")
                case "1": unescaped.append("/")
                default: return nil
                }
                escaping = false
            } else if scalar == "~" {
                escaping = true
            } else {
                unescaped.unicodeScalars.append(scalar)
            }
        }
        return escaping ? nil : unescaped
    }

    /// `pointer` with one more reference token.
    static func appending(_ pointer: String, _ token: String) -> String { pointer + "/" + escape(token) }

    /// The reference tokens of a pointer, unescaped (`/a~1b/0` gives `a/b` and `0`); nil when
    /// the text is not a pointer (not empty and not starting with `/`) or has a `~` not
    /// followed by `0` or `1`.
    static func tokens(_ pointer: String) -> [String]? {
        guard !pointer.isEmpty else { return [] }
        guard pointer.utf8.first == UInt8(ascii: "/") else { return nil }
        var tokens: [String] = []
        for raw in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let token = unescape(raw) else { return nil }
            tokens.append(token)
        }
        return tokens
    }

    /// The tokens of a pointer written as a URI fragment (without its `#`).
    static func tokens(fragment: String) -> [String]? { tokens(decoding(fragment: fragment)) }

    /// The pointer a URI fragment stands for: the fragment percent-decoded (left as it is when
    /// it holds an invalid escape).
    static func decoding(fragment: String) -> String {
        guard fragment.utf8.contains(UInt8(ascii: "%")) else { return fragment }
        return fragment.removingPercentEncoding ?? fragment
    }

    /// The array index a token names: decimal digits without leading zeros, else nil.
    static func index(_ token: String) -> Int? {
        guard !token.isEmpty, token.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            token == "0" || token.utf8.first != UInt8(ascii: "0")
        else { return nil }
        return Int(token)
    }

    /// The child of `entry` named by one token: a member by name (found by `member`), or an
    /// array element by index; nil when there is none or `entry` is neither.
    static func step(
        _ document: JSONDocument, from entry: Int, token: String, member: (_ object: Int, _ key: String) -> Int?
    ) -> Int? {
        let kind = document.kind(entry)
        if kind.isObject { return member(entry, token) }
        if kind.isArray {
            guard let index = index(token) else { return nil }
            return document.child(of: entry, index: index)
        }
        return nil
    }

    /// The child of `entry` named by one token, members found by their first occurrence.
    static func step(_ document: JSONDocument, from entry: Int, token: String) -> Int? {
        step(document, from: entry, token: token) { document.child(of: $0, key: $1) }
    }

    /// Where `tokens` lead from `entry`, members found by `member`; nil when some token names
    /// nothing.
    static func resolve(
        _ document: JSONDocument, tokens: [String], from entry: Int, member: (_ object: Int, _ key: String) -> Int?
    ) -> Int? {
        var current = entry
        for token in tokens {
            guard let next = step(document, from: current, token: token, member: member) else { return nil }
            current = next
        }
        return current
    }

    /// Where `tokens` lead from `entry`, or nil when some token names nothing.
    static func resolve(_ document: JSONDocument, tokens: [String], from entry: Int) -> Int? {
        resolve(document, tokens: tokens, from: entry) { document.child(of: $0, key: $1) }
    }

    /// The pointer from the root of `document` to `entry`, such as `/properties/id`.
    static func pointer(to entry: Int, in document: JSONDocument) -> String {
        var tokens: [String] = []
        var current = entry
        while let parent = document.parent(of: current) {
            if document.kind(parent).isArray {
                var index = 0
                var child = document.firstChild(of: parent)
                while let sibling = child, sibling != current {
                    index += 1
                    child = document.nextSibling(of: sibling)
                }
                tokens.append(String(index))
            } else {
                tokens.append(escape(document.key(current) ?? ""))
            }
            current = parent
        }
        return tokens.reversed().map { "/" + $0 }.joined()
    }
}
