import OrderedJSON

/// A `JSONDocument` shown as pretty-printed lines with folds: one value per line, keys in the
/// server's order, every number as sent.
///
/// Unfolded, line `n` is the document's entry `n`, so counting and finding lines costs nothing.
/// A folded container shows as one line and hides its entries. The folds are a value
/// (``JSONFolds``) that the browser keeps in its state beside the position in the body; an
/// outline made from a resource's data has none until the state's are applied
/// (``BodyContent/withFolds(_:)``). Only the lines drawn are decoded; the document may be read
/// anywhere.
public struct JSONOutline {
    /// The document shown.
    public let document: JSONDocument
    /// Which containers are folded.
    public private(set) var folds = JSONFolds()
    /// Child counts of folded containers, computed once per document and shared by its copies.
    private let childCounts = ChildCounts()

    /// Shows a document with nothing folded.
    public init(_ document: JSONDocument) {
        self.document = document
    }

    /// The outline with `folds` (those that are containers of this document).
    public func with(_ folds: JSONFolds) -> JSONOutline {
        var outline = self
        outline.folds = folds.valid(in: document)
        return outline
    }

    /// Total display lines.
    public var lineCount: Int { document.entryCount - folds.hiddenCount }

    /// True if line `index` exists.
    public func hasLine(_ index: Int) -> Bool { index >= 0 && index < lineCount }

    /// The entry shown on line `index`, or nil past the end.
    public func entry(atLine index: Int) -> Int? {
        guard hasLine(index) else { return nil }
        return folds.entry(atLine: index)
    }

    /// The line showing `entry`, or nil while a fold hides it.
    public func line(ofEntry entry: Int) -> Int? {
        guard entry >= 0, entry < document.entryCount else { return nil }
        return folds.line(ofEntry: entry, in: document)
    }

    /// True if the container at `entry` is folded.
    public func isFolded(_ entry: Int) -> Bool { folds.isFolded(entry) }

    /// Unfolds every fold around `entry` and returns its line.
    @discardableResult
    public mutating func reveal(_ entry: Int) -> Int {
        folds.unfold(around: entry, in: document)
        return line(ofEntry: entry) ?? 0
    }

    /// Folds or unfolds the container on line `index` and returns the container's line (where
    /// the cursor belongs: from a closing line, that is the opening one); nil if the line is not
    /// a non-empty container.
    @discardableResult
    public mutating func toggleFold(atLine index: Int) -> Int? {
        guard var entry = entry(atLine: index) else { return nil }
        if document.kind(entry).isClosing { entry = document.matchingEntry(entry) }
        guard document.kind(entry).isOpening else { return nil }
        folds.setFolded(entry, !folds.isFolded(entry), in: document)
        return line(ofEntry: entry)
    }

    /// Folds or unfolds the container at `entry`.
    public mutating func setFolded(_ entry: Int, _ fold: Bool) {
        folds.setFolded(entry, fold, in: document)
    }

    /// Folds every container at `depth`, so the levels above it fit on screen.
    public mutating func foldAll(atDepth depth: Int) {
        folds.foldAll(atDepth: depth, in: document)
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
        let isFolded = folds.isFolded(entry)
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
        let count = childCounts.count(of: entry, in: document)
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

/// Child counts of a document's containers, remembered once computed (a large container's count
/// is a walk over its children); used on the thread that draws.
private final class ChildCounts {
    private var counts: [Int: Int] = [:]

    func count(of entry: Int, in document: JSONDocument) -> Int {
        if let cached = counts[entry] { return cached }
        let count = document.childCount(of: entry)
        counts[entry] = count
        return count
    }
}
