import Safety
import TUICore
import Workspace

/// Draws a ``ConfirmLayer``: a small box with the question and the keys that answer it.
enum ConfirmView {
    static func draw(_ confirm: ConfirmLayer, state: BrowserState, into screen: inout Screen) {
        let theme = state.theme
        let bindings = confirm.activeBindings(state.keyMap)
        let text: String
        let title: Span
        switch confirm.style {
        case .question:
            text = BrowserView.safe(confirm.question, maxColumns: 200)
            title = Span("confirm", theme.style(.warning, attributes: .bold))
        case .delete(let url):
            text =
                "DELETE " + BrowserView.safe(PercentEncoding.readable(SecretMasker.maskURL(url)), maxColumns: 200)
                + " ?"
            title = Span("request(.delete)", theme.style(.methodDelete, attributes: .bold))
        }
        let isDelete = confirm.style != .question
        let width = min(screen.width - 4, max(isDelete ? 40 : 30, CharacterWidth.of(text) + 4))
        let frame = screen.bounds.centered(width: width, height: isDelete ? 5 : 4)
        screen.fill(frame, style: BrowserView.surfaceStyle(theme))
        BrowserView.drawBox(frame, title: [title], focused: true, theme: theme, into: &screen)
        screen.put(text, x: frame.x + 2, y: frame.y + 1, style: theme.style(.text), maxWidth: frame.width - 4)
        // The DELETE box says what yes and no do there: send, cancel.
        let labelled = bindings.map { binding in
            var binding = binding
            if isDelete { binding.footerLabel = binding.action == "yes" ? "send" : "cancel" }
            return binding
        }
        screen.put(
            spans: KeyHint.spans(labelled, theme: theme, width: frame.width - 4), x: frame.x + 2,
            y: frame.y + (isDelete ? 3 : 2), maxWidth: frame.width - 4)
    }
}
