/// A rectangle of cells: origin at the top-left, x grows right, y grows down.
///
/// Sizes are never negative: the initialiser clamps them to zero, so layouts computed for tiny
/// terminals give empty rectangles instead of traps.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// Left column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Width in columns (≥ 0).
    public var width: Int
    /// Height in rows (≥ 0).
    public var height: Int

    /// Creates a rectangle, clamping negative sizes to zero.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// One past the right-most column.
    public var maxX: Int { x + width }
    /// One past the bottom row.
    public var maxY: Int { y + height }
    /// True if the rectangle holds no cells.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The rectangle shrunk by `amount` cells on every side (a box's inside).
    public func inset(by amount: Int) -> Rect {
        Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    /// The rectangle shrunk by `amount` columns on the left and on the right, rows unchanged.
    public func insetHorizontally(by amount: Int) -> Rect {
        Rect(x: x + amount, y: y, width: max(0, width - 2 * amount), height: height)
    }

    /// Splits off `rows` rows at the top; returns (top, rest). Rows are clamped to the height.
    public func splitTop(_ rows: Int) -> (Rect, Rect) {
        let taken = min(max(0, rows), height)
        return (
            Rect(x: x, y: y, width: width, height: taken),
            Rect(x: x, y: y + taken, width: width, height: height - taken)
        )
    }

    /// Splits off `rows` rows at the bottom; returns (rest, bottom).
    public func splitBottom(_ rows: Int) -> (Rect, Rect) {
        let taken = min(max(0, rows), height)
        return (
            Rect(x: x, y: y, width: width, height: height - taken),
            Rect(x: x, y: maxY - taken, width: width, height: taken)
        )
    }

    /// Splits off `columns` columns at the left; returns (left, rest).
    public func splitLeft(_ columns: Int) -> (Rect, Rect) {
        let taken = min(max(0, columns), width)
        return (
            Rect(x: x, y: y, width: taken, height: height),
            Rect(x: x + taken, y: y, width: width - taken, height: height)
        )
    }

    /// A rectangle of the given size centred in this one (clamped to fit).
    public func centered(width wanted: Int, height wantedHeight: Int) -> Rect {
        let newWidth = min(wanted, width)
        let newHeight = min(wantedHeight, height)
        return Rect(x: x + (width - newWidth) / 2, y: y + (height - newHeight) / 2, width: newWidth, height: newHeight)
    }

    /// `x,y widthxheight`, for test messages.
    public var description: String { "\(x),\(y) \(width)x\(height)" }
}
