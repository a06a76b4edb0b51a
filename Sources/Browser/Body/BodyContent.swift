import Foundation

/// The viewable form of an entity's content: JSON, text, binary, or a short note when there is
/// nothing to show. Navigation (line existence, search, links, folding) is uniform across kinds.
public enum BodyContent {
    /// Parsed JSON.
    case json(JSONDocument)
    /// Text.
    case text(TextDocument)
    /// Bytes.
    case binary(HexDocument)
    /// Nothing to show; the note says why (`no data`, `empty body`).
    case empty(String)

    /// Chooses a view for entity content as Siesta delivers it: `[String: Any]` / `[Any]` and
    /// JSON scalars with a JSON content type become `.json`, `String` becomes `.text`, `Data`
    /// becomes `.binary` (or `.text` when the content type is textual).
    public static func from(content: Any?, contentType: String) -> BodyContent {
        guard let content else { return .empty("no data") }
        let kind = JSONValueKind.of(content)
        if kind == .object || kind == .array { return .json(JSONDocument(content)) }
        if let text = content as? String {
            if contentType.lowercased().contains("json"), let data = text.data(using: .utf8),
                let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            {
                return .json(JSONDocument(value))
            }
            return text.isEmpty ? .empty("empty body") : .text(TextDocument(text))
        }
        if let data = content as? Data {
            if data.isEmpty { return .empty("empty body") }
            let type = contentType.lowercased()
            if type.hasPrefix("text/") || type.contains("json") || type.contains("xml") {
                return .text(TextDocument(String(decoding: data, as: UTF8.self)))
            }
            return .binary(HexDocument(data))
        }
        if kind == .number || kind == .boolean || kind == .null { return .json(JSONDocument(content)) }
        return .text(TextDocument(String(describing: content)))
    }

    /// True if both are the same document object (or the same note): a reloaded entity gives a
    /// new document even when its text is equal.
    public func isSameDocument(as other: BodyContent) -> Bool {
        switch (self, other) {
        case (.json(let left), .json(let right)): return left === right
        case (.text(let left), .text(let right)): return left === right
        case (.binary(let left), .binary(let right)): return left === right
        case (.empty(let left), .empty(let right)): return left == right
        default: return false
        }
    }

    /// True if line `index` exists.
    public func hasLine(_ index: Int) -> Bool {
        switch self {
        case .json(let document): return document.hasLine(index)
        case .text(let document): return document.hasLine(index)
        case .binary(let document): return index >= 0 && index < document.lineCount
        case .empty: return index == 0
        }
    }

    /// Total lines (may walk the whole body once).
    public var lineCount: Int {
        switch self {
        case .json(let document): return document.lineCount
        case .text(let document): return document.lineCount
        case .binary(let document): return document.lineCount
        case .empty: return 1
        }
    }

    /// The next/previous line matching `query`, or nil.
    public func nextMatch(_ query: String, after line: Int, forward: Bool) -> Int? {
        switch self {
        case .json(let document): return document.nextMatch(query, after: line, forward: forward)
        case .text(let document): return document.nextMatch(query, after: line, forward: forward)
        case .binary, .empty: return nil
        }
    }

    /// A followable link on line `index` (JSON strings that are URLs or paths).
    public func link(atLine index: Int) -> String? {
        if case .json(let document) = self { return document.link(atLine: index) }
        return nil
    }

    /// Folds or unfolds a JSON container; false for other lines or kinds.
    @discardableResult
    public func toggleFold(atLine index: Int) -> Bool {
        if case .json(let document) = self { return document.toggleFold(atLine: index) }
        return false
    }
}
