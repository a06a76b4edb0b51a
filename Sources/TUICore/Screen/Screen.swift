/// An in-memory grid of cells that views draw into; the terminal layer shows it, tests read it.
///
/// All drawing is clipped: writes outside the grid are ignored, so views never need to check
/// bounds and a 1×1 screen is as safe as a 300×100 one. Wide characters take two cells; a wide
/// character that would straddle the clip edge is replaced by a space. Overwriting half of a wide
/// character blanks its other half, so a row never holds an orphan continuation.
///
/// The text written must already be sanitised (see `TextSanitizer`): `Screen` drops characters
/// of width 0 but does not escape control characters itself.
public struct Screen: Equatable, Sendable {
    /// Width in columns.
    public private(set) var width: Int
    /// Height in rows.
    public private(set) var height: Int
    /// Row-major cells, `width * height` of them.
    public private(set) var cells: [Cell]

    /// Creates a screen filled with blank cells of `style`. Negative sizes count as zero.
    public init(width: Int, height: Int, style: Style = .plain) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: .blank(style), count: self.width * self.height)
    }

    /// The whole screen as a rectangle.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The cell at (x, y); a blank cell for coordinates outside the grid.
    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, y >= 0, x < width, y < height else { return .blank() }
        return cells[y * width + x]
    }

    /// Sets one cell, keeping wide characters whole; ignored outside the grid.
    public mutating func set(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let index = y * width + x
        // Writing over the right half of a wide character blanks its left half.
        if cells[index].isContinuation, x > 0 {
            cells[index - 1] = .blank(cells[index - 1].style)
        }
        // Writing over the left half of a wide character blanks its right half.
        if x + 1 < width, cells[index + 1].isContinuation {
            cells[index + 1] = .blank(cells[index + 1].style)
        }
        cells[index] = cell
    }

    /// The columns and rows of `rect` that lie on the screen; `nil` when none do.
    func clippedRanges(of rect: Rect) -> (columns: Range<Int>, rows: Range<Int>)? {
        let left = max(0, rect.x)
        let right = min(width, rect.maxX)
        let top = max(0, rect.y)
        let bottom = min(height, rect.maxY)
        guard left < right, top < bottom else { return nil }
        return (left..<right, top..<bottom)
    }

    /// Replaces a cell as it is, continuation flag included (no wide-character repair).
    mutating func replaceCell(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        cells[y * width + x] = cell
    }

    /// Fills a rectangle (clipped) with a character and style.
    public mutating func fill(_ rect: Rect, character: Character = " ", style: Style) {
        guard let (columns, rows) = clippedRanges(of: rect) else { return }
        for row in rows {
            for column in columns {
                set(Cell(character: character, style: style), x: column, y: row)
            }
        }
    }

    /// Writes text starting at (x, y) without wrapping, using at most `maxWidth` columns (and never
    /// past the right edge). Returns the number of columns used. Characters of width 0 are
    /// skipped; a wide character that does not fit is shown as a space.
    @discardableResult
    public mutating func put<S: StringProtocol>(_ text: S, x: Int, y: Int, style: Style, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height else { return 0 }
        let limit = min(width, x + (maxWidth ?? width))
        var column = x
        for character in text {
            if column >= limit { break }
            let columns = CharacterWidth.of(character)
            if columns == 0 { continue }
            if columns == 2 {
                if column + 1 >= limit {
                    set(Cell(character: " ", style: style), x: column, y: y)
                    column += 1
                    break
                }
                set(Cell(character: character, style: style), x: column, y: y)
                set(Cell(character: " ", style: style, isContinuation: true), x: column + 1, y: y)
                column += 2
            } else {
                set(Cell(character: character, style: style), x: column, y: y)
                column += 1
            }
        }
        return max(0, column - x)
    }

    /// Writes styled spans one after another on a row, within `maxWidth` columns; returns the
    /// columns used.
    @discardableResult
    public mutating func put(spans: [Span], x: Int, y: Int, maxWidth: Int) -> Int {
        var used = 0
        for span in spans {
            if used >= maxWidth { break }
            used += put(span.text, x: x + used, y: y, style: span.style, maxWidth: maxWidth - used)
        }
        return used
    }

    /// Draws a box with UTF-8 line characters around `rect`, with an optional title on the top
    /// edge (cut to fit, ending in `…` when cut). Boxes narrower or shorter than 2 cells draw
    /// nothing.
    public mutating func box(_ rect: Rect, title: [Span] = [], style: Style) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let right = rect.maxX - 1
        let bottom = rect.maxY - 1
        for column in (rect.x + 1)..<right {
            set(Cell(character: "─", style: style), x: column, y: rect.y)
            set(Cell(character: "─", style: style), x: column, y: bottom)
        }
        for row in (rect.y + 1)..<bottom {
            set(Cell(character: "│", style: style), x: rect.x, y: row)
            set(Cell(character: "│", style: style), x: right, y: row)
        }
        set(Cell(character: "┌", style: style), x: rect.x, y: rect.y)
        set(Cell(character: "┐", style: style), x: right, y: rect.y)
        set(Cell(character: "└", style: style), x: rect.x, y: bottom)
        set(Cell(character: "┘", style: style), x: right, y: bottom)
        if !title.isEmpty, rect.width > 4 {
            var spans = [Span(" ", style)]
            spans.append(contentsOf: title)
            spans.append(Span(" ", style))
            let room = rect.width - 2
            if spans.reduce(0, { $0 + $1.width }) <= room {
                put(spans: spans, x: rect.x + 1, y: rect.y, maxWidth: room)
            } else {
                // A title that does not fit ends in "…" rather than stopping mid-word.
                let used = put(spans: spans, x: rect.x + 1, y: rect.y, maxWidth: room - 2)
                put("… ", x: rect.x + 1 + used, y: rect.y, style: title.last?.style ?? style)
            }
        }
    }

    /// The text of row `y` (continuation cells left out), trailing spaces kept.
    public func line(_ y: Int) -> String {
        guard y >= 0, y < height else { return "" }
        var text = ""
        for column in 0..<width {
            let cell = cells[y * width + column]
            if !cell.isContinuation { text.append(cell.character) }
        }
        return text
    }

    /// Every row's text with trailing spaces removed: what tests assert on.
    public var lines: [String] {
        (0..<height).map { row in
            var text = line(row)
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// All rows joined with newlines (trailing spaces removed).
    public var text: String { lines.joined(separator: "\n") }

    /// The first (x, y) where `needle` appears in a row's text, or nil. Columns count cells, so a
    /// match after a wide character reports its real column.
    public func find(_ needle: String) -> (x: Int, y: Int)? {
        for row in 0..<height {
            let rowText = line(row)
            guard let range = rowText.firstRange(of: needle) else { continue }
            return (CharacterWidth.of(rowText[rowText.startIndex..<range.lowerBound]), row)
        }
        return nil
    }
}

extension Screen {
    /// Copies the cells of `source` inside `region` to this screen with the region's top-left
    /// cell at (x, y), clipped to this screen. Wide characters stay whole: one cut by the region's
    /// left or right edge is copied as a space.
    public mutating func copy(_ region: Rect, of source: Screen, toX x: Int, y: Int) {
        guard region.width > 0, region.height > 0 else { return }
        for row in 0..<region.height {
            for column in 0..<region.width {
                var cell = source[region.x + column, region.y + row]
                if cell.isContinuation, column == 0 {
                    cell = Cell(character: " ", style: cell.style)
                } else if !cell.isContinuation, column == region.width - 1,
                    source[region.x + column + 1, region.y + row].isContinuation
                {
                    cell = Cell(character: " ", style: cell.style)
                }
                if cell.isContinuation {
                    replaceCell(cell, x: x + column, y: y + row)
                } else {
                    set(cell, x: x + column, y: y + row)
                }
            }
        }
    }

    /// Adds attributes (e.g. reverse for a cursor line) to every cell in a rectangle (clipped).
    public mutating func addAttributes(_ attributes: Style.Attributes, in rect: Rect) {
        guard let (columns, rows) = clippedRanges(of: rect) else { return }
        for row in rows {
            for column in columns {
                var cell = self[column, row]
                cell.style.attributes.formUnion(attributes)
                replaceCell(cell, x: column, y: row)
            }
        }
    }
}
