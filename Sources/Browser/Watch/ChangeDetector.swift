import Foundation
import OrderedJSON
import Workspace

/// Compares two versions of a body and says what changed (``ResourceChange``). Pure and
/// `Sendable`: the browser runs it off the main actor.
///
/// Two JSON documents are compared by ``JSONDiff`` (paths, arrays by position or by an `id`-like
/// key); two texts by ``LineDiff``; anything else only by its bytes.
public enum ChangeDetector {
    /// The most changes listed in the full diff.
    public static let changeLimit = 5000
    /// The widest a value is shown in a summary, in characters.
    public static let summaryValueWidth = 40

    /// One version of a body to compare.
    public enum Version: Sendable {
        /// A parsed JSON document.
        case json(JSONDocument)
        /// Text.
        case text(String)
        /// Bytes that are neither.
        case bytes(Data)
    }

    /// The full diff of two bodies given as bytes: JSON when both parse, lines of UTF-8 text
    /// otherwise (history's Ctrl-D).
    public static func diffText(old: Data, new: Data) -> String {
        if let oldDocument = try? JSONDocument(data: old), let newDocument = try? JSONDocument(data: new) {
            return compare(.json(oldDocument), .json(newDocument)).diffText
        }
        return compare(.text(String(decoding: old, as: UTF8.self)), .text(String(decoding: new, as: UTF8.self)))
            .diffText
    }

    /// What changed from `old` to `new`; with `path`, only what changed at the values the path
    /// selects in either version (see ``PathSelection``), and ``ResourceChange/watchedValue`` says
    /// what it selects in `new`.
    public static func compare(_ old: Version, _ new: Version, within path: JSONPath? = nil) -> ResourceChange {
        var change: ResourceChange
        switch (old, new) {
        case (.json(let old), .json(let new)):
            return compareJSON(old, new, within: path)
        case (.text(let old), .text(let new)):
            change = compareLines(old, new)
        default:
            let same = data(of: old) == data(of: new)
            let summary = same ? "same bytes" : "body replaced (\(kind(of: old)) → \(kind(of: new)))"
            change = ResourceChange(
                method: .bytes, summary: summary, added: 0, removed: 0, changed: same ? 0 : 1, highlightedEntries: [],
                diffText: "@@ " + summary)
        }
        if let path {
            change.watchedPath = path.expression
            change.watchedValue = watchedValue(path, in: new)
        }
        return change
    }

    /// What `path` selects in `version`, for the watch board's row (see ``PathSelection/summary``).
    public static func watchedValue(_ path: JSONPath, in version: Version) -> String {
        guard case .json(let document) = version else { return "the body is not JSON" }
        return PathSelection(path, in: document).summary
    }

    private static func compareJSON(_ old: JSONDocument, _ new: JSONDocument, within path: JSONPath?) -> ResourceChange
    {
        // Within a path, changes elsewhere are left out after the diff: look further for those.
        var diff = JSONDiff.compare(old, new, limit: path == nil ? changeLimit : changeLimit * 20)
        var scope = ""
        var elsewhere = 0
        var watchedValue: String?
        if let path {
            let before = PathSelection(path, in: old)
            let after = PathSelection(path, in: new)
            let kept = diff.changes.filter { change in
                change.oldEntry.map(before.touches) == true || change.newEntry.map(after.touches) == true
            }
            elsewhere = diff.totalCount - kept.count
            diff = JSONDiff(
                changes: Array(kept.prefix(changeLimit)), addedCount: kept.count { $0.kind == .added },
                removedCount: kept.count { $0.kind == .removed },
                changedCount: kept.count { $0.kind == .changed || $0.kind == .typeChanged },
                isTruncated: diff.isTruncated || kept.count > changeLimit)
            scope = " at " + path.expression
            watchedValue = after.summary
        }
        var highlighted = Set<Int>()
        let heading: String
        if diff.isEmpty {
            heading =
                path == nil
                ? "@@ same JSON: no value differs (key order aside)"
                : "@@ no value differs\(scope) (\(elsewhere) change\(elsewhere == 1 ? "" : "s") elsewhere)"
        } else {
            heading = "@@ \(diff.summary)\(scope) (JSON, by path)"
        }
        var lines = [heading]
        for change in diff.changes {
            if let entry = change.newEntry, change.kind != .removed { highlighted.insert(entry) }
            lines.append(line(for: change))
        }
        if diff.isTruncated {
            lines.append("@@ more changes not listed (the first \(diff.changes.count) are)")
        }
        let summary: String
        if diff.isEmpty {
            summary = path == nil ? "no value changed" : "no change\(scope)"
        } else if diff.totalCount == 1, let only = diff.changes.first {
            summary = short(only)
        } else {
            summary = diff.summary + (telling(diff.changes).map { "  " + short($0) + " …" } ?? "")
        }
        var change = ResourceChange(
            method: .json, summary: summary, added: diff.addedCount, removed: diff.removedCount,
            changed: diff.changedCount, highlightedEntries: highlighted, diffText: lines.joined(separator: "\n"))
        change.watchedPath = path?.expression
        change.watchedValue = watchedValue
        return change
    }

