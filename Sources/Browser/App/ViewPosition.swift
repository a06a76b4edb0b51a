/// A scroll position in a body: the cursor line, the first visible line and the first visible
/// column (horizontal scroll; 0 shows the start of every line).
public struct ViewPosition: Equatable, Sendable {
    /// The cursor line.
    public var cursor: Int
    /// The first visible line.
    public var top: Int
    /// The first visible column, counted in terminal columns of the drawn (sanitised) text.
    public var left: Int
    /// With wrapped lines: how many rows of line `top` are scrolled off above the window.
    public var topRow = 0

    /// Creates a position.
    public init(cursor: Int = 0, top: Int = 0, left: Int = 0) {
        self.cursor = cursor
        self.top = top
        self.left = max(0, left)
    }

    /// Moves `top` so the cursor is visible in `height` rows.
    public mutating func keepCursorVisible(height: Int) {
        let rows = max(1, height)
        if cursor < top { top = cursor }
        if cursor >= top + rows { top = cursor - rows + 1 }
        top = max(0, top)
    }
}
