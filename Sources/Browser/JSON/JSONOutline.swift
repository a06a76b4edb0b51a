import OrderedJSON

/// A `JSONDocument` shown as pretty-printed lines with folds: one value per line, keys in the
/// server's order, every number as sent.
///
/// Unfolded, line `n` is the document's entry `n`, so counting and finding lines costs nothing.
/// A folded container shows as one line and hides its entries; the outline keeps the outermost
/// folds sorted with running totals of hidden entries, so mapping a line to its entry is a
/// binary search over the folds, whatever the size of the body. Only the lines drawn are
/// decoded. The outline holds fold state; it is used on the main actor, while its document may
/// be read anywhere.
public final class JSONOutline {
    /// The document shown.
    public let document: JSONDocument
    private var folded: Set<Int> = []
    /// The opening entries of the folds not inside another fold, ascending.
    private var outerFolds: [Int] = []
    /// `hiddenBefore[k]`: entries hidden by `outerFolds[0..<k]` (one more element than folds).
    private var hiddenBefore: [Int] = [0]
    private var childCounts: [Int: Int] = [:]

    /// Shows a document with nothing folded.
    public init(_ document: JSONDocument) {
        self.document = document
    }

    /// Total display lines.
    public var lineCount: Int { document.entryCount - hiddenBefore[hiddenBefore.count - 1] }

    /// True if line `index` exists.
    public func hasLine(_ index: Int) -> Bool { index >= 0 && index < lineCount }

