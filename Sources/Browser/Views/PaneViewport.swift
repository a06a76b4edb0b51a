import TUICore

/// Draws a pane's content with its lines shifted sideways, and marks cut lines.
///
/// The pane draws as usual, but into a wide scratch screen; the columns from `left` on are then
/// copied into the pane. A row with content beyond the right edge gets `›` on the box border,
/// one with content before `left` gets `‹`, as latestData does. So every pane can scroll
/// sideways without each of them knowing how.
enum PaneViewport {
    /// The furthest column a pane scrolls to (its scratch screen grows with the offset).
    static let maximumLeft = 1024

    /// How many columns past the right edge are drawn to see whether a row continues.
    static let overflowMargin = 64

    /// What drawing showed about the content.
    struct Extent {
        /// True when some row has content beyond the visible columns.
        var isCutRight: Bool
    }

    /// Draws `content` (which receives a scratch screen and the rectangle to draw in) into
    /// `inner`, showing the columns from `left` on; `surface` is the pane's empty-cell style.
    @discardableResult
    static func draw(
        into screen: inout Screen, inner: Rect, left: Int, surface: Style, marker: Style,
        content: (inout Screen, Rect) -> Void
    ) -> Extent {
        guard !inner.isEmpty else { return Extent(isCutRight: false) }
        let left = max(0, min(left, maximumLeft))
        // Columns beyond the shown ones: content there means the row is cut (a margin, so a cut
        // that falls on a space between words is still seen).
        let scratchWidth = left + inner.width + overflowMargin
        var scratch = Screen(width: scratchWidth, height: inner.height, style: surface)
        content(&scratch, Rect(x: 0, y: 0, width: scratchWidth, height: inner.height))
        var isCutRight = false
        screen.copy(
            Rect(x: left, y: 0, width: inner.width, height: inner.height), of: scratch, toX: inner.x, y: inner.y)
        for row in 0..<inner.height {
            let cutRight = hasContent(scratch, row: row, in: (left + inner.width)..<scratchWidth)
            let cutLeft = hasContent(scratch, row: row, in: 0..<left)
            if cutRight {
                isCutRight = true
                screen.put("›", x: inner.maxX, y: inner.y + row, style: marker)
            }
            if cutLeft { screen.put("‹", x: inner.x - 1, y: inner.y + row, style: marker) }
        }
        return Extent(isCutRight: isCutRight)
    }

    /// True when a cell of `row` in `columns` shows a character (spaces do not count).
    private static func hasContent(_ scratch: Screen, row: Int, in columns: Range<Int>) -> Bool {
        columns.contains { scratch[$0, row].character != " " }
    }
}
