import Foundation
import TUICore
import Workspace

/// The query-parameter editor (`Q`): the current URL's `?k=v` pairs, one `name=value` a line,
/// decoded for reading. `Ctrl-S` goes to the URL with the edited pairs: a line left as it was
/// keeps its bytes exactly, an edited or new one is percent-encoded (everything but unreserved
/// characters), a removed one is gone. The order is the lines' order.
public struct QueryEditor {
    /// The URL without its query (and without a fragment).
    public let base: String
    /// The pairs as they were: their bytes in the URL and the line shown for them.
    public let original: [(raw: String, line: String)]
    /// The lines being edited.
    public var editor: TextEditor
    /// Why the lines cannot be used (a line with no name), if so.
    public var message: String?

    /// Opens the editor on `url`.
    public init(url: String) {
        let withoutFragment = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = withoutFragment.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        base = String(parts[0])
        let query = parts.count > 1 ? String(parts[1]) : ""
        original = query.split(separator: "&").map { raw in
            (String(raw), Self.decoded(String(raw)))
        }
        editor = TextEditor(original.map(\.line).joined(separator: "\n"))
    }

    /// The URL the lines make, or nil (with ``message``) when a line cannot be a pair.
    public mutating func url() -> String? {
        var pairs: [String] = []
        var unused = original
        for (index, line) in editor.lines.map({ String($0) }).enumerated() {
            let text = String(line)
            if text.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            if let match = unused.firstIndex(where: { $0.line == text }) {
                pairs.append(unused.remove(at: match).raw)
                continue
            }
            let equals = text.firstIndex(of: "=")
            let name = String(text[..<(equals ?? text.endIndex)])
            guard !name.isEmpty else {
                message = "line \(index + 1) has no name before ="
                return nil
            }
            var pair = PercentEncoding.encodeAll(name)
            if let equals { pair += "=" + PercentEncoding.encodeAll(text[text.index(after: equals)...]) }
            pairs.append(pair)
        }
        message = nil
        return pairs.isEmpty ? base : base + "?" + pairs.joined(separator: "&")
    }

    /// A pair as a line: percent escapes and `+` decoded; bytes that do not decode stay as sent.
    static func decoded(_ raw: String) -> String {
        let spaced = raw.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? raw
    }
}

extension QueryEditor: Layer {
    /// `query.apply`…
    public static let name = "query"
    /// For `hammock --help`.
    public static let modeName = "the query editor (Q)"
    /// Going there, closing, help.
    public static let defaultBindings: [Binding] = [
        Binding("apply", [.control("s")], "go to the URL with these parameters", footer: 0, footerLabel: "go there"),
        Binding("close", [.escape], "cancel", footer: 0, footerLabel: "cancel"),
        Binding("help", [.function(1)], "this help"),
    ]
    /// What typing does.
    public static let helpNotes: [(keys: String, summary: String)] = [
        ("name=value", "one pair a line; a line left as it was keeps its bytes")
    ]

    /// The editor shows its keys in its box.
    public var showsOwnKeys: Bool { true }

    /// `help: query editor keys`.
    public var helpTitle: String { "help: query editor keys" }

    /// Goes there, or closes.
    public mutating func perform(_ action: String, in state: inout BrowserState) -> LayerResponse {
        switch action {
        case "apply":
            guard let target = url() else { return .handled }
            return .close([.navigate(path: target, from: nil)])
        case "close":
            return .close
        default:
            return .handled
        }
    }

    /// Editing keys edit the lines.
    public mutating func handle(_ key: Key, in state: inout BrowserState) -> LayerResponse {
        editor.handle(key)
        return .handled
    }

    /// Pasted text goes into the lines.
    public mutating func paste(_ text: String, in state: inout BrowserState) -> LayerResponse {
        editor.insert(text)
        return .handled
    }

    /// Draws the box.
    public func draw(_ state: BrowserState, into screen: inout Screen) {
        QueryEditorView.draw(self, state: state, into: &screen)
    }
}
