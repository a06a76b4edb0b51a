import Safety
import TUICore

/// Draws a ``Picker``: a box with the filter line, the filtered items (the selected one
/// reversed, a marked one starred), a message, and the list's keys.
enum PickerView {
    /// Rows of the list on a terminal `height` rows high.
    static func listHeight(height: Int) -> Int {
        max(1, height - 2 - 2 - 3)
    }

    static func draw(_ picker: Picker, state: BrowserState, into screen: inout Screen) {
        let theme = state.theme
        let frame = Rect(x: 0, y: 0, width: screen.width, height: screen.height).centered(
            width: screen.width - 4, height: screen.height - 2)
        guard frame.width > 4, frame.height > 4 else { return }
        screen.fill(frame, style: BrowserView.surfaceStyle(theme))
        let visible = picker.visibleItems
        // Group headings are not counted: `3 of 12` requests, operations…
        let shown = visible.count { !$0.isGroup }
        let count = picker.isLoading ? "loading…" : "\(shown) of \(picker.items.count { !$0.isGroup })"
        BrowserView.drawBox(
            frame,
            title: [
                Span(picker.title, theme.style(.accent, attributes: .bold)), Span("  \(count) ", theme.style(.muted)),
            ], focused: true, theme: theme, into: &screen)
        let inner = frame.inset(by: 1)
        let x = inner.x + 1
        let width = inner.width - 2
        let used = screen.put("filter: ", x: x, y: inner.y, style: theme.style(.muted), maxWidth: width)
        FormView.drawEditor(
            picker.filter, frame: Rect(x: x + used, y: inner.y, width: width - used, height: 1),
            style: theme.style(.text), cursor: true, into: &screen)
        let listTop = inner.y + 1
        let listHeight = max(0, inner.height - 3)
        let top = max(0, min(picker.cursor - listHeight / 2, visible.count - listHeight))
        // An empty list with a message (no collection open, say) leads with the message.
        if visible.isEmpty, !picker.isLoading, listHeight > 0, !(picker.items.isEmpty && picker.message != nil) {
            screen.put(
                picker.items.isEmpty ? "nothing here yet" : "nothing matches the filter", x: x, y: listTop,
                style: theme.style(.muted), maxWidth: width)
        }
        for row in 0..<listHeight {
            let index = top + row
            guard visible.indices.contains(index) else { break }
            let item = visible[index]
            let mark = item.id == picker.marked ? "* " : "  "
            let indent = String(repeating: "  ", count: item.depth)
            let labelStyle: Style =
                item.isProblem
                ? theme.style(.error)
                : theme.style(item.isGroup ? .accent : .text, attributes: item.isGroup ? .bold : [])
            var spans = [
                Span(mark + indent, theme.style(.warning, attributes: .bold)),
                Span(BrowserView.safe(item.label, maxColumns: 300), labelStyle),
            ]
            if let secret = item.secret {
                let shown =
                    picker.revealed.contains(item.id) ? BrowserView.safe(secret, maxColumns: 300) : SecretMasker.mask
                spans.append(Span(shown, theme.style(.warning)))
            }
            spans.append(Span("  " + BrowserView.safe(item.detail, maxColumns: 300), theme.style(.muted)))
            screen.put(spans: spans, x: x, y: listTop + row, maxWidth: width)
            if index == picker.cursor {
                screen.addAttributes(.reverse, in: Rect(x: x, y: listTop + row, width: width, height: 1))
            }
        }
        if let message = picker.message {
            let y = visible.isEmpty && picker.items.isEmpty && listHeight > 0 ? listTop : inner.maxY - 2
            screen.put(
                BrowserView.safe(message, maxColumns: 400), x: x, y: y, style: theme.style(.warning), maxWidth: width)
        }
        var typing: [Span] = []
        if case .timeline = picker.purpose {} else { typing = [Span("type to filter · ", theme.style(.muted))] }
        let hintWidth = width - typing.reduce(0) { $0 + $1.width }
        screen.put(
            spans: typing + KeyHint.spans(picker.activeBindings(state.keyMap), theme: theme, width: hintWidth), x: x,
            y: inner.maxY - 1, maxWidth: width)
    }
}
