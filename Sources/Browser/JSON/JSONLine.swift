import OrderedJSON

/// One display line of a `JSONOutline`, described rather than drawn.
public struct JSONLine {
    /// What the line shows after its indentation and key.
    public enum Content: Equatable {
        /// `{` or `[` opening an unfolded container.
        case open(Character)
        /// `}` or `]` closing it.
        case close(Character)
        /// A folded container: `{…}` / `[…]` and a summary such as `3 items`.
        case folded(String, summary: String)
        /// An empty container: `{}` or `[]`.
        case empty(String)
        /// A scalar as shown: a string's decoded text quoted again with escapes for anything
        /// unsafe, a number's or literal's text exactly as sent.
        case scalar(String, JSONEntryKind)
    }

    /// The document entry the line shows.
    public let entry: Int
    /// Indentation level.
    public let depth: Int
    /// The object key shown before the value, already quoted and safe to draw (`nil` for array
    /// items, the root and closing lines).
    public let key: String?
    /// The value part.
    public let content: Content
    /// True if a comma follows (the value is not its container's last).
    public let hasTrailingComma: Bool

    /// The line as plain text with two spaces per level, as tests and search see it.
    public var plainText: String {
        var text = String(repeating: "  ", count: depth)
        if let key { text += key + ": " }
        switch content {
        case .open(let bracket), .close(let bracket):
            text.append(bracket)
        case .folded(let brackets, let summary):
            text += brackets + " " + summary
        case .empty(let brackets):
            text += brackets
        case .scalar(let literal, _):
            text += literal
        }
        if hasTrailingComma { text += "," }
        return text
    }
}
