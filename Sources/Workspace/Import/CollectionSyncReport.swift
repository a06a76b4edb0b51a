/// What ``CollectionSync`` did to a collection, file by file, for printing.
public struct CollectionSyncReport: Sendable, Equatable, CustomStringConvertible {
    /// One thing done.
    public enum Change: Sendable, Equatable {
        /// A new operation's request was written to this file.
        case added(file: String)
        /// These fields of the file now follow the description.
        case updated(file: String, fields: [String])
        /// The user's edit of this field was kept where the description changed it too;
        /// `description` is what the description says now.
        case keptEdit(file: String, field: String, description: String)
        /// The operation left the description: its file moved to `to` (never deleted).
        case removed(file: String, to: String)
        /// The operation's file is gone (deleted or moved by hand): it is not written again.
        case fileGone(file: String)
        /// The file could not be read as a request; it was left as it is.
        case unreadable(file: String, reason: String)
    }

    /// Everything done, in order.
    public var changes: [Change] = []
    /// Operations whose files needed nothing.
    public var unchanged = 0
    /// Environment files written or updated.
    public var environments: [String] = []

    /// Creates an empty report.
    public init() {}

    /// True when nothing but unchanged requests were found.
    public var isEmpty: Bool { changes.isEmpty && environments.isEmpty }

    /// One line per change, then a line of counts.
    public var description: String {
        var lines = changes.map { change -> String in
            switch change {
            case .added(let file): return "+ \(file)"
            case .updated(let file, let fields):
                return "~ \(file): \(fields.joined(separator: ", ")) now as the description says"
            case .keptEdit(let file, let field, let description):
                return "= \(file): your \(field) kept (the description now says \(description))"
            case .removed(let file, let to): return "- \(file) → \(to) (no longer in the description)"
            case .fileGone(let file): return "! \(file) is gone: not written again"
            case .unreadable(let file, let reason): return "! \(file) left as it is: \(reason)"
            }
        }
        lines += environments.map { "env \($0)" }
        func count(_ test: (Change) -> Bool) -> Int { changes.filter(test).count }
        let added = count { if case .added = $0 { true } else { false } }
        let updated = count { if case .updated = $0 { true } else { false } }
        let removed = count { if case .removed = $0 { true } else { false } }
        let kept = count { if case .keptEdit = $0 { true } else { false } }
        lines.append(
            "\(added) added, \(updated) updated, \(removed) moved to removed/, \(kept) edits kept, \(unchanged) unchanged"
        )
        return lines.joined(separator: "\n")
    }
}
