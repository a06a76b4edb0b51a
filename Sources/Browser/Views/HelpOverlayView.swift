import TUICore

/// The `?` overlay: every key and the Siesta call it makes, taken from the live key map.
///
/// When the rows do not fit the terminal, the list scrolls (`BrowserState.helpScroll`) and the
/// bottom border says which way there is more.
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
        rows.append(("Esc", "close any overlay or form; stop a search"))
        return rows
    }

    /// Where the help goes on a terminal: its box, the column geometry, and how many rows per
    /// column show at once.
    struct Geometry {
        var frame: Rect
        var keyWidth: Int
        var columnWidth: Int
        var perColumn: Int
        var visibleRows: Int

        /// The largest useful scroll offset (0 when everything fits).
        var maximumScroll: Int { max(0, perColumn - visibleRows) }
    }

    static func geometry(keyMap: KeyMap, width: Int, height: Int) -> Geometry {
        let rows = rows(keyMap)
        let keyWidth = min(22, (rows.map { CharacterWidth.of($0.keys) }.max() ?? 4) + 2)
        let columnWidth = keyWidth + 40
        let available = height - 4
        let columns = rows.count > available && width >= columnWidth * 2 + 6 ? 2 : 1
        let perColumn = (rows.count + columns - 1) / columns
        let bounds = Rect(x: 0, y: 0, width: width, height: height)
        let frame = bounds.centered(width: columnWidth * columns + 4, height: perColumn + 4)
        return Geometry(
            frame: frame, keyWidth: keyWidth, columnWidth: columnWidth, perColumn: perColumn,
            visibleRows: max(0, frame.height - 4))
    }

    /// The largest scroll offset of the help on a terminal of this size (0 when it all fits).
    public static func maximumScroll(keyMap: KeyMap, width: Int, height: Int) -> Int {
        geometry(keyMap: keyMap, width: width, height: height).maximumScroll
    }

    /// Rows shown at once on a terminal of this size (at least 1, for paging arithmetic).
    public static func pageHeight(keyMap: KeyMap, width: Int, height: Int) -> Int {
        max(1, geometry(keyMap: keyMap, width: width, height: height).visibleRows)
    }

    static func draw(_ state: BrowserState, into screen: inout Screen) {
        let theme = state.theme
        let rows = rows(state.keyMap)
        let geometry = geometry(keyMap: state.keyMap, width: screen.width, height: screen.height)
        let frame = geometry.frame
        let scroll = min(max(0, state.helpScroll), geometry.maximumScroll)
        BrowserView.drawBox(
            frame, title: [Span("help: keys and the Siesta calls they make", theme.style(.accent, attributes: .bold))],
            focused: true, theme: theme, into: &screen)
        let inner = frame.inset(by: 1)
        guard geometry.visibleRows > 0 else { return }
        for (index, row) in rows.enumerated() {
            let column = index / geometry.perColumn
            let line = index % geometry.perColumn - scroll
            guard line >= 0, line < geometry.visibleRows else { continue }
            let y = inner.y + 1 + line
            let x = inner.x + 1 + column * geometry.columnWidth
            screen.put(
                row.keys, x: x, y: y, style: theme.style(.accent, attributes: .bold), maxWidth: geometry.keyWidth - 1)
            screen.put(
                row.summary, x: x + geometry.keyWidth, y: y, style: theme.style(.text),
                maxWidth: min(geometry.columnWidth - geometry.keyWidth, inner.maxX - x - geometry.keyWidth))
        }
        var arrows = ""
        if scroll > 0 { arrows += "↑" }
        if scroll < geometry.maximumScroll { arrows += "↓" }
        guard !arrows.isEmpty else { return }
        let indicator = " more \(arrows)  j/k PgUp/PgDn "
        let width = CharacterWidth.of(indicator)
        if frame.width >= width + 4 {
            screen.put(
                indicator, x: frame.maxX - width - 2, y: frame.maxY - 1, style: theme.style(.accent, attributes: .bold))
        } else if frame.width >= 4 {
            screen.put(arrows, x: frame.maxX - 3, y: frame.maxY - 1, style: theme.style(.accent, attributes: .bold))
        }
    }
}
