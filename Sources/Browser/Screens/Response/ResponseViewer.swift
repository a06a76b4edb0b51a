import TUICore

/// The response viewer: a form request's whole response (status, headers with secrets masked,
/// the body pretty-printed when it is JSON), opened with `Ctrl-R` over the form once a response
/// arrived; it scrolls both ways, and `Esc` goes back to the form under it.
public struct ResponseViewer: Layer {
    /// The response shown.
    public var response: FormResponse
    /// Where it is scrolled: line 0 is the status line; headers and then the body follow.
    public var viewport = Viewport()

    /// Creates a viewer at the top of the response.
    public init(response: FormResponse) {
        self.response = response
    }

    /// `response.close`, `response.down`…
    public static let name = "response"
    /// For `hammock --help`.
    public static let modeName = "the response viewer (Ctrl-R in a form)"
    /// Back to the form, help, scrolling.
    public static let defaultBindings: [Binding] =
        [
            Binding("close", [.escape, .character("q"), .control("r")], "back to the form", footer: 0),
            Binding("help", [.character("?"), .function(1)], "this help"),
        ]
        + Viewport.bindings(footer: 1).map { binding in
            var binding = binding
            if binding.action == Viewport.Action.right.rawValue {
                binding.footer = 2
                binding.footerLabel = "sideways"
            }
            return binding
        }

    /// The viewer shows its keys in its box.
    public var showsOwnKeys: Bool { true }

    /// `help: response viewer keys`.
    public var helpTitle: String { "help: response viewer keys" }

    /// Closes or scrolls.
    public mutating func perform(_ action: String, in state: inout BrowserState) -> LayerResponse {
        if action == "close" { return .close }
        viewport.perform(action, in: state.frame.metrics(.layer, lineCount: 1))
        return .handled
    }

    /// The text rows, the lines of the response, and whether a shown line is cut.
    public func pageSize(_ state: BrowserState) -> FrameContext.PageSize? {
        ResponseView.pageSize(self, theme: state.theme, width: state.width, height: state.height)
    }

    /// Draws the box.
    public func draw(_ state: BrowserState, into screen: inout Screen) {
        ResponseView.draw(self, state: state, into: &screen)
    }
}
