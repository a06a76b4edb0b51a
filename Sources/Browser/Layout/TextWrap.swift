import TUICore

/// Breaks a sentence into lines of at most a given number of columns, at spaces; a word longer
/// than a line is cut into pieces. Widths come from ``CharacterWidth``, so wide characters count
/// two columns. Used for messages (errors) that must be read whole, not scrolled.
enum TextWrap {
    /// The lines of `text` (already sanitised) within `width` columns; at least one line.
    static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [text] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            var word = Substring(word)
            var wordWidth = CharacterWidth.of(word)
            if lineWidth > 0, lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            if lineWidth > 0 {
                line += " "
                lineWidth += 1
            }
            while lineWidth + wordWidth > width, !word.isEmpty {
                // Cut a long word where the line is full.
                var piece = ""
                var pieceWidth = 0
                while let first = word.first, lineWidth + pieceWidth + CharacterWidth.of(first) <= width {
                    piece.append(first)
                    pieceWidth += CharacterWidth.of(first)
                    word = word.dropFirst()
                }
                if piece.isEmpty, lineWidth == 0, let first = word.first {
                    piece.append(first)
                    word = word.dropFirst()
                }
                lines.append(line + piece)
                line = ""
                lineWidth = 0
                wordWidth = CharacterWidth.of(word)
            }
            line += word
            lineWidth += wordWidth
        }
        lines.append(line)
        return lines
    }
}
