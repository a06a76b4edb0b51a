/// One line of a ``LineDiffHunk``: kept, removed or added.
public struct LineDiffLine: Sendable, Hashable {
    /// What happened to the line.
    public enum Kind: Sendable, Hashable {
        /// In both texts (shown around changes).
        case context
        /// Only in the old text.
        case removed
        /// Only in the new text.
        case added
    }

    /// What happened to the line.
    public var kind: Kind
    /// The line's text without its `\n` (a `\r` before it is kept).
    public var text: String
    /// The line's number in the old text, from 1; nil for an added line.
    public var oldNumber: Int?
    /// The line's number in the new text, from 1; nil for a removed line.
    public var newNumber: Int?
    /// False for a last line with no `\n` after it. A line that differs only in this is a
    /// changed line.
    public var endsWithNewline: Bool

    /// Creates a line.
    public init(kind: Kind, text: String, oldNumber: Int?, newNumber: Int?, endsWithNewline: Bool = true) {
        self.kind = kind
        self.text = text
        self.oldNumber = oldNumber
        self.newNumber = newNumber
        self.endsWithNewline = endsWithNewline
    }
}
