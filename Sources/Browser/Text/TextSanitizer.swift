import Safety
import TUICore

/// Lays untrusted text out in terminal columns, safe to draw: nothing it returns can move the
/// cursor, change colours, retitle the window, reorder text or ring the bell.
///
/// What is unsafe and how it is shown is the package's one policy, `UnsafeText` in the Safety
/// module (`ESC` → `␛`, bidi controls → `\u{202E}`, tabs to 4-column stops); this type adds
/// the columns: where an escape starts and ends, and what shows of a line scrolled sideways.
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

    /// The columns the sanitised form of `text` takes: escapes count for what they show, tabs up
    /// to their stop.
    public static func columns<S: StringProtocol>(of text: S) -> Int {
        var columns = 0
        for character in text {
            if let escaped = escape(character, column: columns) {
                columns += character == "\t" ? escaped.count : escaped.unicodeScalars.count
            } else {
                columns += CharacterWidth.of(character)
            }
        }
        return columns
    }

    /// True if the character would be changed by the sanitiser.
    public static func isUnsafe(_ character: Character) -> Bool {
        UnsafeText.isUnsafe(character)
    }

    /// The escaped form of an unsafe character, or nil if it is safe as it is.
    static func escape(_ character: Character, column: Int) -> String? {
        UnsafeText.escape(character, column: column)
    }
}
