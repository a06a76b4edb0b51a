import OrderedJSON
import TUICore

/// Draws the ``WebSocketConsole``: a box over the screen with the URL in its title, the state
/// line, the messages (every line through ``TextSanitizer``, never raw) and, when open, the
/// input line.
enum WebSocketConsoleView {
    /// The console's box for a terminal size: the whole screen above the footer.
    static func frame(width: Int, height: Int) -> Rect {
        Rect(x: 0, y: 0, width: max(0, width), height: max(0, height - 1))
    }

    /// Rows of messages visible at once.
    static func messageRows(width: Int, height: Int, inputOpen: Bool) -> Int {
        max(1, frame(width: width, height: height).height - 3 - (inputOpen ? 1 : 0))
    }

    /// The label before the input line.
    static func inputLabel(_ console: WebSocketConsole) -> String {
        console.checksJSON ? "send JSON: " : "send: "
    }

    static func draw(_ console: WebSocketConsole, state: BrowserState, into screen: inout Screen) {
        let theme = state.theme
        let frame = frame(width: screen.width, height: screen.height)
        guard frame.width > 6, frame.height > 4 else { return }
        BrowserView.drawBox(
            frame,
            title: [
                Span("WebSocket ", theme.style(.accent, attributes: .bold)),
                Span(TextSanitizer.sanitize(console.url, maxColumns: 400), theme.style(.text, attributes: .bold)),
            ],
            focused: true, theme: theme, into: &screen)
        let inner = frame.inset(by: 1).insetHorizontally(by: 1)
        drawStateLine(console, theme: theme, inner: inner, into: &screen)
        let rows = messageRows(width: screen.width, height: screen.height, inputOpen: console.input != nil)
        let visible = console.visibleRows(height: rows)
        if console.messages.isEmpty {
            if case .failed(let reason) = console.phase {
                // The state line cuts a long sentence; here it is whole.
                let lines = TextWrap.lines(TextSanitizer.sanitize(reason, maxColumns: 2000), width: inner.width)
                for (index, line) in lines.prefix(max(0, rows - 1)).enumerated() {
                    screen.put(
                        line, x: inner.x, y: inner.y + 1 + index, style: theme.style(.error), maxWidth: inner.width)
                }
                screen.put(
                    "r reconnects", x: inner.x, y: inner.y + 1 + min(lines.count, max(0, rows - 1)),
                    style: theme.style(.muted), maxWidth: inner.width)
            } else {
                screen.put(
                    "no message yet: i types one", x: inner.x, y: inner.y + 1, style: theme.style(.muted),
                    maxWidth: inner.width)
            }
        }
        // One outline per JSON message shown: its lines are drawn like a JSON body's.
        var outlines: [ObjectIdentifier: JSONOutline] = [:]
        for (index, row) in visible.enumerated() {
            let y = inner.y + 1 + index
            guard let line = row.line else {
                let slot: ThemeSlot = row.message.direction == .sent ? .accent : .success
                screen.put(
                    TextSanitizer.sanitize(row.text, maxColumns: inner.width), x: inner.x, y: y,
                    style: theme.style(slot, attributes: .bold), maxWidth: inner.width)
                continue
            }
            // Unfolded, the outline has a line per entry, the same lines as the pretty-printed text.
            if let document = row.message.document, document.entryCount == row.message.lines.count {
                let outline = outlines[ObjectIdentifier(document)] ?? JSONOutline(document)
                outlines[ObjectIdentifier(document)] = outline
                if let jsonLine = outline.line(line, maximumColumns: inner.width) {
                    let spans = BodyLayout.jsonSpans(jsonLine, theme: theme, maxColumns: inner.width)
                    screen.put(spans: [Span("  ", theme.style(.text))] + spans, x: inner.x, y: y, maxWidth: inner.width)
                    continue
                }
            }
            screen.put(
                TextSanitizer.sanitize(row.text, maxColumns: inner.width), x: inner.x, y: y,
                style: theme.style(.text), maxWidth: inner.width)
        }
        if let input = console.input {
            let y = inner.y + 1 + rows
            let label = inputLabel(console)
            let used = screen.put(
                label, x: inner.x, y: y, style: theme.style(console.checksJSON ? .warning : .accent, attributes: .bold),
                maxWidth: inner.width)
            FormView.drawEditor(
                input, frame: Rect(x: inner.x + used, y: y, width: max(0, inner.width - used), height: 1),
                style: theme.style(.text), cursor: true, into: &screen)
        }
    }

    private static func drawStateLine(
        _ console: WebSocketConsole, theme: Theme, inner: Rect, into screen: inout Screen
    ) {
        let slot: ThemeSlot
        switch console.phase {
        case .connecting: slot = .loading
        case .open: slot = .success
        case .closed: slot = .warning
        case .failed: slot = .error
        }
        var facts = ["↑ \(console.sentCount) sent", "↓ \(console.receivedCount) received"]
        if console.droppedCount > 0 { facts.append("\(console.droppedCount) let go") }
        if !console.followsNewest { facts.append("scrolled up: End follows") }
        let used = screen.put(
            TextSanitizer.sanitize("● " + console.phaseText, maxColumns: inner.width), x: inner.x, y: inner.y,
            style: theme.style(slot, attributes: .bold), maxWidth: inner.width)
        screen.put(
            "  " + facts.joined(separator: " · "), x: inner.x + used, y: inner.y, style: theme.style(.muted),
            maxWidth: max(0, inner.width - used))
    }
}
