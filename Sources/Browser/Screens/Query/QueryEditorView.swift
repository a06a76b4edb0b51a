import Safety
import TUICore
import Workspace

/// Draws the ``QueryEditor``: the URL without its query, the pairs one a line, and its keys.
enum QueryEditorView {
    static func draw(_ editor: QueryEditor, state: BrowserState, into screen: inout Screen) {
        let theme = state.theme
        let frame = screen.bounds.centered(width: screen.width - 6, height: max(8, min(screen.height - 4, 20)))
        guard frame.width > 10, frame.height > 5 else { return }
        screen.fill(frame, style: BrowserView.surfaceStyle(theme))
        BrowserView.drawBox(
            frame, title: [Span("query parameters", theme.style(.accent, attributes: .bold))], focused: true,
            theme: theme, into: &screen)
        let inner = frame.inset(by: 1)
        let x = inner.x + 1
        let width = inner.width - 2
        screen.put(
            BrowserView.safe(PercentEncoding.readable(SecretMasker.maskURL(editor.base)), maxColumns: 400), x: x,
            y: inner.y, style: theme.style(.muted), maxWidth: width)
        FormView.drawEditor(
            editor.editor, frame: Rect(x: x, y: inner.y + 1, width: width, height: inner.height - 3),
            style: theme.style(.text), cursor: true, into: &screen)
        if let message = editor.message {
            screen.put(BrowserView.safe(message), x: x, y: inner.maxY - 2, style: theme.style(.error), maxWidth: width)
        }
        let note = Span("name=value, one a line · ", theme.style(.muted))
        screen.put(
            spans: [note]
                + KeyHint.spans(editor.activeBindings(state.keyMap), theme: theme, width: width - note.width),
            x: x, y: inner.maxY - 1, maxWidth: width)
    }
}
