import Foundation
import OrderedJSON

/// JSON Pointers (RFC 6901) over a ``JSONDocument``: reading them (from plain text or from a
/// URI fragment, where `%25` stands for `%`), following them, and writing the pointer of an
/// entry.
enum SchemaPointer {
    /// The reference tokens of a pointer (`/a~1b/0` gives `a/b` and `0`), or nil when it does
    /// not start with `/` and is not empty.
    static func tokens(_ pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// The tokens of a pointer written as a URI fragment: percent escapes decoded first.
    static func tokens(fragment: String) -> [String]? {
        tokens(fragment.removingPercentEncoding ?? fragment)
    }

    /// The child of `entry` named by one token: a member by name, or an array element by a
    /// decimal index without leading zeros.
    static func step(_ document: JSONDocument, from entry: Int, token: String) -> Int? {
        let kind = document.kind(entry)
        if kind.isObject { return document.child(of: entry, key: token) }
        if kind.isArray {
            guard !token.isEmpty, token.allSatisfy(\.isASCII), token.allSatisfy(\.isNumber),
                token == "0" || !token.hasPrefix("0"), let index = Int(token)
            else { return nil }
            return document.child(of: entry, index: index)
        }
        return nil
    }

    /// Where a pointer leads from `entry`, or nil when some token names nothing.
    static func resolve(_ document: JSONDocument, tokens: [String], from entry: Int) -> Int? {
        var current = entry
        for token in tokens {
            guard let next = step(document, from: current, token: token) else { return nil }
            current = next
        }
        return current
    }

    /// One token escaped for a pointer (`~` as `~0`, `/` as `~1`).
    static func escape(_ token: String) -> String {
        guard token.contains("~") || token.contains("/") else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
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
