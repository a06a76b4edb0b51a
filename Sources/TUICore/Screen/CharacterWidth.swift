/// The number of terminal columns a character takes: 0, 1 or 2.
///
/// Follows the East Asian Width property for the common wide ranges (CJK ideographs, kana,
/// hangul, full-width forms) and treats emoji presentation sequences as 2 columns, like
/// wcwidth-based terminals (xterm, tmux) do. Combining marks inside a grapheme add nothing. Not
/// promised: exact agreement with every terminal for ambiguous-width characters (counted as 1).
public enum CharacterWidth {
    /// The column width of one grapheme.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F {
            return first.value < 0x20 ? 0 : 1
        }
        if scalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji {
            return 2
        }
        if first.properties.isEmojiPresentation {
            return 2
        }
        if isWide(first.value) {
            return 2
        }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control:
            return 0
        default:
            return 1
        }
    }

    /// The column width of a string (sum of its graphemes).
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        var total = 0
        for character in text {
            total += of(character)
        }
        return total
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        if value < 0x1100 { return false }
        for range in wideRanges where range.contains(value) {
            return true
        }
        return false
    }
}
