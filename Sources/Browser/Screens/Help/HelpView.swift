import TUICore

/// Draws ``HelpLayer``: a box of `keys · what they do` rows, in two columns when the terminal is
/// wide and the rows many, scrolled by the layer's viewport; and the key lists the help and
/// `hammock --help` are made from.
public enum HelpView {
    /// Every key of every mode as plain text for `hammock --help`, grouped as `?` groups them,
    /// lines at most `width` columns: the main view's, then each layer's.
    public static func commandLineText(_ keyMap: KeyMap, width: Int = 78) -> String {
        var lines: [String] = []
        func add(_ rows: [(keys: String, summary: String)], headingIndent: String = "  ") {
            let keyWidth = min(24, (rows.map { CharacterWidth.of($0.keys) }.max() ?? 4) + 2)
            for row in rows {
                if row.keys.isEmpty {
                    lines.append(headingIndent + row.summary + ":")
                    continue
                }
                let padding = String(repeating: " ", count: max(1, keyWidth - CharacterWidth.of(row.keys)))
                // Long summaries wrap under themselves; nothing is cut.
                let room = max(20, width - 4 - keyWidth)
                var line = "    " + row.keys + padding
                var used = 0
                for word in row.summary.split(separator: " ") {
                    let columns = CharacterWidth.of(word)
                    if used > 0, used + 1 + columns > room {
                        lines.append(line)
                        line = String(repeating: " ", count: 4 + max(keyWidth, CharacterWidth.of(row.keys) + 1))
                        used = 0
                    }
                    line += (used > 0 ? " " : "") + word
                    used += (used > 0 ? 1 : 0) + columns
                }
                lines.append(line)
            }
        }
        add(keyMap.mainHelpRows)
        for layer in LayerRegistry.all where layer.name != HelpLayer.name {
            lines.append("  In " + layer.modeName + ":")
            add(
                keyMap.bindings(named: layer.name, defaults: layer.defaultBindings).helpRows + layer.helpNotes,
                headingIndent: "   ")
        }
        return lines.joined(separator: "\n")
    }

    /// One line of the help as laid out: a heading, a binding's keys and the first line of what
    /// it does, or a further line of a long summary (no keys).
    struct Line {
        var keys: String
        var text: String
        var isHeading: Bool
    }

    /// Where the help goes on a terminal: its box, the column geometry, the rows laid out in
    /// lines (long summaries wrap under themselves, never cut), and how many lines per column
    /// show at once.
    struct Geometry {
        var frame: Rect
        var keyWidth: Int
        var columnWidth: Int
        var lines: [Line]
        var perColumn: Int
        var visibleRows: Int

        /// The largest useful scroll offset (0 when everything fits).
        var maximumScroll: Int { max(0, perColumn - visibleRows) }
    }

    static func geometry(rows: [(keys: String, summary: String)], width: Int, height: Int) -> Geometry {
        let keyWidth = min(22, (rows.map { CharacterWidth.of($0.keys) }.max() ?? 4) + 2)
        let summaryWidth = (rows.map { CharacterWidth.of($0.summary) }.max() ?? 20) + 2
        let columnWidth = keyWidth + max(20, min(summaryWidth, width - 6 - keyWidth))
        let textWidth = max(1, columnWidth - keyWidth - 1)
        var lines: [Line] = []
        for row in rows {
            if row.keys.isEmpty {
                lines.append(Line(keys: "", text: row.summary, isHeading: true))
                continue
            }
            for (index, text) in TextWrap.lines(row.summary, width: textWidth).enumerated() {
                lines.append(Line(keys: index == 0 ? row.keys : "", text: text, isHeading: false))
            }
        }
        let available = height - 5
        let columns = lines.count > available && width >= columnWidth * 2 + 6 ? 2 : 1
        let perColumn = (lines.count + columns - 1) / columns
        // The last row stays for the footer, which shows the help's keys.
        let bounds = Rect(x: 0, y: 0, width: width, height: max(0, height - 1))
        let frame = bounds.centered(width: columnWidth * columns + 4, height: perColumn + 4)
        return Geometry(
            frame: frame, keyWidth: keyWidth, columnWidth: columnWidth, lines: lines, perColumn: perColumn,
            visibleRows: max(0, frame.height - 4))
    }

    /// The help's page as drawn on a terminal of this size: its rows, its column width, and the
    /// lines the rows take per column.
    public static func pageSize(_ help: HelpLayer, width: Int, height: Int) -> FrameContext.PageSize {
        let geometry = geometry(rows: help.rows, width: width, height: height)
        return FrameContext.PageSize(
            height: max(1, geometry.visibleRows), width: geometry.columnWidth, lineCount: geometry.perColumn)
    }

    static func draw(_ help: HelpLayer, theme: Theme, into screen: inout Screen) {
        let geometry = geometry(rows: help.rows, width: screen.width, height: screen.height)
        let frame = geometry.frame
        let scroll = min(max(0, help.viewport.top), geometry.maximumScroll)
        BrowserView.drawBox(
            frame, title: [Span(help.title, theme.style(.accent, attributes: .bold))], focused: true, theme: theme,
            into: &screen)
        let inner = frame.inset(by: 1)
        guard geometry.visibleRows > 0 else { return }
        for (index, line) in geometry.lines.enumerated() {
            let column = index / geometry.perColumn
            let row = index % geometry.perColumn - scroll
            guard row >= 0, row < geometry.visibleRows else { continue }
            let y = inner.y + 1 + row
            let x = inner.x + 1 + column * geometry.columnWidth
            if line.isHeading {
                screen.put(
                    line.text, x: x, y: y, style: theme.style(.text, attributes: [.bold, .underline]),
                    maxWidth: geometry.columnWidth - 1)
                continue
            }
            screen.put(
                line.keys, x: x, y: y, style: theme.style(.accent, attributes: .bold), maxWidth: geometry.keyWidth - 1)
            let room = min(geometry.columnWidth - geometry.keyWidth, inner.maxX - x - geometry.keyWidth)
            screen.put(line.text, x: x + geometry.keyWidth, y: y, style: theme.style(.text), maxWidth: room)
        }
        var arrows = ""
        if scroll > 0 { arrows += "↑" }
        if scroll < geometry.maximumScroll { arrows += "↓" }
        guard !arrows.isEmpty else { return }
        let indicator = " more \(arrows) "
        let width = CharacterWidth.of(indicator)
        if frame.width >= width + 4 {
            screen.put(
                indicator, x: frame.maxX - width - 2, y: frame.maxY - 1, style: theme.style(.accent, attributes: .bold))
        } else if frame.width >= 4 {
            screen.put(arrows, x: frame.maxX - 3, y: frame.maxY - 1, style: theme.style(.accent, attributes: .bold))
        }
    }
}
