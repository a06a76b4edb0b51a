import TUICore

/// A read-only layer showing one text or body: a curl command to select by hand, a past
/// response from history, a diff. It scrolls like every view (``Viewport``), folds JSON, and
/// `Esc` goes back to what it was opened over.
public struct TextViewer: Layer {
    /// What the text is, for colouring.
    public enum Kind: Sendable {
        /// Plain text or a body.
        case plain
        /// A diff: lines starting `+` are added, `-` removed, `~` changed, `@@` hunk heads.
        case diff
    }

    /// The title on the box.
    public var title: String
    /// A line under the title saying what to do with the text (may be empty).
    public var note: String
    /// The text or body shown.
    public var body: BodyContent
    /// How lines are coloured.
    public var kind: Kind
    /// The cursor and scroll position.
    public var position = Viewport(cursor: 0)
    /// Said after the note (`Esc closes`); nil for a viewer inside a layer that says its own.
    public var closeHint: String? = "Esc closes"

    /// Creates a viewer at the top of `body`.
    public init(title: String, note: String = "", body: BodyContent, kind: Kind = .plain) {
        self.title = title
        self.note = note
        self.body = body
        self.kind = kind
    }

    /// A viewer of plain text.
    public init(title: String, note: String = "", text: String, kind: Kind = .plain) {
        self.init(
            title: title, note: note, body: text.isEmpty ? .empty("nothing") : .text(TextDocument(text)), kind: kind)
    }

    // MARK: Layer

    /// `viewer.close`, `viewer.fold`…
    public static let name = "viewer"
    /// For `hammock --help`.
    public static let modeName = "a viewer (a past body, a diff, a curl command)"
    /// Closing, help, folding and scrolling.
    public static let defaultBindings: [Binding] =
        [
            Binding("close", [.escape, .character("q")], "close", footer: 0, footerLabel: "close"),
            Binding("help", [.character("?"), .function(1)], "this help", footer: 0, footerLabel: "help"),
            Binding("fold", [.enter, .character("z")], "fold / unfold JSON", footer: 2, footerLabel: "fold"),
        ] + Viewport.bindings(footer: 1)

    /// `help: viewer keys`.
    public var helpTitle: String { "help: viewer keys" }

    /// Closes, folds or scrolls.
    public mutating func perform(_ action: String, in state: inout BrowserState) -> LayerResponse {
        switch action {
        case "close":
            return .close
        case "fold":
            if let line = body.toggleFold(atLine: position.cursor) { position.cursor = line }
        default:
            position.perform(action, in: state.frame.metrics(.layer, lineCount: body.lineCount))
        }
        return .handled
    }

    /// The text's page.
    public func pageSize(_ state: BrowserState) -> FrameContext.PageSize? {
        TextViewerView.pageSize(self, theme: state.theme, width: state.width, height: state.height)
    }

    /// Draws the box.
    public func draw(_ state: BrowserState, into screen: inout Screen) {
        TextViewerView.draw(self, state: state, into: &screen)
    }
}
