/// The line-by-line differences between two texts, as hunks with context lines, like a
/// unified diff.
///
/// ```swift
/// let diff = LineDiff.compare(old: "a\nb\nc\n", new: "a\nB\nc\n")
/// print(diff.unified())
/// // --- old
/// // +++ new
/// // @@ -1,3 +1,3 @@
/// //  a
/// // -b
/// // +B
/// //  c
/// ```
///
/// Lines are split at `\n` only (a `\r` stays part of its line) and compared byte for byte. A
/// last line without `\n` differs from the same line with one, and the unified text marks it
/// `\ No newline at end of file`.
///
/// Work is bounded: common leading and trailing lines are matched first, then Myers' algorithm
/// looks for a shortest edit script of at most 2000 edits within `workLimit` steps. Past that,
/// lines unique to both sides anchor the match (the patience method), and stretches with none
/// become "remove all, add all". The result is still a correct diff, only not the shortest:
/// ``isMinimal`` is false and ``note`` says so in a sentence.
public struct LineDiff: Sendable, Hashable {
    /// The hunks, in order; empty when the texts are equal.
    public var hunks: [LineDiffHunk]
    /// How many lines were added, in all.
    public var addedCount: Int
    /// How many lines were removed, in all.
    public var removedCount: Int
    /// False when the texts were too different for a shortest diff within the work limit.
    public var isMinimal: Bool

    /// Creates a diff from its parts.
    public init(hunks: [LineDiffHunk], addedCount: Int, removedCount: Int, isMinimal: Bool) {
        self.hunks = hunks
        self.addedCount = addedCount
        self.removedCount = removedCount
        self.isMinimal = isMinimal
    }

    /// True when the texts have the same lines.
    public var isEmpty: Bool { hunks.isEmpty }

    /// A sentence to show when the diff is not a shortest one, else nil.
    public var note: String? {
        isMinimal
            ? nil
            : "These texts differ in too many places for a shortest diff; this one is correct but may show more lines as changed than needed."
    }

    /// The counts as `+added −removed`, such as `+3 −1`.
    public var summary: String { "+\(addedCount) −\(removedCount)" }

    /// How many steps Myers' algorithm may take in one comparison unless told otherwise.
    public static let defaultWorkLimit = 50_000_000

    /// The differences from `old` to `new`, with `context` unchanged lines around each change
    /// (hunks closer than twice that are joined).
    ///
    /// - Parameter workLimit: The most steps spent looking for a shortest diff before the
    ///   coarser method takes over.
    public static func compare(
        old: String, new: String, context: Int = 3, workLimit: Int = defaultWorkLimit
    ) -> LineDiff {
        let oldLines = lines(of: old)
        let newLines = lines(of: new)
        var numbers: [LineKey: Int32] = [:]
        func number(_ line: TextLine) -> Int32 {
            let key = LineKey(text: ExactText(line.text), endsWithNewline: line.endsWithNewline)
            if let known = numbers[key] { return known }
            let next = Int32(numbers.count)
            numbers[key] = next
            return next
        }
        let matcher = LineMatcher(
            old: oldLines.map(number), new: newLines.map(number), budget: max(0, workLimit))
        return build(matcher.operations, oldLines, newLines, context: max(0, context), isMinimal: matcher.isMinimal)
    }

    /// The diff as unified-diff text: `--- old` and `+++ new` (when labels are given), then
    /// each hunk's header and its lines prefixed with ` `, `-` or `+`. Every line ends with
    /// `\n`; empty when the texts are equal.
    public func unified(oldLabel: String? = "old", newLabel: String? = "new") -> String {
        guard !hunks.isEmpty else { return "" }
        var text = ""
        if let oldLabel { text += "--- \(oldLabel)\n" }
        if let newLabel { text += "+++ \(newLabel)\n" }
        for hunk in hunks {
            text += hunk.header + "\n"
            for line in hunk.lines {
                switch line.kind {
                case .context: text += " "
                case .removed: text += "-"
                case .added: text += "+"
                }
                text += line.text + "\n"
                if !line.endsWithNewline { text += "\\ No newline at end of file\n" }
            }
        }
        return text
    }

