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
    /// Costs one walk back over the earlier siblings of the entry and of each of its containers.
    ///
    /// ```swift
    /// let document = try JSONDocument(#"{"a'b": [10, {"x": 1}]}"#)
    /// document.normalizedPath(of: 4)   // "$['a\\'b'][1]['x']"
    /// ```
    public func normalizedPath(of entry: Int) -> String {
        var components: [(entry: Int, index: Int)] = []
        var current = kind(entry).isClosing ? matchingEntry(entry) : entry
        while current > 0 {
            // Walk back over the earlier siblings to the container, counting them.
            var index = 0
            var previous = current - 1
            while previous > 0 {
                let kind = kind(previous)
                if kind.isOpening { break }
                previous = kind.isClosing ? matchingEntry(previous) - 1 : previous - 1
                index += 1
            }
            components.append((current, index))
            current = previous
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
