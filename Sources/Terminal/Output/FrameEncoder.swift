import TUICore

/// Turns a ``FrameDiff/Update`` into the bytes an ANSI terminal needs: cursor positions, SGR
/// styles and text. A pure function, tested without a terminal.
///
/// Every run starts with an absolute cursor position. Inside a run, a grapheme whose width
/// terminals may disagree on (``CharacterWidth/isUncertain(_:)``) is written as blanks over its
/// planned cells, then the grapheme at its first cell, then a move to the cell after it: a
/// terminal that draws it narrower leaves blanks, one that draws it wider has the overflow
/// written over by what follows (``FrameDiff`` writes such rows to their edge). After any other
/// character outside the scripts every terminal draws one column wide, the cursor is placed
/// again too. So a disagreement about one glyph never shifts the rest of the row.
struct FrameEncoder {
    /// How many colours the terminal shows.
    enum ColorDepth: Equatable {
        /// No colours: attributes only (`NO_COLOR`, monochrome terminals).
        case none
        /// The eight ANSI colours.
        case basic8
        /// Eight colours plus their bright forms.
        case basic16
        /// The xterm 256-colour palette.
        case palette256
        /// 24-bit colour (`COLORTERM=truecolor`).
        case trueColor
    }

    /// The colours used for SGR sequences.
    var colorDepth: ColorDepth

    /// The bytes for one update, ending with the attributes reset.
    func encode(_ update: FrameDiff.Update) -> String {
        guard !update.isEmpty else { return "" }
        var output = ""
        if update.clearsFirst { output += "\u{1B}[0m\u{1B}[H\u{1B}[2J" }
        var current: Style?
        for run in update.runs {
            output += Self.moveTo(x: run.x, y: run.y)
            if run.style != current {
                output += sgr(run.style)
                current = run.style
            }
            var x = run.x
            for (index, character) in run.characters.enumerated() {
                let width = max(1, CharacterWidth.of(character))
                let isLast = index == run.characters.count - 1
                if let ascii = character.asciiValue {
                    output.append(ascii >= 0x20 && ascii != 0x7F ? character : " ")
                } else if Self.containsControl(character) {
                    output += String(repeating: " ", count: width)
                } else if CharacterWidth.isUncertain(character) {
                    output += String(repeating: " ", count: width)
                    output += Self.moveTo(x: x, y: run.y)
                    output.append(character)
                    if !isLast { output += Self.moveTo(x: x + width, y: run.y) }
                } else {
                    output.append(character)
                    if !isLast, !Self.isNarrowEverywhere(character) { output += Self.moveTo(x: x + width, y: run.y) }
                }
                x += width
            }
        }
        output += "\u{1B}[0m"
        return output
    }

    /// True for a grapheme holding a C0 or C1 control or DEL: never written raw, even if one
    /// reached a cell without going through the sanitiser.
    private static func containsControl(_ character: Character) -> Bool {
        character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// The cursor-position sequence for a zero-based cell.
    static func moveTo(x: Int, y: Int) -> String { "\u{1B}[\(y + 1);\(x + 1)H" }

    /// Single scalars from scripts and symbol blocks that every terminal draws one column wide
    /// (Latin, Greek, Cyrillic, box drawing and block elements), after which the cursor needs
    /// no correction.
    private static func isNarrowEverywhere(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard scalars.count == 1, let value = scalars.first?.value else { return false }
        return (0xA0...0x2FF).contains(value) || (0x370...0x52F).contains(value) || (0x2500...0x259F).contains(value)
    }

    /// The SGR sequence that sets a style from scratch.
    func sgr(_ style: Style) -> String {
        var codes = ["0"]
        let attributes = style.attributes
        if attributes.contains(.bold) { codes.append("1") }
        if attributes.contains(.dim) { codes.append("2") }
        if attributes.contains(.italic) { codes.append("3") }
        if attributes.contains(.underline) { codes.append("4") }
        if attributes.contains(.reverse) { codes.append("7") }
        if let foreground = code(for: style.foreground, background: false) { codes.append(foreground) }
        if let background = code(for: style.background, background: true) { codes.append(background) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    private func code(for color: Color, background: Bool) -> String? {
        if case .rgb(let red, let green, let blue) = color, colorDepth == .trueColor {
            return (background ? "48" : "38") + ";2;\(red);\(green);\(blue)"
        }
        let index: Int?
        switch colorDepth {
        case .none: index = nil
        case .basic8: index = color.nearestBasicIndex
        case .basic16: index = color.nearestPaletteIndex.flatMap { $0 < 16 ? $0 : color.nearestBasicIndex }
        case .palette256, .trueColor: index = color.nearestPaletteIndex
        }
        guard let index else { return nil }
        if index < 8 { return String((background ? 40 : 30) + index) }
        if index < 16 { return String((background ? 100 : 90) + index - 8) }
        return (background ? "48" : "38") + ";5;\(index)"
    }
}
