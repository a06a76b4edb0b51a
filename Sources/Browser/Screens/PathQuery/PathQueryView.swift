import Safety
import TUICore

/// Draws the JSONPath query pane: a box over the main view with the expression on its first row
/// (a caret under the column of a syntax error), how the query stands on the next, and the
/// matches below, drawn as a body.
enum PathQueryView {
    /// The pane's box on a screen of this size: the whole screen but a margin, as the viewers.
    static func frame(width: Int, height: Int) -> Rect {
        TextViewerView.frame(width: width, height: height)
    }

    static func draw(_ pane: PathQuery, state: BrowserState, into screen: inout Screen) {
        let theme = state.theme
        let frame = frame(width: screen.width, height: screen.height)
        guard frame.width > 8, frame.height > 5 else { return }
        let title = "$ JSONPath over latestData · " + state.displayPath(pane.url)
        BrowserView.drawBox(
            frame, title: [Span(BrowserView.safe(title, maxColumns: 200), theme.style(.accent, attributes: .bold))],
            focused: true, theme: theme, into: &screen)
        let inner = frame.inset(by: 1)
        let label = "query: "
        let field = Rect(x: inner.x + 1, y: inner.y, width: inner.width - 2, height: 1)
        screen.put(label, x: field.x, y: field.y, style: theme.style(.muted))
        let inputX = field.x + label.count
        let inputWidth = max(1, field.width - label.count)
        // The expression as typed, scrolled so the cursor shows.
        let typed = BrowserView.safe(pane.editor.text, maxColumns: 4096)
        let cursor = pane.editor.cursorColumnWidth
        let shift = max(0, cursor - inputWidth + 1)
        let shown = String(typed.dropFirst(shift))
        screen.put(
            shown, x: inputX, y: field.y, style: theme.style(pane.error == nil ? .text : .error),
            maxWidth: inputWidth)
        if !pane.isInResults {
            screen.addAttributes(.reverse, in: Rect(x: inputX + cursor - shift, y: field.y, width: 1, height: 1))
        }
        var row = inner.y + 1
        if let error = pane.error {
            let caret = inputX + max(0, error.column - 1) - shift
            if caret >= inputX, caret < inputX + inputWidth {
                screen.put("^", x: caret, y: row, style: theme.style(.error, attributes: .bold))
            }
            row += 1
        }
        let noteStyle = pane.error != nil ? theme.style(.error) : theme.style(.muted)
        screen.put(
            BrowserView.safe(pane.note, maxColumns: 400), x: field.x, y: row, style: noteStyle, maxWidth: field.width)
        row += 1
        let body = Rect(x: field.x, y: row, width: field.width, height: max(0, inner.maxY - row))
        guard body.height > 0 else { return }
        var position = pane.viewer.position
        position.keepCursorVisible(height: body.height)
        BrowserView.drawBody(
            pane.viewer.body, position: position, theme: theme, inner: body, showCursor: pane.isInResults,
            highlight: nil, marksOverflow: true, into: &screen)
    }
}
