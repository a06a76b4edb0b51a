import TUICore
import Testing

@testable import Browser

/// The layer of the "Adding a screen" guide, as the guide writes it.
struct HeadersLayer: Layer {
    var lines: [String]
    var viewport = Viewport()

    static let name = "headers"
    static let modeName = "the headers box (H)"
    static let defaultBindings: [Binding] =
        [
            Binding("close", [.escape, .character("q")], "close", footer: 0, footerLabel: "close"),
            Binding("help", [.character("?"), .function(1)], "this help", footer: 0, footerLabel: "help"),
        ] + Viewport.bindings(sideways: false, footer: 1)
    var helpTitle: String { "help: headers keys" }

    mutating func perform(_ action: String, in state: inout BrowserState) -> LayerResponse {
        if action == "close" { return .close }
        viewport.perform(action, in: state.frame.metrics(.layer, lineCount: lines.count))
        return .handled
    }

    func pageSize(_ state: BrowserState) -> FrameContext.PageSize? {
        FrameContext.PageSize(height: max(1, state.height - 6), width: max(1, state.width - 8))
    }

    func draw(_ state: BrowserState, into screen: inout Screen) {
        let theme = state.theme
        let frame = screen.bounds.centered(width: screen.width - 4, height: screen.height - 2)
        BrowserView.drawBox(
            frame, title: [Span("headers", theme.style(.accent))], focused: true, theme: theme, into: &screen)
        for (row, line) in lines.dropFirst(viewport.top).prefix(frame.height - 2).enumerated() {
            screen.put(
                BrowserView.safe(line), x: frame.x + 2, y: frame.y + 1 + row, style: theme.style(.text),
                maxWidth: frame.width - 4)
        }
    }
}

@Suite("The layer of the Adding a screen guide works as the guide says")
struct AddingAScreenTests {
    @Test("it opens, scrolls with the shared keys, shows its help and footer, and Esc closes it")
    func guideLayer() {
        var state = Fixtures.state(width: 80, height: 24)
        state.open(HeadersLayer(lines: (1...100).map { "x-header-\($0): value \u{1b}[2J" }))
        var screen = BrowserView.render(state)
        #expect(screen.find("x-header-1: value ␛[2J") != nil, "server text is sanitised")
        #expect(screen.line(23).hasPrefix("Esc/q close  ?/F1 help  j/Down scroll"))
        _ = Fixtures.keys(&state, [.character("j"), .pageDown])
        #expect((state.topLayer as? HeadersLayer)?.viewport.top == 18)
        _ = Fixtures.keys(&state, [.character("?")])
        screen = BrowserView.render(state)
        #expect(screen.find("help: headers keys") != nil)
        _ = Fixtures.keys(&state, [.escape, .escape])
        #expect(state.layers.isEmpty)
    }
}
