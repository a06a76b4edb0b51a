/// What a terminal must write to turn one frame into the next: a pure function of two
/// ``Screen``s, so it is tested without a terminal.
///
/// For each row, only the span from the first to the last changed cell is written, widened so
/// that a wide character is always written whole (never only its right half), and cut into runs
/// of one style each. A row whose changed span holds a grapheme that terminals may draw at
/// another width (``CharacterWidth/isUncertain(_:)``) is written to its right edge, so a glyph the
/// terminal draws wider than planned can never leave stale cells behind it. With no previous
/// frame, or one of another size, every row is written whole and ``Update/clearsFirst`` is set.
public enum FrameDiff {
    /// Text in one style, written at a position.
    public struct Run: Equatable, Sendable {
        /// Column of the first cell.
        public var x: Int
        /// Row.
        public var y: Int
        /// The graphemes of the run's cells, one per cell that is not a continuation.
        public var characters: [Character]
        /// The cells' style.
        public var style: Style
        /// Columns covered, continuation cells included.
        public var width: Int

        /// Creates a run.
        public init(x: Int, y: Int, characters: [Character], style: Style, width: Int) {
            self.x = x
            self.y = y
            self.characters = characters
            self.style = style
            self.width = width
        }

        /// The run's characters as one string.
        public var text: String { String(characters) }
    }

    /// The writes for one frame.
    public struct Update: Equatable, Sendable {
        /// True when the terminal must be cleared before the runs are written.
        public var clearsFirst: Bool
        /// The runs, top to bottom and left to right.
        public var runs: [Run]

        /// True when nothing needs writing.
        public var isEmpty: Bool { !clearsFirst && runs.isEmpty }
    }

    /// The writes that turn `previous` (nil: an unknown terminal) into `next`.
    public static func update(from previous: Screen?, to next: Screen) -> Update {
        let old = previous.flatMap { $0.width == next.width && $0.height == next.height ? $0 : nil }
        var runs: [Run] = []
        for y in 0..<next.height {
            var first = 0
            var last = next.width - 1
            if let old {
                while first < next.width, old[first, y] == next[first, y] { first += 1 }
                if first == next.width { continue }
                while last > first, old[last, y] == next[last, y] { last -= 1 }
                if (first...last).contains(where: { CharacterWidth.isUncertain(next[$0, y].character) }) {
                    last = next.width - 1
                }
            }
            if first > 0, next[first, y].isContinuation { first -= 1 }
            if last + 1 < next.width, next[last + 1, y].isContinuation { last += 1 }
            appendRuns(of: next, y: y, from: first, through: last, to: &runs)
        }
        return Update(clearsFirst: old == nil, runs: runs)
    }

    private static func appendRuns(of screen: Screen, y: Int, from first: Int, through last: Int, to runs: inout [Run])
    {
        var x = first
        while x <= last {
            let style = screen[x, y].style
            var characters: [Character] = []
            let start = x
            while x <= last, screen[x, y].style == style {
                let cell = screen[x, y]
                if !cell.isContinuation { characters.append(cell.character) }
                x += 1
            }
            runs.append(Run(x: start, y: y, characters: characters, style: style, width: x - start))
        }
    }
}
