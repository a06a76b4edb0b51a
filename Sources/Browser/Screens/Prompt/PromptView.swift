import Safety
import TUICore

/// Draws a ``Prompt`` on the status line: its label and the text (a secret one never shown, a
/// text the prompt opened with shown selected).
enum PromptView {
    static func draw(_ prompt: Prompt, state: BrowserState, into screen: inout Screen) {
        let theme = state.theme
        let frame = state.layout.status
        screen.fill(frame, style: theme.isMonochrome ? .plain : Style(background: theme.color(.background)))
        // A narrow screen keeps most of the line for the text.
        let label = frame.width < 100 && prompt.isGoTo ? "go to: " : prompt.label
        let used = screen.put(
            label, x: frame.x, y: frame.y, style: theme.style(.accent, attributes: .bold),
            maxWidth: max(0, frame.width - 12))
        let field = Rect(x: frame.x + used, y: frame.y, width: frame.width - used, height: 1)
        if prompt.isSecret {
            // Not even its length is shown.
            screen.put("(typing hidden)", x: field.x, y: field.y, style: theme.style(.muted), maxWidth: field.width)
            return
        }
        if prompt.isTextSelected {
            // The URL the prompt opened with, selected (typing replaces it), its secrets masked
            // as in the URL pane.
            let text = BrowserView.safe(SecretMasker.maskTypedURL(prompt.editor.text), maxColumns: 4096)
            screen.put(
                text, x: field.x, y: field.y, style: theme.style(.text, attributes: .reverse), maxWidth: field.width)
            return
        }
        FormView.drawEditor(prompt.editor, frame: field, style: theme.style(.text), cursor: true, into: &screen)
    }
}
