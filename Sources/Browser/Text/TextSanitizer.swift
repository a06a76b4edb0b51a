/// Makes untrusted text safe to draw: nothing it returns can move the cursor, change colours,
/// retitle the window, reorder text or ring the bell.
///
/// - C0 controls and DEL become their Unicode control pictures (`ESC` → `␛`, `NUL` → `␀`,
///   `BEL` → `␇`, `CR` → `␍`), so `ESC [2J` shows as `␛[2J`.
/// - C1 controls (U+0080–U+009F) and bidirectional controls (U+202A–U+202E, U+2066–U+2069,
///   U+200E, U+200F, U+061C) are shown as `\u{XXXX}`.
/// - A tab becomes spaces up to the next multiple of 4 columns (relative to the text's start).
/// - Invalid UTF-8 never reaches here as bytes: decode with `String(decoding:as:)`, which turns it
///   into U+FFFD, shown as `�`.
///
/// The sanitiser works lazily on a prefix: `segments(of:maxColumns:)` stops once the requested
/// number of columns is filled, so a 10 MB single line costs only what is visible.
public enum TextSanitizer {
    /// A piece of sanitised text, marked when it stands for escaped characters.
    public struct Segment: Equatable, Sendable {
        /// Safe text to draw.
        public var text: String
        /// True if this segment is the visible form of a control or bidi character.
        public var isEscape: Bool
    }

    /// The sanitised form of the whole text (escape segments joined in).
    public static func sanitize<S: StringProtocol>(_ text: S, maxColumns: Int = .max) -> String {
        segments(of: text, maxColumns: maxColumns).map(\.text).joined()
    }

    /// Sanitised segments covering at most `maxColumns` columns of the text's start (a
    /// segment may be cut inside an escape).
    public static func segments<S: StringProtocol>(of text: S, maxColumns: Int = .max) -> [Segment] {
        segments(of: text, skipping: 0, maxColumns: maxColumns)
    }

    /// Sanitised segments for the columns from `skip` on (columns counted after sanitising, so an
    /// escape such as `\u{202E}` counts for its shown width), covering at most `maxColumns` of
    /// them. The skipped part is measured but never copied, and the scan stops once the visible
    /// columns are filled. A wide character or an escape cut by the left edge leaves only its
    /// visible part: spaces for the wide character, the tail of the escape's text.
    public static func segments<S: StringProtocol>(of text: S, skipping skip: Int, maxColumns: Int) -> [Segment] {
        var result: [Segment] = []
        var plain = ""
        var columns = 0
        let skip = max(0, skip)
        func flushPlain() {
            if !plain.isEmpty {
                result.append(Segment(text: plain, isEscape: false))
                plain = ""
            }
        }
        for character in text {
            if columns - skip >= maxColumns { break }
            let escaped = escape(character, column: columns)
            let width: Int
            if let escaped {
                width = character == "\t" ? escaped.count : escaped.unicodeScalars.count
            } else {
                width = CharacterWidth.of(character)
            }
            if columns + width <= skip {
                columns += width
                continue
            }
            if columns < skip {
                // Straddles the left edge: keep what shows of it.
                let visible = columns + width - skip
                if let escaped, character != "\t" {
                    flushPlain()
                    let tail = String(String.UnicodeScalarView(escaped.unicodeScalars.suffix(visible)))
                    result.append(Segment(text: tail, isEscape: true))
                } else {
                    plain += String(repeating: " ", count: visible)
                }
                columns += width
                continue
            }
            if let escaped {
                if character == "\t" {
                    plain += escaped
                    columns += width
                    continue
                }
                flushPlain()
                result.append(Segment(text: escaped, isEscape: true))
            } else {
                plain.append(character)
            }
            columns += width
        }
        flushPlain()
        return result
    }

    /// True if the character would be changed by the sanitiser.
    public static func isUnsafe(_ character: Character) -> Bool {
        character.unicodeScalars.contains(where: isUnsafe)
    }

    /// The escaped form of an unsafe character, or nil if it is safe as it is.
    static func escape(_ character: Character, column: Int) -> String? {
        guard character.unicodeScalars.contains(where: isUnsafe) else { return nil }
        var text = ""
        for scalar in character.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x09:
                text += String(repeating: " ", count: 4 - (column + text.count) % 4)
            case 0x00..<0x20:
                text.unicodeScalars.append(Unicode.Scalar(0x2400 + value)!)
            case 0x7F:
                text += "␡"
            default:
                if isUnsafe(scalar) {
                    text += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F...0x9F:
            return true
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069:
            return true
        default:
            return false
        }
    }
}
