import Foundation

/// What changed between two versions of a resource's body: a one-line summary for the Events
/// pane and the watch board, the lines of the new body to highlight, and the full diff.
public struct ResourceChange: Sendable, Equatable {
    /// How the two bodies were compared.
    public enum Method: Sendable, Equatable {
        /// JSON, value by value along paths.
        case json
        /// Text, line by line.
        case lines
        /// Bytes that are neither: only whether they differ.
        case bytes
    }

    /// How the bodies were compared.
    public var method: Method
    /// One line: the change itself when there is one (`status "paid" → "shipped"`), else the
    /// counts (`+2 −1 ~3`) followed by the first change.
    public var summary: String
    /// Values (or lines) added, removed and changed.
    public var added: Int
    /// Values or lines removed.
    public var removed: Int
    /// Values changed in place (JSON only).
    public var changed: Int
    /// For JSON, the entries of the new document whose value was added or changed; for text, the
    /// new body's line numbers (from 0) that were added. Drawn highlighted.
    public var highlightedEntries: Set<Int>
    /// The full diff, one change per line (`+ path: new`, `- path: old`, `~ path: old → new`,
    /// or a unified diff of lines), under a first line with the counts.
    public var diffText: String
    /// The JSONPath the change was limited to, when its resource is watched by path.
    public var watchedPath: String?
    /// What ``watchedPath`` selects in the new version, on one line (see ``PathSelection``).
    public var watchedValue: String?

    /// Creates a change.
    public init(
        method: Method, summary: String, added: Int, removed: Int, changed: Int, highlightedEntries: Set<Int>,
        diffText: String
    ) {
        self.method = method
        self.summary = summary
        self.added = added
        self.removed = removed
        self.changed = changed
        self.highlightedEntries = highlightedEntries
        self.diffText = diffText
    }

    /// True when nothing differs.
    public var isEmpty: Bool { added == 0 && removed == 0 && changed == 0 }

    /// The counts as `+a −r ~c` (`~c` left out for lines).
    public var counts: String {
        method == .lines ? "+\(added) −\(removed)" : "+\(added) −\(removed) ~\(changed)"
    }
}