    // MARK: building

    private struct TextLine {
        let text: Substring
        let endsWithNewline: Bool
    }

    private struct LineKey: Hashable {
        let text: ExactText
        let endsWithNewline: Bool
    }

    private static func lines(of text: String) -> [TextLine] {
        guard !text.isEmpty else { return [] }
        var pieces = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let endsWithNewline = text.utf8.last == UInt8(ascii: "\n")
        if endsWithNewline { pieces.removeLast() }
        return pieces.enumerated().map { index, piece in
            TextLine(text: Substring(piece), endsWithNewline: endsWithNewline || index < pieces.count - 1)
        }
    }

    /// One step of the script with the line positions it stands at.
    private struct Step {
        let operation: LineMatcher.Operation
        let oldIndex: Int
        let newIndex: Int
    }

    private static func build(
        _ operations: [LineMatcher.Operation], _ oldLines: [TextLine], _ newLines: [TextLine], context: Int,
        isMinimal: Bool
    ) -> LineDiff {
        var steps: [Step] = []
        steps.reserveCapacity(operations.count)
        var oldIndex = 0
        var newIndex = 0
        var added = 0
        var removed = 0
        for operation in operations {
            steps.append(Step(operation: operation, oldIndex: oldIndex, newIndex: newIndex))
            switch operation {
            case .equal:
                oldIndex += 1
                newIndex += 1
            case .delete:
                oldIndex += 1
                removed += 1
            case .insert:
                newIndex += 1
                added += 1
            }
        }
        var hunks: [LineDiffHunk] = []
        var index = 0
        while index < steps.count {
            guard steps[index].operation != .equal else {
                index += 1
                continue
            }
            let start = max(index - context, 0)
            var lastChange = index
            var end = index + 1
            while end < steps.count {
                if steps[end].operation != .equal {
                    lastChange = end
                } else if end - lastChange > 2 * context {
                    break
                }
                end += 1
            }
            end = min(steps.count, lastChange + context + 1)
            hunks.append(hunk(steps[start..<end], oldLines, newLines))
            index = end
        }
        return LineDiff(hunks: hunks, addedCount: added, removedCount: removed, isMinimal: isMinimal)
    }

    private static func hunk(_ steps: ArraySlice<Step>, _ oldLines: [TextLine], _ newLines: [TextLine]) -> LineDiffHunk
    {
        var lines: [LineDiffLine] = []
        var oldCount = 0
        var newCount = 0
        for step in steps {
            switch step.operation {
            case .equal:
                let line = newLines[step.newIndex]
                lines.append(
                    LineDiffLine(
                        kind: .context, text: String(line.text), oldNumber: step.oldIndex + 1,
                        newNumber: step.newIndex + 1, endsWithNewline: line.endsWithNewline))
                oldCount += 1
                newCount += 1
            case .delete:
                let line = oldLines[step.oldIndex]
                lines.append(
                    LineDiffLine(
                        kind: .removed, text: String(line.text), oldNumber: step.oldIndex + 1, newNumber: nil,
                        endsWithNewline: line.endsWithNewline))
                oldCount += 1
            case .insert:
                let line = newLines[step.newIndex]
                lines.append(
                    LineDiffLine(
                        kind: .added, text: String(line.text), oldNumber: nil, newNumber: step.newIndex + 1,
                        endsWithNewline: line.endsWithNewline))
                newCount += 1
            }
        }
        let first = steps[steps.startIndex]
        return LineDiffHunk(
            oldStart: oldCount > 0 ? first.oldIndex + 1 : first.oldIndex, oldCount: oldCount,
            newStart: newCount > 0 ? first.newIndex + 1 : first.newIndex, newCount: newCount, lines: lines)
    }
}