    private static func compareLines(_ old: String, _ new: String) -> ResourceChange {
        let diff = LineDiff.compare(old: old, new: new)
        var highlighted = Set<Int>()
        for hunk in diff.hunks {
            for line in hunk.lines where line.kind == .added {
                if let number = line.newNumber { highlighted.insert(number - 1) }
            }
        }
        var text =
            diff.isEmpty
            ? "@@ same text" : "@@ \(diff.summary) (by lines)\n" + diff.unified(oldLabel: nil, newLabel: nil)
        if let note = diff.note { text += "\n@@ " + note }
        let summary: String
        if diff.isEmpty {
            summary = "no line changed"
        } else if diff.addedCount == 1, diff.removedCount == 1,
            let removed = diff.hunks.first?.lines.first(where: { $0.kind == .removed }),
            let added = diff.hunks.first?.lines.first(where: { $0.kind == .added })
        {
            summary = "line \(added.newNumber ?? 0): \(clip(removed.text)) → \(clip(added.text))"
        } else {
            summary = diff.summary + " lines"
        }
        return ResourceChange(
            method: .lines, summary: summary, added: diff.addedCount, removed: diff.removedCount, changed: 0,
            highlightedEntries: highlighted, diffText: text)
    }

    /// The change that says most about a version, to name in a summary: a value that changed in
    /// place before one added or removed, and anything before a timestamp that merely moved on.
    static func telling(_ changes: [JSONDiffChange]) -> JSONDiffChange? {
        func rank(_ change: JSONDiffChange) -> Int {
            switch change.kind {
            case .changed: return looksLikeTime(change.newText) ? 4 : 0
            case .typeChanged: return 1
            case .added: return 2
            case .removed: return 3
            }
        }
        return changes.prefix(200).enumerated().min { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }?
            .element
    }

    /// True for a JSON string that starts like an ISO 8601 date (`"2026-11-23…`) or a number of
    /// seconds since 1970 of 10 digits or more.
    private static func looksLikeTime(_ text: String?) -> Bool {
        guard let text else { return false }
        let scalars = Array(text.unicodeScalars.prefix(12))
        func digits(_ range: Range<Int>) -> Bool {
            range.upperBound <= scalars.count && range.allSatisfy { ("0"..."9").contains(scalars[$0]) }
        }
        if scalars.first == "\"", digits(1..<5), scalars.count > 5, scalars[5] == "-" { return true }
        return digits(0..<10) && !text.contains("\"")
    }

    /// One change as a line of the full diff.
    static func line(for change: JSONDiffChange) -> String {
        let path = change.path.description
        switch change.kind {
        case .added: return "+ \(path): \(change.newText ?? "")"
        case .removed: return "- \(path): \(change.oldText ?? "")"
        case .changed: return "~ \(path): \(change.oldText ?? "") → \(change.newText ?? "")"
        case .typeChanged: return "~ \(path): \(change.oldText ?? "") → \(change.newText ?? "") (type changed)"
        }
    }

    /// One change in a few words: `status "paid" → "shipped"`, `+ items[3] {"id":4,…}`,
    /// `− items[0]`.
    static func short(_ change: JSONDiffChange) -> String {
        var path = change.path.description
        if path.hasPrefix("$.") { path.removeFirst(2) } else if path.hasPrefix("$") { path.removeFirst() }
        if path.isEmpty { path = "(root)" }
        switch change.kind {
        case .added: return "+ \(path) \(clip(change.newText ?? ""))"
        case .removed: return "− \(path)"
        case .changed, .typeChanged:
            return "\(path) \(clip(change.oldText ?? "")) → \(clip(change.newText ?? ""))"
        }
    }

    /// `text` on one line (runs of blank space as one space), cut to `width` characters with `…`.
    static func clip(_ text: String, width: Int = summaryValueWidth) -> String {
        OneLine.clip(text, width: width)
    }

    private static func data(of version: Version) -> Data {
        switch version {
        case .json(let document): return document.data
        case .text(let text): return Data(text.utf8)
        case .bytes(let data): return data
        }
    }

    private static func kind(of version: Version) -> String {
        switch version {
        case .json: return "JSON"
        case .text: return "text"
        case .bytes: return "bytes"
        }
    }
}