    /// The entry shown on line `index`, or nil past the end.
    public func entry(atLine index: Int) -> Int? {
        guard hasLine(index) else { return nil }
        // The last fold whose line is at or before `index`.
        var low = 0
        var high = outerFolds.count
        while low < high {
            let middle = (low + high) / 2
            if outerFolds[middle] - hiddenBefore[middle] <= index { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return index }
        let fold = low - 1
        if outerFolds[fold] - hiddenBefore[fold] == index { return outerFolds[fold] }
        return index + hiddenBefore[fold + 1]
    }

    /// The line showing `entry`, or nil while a fold hides it.
    public func line(ofEntry entry: Int) -> Int? {
        guard entry >= 0, entry < document.entryCount else { return nil }
        // Folds that open before the entry.
        var low = 0
        var high = outerFolds.count
        while low < high {
            let middle = (low + high) / 2
            if outerFolds[middle] < entry { low = middle + 1 } else { high = middle }
        }
        if low > 0, entry <= document.matchingEntry(outerFolds[low - 1]) { return nil }
        return entry - hiddenBefore[low]
    }

    /// True if the container at `entry` is folded.
    public func isFolded(_ entry: Int) -> Bool { folded.contains(entry) }

    /// Unfolds every fold around `entry` and returns its line.
    @discardableResult
    public func reveal(_ entry: Int) -> Int {
        let around = folded.filter { $0 < entry && entry <= document.matchingEntry($0) }
        if !around.isEmpty {
            folded.subtract(around)
            rebuildFolds()
        }
        return line(ofEntry: entry) ?? 0
    }

    /// Folds or unfolds the container on line `index` and returns the container's line (where
    /// the cursor belongs: from a closing line, that is the opening one); nil if the line is not
    /// a non-empty container.
    @discardableResult
    public func toggleFold(atLine index: Int) -> Int? {
        guard var entry = entry(atLine: index) else { return nil }
        if document.kind(entry).isClosing { entry = document.matchingEntry(entry) }
        guard document.kind(entry).isOpening else { return nil }
        setFolded(entry, !folded.contains(entry))
        return line(ofEntry: entry)
    }

    /// Folds or unfolds the container at `entry`.
    public func setFolded(_ entry: Int, _ fold: Bool) {
        guard document.kind(entry).isOpening, folded.contains(entry) != fold else { return }
        if fold { folded.insert(entry) } else { folded.remove(entry) }
        rebuildFolds()
    }

    /// Folds every container at `depth`, so the levels above it fit on screen.
    public func foldAll(atDepth depth: Int) {
        var entry = 0
        var current = 0
        while entry < document.entryCount {
            let kind = document.kind(entry)
            if kind.isClosing { current -= 1 }
            if kind.isOpening {
                if current == depth {
                    folded.insert(entry)
                    entry = document.matchingEntry(entry) + 1
                    continue
                }
                current += 1
            }
            entry += 1
        }
        rebuildFolds()
    }

    private func rebuildFolds() {
        outerFolds.removeAll(keepingCapacity: true)
        hiddenBefore = [0]
        var lastClose = -1
        for open in folded.sorted() where open > lastClose {
            let close = document.matchingEntry(open)
            outerFolds.append(open)
            hiddenBefore.append(hiddenBefore[hiddenBefore.count - 1] + close - open)
            lastClose = close
        }
    }

    // MARK: lines

    /// The display line at `index`, or nil past the end. Strings and keys are decoded only as
    /// far as `maximumColumns` characters need.
    public func line(_ index: Int, maximumColumns: Int = 4096) -> JSONLine? {
        guard let entry = entry(atLine: index) else { return nil }
        let kind = document.kind(entry)
        let limit = max(1, maximumColumns)
        var key: String?
        if let (text, complete) = document.keyPrefix(entry, maximumScalars: limit * 4 + 16) {
            key = JSONStringLiteral.quoted(text, limit: limit, isComplete: complete)
        }
        let isFolded = folded.contains(entry)
        let comma = kind.isOpening && !isFolded ? false : !document.isLastInContainer(entry)
        let content: JSONLine.Content
        switch kind {
        case .objectStart, .arrayStart:
            let brackets = kind == .objectStart ? "{…}" : "[…]"
            if isFolded {
                content = .folded(brackets, summary: summary(entry, isObject: kind == .objectStart))
            } else {
                content = .open(kind == .objectStart ? "{" : "[")
            }
        case .objectEnd: content = .close("}")
        case .arrayEnd: content = .close("]")
        case .emptyObject: content = .empty("{}")
        case .emptyArray: content = .empty("[]")
        case .string:
            let (text, complete) = document.stringPrefix(entry, maximumScalars: limit * 4 + 16) ?? ("", true)
            content = .scalar(JSONStringLiteral.quoted(text, limit: limit, isComplete: complete), .string)
        case .number, .true, .false, .null:
            content = .scalar(TextSanitizer.sanitize(document.rawText(entry), maxColumns: limit), kind)
        }
        return JSONLine(
            entry: entry, depth: document.depth(entry), key: key, content: content,
            hasTrailingComma: comma)
    }

    private func summary(_ entry: Int, isObject: Bool) -> String {
        let count: Int
        if let cached = childCounts[entry] {
            count = cached
        } else {
            count = document.childCount(of: entry)
            childCounts[entry] = count
        }
        let noun = isObject ? (count == 1 ? "key" : "keys") : (count == 1 ? "item" : "items")
        return "\(count) \(noun)"
    }

    // MARK: links

    /// A link-like string on line `index`: a string value that is an absolute http(s) URL or a
    /// root-relative path (`/users/1`). Nil otherwise.
    public func link(atLine index: Int) -> String? {
        guard let entry = entry(atLine: index), document.kind(entry) == .string,
            let (text, complete) = document.stringPrefix(entry, maximumScalars: 2048), complete
        else { return nil }
        return JSONOutline.isLink(text) ? text : nil
    }

    /// True for `http://…`, `https://…` and `/path` strings without whitespace or controls.
    public static func isLink(_ text: String) -> Bool {
        guard !text.isEmpty, text.count < 2048, !text.contains(where: { $0.isWhitespace || TextSanitizer.isUnsafe($0) })
        else { return false }
        return text.hasPrefix("/") && !text.hasPrefix("//") || text.hasPrefix("http://") || text.hasPrefix("https://")
    }
}
