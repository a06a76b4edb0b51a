/// The `?` overlay: every key and the Siesta call it makes, taken from the live key map.
public enum HelpOverlayView {
    /// The help rows: key names and what they do, in command order.
    public static func rows(_ keyMap: KeyMap) -> [(keys: String, summary: String)] {
        var rows: [(String, String)] = []
        for command in KeyCommand.allCases {
            let keys = keyMap.keys(for: command)
            guard !keys.isEmpty else { continue }
            rows.append((keys.map(\.name).joined(separator: " "), command.summary))
        }
        rows.append(("Ctrl-S", "send the form: resource.request(…)"))
        rows.append(("Ctrl-T", "form body mode: JSON / text / form"))
        rows.append(("Ctrl-R", "form: view the whole response"))
        rows.append(("Esc", "close any overlay or form"))
        return rows
    }

    static func draw(_ state: BrowserState, into screen: inout Screen) {
        let theme = state.theme
        let rows = rows(state.keyMap)
        let keyWidth = min(22, (rows.map { CharacterWidth.of($0.keys) }.max() ?? 4) + 2)
        let columnWidth = keyWidth + 40
        let available = screen.height - 4
        let columns = rows.count > available && screen.width >= columnWidth * 2 + 6 ? 2 : 1
        let perColumn = (rows.count + columns - 1) / columns
        let frame = screen.bounds.centered(width: columnWidth * columns + 4, height: perColumn + 4)
        BrowserView.drawBox(
            frame, title: [Span("help: keys and the Siesta calls they make", theme.style(.accent, attributes: .bold))],
            focused: true, theme: theme, into: &screen)
        let inner = frame.inset(by: 1)
        for (index, row) in rows.enumerated() {
            let column = index / perColumn
            let y = inner.y + 1 + index % perColumn
            guard y < inner.maxY else { continue }
            let x = inner.x + 1 + column * columnWidth
            screen.put(row.keys, x: x, y: y, style: theme.style(.accent, attributes: .bold), maxWidth: keyWidth - 1)
            screen.put(
                row.summary, x: x + keyWidth, y: y, style: theme.style(.text),
                maxWidth: min(columnWidth - keyWidth, inner.maxX - x - keyWidth))
        }
    }
}
