import OrderedJSON

/// Where a value sits in a JSON document, from the top: `$`, `$.users[3].name`,
/// `$["first name"]`, `$.tags#2`; in a diff, where it sits in both documents:
/// `$.items[2→0].quantity`.
///
/// Written out (``description``), a key that is an ASCII identifier (`[A-Za-z_][A-Za-z0-9_]*`)
/// follows a dot; any other key is quoted as a JSON string in brackets (`$["a b"]`,
/// `$["名前"]`, `$["say \"hi\""]`). An array position is `[n]`, counting from 0. When an
/// object repeats a key, the second and later members of that name carry `#n`, counting
/// from 1 (`$.a#2` is the second member named `a`). An array element that ``JSONDiff`` matched
/// by an identity key at another position is `[old→new]` (`$.items[2→0]`: at 2 in the old
/// array, at 0 in the new one); ``oldPath`` and ``newPath`` are the path in one document.
public struct JSONDiffPath: Sendable, Hashable, CustomStringConvertible {
    /// One step down from a container.
    public enum Component: Sendable, Hashable {
        /// The member of an object with this (decoded) key; `occurrence` counts earlier members
        /// with the same key, so it is 0 unless the key repeats.
        case key(String, occurrence: Int)
        /// The element of an array at this position, from 0 (in a diff: the same in both
        /// documents, or the one document the value is in).
        case index(Int)
        /// An element of an array whose elements a diff matched by an identity key, at `old` in
        /// the old document's array and at `new` in the new one's (never equal: that is
        /// ``index(_:)``).
        case movedElement(old: Int, new: Int)
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
                text += Self.isIdentifier(key) ? "." + key : "[" + JSONStringEncoder.quoted(key) + "]"
                if occurrence > 0 { text += "#\(occurrence + 1)" }
            case .index(let index):
                text += "[\(index)]"
            case .movedElement(let old, let new):
                text += "[\(old)→\(new)]"
            }
        }
        return text
    }

    /// The path in the old document of a diff: each moved element at its old position.
    public var oldPath: JSONDiffPath {
        JSONDiffPath(
            components.map { component in
                if case .movedElement(let old, _) = component { return .index(old) }
                return component
            })
    }

    /// The path in the new document of a diff: each moved element at its new position.
    public var newPath: JSONDiffPath {
        JSONDiffPath(
            components.map { component in
                if case .movedElement(_, let new) = component { return .index(new) }
                return component
            })
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first,
            first == "_" || ("A"..."Z").contains(first) || ("a"..."z").contains(first)
        else { return false }
        return key.unicodeScalars.allSatisfy {
            $0 == "_" || ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
        }
    }
}
