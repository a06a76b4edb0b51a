import Foundation
import OrderedJSON
import Workspace

/// The text of a diff between two bodies: structural for JSON (one line per change: `+ path:
/// new`, `- path: old`, `~ path: old → new`), by lines otherwise (unified diff).
public enum HistoryDiffText {
    /// The most changes listed for JSON.
    public static let changeLimit = 5000

    /// The diff of `old` and `new`, with a summary line first.
    public static func render(old: Data, new: Data) -> String {
        if let oldDocument = try? JSONDocument(data: old), let newDocument = try? JSONDocument(data: new) {
            let diff = JSONDiff.compare(oldDocument, newDocument, limit: changeLimit)
            guard !diff.isEmpty else { return "@@ same JSON: no value differs (key order aside)" }
            var lines = ["@@ \(diff.summary) (JSON, by path)"]
            for change in diff.changes {
                let path = change.path.description
                switch change.kind {
                case .added: lines.append("+ \(path): \(change.newText ?? "")")
                case .removed: lines.append("- \(path): \(change.oldText ?? "")")
                case .changed: lines.append("~ \(path): \(change.oldText ?? "") → \(change.newText ?? "")")
                case .typeChanged:
                    lines.append("~ \(path): \(change.oldText ?? "") → \(change.newText ?? "") (type changed)")
                }
            }
            if diff.isTruncated { lines.append("@@ more changes not listed (the first \(changeLimit) are)") }
            return lines.joined(separator: "\n")
        }
        let oldText = String(decoding: old, as: UTF8.self)
        let newText = String(decoding: new, as: UTF8.self)
        let diff = LineDiff.compare(old: oldText, new: newText)
        guard !diff.isEmpty else { return "@@ same text" }
        var text = "@@ \(diff.summary) (by lines)\n" + diff.unified(oldLabel: nil, newLabel: nil)
        if let note = diff.note { text += "\n@@ " + note }
        return text
    }
}
