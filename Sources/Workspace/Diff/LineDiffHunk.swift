/// A run of changed lines with the unchanged lines around them, as in a unified diff.
public struct LineDiffHunk: Sendable, Hashable {
    /// Where the hunk starts in the old text: the number (from 1) of its first old line, or,
    /// when it has no old lines, the number of the line it follows (0 at the top), as unified
    /// diffs write it.
    public var oldStart: Int
    /// How many old lines (context and removed) the hunk covers.
    public var oldCount: Int
    /// Where the hunk starts in the new text, as ``oldStart``.
    public var newStart: Int
    /// How many new lines (context and added) the hunk covers.
    public var newCount: Int
    /// The lines in order.
    public var lines: [LineDiffLine]

    /// Creates a hunk.
    public init(oldStart: Int, oldCount: Int, newStart: Int, newCount: Int, lines: [LineDiffLine]) {
        self.oldStart = oldStart
        self.oldCount = oldCount
        self.newStart = newStart
        self.newCount = newCount
        self.lines = lines
    }

    /// The hunk's header line, `@@ -1,3 +1,4 @@` (a count of 1 is left out, as in GNU diff).
    public var header: String {
        "@@ -\(Self.range(oldStart, oldCount)) +\(Self.range(newStart, newCount)) @@"
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }
}
