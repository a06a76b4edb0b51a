import Foundation
import OrderedJSON

/// The viewable form of an entity's content: JSON, text, binary, or a short note when there is
/// nothing to show. Navigation (line existence, links, folding, search positions) is uniform
/// across kinds.
public enum BodyContent {
    /// JSON, as the server sent it.
    case json(JSONOutline)
    /// Text.
    case text(TextDocument)
    /// Bytes.
    case binary(HexDocument)
    /// Nothing to show; the note says why (`no data`, `empty body`).
    case empty(String)

    /// Chooses a view for entity content. A `JSONDocument` (what the browser's own transformer
    /// delivers) is shown as is; `Data` or `String` with a JSON content type is indexed here;
    /// other text becomes `.text`, other bytes `.binary`.
    ///
    /// Foundation values (`[String: Any]`, `[Any]`), which only library code can put into a
    /// resource, have no key order left to keep: they are written out with sorted keys.
    public static func from(content: Any?, contentType: String) -> BodyContent {
        guard let content else { return .empty("no data") }
        if let document = content as? JSONDocument { return .json(JSONOutline(document)) }
        let type = contentType.lowercased()
        let isJSON = type.contains("json")
        if let text = content as? String {
            if isJSON, let document = try? JSONDocument(text) { return .json(JSONOutline(document)) }
            return text.isEmpty ? .empty("empty body") : .text(TextDocument(text))
        }
        if let data = content as? Data {
            if data.isEmpty { return .empty("empty body") }
            if isJSON, let document = try? JSONDocument(data: data) { return .json(JSONOutline(document)) }
            if type.hasPrefix("text/") || isJSON || type.contains("xml") {
                return .text(TextDocument(decodedText(data)))
            }
            return .binary(HexDocument(data))
        }
        if JSONSerialization.isValidJSONObject(content) || content is NSNumber || content is NSNull,
            let data = try? JSONSerialization.data(
                withJSONObject: content, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed]),
            let document = try? JSONDocument(data: data)
        {
            return .json(JSONOutline(document))
        }
        return .text(TextDocument(String(describing: content)))
    }

    /// Bytes of a text type as a String: UTF-8 when they are valid UTF-8, else ISO-8859-1
    /// (every byte one character, as HTTP's old default charset says), never with bytes
    /// replaced.
    static func decodedText(_ data: Data) -> String {
        if let text = String(validating: data, as: UTF8.self) { return text }
        return String(data.map { Character(Unicode.Scalar($0)) })
    }

    /// The bytes behind the body, for saving it to a file: the JSON or bytes as received, text
    /// as UTF-8; nil for a note.
    public var bytes: Data? {
        switch self {
        case .json(let outline): return outline.document.data
        case .text(let document): return Data(document.text.utf8)
        case .binary(let document): return document.data
        case .empty: return nil
        }
    }

    /// True if both are the same document object (or the same note): a reloaded entity gives a
    /// new document even when its text is equal.
    public func isSameDocument(as other: BodyContent) -> Bool {
        switch (self, other) {
        case (.json(let left), .json(let right)): return left.document === right.document
        case (.text(let left), .text(let right)): return left === right
        case (.binary(let left), .binary(let right)): return left === right
        case (.empty(let left), .empty(let right)): return left == right
        default: return false
        }
    }

    /// True if line `index` exists.
    public func hasLine(_ index: Int) -> Bool {
        switch self {
        case .json(let outline): return outline.hasLine(index)
        case .text(let document): return document.hasLine(index)
        case .binary(let document): return index >= 0 && index < document.lineCount
        case .empty: return index == 0
        }
    }

    /// Total lines (may walk a text body once).
    public var lineCount: Int {
        switch self {
        case .json(let outline): return outline.lineCount
        case .text(let document): return document.lineCount
        case .binary(let document): return document.lineCount
        case .empty: return 1
        }
    }

    /// A followable link on line `index` (JSON strings that are URLs or paths).
    public func link(atLine index: Int) -> String? {
        if case .json(let outline) = self { return outline.link(atLine: index) }
        return nil
    }

    /// Folds or unfolds a JSON container and returns the line the cursor belongs on (the
    /// container's opening line); nil for other lines or kinds.
    @discardableResult
    public mutating func toggleFold(atLine index: Int) -> Int? {
        guard case .json(var outline) = self else { return nil }
        let line = outline.toggleFold(atLine: index)
        self = .json(outline)
        return line
    }

    /// The folds of a JSON body; nil for other kinds.
    public var folds: JSONFolds? {
        if case .json(let outline) = self { return outline.folds }
        return nil
    }

    /// The body with `folds` applied (a JSON body; other kinds are returned as they are).
    public func withFolds(_ folds: JSONFolds?) -> BodyContent {
        guard let folds, case .json(let outline) = self else { return self }
        return .json(outline.with(folds))
    }

    // MARK: search

    /// What a background search reads: the immutable document or text behind this body; nil
    /// for bodies that cannot be searched.
    public var searchSource: BodySearch.Source? {
        switch self {
        case .json(let outline): return .json(outline.document)
        case .text(let document): return .text(document.text)
        case .binary, .empty: return nil
        }
    }

    /// The search position of line `index`: the entry it shows for JSON, the line for text.
    public func searchPosition(atLine index: Int) -> Int {
        if case .json(let outline) = self { return outline.entry(atLine: index) ?? 0 }
        return index
    }

    /// The line of a search match, unfolding JSON around it when needed.
    public mutating func revealMatch(_ position: Int) -> Int {
        guard case .json(var outline) = self else { return position }
        let line = outline.reveal(position)
        self = .json(outline)
        return line
    }
}
