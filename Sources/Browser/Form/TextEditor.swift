import TUICore

/// A multi-line plain-text editor buffer with a cursor, used for form fields and bodies.
///
/// Positions count characters (graphemes), not columns; `cursorColumnWidth` converts for
/// drawing. The text comes back exactly as it went in: tabs, NUL and other control characters
/// stay in their lines (drawn escaped), and each line break keeps its own form (`\n`, `\r\n`
/// or a lone `\r`), so a pasted body is sent byte for byte. Enter types `\n`. A single-line
/// editor (`isSingleLine`) turns line breaks and tabs into spaces. Nothing here scrolls: views
/// keep the cursor visible with `visibleTop(height:)`.
public struct TextEditor: Equatable, Sendable {
    /// The lines, never empty (an empty buffer has one empty line).
    public private(set) var lines: [[Character]]
    /// The line break after each line but the last, as it was typed or pasted: `"\n"`,
    /// `"\r\n"` or `"\r"`.
    public private(set) var lineBreaks: [String] = []
    /// Cursor line.
    public private(set) var row: Int = 0
    /// Cursor position within the line, 0...line.count.
    public private(set) var column: Int = 0
    /// True for one-line fields (URL, prompts).
    public let isSingleLine: Bool
    /// First visible line, kept by `scrollToCursor(height:)`.
    public private(set) var top: Int = 0

    /// Creates an editor holding `text` with the cursor at its end.
    public init(_ text: String = "", singleLine: Bool = false) {
        isSingleLine = singleLine
        lines = [[]]
        insert(text)
    }

    /// The whole text, exactly as typed and pasted: the lines joined by their own line breaks.
    public var text: String {
        var result = String(lines[0])
        for (index, lineBreak) in lineBreaks.enumerated() {
            result += lineBreak
            result.append(contentsOf: lines[index + 1])
        }
        return result
    }

    /// Inserts text at the cursor (a typed character or a paste). `\n`, `\r\n` and a lone `\r`
    /// each break the line and are kept as they are; everything else, tabs included, goes into
    /// the line unchanged.
    public mutating func insert(_ text: String) {
        for character in text {
            if character == "\n" || character == "\r\n" || character == "\r" {
                if isSingleLine {
                    insertCharacter(" ")
                } else {
                    breakLine(with: String(character))
                }
            } else if character == "\t", isSingleLine {
                insertCharacter(" ")
            } else {
                insertCharacter(character)
            }
        }
    }

    private mutating func insertCharacter(_ character: Character) {
        lines[row].insert(character, at: column)
        column += 1
    }

    /// Splits the line at the cursor (Enter), with a `\n`.
    public mutating func newline() {
        guard !isSingleLine else { return }
        breakLine(with: "\n")
    }

    /// Splits the line at the cursor with `lineBreak`.
    private mutating func breakLine(with lineBreak: String) {
        let rest = Array(lines[row][column...])
        lines[row].removeSubrange(column...)
        lines.insert(rest, at: row + 1)
        lineBreaks.insert(lineBreak, at: row)
        row += 1
        column = 0
    }

    /// The line break after line `index` (`"\n"`, `"\r\n"` or `"\r"`), nil for the last line.
    public func lineBreak(after index: Int) -> String? {
        lineBreaks.indices.contains(index) ? lineBreaks[index] : nil
    }

    /// Deletes the character before the cursor, joining lines at a line start.
    public mutating func backspace() {
        if column > 0 {
            lines[row].remove(at: column - 1)
            column -= 1
        } else if row > 0 {
            let current = lines.remove(at: row)
            lineBreaks.remove(at: row - 1)
            row -= 1
            column = lines[row].count
            lines[row].append(contentsOf: current)
        }
    }

    /// Deletes the character after the cursor, joining lines at a line end.
    public mutating func deleteForward() {
        if column < lines[row].count {
            lines[row].remove(at: column)
        } else if row + 1 < lines.count {
            let next = lines.remove(at: row + 1)
            lineBreaks.remove(at: row)
            lines[row].append(contentsOf: next)
        }
    }

    /// Moves left, wrapping to the previous line's end.
    public mutating func moveLeft() {
        if column > 0 {
            column -= 1
        } else if row > 0 {
            row -= 1
            column = lines[row].count
        }
    }

    /// Moves right, wrapping to the next line's start.
    public mutating func moveRight() {
        if column < lines[row].count {
            column += 1
        } else if row + 1 < lines.count {
            row += 1
            column = 0
        }
    }

    /// Moves up a line, keeping the column where possible.
    public mutating func moveUp() {
        guard row > 0 else {
            column = 0
            return
        }
        row -= 1
        column = min(column, lines[row].count)
    }

    /// Moves down a line, keeping the column where possible.
    public mutating func moveDown() {
        guard row + 1 < lines.count else {
            column = lines[row].count
            return
        }
        row += 1
        column = min(column, lines[row].count)
    }

    /// Moves to the start of the line.
    public mutating func moveToLineStart() { column = 0 }

    /// Moves to the end of the line.
    public mutating func moveToLineEnd() { column = lines[row].count }

    /// Puts the cursor on line `row` (from 0) before character `column` (from 0), each kept
    /// within the text: a problem found in a line shows where it is.
    public mutating func moveCursor(row: Int, column: Int) {
        self.row = min(max(0, row), lines.count - 1)
        self.column = min(max(0, column), lines[self.row].count)
    }

    /// Replaces everything with `text`, cursor at the end.
    public mutating func setText(_ text: String) {
        lines = [[]]
        lineBreaks = []
        row = 0
        column = 0
        top = 0
        insert(text)
    }

    /// The cursor's column in terminal cells as the line is drawn: wide characters count 2,
    /// a tab up to its stop, an escaped control character for its escape.
    public var cursorColumnWidth: Int {
        TextSanitizer.columns(of: String(lines[row][..<column]))
    }

    /// Adjusts `top` so the cursor row is visible in `height` rows.
    public mutating func scrollToCursor(height: Int) {
        let visible = max(1, height)
        if row < top { top = row }
        if row >= top + visible { top = row - visible + 1 }
    }

    /// Applies an editing key; returns false for keys the editor does not handle.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character): insert(String(character))
        case .enter: newline()
        case .backspace: backspace()
        case .delete: deleteForward()
        case .left: moveLeft()
        case .right: moveRight()
        case .up: moveUp()
        case .down: moveDown()
        case .home, .control("a"): moveToLineStart()
        case .end, .control("e"): moveToLineEnd()
        case .control("u"): deleteToLineStart()
        case .control("k"): deleteToLineEnd()
        case .control("w"): deleteWordBackward()
        default: return false
        }
        return true
    }

    /// Deletes from the start of the line to the cursor (Ctrl-U).
    public mutating func deleteToLineStart() {
        lines[row].removeSubrange(0..<column)
        column = 0
    }

    /// Deletes from the cursor to the end of the line (Ctrl-K).
    public mutating func deleteToLineEnd() {
        lines[row].removeSubrange(column...)
    }

    /// Deletes the word before the cursor and the spaces after it (Ctrl-W), within the line.
    public mutating func deleteWordBackward() {
        var start = column
        while start > 0, lines[row][start - 1] == " " { start -= 1 }
        while start > 0, lines[row][start - 1] != " " { start -= 1 }
        lines[row].removeSubrange(start..<column)
        column = start
    }
}
