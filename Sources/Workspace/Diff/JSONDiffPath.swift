/// Where a value sits in a JSON document, from the top: `$`, `$.users[3].name`,
/// `$["first name"]`, `$.tags#2`.
///
/// Written out (``description``), a key that is an ASCII identifier (`[A-Za-z_][A-Za-z0-9_]*`)
/// follows a dot; any other key is quoted as a JSON string in brackets (`$["a b"]`,
/// `$["名前"]`, `$["say \"hi\""]`). An array position is `[n]`, counting from 0. When an
/// object repeats a key, the second and later members of that name carry `#n`, counting
/// from 1 (`$.a#2` is the second member named `a`).
public struct JSONDiffPath: Sendable, Hashable, CustomStringConvertible {
    /// One step down from a container.
    public enum Component: Sendable, Hashable {
        /// The member of an object with this (decoded) key; `occurrence` counts earlier members
        /// with the same key, so it is 0 unless the key repeats.
        case key(String, occurrence: Int)
        /// The element of an array at this position, from 0.
        case index(Int)
    }

    /// The steps from the top-level value, outermost first; empty for the top-level value.
    public var components: [Component]

    /// Creates a path from its steps.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The path as text, starting with `$`.
    public var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .key(let key, let occurrence):
                text += Self.isIdentifier(key) ? "." + key : "[" + Self.quoted(key) + "]"
                if occurrence > 0 { text += "#\(occurrence + 1)" }
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first,
            first == "_" || ("A"..."Z").contains(first) || ("a"..."z").contains(first)
        else { return false }
        return key.unicodeScalars.allSatisfy {
            $0 == "_" || ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
        }
    }

    /// `key` as a JSON string literal.
    private static func quoted(_ key: String) -> String {
        var text = "\""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
