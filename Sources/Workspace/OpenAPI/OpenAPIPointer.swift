import Foundation

/// JSON Pointers (RFC 6901) as the reader writes and follows them.
enum OpenAPIPointer {
    /// `token` with `~` written `~0` and `/` written `~1`.
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

    /// `pointer` with one more reference token.
    static func appending(_ pointer: String, _ token: String) -> String { pointer + "/" + escape(token) }

    /// The reference tokens of a pointer, unescaped; nil when the text is not a pointer (not
    /// empty and not starting with `/`) or has a `~` not followed by `0` or `1`.
    static func tokens(_ pointer: String) -> [String]? {
        guard !pointer.isEmpty else { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        var tokens: [String] = []
        for raw in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard raw.utf8.contains(UInt8(ascii: "~")) else {
                tokens.append(String(raw))
                continue
            }
            var token = ""
            var escaping = false
            for character in raw {
                if escaping {
                    switch character {
                    case "0": token.append("~")
                    case "1": token.append("/")
                    default: return nil
                    }
                    escaping = false
                } else if character == "~" {
                    escaping = true
                } else {
                    token.append(character)
                }
            }
            if escaping { return nil }
            tokens.append(token)
        }
        return tokens
    }

    /// The pointer a URI fragment stands for: the fragment percent-decoded (left as it is when
    /// it holds an invalid escape).
    static func fromFragment(_ fragment: String) -> String {
        guard fragment.utf8.contains(UInt8(ascii: "%")) else { return fragment }
        return fragment.removingPercentEncoding ?? fragment
    }
}
