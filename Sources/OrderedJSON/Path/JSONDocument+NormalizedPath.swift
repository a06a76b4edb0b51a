extension JSONDocument {
    /// The normalized path of an entry (RFC 9535 §2.7): `$`, then `['name']` for each member and
    /// `[index]` for each array element on the way down, such as `$['items'][3]['id']`.
    ///
    /// Names are written in single quotes with the RFC's escapes and no others: `\'` and `\\`,
    /// `\b \f \n \r \t`, and `\u00XX` in lower-case hex for the other characters below U+0020;
    /// everything else (`"`, DEL, any non-ASCII character) is written as itself. A closing
    /// bracket has the path of its container. Repeated member names give the same path to each
    /// member with that name, as the RFC's syntax has no way to tell them apart.
    ///
    /// Costs, for the entry and each of its containers, a walk over its earlier or its later
    /// siblings, whichever are fewer.
    ///
    /// ```swift
    /// let document = try JSONDocument(#"{"a'b": [10, {"x": 1}]}"#)
    /// document.normalizedPath(of: 4)   // "$['a\\'b'][1]['x']"
    /// ```
    public func normalizedPath(of entry: Int) -> String {
        var components: [(entry: Int, index: Int)] = []
        var current = kind(entry).isClosing ? matchingEntry(entry) : entry
        while current > 0 {
            let (container, index) = containerAndIndex(of: current)
            components.append((current, index))
            current = container
        }
        var path = "$"
        for component in components.reversed() {
            if hasKey(component.entry) {
                path += "['"
                for scalar in (key(component.entry) ?? "").unicodeScalars {
                    Self.appendNormalizedEscaped(scalar, to: &path)
                }
                path += "']"
            } else {
                path += "[\(component.index)]"
            }
        }
        return path
    }

    /// The container of a value other than the root, and the value's position in it. Steps over
    /// the earlier and the later siblings in turn and stops at whichever end it reaches first:
    /// the opening bracket gives the position counted from the start, the closing bracket counted
    /// from the end (large containers know their child count at once).
    private func containerAndIndex(of value: Int) -> (container: Int, index: Int) {
        var backward = value - 1
        var forward = value
        var before = 0
        var after = 0
        while true {
            let kind = kind(backward)
            if kind.isOpening { return (backward, before) }
            backward = kind.isClosing ? matchingEntry(backward) - 1 : backward - 1
            before += 1
            let next = lastEntry(of: forward) + 1
            if self.kind(next).isClosing {
                let container = matchingEntry(next)
                return (container, childCount(of: container) - 1 - after)
            }
            forward = next
            after += 1
        }
    }

    /// Appends `scalar` as it stands inside a single-quoted name of a normalized path
    /// (RFC 9535 §2.7: `normal-single-quoted`). These rules differ from JSON's (see
    /// ``JSONStringEncoder``): `'` is escaped, `"` and DEL are not.
    static func appendNormalizedEscaped(_ scalar: Unicode.Scalar, to path: inout String) {
        switch scalar {
        case "'": path += "\\'"
        case "\\": path += "\\\\"
        case "\u{8}": path += "\\b"
        case "\u{C}": path += "\\f"
        case "\n": path += "\\n"
        case "\r": path += "\\r"
        case "\t": path += "\\t"
        case _ where scalar.value < 0x20:
            let digits = Array("0123456789abcdef".unicodeScalars)
            path += "\\u00"
            path.unicodeScalars.append(digits[Int(scalar.value >> 4)])
            path.unicodeScalars.append(digits[Int(scalar.value & 0xF)])
        default:
            path.unicodeScalars.append(scalar)
        }
    }
}
