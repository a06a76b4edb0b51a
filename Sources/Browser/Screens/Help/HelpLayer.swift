import TUICore

/// `?` help: the keys of the layer under it (or of the main view), made from that layer's
/// bindings as the key map has them, with their notes; it scrolls when they do not fit.
public struct HelpLayer: Layer {
    /// The name key maps use: `help.close`, `help.down`…
    public static let name = "help"

    /// Help, for `hammock --help`.
    public static let modeName = "the help (? or F1)"

    /// Closing and scrolling.
    public static let defaultBindings: [Binding] =
        [
            Binding(
                "close", [.escape, .character("q"), .enter, .character("?"), .function(1)], "close the help", footer: 0,
                footerLabel: "close")
        ] + Viewport.bindings(sideways: false, footer: 1)

    /// The box's title (`help: form keys`).
    public var title: String
    /// The rows: `(keys, what they do)`, a heading row where `keys` is empty.
    public var rows: [(keys: String, summary: String)]
    /// Where the rows are scrolled.
    public var viewport = Viewport()

    /// Help with `rows` under `title`.
    public init(title: String, rows: [(keys: String, summary: String)]) {
        self.title = title
        self.rows = rows
    }

    /// The help of the layer `layer` under the key map `keyMap`.
    public init<L: Layer>(for layer: L, keyMap: KeyMap) {
        self.init(title: layer.helpTitle, rows: layer.activeBindings(keyMap).helpRows + L.helpNotes)
    }

    /// The help of the main view under the key map `keyMap`.
    public init(mainView keyMap: KeyMap) {
        self.init(title: "help: keys and the Siesta calls they make", rows: keyMap.mainHelpRows)
    }

    /// Help has no help of its own.
    public var helpTitle: String { title }

    /// Closes or scrolls.
    public mutating func perform(_ action: String, in state: inout BrowserState) -> LayerResponse {
        if action == "close" { return .close }
        viewport.perform(action, in: state.frame.metrics(.layer, lineCount: rows.count))
        return .handled
    }

    /// The rows shown at once and the lines they take.
    public func pageSize(_ state: BrowserState) -> FrameContext.PageSize? {
        HelpView.pageSize(self, width: state.width, height: state.height)
    }

    /// Draws the box over the screen.
    public func draw(_ state: BrowserState, into screen: inout Screen) {
        HelpView.draw(self, theme: state.theme, into: &screen)
    }
}
