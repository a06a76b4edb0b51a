import TUICore

/// Draws a ``TextViewer``: a box over the screen with the title, a note, and the text or body
/// (lines sanitised by the body drawing; diffs coloured by their first character).
enum TextViewerView {
    /// The viewer's box for a terminal size.
    static func frame(width: Int, height: Int) -> Rect {
        Rect(x: 0, y: 0, width: width, height: height).centered(width: width - 4, height: height - 2)
    }

    /// Rows of text visible at once.
    static func pageHeight(width: Int, height: Int) -> Int {
        max(1, frame(width: width, height: height).height - 3)
    }

    /// The viewer's text page: its size, and whether a shown line is cut on the right.
    static func pageSize(_ viewer: TextViewer, theme: Theme, width: Int, height: Int) -> FrameContext.PageSize {
        let inner = frame(width: width, height: height).inset(by: 1)
        let text = Rect(
            x: inner.x + 1, y: inner.y + 1, width: max(1, inner.width - 2), height: max(1, inner.height - 1))
        var position = viewer.position
        position.keepCursorVisible(height: text.height)
        let isCutRight = (0..<text.height).contains { row in
            BodyLayout.visibleLine(
                viewer.body, line: position.top + row, theme: theme, fromColumn: position.left, width: text.width)?
                .continuesRight == true
        }
        return FrameContext.PageSize(height: text.height, width: text.width, isCutRight: isCutRight)
    }

    static func draw(_ viewer: TextViewer, state: BrowserState, into screen: inout Screen) {
        let theme = state.theme
        let frame = frame(width: screen.width, height: screen.height)
        guard frame.width > 4, frame.height > 3 else { return }
        screen.fill(frame, style: BrowserView.surfaceStyle(theme))
        BrowserView.drawBox(
            frame,
            title: [Span(BrowserView.safe(viewer.title, maxColumns: 200), theme.style(.accent, attributes: .bold))],
            focused: true, theme: theme, into: &screen)
        let inner = frame.inset(by: 1)
        screen.put(
            BrowserView.safe(
                viewer.closeHint.map { viewer.note.isEmpty ? $0 : viewer.note + " · " + $0 } ?? viewer.note,
                maxColumns: 400),
            x: inner.x + 1, y: inner.y, style: theme.style(.muted), maxWidth: inner.width - 2)
        let text = Rect(x: inner.x + 1, y: inner.y + 1, width: inner.width - 2, height: inner.height - 1)
        var position = viewer.position
        position.keepCursorVisible(height: text.height)
        BrowserView.drawBody(
            viewer.body, position: position, theme: theme, inner: text, showCursor: true, highlight: nil,
            marksOverflow: true, into: &screen)
        guard viewer.kind == .diff else { return }
        // Colour the diff by each line's first character.
        for row in 0..<text.height {
            let first = screen[text.x, text.y + row].character
            let slot: ThemeSlot?
            switch first {
            case "+": slot = .success
            case "-": slot = .error
            case "~": slot = .warning
            case "@": slot = .accent
            default: slot = nil
            }
            guard let slot else { continue }
            for x in text.x..<text.maxX {
                var cell = screen[x, text.y + row]
                let attributes = cell.style.attributes
                cell.style = theme.style(slot, attributes: attributes)
                screen.set(cell, x: x, y: text.y + row)
            }
        }
    }
}
