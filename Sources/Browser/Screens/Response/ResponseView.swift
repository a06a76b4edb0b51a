import Safety
import Siesta
import TUICore
import Workspace

/// Draws the response viewer: a form request's status, headers (secrets masked) and body
/// (pretty-printed JSON when it is JSON), all sanitised, scrollable both ways. Only the visible
/// lines and columns are formatted.
enum ResponseView {
    /// The viewer's box for a terminal size (clamped; empty on tiny terminals).
    static func frame(width: Int, height: Int) -> Rect {
        Rect(x: 0, y: 0, width: width, height: height).centered(width: width - 4, height: height - 2)
    }

    /// Rows of response text visible at once (at least 1, so scrolling arithmetic stays sane).
    static func pageHeight(width: Int, height: Int) -> Int {
        max(1, frame(width: width, height: height).height - 3)
    }

    /// Columns of response text visible at once.
    static func contentWidth(width: Int, height: Int) -> Int {
        max(0, frame(width: width, height: height).width - 4)
    }

    /// The viewer's page on a terminal of this size: its rows and columns, the lines of the
    /// response (the body counted whole, once), and whether a shown line goes on past the edge.
    static func pageSize(_ viewer: ResponseViewer, theme: Theme, width: Int, height: Int) -> FrameContext.PageSize {
        let lines = LineSource(response: viewer.response, theme: theme)
        let rows = pageHeight(width: width, height: height)
        let columns = contentWidth(width: width, height: height)
        let isCut = (0..<rows).contains { row in
            lines.visibleLine(viewer.viewport.top + row, fromColumn: viewer.viewport.left, width: columns)?
                .continuesRight
                == true
        }
        return FrameContext.PageSize(height: rows, width: columns, isCutRight: isCut, lineCount: lines.count)
    }

    /// The viewer's lines: the status and header lines first, then the body's lines.
    struct LineSource {
        /// The status, message and header lines, already styled and sanitised.
        let head: [[Span]]
        /// The body.
        let body: BodyContent
        /// The theme the lines are styled with.
        let theme: Theme

        init(response: FormResponse, theme: Theme) {
            self.theme = theme
            body = response.body
            var head: [[Span]] = []
            let hook = response.succeeded ? "onSuccess" : "onFailure"
            let slot: ThemeSlot = response.succeeded ? .success : .error
            head.append([
                Span(hook + (response.status.map { " \($0)" } ?? ""), theme.style(slot, attributes: .bold)),
                Span("  " + response.method.rawValue + " ", theme.style(.method(response.method), attributes: .bold)),
                Span(
                    BrowserView.safe(PercentEncoding.readable(SecretMasker.maskURL(response.url))),
                    theme.style(.text)),
            ])
            if let message = response.message {
                head.append([Span(BrowserView.safe(message), theme.style(.error))])
            }
            for name in response.headers.keys.sorted() {
                let value = SecretMasker.maskHeader(name: name, value: response.headers[name] ?? "")
                head.append([
                    Span(BrowserView.safe(name, maxColumns: 200) + ": ", theme.style(.muted)),
                    Span(BrowserView.safe(value), theme.style(.text)),
                ])
            }
            head.append([])
            self.head = head
        }

        /// True if line `index` exists (walks the body only as far as needed).
        func hasLine(_ index: Int) -> Bool {
            guard index >= 0 else { return false }
            return index < head.count || body.hasLine(index - head.count)
        }

        /// All lines (walks the whole body once).
        var count: Int { head.count + body.lineCount }

        /// The window of line `index`, or nil past the end.
        func visibleLine(_ index: Int, fromColumn: Int, width: Int) -> BodyLayout.VisibleLine? {
            guard index >= 0 else { return nil }
            if index < head.count { return BodyLayout.window(head[index], skipping: fromColumn, width: width) }
            return BodyLayout.visibleLine(
                body, line: index - head.count, theme: theme, fromColumn: fromColumn, width: width)
        }
    }

    /// Draws the viewer over the screen.
    static func draw(_ viewer: ResponseViewer, state: BrowserState, into screen: inout Screen) {
        let theme = state.theme
        let frame = frame(width: screen.width, height: screen.height)
        let response = viewer.response
        let type = response.contentType.isEmpty ? "" : " " + BrowserView.safe(response.contentType, maxColumns: 60)
        BrowserView.drawBox(
            frame,
            title: [
                Span("response", theme.style(.accent, attributes: .bold)),
                Span(type, theme.style(.muted)),
            ], focused: true, theme: theme, into: &screen)
        let inner = frame.inset(by: 1)
        guard inner.height >= 2, inner.width >= 3 else { return }
        let lines = LineSource(response: response, theme: theme)
        let x = inner.x + 1
        let width = inner.width - 2
        let rows = inner.height - 1
        for row in 0..<rows {
            guard
                let line = lines.visibleLine(viewer.viewport.top + row, fromColumn: viewer.viewport.left, width: width)
            else { break }
            let y = inner.y + row
            screen.put(spans: line.spans, x: x, y: y, maxWidth: width)
            let marker = theme.style(.accent, attributes: .bold)
            if line.continuesLeft { screen.put("‹", x: x - 1, y: y, style: marker) }
            if line.continuesRight { screen.put("›", x: x + width, y: y, style: marker) }
        }
        let key = theme.style(.accent, attributes: .bold)
        var more: [String] = []
        if viewer.viewport.top > 0 { more.append("↑") }
        if lines.hasLine(viewer.viewport.top + rows) { more.append("↓") }
        let indicator = more.isEmpty ? "" : " more " + more.joined() + " "
        let indicatorWidth = CharacterWidth.of(indicator)
        let hints = KeyHint.spans(
            viewer.activeBindings(state.keyMap), theme: theme, width: max(0, width - indicatorWidth - 1))
        let y = inner.maxY - 1
        screen.put(spans: hints, x: x, y: y, maxWidth: max(0, width - indicatorWidth))
        if indicatorWidth > 0, width >= indicatorWidth {
            screen.put(indicator, x: x + width - indicatorWidth, y: y, style: key)
        }
    }
}
