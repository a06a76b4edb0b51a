import TUICore

/// Writes a `Screen` as a standalone SVG image: text runs per style (each character that is not
/// ASCII placed at its own cell), backgrounds as rects.
///
/// Cells are 9×18 px; the font size (15 px) gives DejaVu Sans Mono a 9 px advance, so the grid
/// holds even in renderers that ignore `textLength`. `.default` colours use the given terminal
/// colours.
/// The text comes from the screen, which holds only sanitised text, and is XML-escaped here.
public enum SVGExporter {
    /// The SVG document for a screen.
    public static func svg(
        _ screen: Screen, defaultForeground: String = "#d0d0d0", defaultBackground: String = "#1c1c1c"
    ) -> String {
        let cellWidth = 9
        let cellHeight = 18
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(screen.width * cellWidth)" height="\(screen.height * cellHeight)" \
            font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="15">
            <rect width="100%" height="100%" fill="\(defaultBackground)"/>

            """
        for y in 0..<screen.height {
            var x = 0
            while x < screen.width {
                let cell = screen[x, y]
                var end = x + 1
                while end < screen.width, screen[end, y].style == cell.style { end += 1 }
                let style = cell.style
                var foreground = style.foreground.cssHex ?? defaultForeground
                var background = style.background.cssHex
                if style.attributes.contains(.reverse) {
                    let swapped = background ?? defaultBackground
                    background = foreground
                    foreground = swapped
                }
                if let background {
                    out +=
                        "<rect x=\"\(x * cellWidth)\" y=\"\(y * cellHeight)\" width=\"\((end - x) * cellWidth)\" height=\"\(cellHeight)\" fill=\"\(background)\"/>\n"
                }
                var attributes = "fill=\"\(foreground)\""
                if style.attributes.contains(.bold) { attributes += " font-weight=\"bold\"" }
                if style.attributes.contains(.dim) { attributes += " opacity=\"0.6\"" }
                if style.attributes.contains(.underline) { attributes += " text-decoration=\"underline\"" }
                for segment in segments(of: screen, y: y, from: x, to: end)
                where !segment.text.allSatisfy({ $0 == " " }) {
                    out +=
                        "<text x=\"\(segment.column * cellWidth)\" y=\"\(y * cellHeight + 14)\" \(attributes) xml:space=\"preserve\" textLength=\"\(segment.width * cellWidth)\" lengthAdjust=\"spacingAndGlyphs\">\(escape(segment.text))</text>\n"
                }
                x = end
            }
        }
        return out + "</svg>\n"
    }

    /// The cells from `start` to `end` as text pieces placed by column: runs of ASCII together,
    /// every other grapheme on its own, so a font whose emoji or CJK glyphs are wider or narrower
    /// than the cells never shifts the characters after them (the cell widths come from
    /// ``CharacterWidth``, as on the terminal).
    private static func segments(of screen: Screen, y: Int, from start: Int, to end: Int) -> [(
        column: Int, width: Int, text: String
    )] {
        var result: [(column: Int, width: Int, text: String)] = []
        var column = start
        while column < end {
            let cell = screen[column, y]
            if cell.isContinuation {
                column += 1
                continue
            }
            if cell.character.isASCII {
                var text = ""
                let first = column
                while column < end, !screen[column, y].isContinuation, screen[column, y].character.isASCII {
                    text.append(screen[column, y].character)
                    column += 1
                }
                result.append((first, column - first, text))
            } else {
                let width = max(1, CharacterWidth.of(cell.character))
                result.append((column, width, String(cell.character)))
                column += width
            }
        }
        return result
    }

    private static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
