import Foundation
import OrderedJSON

/// The values a JSONPath selects in one version of a body, as subtrees of its index: what a
/// pinned resource watched by path looks at.
///
/// A change is within the selection when it touches a selected value: it is inside one (a
/// member of a selected object changed), or a selected value is inside it (the selected
/// value's parent was replaced, or the array it sits in gained the element).
///
/// ```swift
/// let selection = PathSelection(try JSONPath("$.items[*].status"), in: document)
/// selection.touches(entry)      // true for an entry at or under a selected value
/// selection.summary             // `3 values: "paid", "shipped", "paid"`
/// ```
public struct PathSelection: Sendable {
    /// The widest a summary is, in characters.
    public static let summaryWidth = 60

    /// The document the selection is in.
    public let document: JSONDocument
    /// The selected entries, in the path's order (repeats kept).
    public let entries: [Int]
    /// The selected subtrees' first entries, ascending.
    private let starts: [Int]
    /// For each of ``starts``, the furthest last entry of the subtrees starting at or before it.
    private let furthestEnds: [Int]

    /// Selects `path` in `document`.
    public init(_ path: JSONPath, in document: JSONDocument) {
        self.document = document
        entries = path.select(in: document).map(\.entry)
        let sorted = Set(entries).sorted()
        starts = sorted
        var furthest = -1
        furthestEnds = sorted.map { start in
            furthest = max(furthest, document.lastEntry(of: start))
            return furthest
        }
    }

    /// True when `entry` of ``document`` is at or under a selected value, or has one under it.
    public func touches(_ entry: Int) -> Bool {
        guard !starts.isEmpty else { return false }
        // The last selected subtree starting at or before `entry` (or any before it) reaching it.
        let atOrBefore = lastIndex(atOrBelow: entry)
        if let atOrBefore, furthestEnds[atOrBefore] >= entry { return true }
        // A selected value starting inside `entry`'s subtree.
        let next = (atOrBefore ?? -1) + 1
        return next < starts.count && starts[next] <= document.lastEntry(of: entry)
    }

    /// The values selected, on one line for the board's row: the value as sent when there is one
    /// (`"shipped"`), `2 values: 1, 2` for several, `nothing at the path` for none; cut to
    /// ``summaryWidth`` characters with `…`.
    public var summary: String {
        switch entries.count {
        case 0: return "nothing at the path"
        case 1: return ChangeDetector.clip(document.rawText(entries[0]), width: Self.summaryWidth)
        default:
            var text = "\(entries.count) values: "
            for (index, entry) in entries.enumerated() {
                if index > 0 { text += ", " }
                if text.count > Self.summaryWidth { break }
                text += ChangeDetector.clip(document.rawText(entry), width: Self.summaryWidth)
            }
            return ChangeDetector.clip(text, width: Self.summaryWidth)
        }
    }

    /// The index in ``starts`` of the last start at or below `entry`.
    private func lastIndex(atOrBelow entry: Int) -> Int? {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= entry { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }
}
