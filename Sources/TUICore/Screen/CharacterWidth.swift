/// The number of terminal columns a grapheme takes: 0, 1 or 2. The one width function: layout,
/// cutting, sideways scrolling, search highlights, the SVG export and the terminal writer all use
/// it, so what is measured is what is drawn.
///
/// Works by extended grapheme cluster (Swift's `Character`):
/// - ASCII controls, C1 controls, line separators, and a combining or format mark on its own
///   take 0 columns (the text sanitiser shows controls as visible symbols first); a mark that
///   begins a cluster before a letter counts what follows it.
/// - East Asian Wide and Fullwidth characters (Unicode 14 tables) and emoji with emoji
///   presentation take 2.
/// - An emoji followed by VS16 (U+FE0F), a skin-tone modifier, a zero-width-joiner sequence
///   (`👩‍👩‍👧‍👦`), a tag sequence (subdivision flags) or a pair of regional indicators (a flag)
///   is one wide glyph: 2. VS15 (U+FE0E) asks for text presentation: the base's own width.
/// - Combining marks, joiners and Hangul vowel and final jamo inside a cluster add nothing; a
///   spacing vowel sign (Thai SARA AM, Devanagari and Tamil vowel signs) adds a column, as
///   terminals count it, up to 2 for the cluster. East Asian Ambiguous characters count 1, as in
///   terminals outside CJK locales.
///
/// Not promised: that every terminal agrees. Terminals differ on exactly the multi-scalar emoji
/// clusters above (tmux 3.3 draws `❤️` in 1 column and `👍🏽` in 4), and a cluster that terminals
/// draw 3 or more columns wide (a Devanagari conjunct with a vowel sign) is counted as 2. ``isUncertain(_:)`` names
/// those clusters so the terminal writer can place them without letting a disagreement shift the
/// rest of the row.
public enum CharacterWidth {
    /// The column width of one grapheme.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x20 { return 0 }
        if scalars.count == 1 { return width(of: first) }
        if isRegionalIndicator(first) { return 2 }
        var hasVS15 = false
        var joinsAsEmoji = false
        for scalar in scalars.dropFirst() {
            switch scalar.value {
            case 0xFE0E: hasVS15 = true
            case 0xFE0F, 0x200D, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: joinsAsEmoji = true
            default: break
            }
        }
        if joinsAsEmoji, first.properties.isEmoji { return 2 }
        if hasVS15 { return baseWidth(of: first) }
        // Other clusters: what follows the first scalar adds its own width, as terminals count
        // it (a spacing vowel such as Thai SARA AM or Devanagari I takes a column; marks,
        // joiners and Hangul vowel and final jamo take none), at most 2 in all.
        var total = width(of: first)
        for scalar in scalars.dropFirst() where total < 2 {
            total += trailingWidth(of: scalar)
        }
        return min(2, total)
    }

    /// The column width of a string (sum of its graphemes).
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        var total = 0
        for character in text {
            total += of(character)
        }
        return total
    }

    /// True when terminals are known to disagree on this grapheme's width: clusters of more than
    /// one scalar (emoji sequences, variation selectors, combining marks) and emoji with emoji
    /// presentation, whose tables change with every Unicode version. Plain ASCII, CJK and other
    /// single scalars are certain.
    public static func isUncertain(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        if scalars.count > 1 { return true }
        return first.value >= 0x2000 && first.properties.isEmojiPresentation
    }

    /// The width of a single scalar: 0 for controls and marks, 2 for wide and emoji-presentation
    /// characters, otherwise 1.
    private static func width(of scalar: Unicode.Scalar) -> Int {
        if scalar.value < 0x7F { return scalar.value < 0x20 ? 0 : 1 }
        if scalar.value < 0xA0 { return 0 }
        if scalar.value >= 0x2000, scalar.properties.isEmojiPresentation { return 2 }
        return baseWidth(of: scalar)
    }

    /// The width a scalar adds after the first one of its cluster.
    private static func trailingWidth(of scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x200B...0x200F, 0xFE00...0xFE0F, 0x1160...0x11FF, 0xD7B0...0xD7FF, 0xE0000...0xE0FFF: return 0
        default: return width(of: scalar)
        }
    }

    /// The width by the East Asian Width tables and the general category only (no emoji
    /// presentation): what VS15 asks for.
    private static func baseWidth(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator:
            return 0
        default:
            return isWide(scalar.value) ? 2 : 1
        }
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges, Unicode 14, without marks and format
    /// characters; unassigned code points of the CJK blocks and planes 2 and 3 count as wide.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x2E99,
        0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x2FF0...0x2FFB, 0x3000...0x3029, 0x302E...0x303E, 0x3041...0x3096,
        0x309B...0x30FF, 0x3105...0x312F, 0x3131...0x318E, 0x3190...0x31E3, 0x31F0...0x321E, 0x3220...0x3247,
        0x3250...0x4DBF, 0x4E00...0xA48C, 0xA490...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE52, 0xFE54...0xFE66, 0xFE68...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6,
        0x16FE0...0x16FE3, 0x16FF0...0x16FF1, 0x17000...0x187F7, 0x18800...0x18CD5, 0x18D00...0x18D08,
        0x1AFF0...0x1AFF3, 0x1AFF5...0x1AFFB, 0x1AFFD...0x1AFFE, 0x1B000...0x1B122, 0x1B150...0x1B152,
        0x1B164...0x1B167, 0x1B170...0x1B2FB, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E,
        0x1F191...0x1F19A, 0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251,
        0x1F260...0x1F265, 0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393,
        0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E,
        0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567,
        0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5,
        0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DD...0x1F6DF, 0x1F6EB...0x1F6EC,
        0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945,
        0x1F947...0x1F9FF, 0x1FA70...0x1FA74, 0x1FA78...0x1FA7C, 0x1FA80...0x1FA86, 0x1FA90...0x1FAAC,
        0x1FAB0...0x1FABA, 0x1FAC0...0x1FAC5, 0x1FAD0...0x1FAD9, 0x1FAE0...0x1FAE7, 0x1FAF0...0x1FAF6,
        0x20000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        if value < 0x1100 { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
